import pandas as pd
import pytest

from lathe.api.session_job import JobKind, run_session_job
from lathe.errors import LatheError
from lathe.ml.progress import ProgressRegistry
from lathe.steps.recipe_step import recipe_step
from lathe.store.session_store import SessionStore, new_session_id

KIND = JobKind("demo", "Starting", "The data changed; run it again.")
DROP = recipe_step("drop_columns", columns=["b"])


@pytest.fixture
def session(tmp_path):
    store = SessionStore(tmp_path, ttl_hours=1, cache_size=2)
    sid = new_session_id()
    store.start(sid, pd.DataFrame({"a": [1, 2], "b": [3, 4]}), "f.csv", [])
    with store.changing(sid) as opened:
        opened.commit(opened.frame.drop(columns=["b"]), [DROP])
    return store, sid


def test_a_job_runs_on_the_uploaded_frame_and_the_recipe_and_commits(session):
    store, sid = session
    registry = ProgressRegistry()
    committed = []

    def run(data, setup, progress):
        progress(1, 2, "half")
        assert registry.status(sid).message == "half"
        return (setup, list(data.raw_frame.columns), data.recipe)

    outcome = run_session_job(
        store,
        registry,
        sid,
        KIND,
        lambda opened: opened.manifest.filename,
        run,
        lambda opened, result: committed.append((opened.manifest.session_id, result)),
    )
    assert outcome == ("f.csv", ["a", "b"], [DROP])
    assert committed == [(sid, outcome)]
    assert registry.status(sid).task is None


def test_a_job_whose_data_changed_meanwhile_is_refused_and_commits_nothing(session):
    store, sid = session
    committed = []

    def undo_meanwhile(data, setup, progress):
        store.start(sid, pd.DataFrame({"c": [5]}), "g.csv", [])
        return "outcome"

    with pytest.raises(LatheError) as refused:
        run_session_job(
            store,
            ProgressRegistry(),
            sid,
            KIND,
            lambda opened: None,
            undo_meanwhile,
            lambda opened, result: committed.append(result),
        )
    assert (refused.value.code, refused.value.message) == (
        "data_changed_during_demo",
        "The data changed; run it again.",
    )
    assert committed == []
