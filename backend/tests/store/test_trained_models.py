import json

import pandas as pd
import pytest
from sklearn.linear_model import LinearRegression

from lathe.steps.recipe_step import recipe_step
from lathe.store.session_store import SessionStore, new_session_id
from lathe.store.trained_models import (
    forget_training,
    load_pipeline,
    load_results,
    save_training,
)

DROP = [recipe_step("drop_columns", columns=["b"])]


@pytest.fixture
def trained(tmp_path):
    store = SessionStore(tmp_path / "data", ttl_hours=1, cache_size=2)
    sid = new_session_id()
    store.start(sid, pd.DataFrame({"a": [1.0, 2.0], "b": [3.0, 4.0]}), "f.csv", [])
    with store.changing(sid) as session:
        session.snapshot(3)
        save_training(session.folder, {"best_model": "m"}, {"m": LinearRegression()})
    return store, sid


def results_of(store, sid):
    with store.reading(sid) as session:
        return load_results(session.folder)


def test_results_and_pipelines_round_trip(tmp_path):
    save_training(tmp_path, {"score": 1.5}, {"m": LinearRegression(fit_intercept=False)})
    assert load_results(tmp_path) == {"score": 1.5}
    assert load_pipeline(tmp_path, "m").fit_intercept is False
    assert sorted(path.name for path in (tmp_path / "models").iterdir()) == [
        "m.joblib",
        "results.json",
    ]
    save_training(tmp_path, {"score": 2.0}, {"n": LinearRegression()})
    assert not (tmp_path / "models" / "m.joblib").exists()
    forget_training(tmp_path)
    assert load_results(tmp_path) is None


def test_results_are_strict_json(tmp_path):
    with pytest.raises(ValueError):
        save_training(tmp_path, {"score": float("nan")}, {})
    assert load_results(tmp_path) is None
    save_training(tmp_path, {"score": None}, {})
    assert json.loads((tmp_path / "models" / "results.json").read_text()) == {"score": None}


def test_a_new_upload_forgets_the_models(trained):
    store, sid = trained
    store.start(sid, pd.DataFrame({"c": [1]}), "g.csv", [])
    assert results_of(store, sid) is None


def test_a_new_step_forgets_the_models(trained):
    store, sid = trained
    with store.changing(sid) as session:
        session.commit(session.frame.drop(columns=["b"]), DROP)
    assert results_of(store, sid) is None


def test_an_undo_forgets_the_models_only_when_the_recipe_changes(trained):
    store, sid = trained
    with store.changing(sid) as session:
        session.restore(3)
    assert results_of(store, sid) == {"best_model": "m"}
    with store.changing(sid) as session:
        session.commit(session.frame.drop(columns=["b"]), DROP)
        save_training(session.folder, {"best_model": "m"}, {})
        session.restore(3)
    assert results_of(store, sid) is None
