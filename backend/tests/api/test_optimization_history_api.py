"""Optimization runs kept per model: the better stays the optimized model unless the
person picks another, each run is judged on the held-out rows Evaluation uses, and an
edited search space is searched and recorded."""

import json

import joblib
import pytest
from sklearn.linear_model import LinearRegression

from tests.utils.client import upload
from tests.utils.datasets import mixed_classification
from tests.utils.training import csv_bytes, session_folder, trained_on, trained_pipeline


@pytest.fixture
def trained(client):
    upload(client, "customers.csv", csv_bytes(mixed_classification()))
    return trained_on(client, "LogisticRegression")


def search(client, choices, **changes):
    response = client.post(
        "/api/optimize-model/",
        json={
            "selected_model": "LogisticRegression",
            "optimization_method": "grid_search",
            "cv_folds": 3,
            "search_space": {"C": {"choices": choices}},
            **changes,
        },
    )
    assert response.status_code == 200, response.text
    return response.json()


def history(client):
    response = client.get("/api/optimization-result/")
    assert response.status_code == 200, response.text
    return response.json()


def exported_c(client):
    return trained_pipeline(client, "LogisticRegression", optimized=True).steps[-1][1].estimator.C


def test_the_baseline_is_the_evaluation_score_and_the_run_is_scored_on_held_out_rows(trained):
    run = search(trained, [0.01, 100.0])
    evaluated = trained.post("/api/evaluate-models/").json()
    [trained_row] = [row for row in evaluated["results"] if row["model"] == "LogisticRegression"]
    assert run["baseline_score"] == pytest.approx(trained_row["metrics"]["accuracy"])
    assert run["validation_method"] == "train_test"
    assert run["best_score"] == run["metrics"]["accuracy"]
    assert set(run["metrics"]) >= {"accuracy", "f1", "balanced_accuracy"}
    # the edited space is what was searched, and it is recorded
    assert run["search_space"] == {"grid": {"C": [0.01, 100.0]}, "distributions": {}}
    assert [trial["params"] for trial in run["trials"]] == [{"C": 0.01}, {"C": 100.0}]


def test_a_worse_search_is_kept_but_does_not_replace_the_optimized_model(trained):
    first = search(trained, [10.0])
    second = search(trained, [0.01])
    assert first["best_score"] > second["best_score"]
    assert first["picked"] is True
    assert second["picked"] is False
    assert "stays picked" in second["message"]
    kept = history(trained)
    [model] = kept["models"]
    assert kept["kept_runs"] == 10
    assert model["model"] == "LogisticRegression"
    assert [run["run_id"] for run in model["runs"]] == [1, 2]
    assert [run["best_score"] for run in model["runs"]] == [
        first["best_score"],
        second["best_score"],
    ]
    assert model["picked_run"] == 1
    assert exported_c(trained) == 10.0

    response = trained.post(
        "/api/optimization-pick/", json={"selected_model": "LogisticRegression", "run_id": 2}
    )
    assert response.status_code == 200, response.text
    assert response.json()["models"][0]["picked_run"] == 2
    # the second search kept the model's own settings: that is what exports and predicts now
    assert exported_c(trained) == 1.0
    exported = trained.post(
        "/api/export-model/", json={"selected_model": "LogisticRegression", "optimized": True}
    )
    assert exported.status_code == 200


def test_a_new_run_is_compared_by_the_primary_metric_chosen_since(trained):
    first = search(trained, [10.0])
    ranked = trained.put("/api/primary-metric/", json={"metric": "log_loss"})
    assert ranked.status_code == 200, ranked.text
    second = search(trained, [0.01])
    assert second["primary_metric"] == "log_loss"
    # lower is better, and the first run is judged by its held-out log loss, not its accuracy
    assert first["metrics"]["log_loss"] < second["best_score"] < first["best_score"]
    assert second["picked"] is False
    assert history(trained)["models"][0]["picked_run"] == 1


def ranked_scores(client):
    [model] = history(client)["models"]
    return [(run["ranked"]["metric"], run["ranked"]["score"]) for run in model["runs"]], model


