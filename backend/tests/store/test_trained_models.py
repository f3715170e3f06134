import json

import joblib
import pandas as pd
import pytest
from sklearn.linear_model import LinearRegression

from lathe.errors import LatheError
from lathe.steps.recipe_step import recipe_step
from lathe.store.session_store import SessionStore, new_session_id
from lathe.store.trained_models import KEPT_RUNS, TrainedModels

DROP = [recipe_step("drop_columns", columns=["b"])]
RESULTS = {"best_model": "m", "results": [{"model": "m", "error": None}]}


@pytest.fixture
def trained(tmp_path):
    store = SessionStore(tmp_path / "data", ttl_hours=1, cache_size=2)
    sid = new_session_id()
    store.start(sid, pd.DataFrame({"a": [1.0, 2.0], "b": [3.0, 4.0]}), "f.csv").result()
    with store.changing(sid) as session:
        session.snapshot(3)
        session.models.save(RESULTS, {"m": LinearRegression()})
    return store, sid


def results_of(store, sid):
    with store.reading(sid) as session:
        return session.models.results()


def test_results_and_pipelines_round_trip(tmp_path):
    models = TrainedModels(tmp_path)
    models.save(RESULTS, {"m": LinearRegression(fit_intercept=False)})
    assert models.results() == RESULTS
    assert models.pipeline("m").fit_intercept is False
    assert sorted(path.name for path in (tmp_path / "models").iterdir()) == [
        "m.joblib",
        "results.json",
    ]
    models.save({"score": 2.0}, {"n": LinearRegression()})
    assert not (tmp_path / "models" / "m.joblib").exists()
    models.forget()
    assert models.results() is None


def test_results_are_strict_json(tmp_path):
    models = TrainedModels(tmp_path)
    with pytest.raises(ValueError):
        models.save({"score": float("nan")}, {})
    assert models.results() is None
    models.save({"score": None}, {})
    assert json.loads((tmp_path / "models" / "results.json").read_text()) == {"score": None}


def refusal(call):
    with pytest.raises(LatheError) as refused:
        call()
    return refused.value.code


def test_only_trained_and_optimized_models_are_given_out(tmp_path):
    models = TrainedModels(tmp_path)
    assert refusal(lambda: models.pipeline("m")) == "no_training_results"
    failed = {"results": [{"model": "m", "error": None}, {"model": "f", "error": "bad"}]}
    models.save(failed, {"m": LinearRegression()})
    assert refusal(lambda: models.pipeline("f")) == "model_not_trained"
    assert refusal(lambda: models.pipeline("m", optimized=True)) == "model_not_optimized"
    assert refusal(lambda: models.save_optimized("f", LinearRegression(), {}, True)) == (
        "model_not_trained"
    )
    assert models.optimization_history() == {}
    models.save_optimized("m", LinearRegression(fit_intercept=False), {"score": 1}, True)
    assert models.pipeline("m", optimized=True).fit_intercept is False
    assert models.pipeline("m").fit_intercept is True
    models.save_optimized("m", LinearRegression(positive=True), {"score": 0}, False)
    # a run not picked is kept, and the picked one keeps exporting and predicting
    assert models.optimization_history() == {
        "m": {
            "picked_run": 1,
            "picked_by_person": False,
            "runs": [{"score": 1, "run_id": 1}, {"score": 0, "run_id": 2}],
        }
    }
    assert models.pipeline("m", optimized=True).positive is False
    models.pick_optimization("m", 2)
    assert models.pipeline("m", optimized=True).positive is True
    assert models.optimization_history()["m"]["picked_by_person"] is True
    models.pick_optimization("m", 1, by_person=False)
    assert models.optimization_history()["m"]["picked_by_person"] is False
    models.pick_optimization("m", 2)
    assert refusal(lambda: models.pick_optimization("m", 3)) == "optimization_run_unknown"
    models.save(failed, {"m": LinearRegression()})
    assert models.optimization_history() == {}
    assert refusal(lambda: models.pipeline("m", optimized=True)) == "model_not_optimized"


def test_past_the_cap_the_oldest_run_not_picked_is_dropped(tmp_path):
    models = TrainedModels(tmp_path)
    models.save(RESULTS, {"m": LinearRegression()})
    models.save_optimized("m", LinearRegression(), {}, True)
    for _ in range(KEPT_RUNS):
        models.save_optimized("m", LinearRegression(), {}, False)
    kept = models.optimization_history()["m"]
    assert kept["picked_run"] == 1
    assert [run["run_id"] for run in kept["runs"]] == [1, *range(3, KEPT_RUNS + 2)]
    assert not (tmp_path / "models" / "optimized" / "m" / "2.joblib").exists()
    assert (tmp_path / "models" / "optimized" / "m" / "1.joblib").exists()


def test_an_optimization_stored_before_runs_were_kept_reads_as_none(tmp_path):
    models = TrainedModels(tmp_path)
    models.save(RESULTS, {"m": LinearRegression()})
    old = tmp_path / "models" / "optimized"
    old.mkdir()
    (old / "last.json").write_text(json.dumps({"selected_model": "m", "best_score": 0.9}))
    joblib.dump(LinearRegression(), old / "m.joblib")
    assert models.optimization_history() == {}
    assert refusal(lambda: models.pipeline("m", optimized=True)) == "model_not_optimized"
    models.save_optimized("m", LinearRegression(positive=True), {}, True)
    assert models.pipeline("m", optimized=True).positive is True


def test_a_new_upload_forgets_the_models(trained):
    store, sid = trained
    store.start(sid, pd.DataFrame({"c": [1]}), "g.csv").result()
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
    assert results_of(store, sid) == RESULTS
    with store.changing(sid) as session:
        session.commit(session.frame.drop(columns=["b"]), DROP)
        session.models.save(RESULTS, {})
        session.restore(3)
    assert results_of(store, sid) is None