def test_the_runs_follow_a_primary_metric_changed_after_them(trained):
    # C=100 is more accurate than the model's own C=1, but its log loss is worse
    first = search(trained, [100.0])
    second = search(trained, [1.0])
    assert first["metrics"]["accuracy"] > second["metrics"]["accuracy"]
    assert first["metrics"]["log_loss"] > second["metrics"]["log_loss"]
    assert second["picked"] is False
    scores, model = ranked_scores(trained)
    assert scores == [("accuracy", first["best_score"]), ("accuracy", second["best_score"])]
    assert (model["best_run"], model["picked_run"], model["picked_by_person"]) == (1, 1, False)

    ranked = trained.put("/api/primary-metric/", json={"metric": "log_loss"})
    assert ranked.status_code == 200, ranked.text
    scores, model = ranked_scores(trained)
    assert scores == [
        ("log_loss", first["metrics"]["log_loss"]),
        ("log_loss", second["metrics"]["log_loss"]),
    ]
    assert model["primary_metric"] == "log_loss"
    assert (model["best_run"], model["picked_run"], model["picked_by_person"]) == (2, 2, False)
    assert exported_c(trained) == 1.0
    evaluated = trained.post("/api/evaluate-models/").json()
    assert model["runs"][1]["ranked"]["baseline_score"] == pytest.approx(
        evaluated["results"][0]["metrics"]["log_loss"]
    )


def test_a_run_the_person_picked_stays_when_the_primary_metric_changes(trained):
    search(trained, [100.0])
    search(trained, [1.0])
    picked = trained.post(
        "/api/optimization-pick/", json={"selected_model": "LogisticRegression", "run_id": 1}
    )
    assert picked.status_code == 200, picked.text
    assert picked.json()["models"][0]["picked_by_person"] is True
    trained.put("/api/primary-metric/", json={"metric": "log_loss"})
    _, model = ranked_scores(trained)
    # run 2 now scores better, and the screen can say so, but the person's pick stays
    assert (model["best_run"], model["picked_run"], model["picked_by_person"]) == (2, 1, True)
    assert exported_c(trained) == 100.0
    # a new run that beats the picked one is picked by score again
    third = search(trained, [10.0])
    assert third["picked"] is True
    assert third["ranked"] == {
        "metric": "log_loss",
        "score": third["metrics"]["log_loss"],
        "baseline_score": pytest.approx(third["baseline_score"]),
        "improvement": pytest.approx(third["improvement"]),
    }
    _, model = ranked_scores(trained)
    assert (model["best_run"], model["picked_run"], model["picked_by_person"]) == (3, 3, False)


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"search_space": {"penalty": {"choices": ["l1"]}}}, "search_parameter_unknown"),
        ({"search_space": {"C": {"choices": [3.0]}}}, "search_choices_invalid"),
        (
            {"optimization_method": "random_search", "search_space": {"C": {"low": 0, "high": 1}}},
            "search_range_invalid",
        ),
    ],
)
def test_a_bad_search_space_is_refused_and_keeps_nothing(trained, body, code):
    response = trained.post(
        "/api/optimize-model/", json={"selected_model": "LogisticRegression", **body}
    )
    assert response.status_code == 400, response.text
    assert response.json()["code"] == code
    assert history(trained)["models"] == []


def test_picking_a_run_that_is_not_kept_is_refused(trained):
    search(trained, [1.0])
    response = trained.post(
        "/api/optimization-pick/", json={"selected_model": "LogisticRegression", "run_id": 7}
    )
    assert response.status_code == 400
    assert response.json()["code"] == "optimization_run_unknown"
    assert history(trained)["models"][0]["picked_run"] == 1


def test_an_optimization_stored_before_runs_were_kept_reads_as_none(trained, settings):
    optimized = session_folder(trained, settings) / "models" / "optimized"
    optimized.mkdir()
    (optimized / "last.json").write_text(
        json.dumps({"selected_model": "LogisticRegression", "best_score": 0.9})
    )
    joblib.dump(LinearRegression(), optimized / "LogisticRegression.joblib")
    assert history(trained) == {"kept_runs": 10, "models": []}
    exported = trained.post(
        "/api/export-model/", json={"selected_model": "LogisticRegression", "optimized": True}
    )
    assert exported.json()["code"] == "model_not_optimized"
