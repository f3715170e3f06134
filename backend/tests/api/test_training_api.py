import dataclasses
import inspect

import numpy as np
import pandas as pd
import pytest

from lathe.api.deps import progress_registry
from lathe.api.routes import training
from lathe.ml.catalog import ENTRIES
from tests.utils.client import session_id_of, upload
from tests.utils.datasets import mixed_classification
from tests.utils.training import csv_bytes, session_folder, train_body, trained_pipeline


@pytest.fixture
def uploaded(client):
    upload(client, "customers.csv", csv_bytes(mixed_classification()))
    return client


def test_upload_steps_train_evaluate_and_progress_idle(uploaded, settings):
    uploaded.post("/api/snapshot-step/", json={"step_id": 3})
    assert uploaded.post("/api/handle-missing/", json={}).status_code == 200
    encoded = uploaded.post("/api/encode-features/", json={"target_column": "label"})
    assert encoded.status_code == 200
    scaled = uploaded.post("/api/scale-features/", json={"target_column": "label"})
    assert scaled.status_code == 200

    response = uploaded.post("/api/train-models/", json=train_body())
    body = response.json()
    assert response.status_code == 200, body
    assert body["message"] == "Training completed successfully"
    assert body["problem_type"] == "classification"
    assert body["trained_models"] == ["LogisticRegression", "RandomForestClassifier"]
    assert body["failed_models"] == []
    assert body["validation_method"] == "train_test"
    assert body["dataset_shape"] == [240, 6]
    assert body["rows_without_target"] == 0
    assert body["sampling"] == {"LogisticRegression": [], "RandomForestClassifier": []}

    evaluation = uploaded.post("/api/evaluate-models/")
    result = evaluation.json()
    assert evaluation.status_code == 200, result
    assert result["message"] == "Model evaluation completed"
    assert result["problem_type"] == "classification"
    assert result["primary_metric"] == "accuracy"
    assert result["best_model"] in body["trained_models"]
    assert [item["model"] for item in result["results"]] == body["trained_models"]
    first = result["results"][0]
    assert first["error"] is None
    assert set(first["metrics"]) == {
        "accuracy",
        "balanced_accuracy",
        "precision",
        "recall",
        "f1",
        "f1_macro",
        "roc_auc",
        "pr_auc",
        "log_loss",
        "mcc",
    }
    assert first["charts"]["confusion_matrix"]["labels"] == ["high", "low", "mid"]
    forest = result["results"][1]["charts"]["feature_importances"]
    assert {item["feature"] for item in forest["features"]} == {"x1", "x2", "colour", "flag"}
    assert result["baseline"]["strategy"] == "most_frequent"
    assert set(result["baseline"]["metrics"]) == set(first["metrics"])
    assert all(isinstance(item["beats_baseline"], bool) for item in result["results"])
    assert all(isinstance(item["at_chance"], bool) for item in result["results"])

    progress = uploaded.get("/api/progress/").json()
    assert progress == {
        "task": None,
        "done": 0,
        "total": 0,
        "message": "",
        "job_id": None,
        "queue_position": None,
        "finished": {
            "job_id": progress["finished"]["job_id"],
            "task": "training",
            "outcome": "completed",
            "code": None,
            "params": {},
        },
    }
    # the stored pipeline takes the uploaded columns and returns the target's labels
    pipeline = trained_pipeline(uploaded, "RandomForestClassifier")
    raw = mixed_classification().drop(columns=["label"])
    assert set(pipeline.predict(raw)) <= {"high", "mid", "low"}


def test_auto_detects_the_problem_and_clustering_needs_no_target(client):
    rng = np.random.default_rng(0)
    frame = pd.DataFrame({"a": rng.normal(size=120), "b": rng.normal(size=120)})
    frame["amount"] = frame["a"] * 3 + rng.normal(size=120)
    upload(client, "amounts.csv", csv_bytes(frame))
    body = client.post(
        "/api/train-models/",
        json=train_body(model_names=["Ridge"], target_column="amount", problem_type="auto"),
    ).json()
    assert body["problem_type"] == "regression"
    assert body["test_size"] == 0.2 and body["cv_folds"] is None

    clustered = client.post(
        "/api/train-models/", json={"model_names": ["KMeans"], "problem_type": "clustering"}
    ).json()
    assert clustered["problem_type"] == "clustering"
    assert clustered["validation_method"] is None
    evaluation = client.post("/api/evaluate-models/").json()
    assert evaluation["primary_metric"] == "silhouette_score"
    assert evaluation["best_model"] == "KMeans"
    assert evaluation["results"][0]["metrics"]["n_clusters"] == 8


def test_a_failing_model_is_listed_and_the_others_are_trained(uploaded, monkeypatch):
    broken = dataclasses.replace(ENTRIES["MultinomialNB"], settings={"alpha": -1.0})
    monkeypatch.setitem(ENTRIES, "MultinomialNB", broken)
    uploaded.post("/api/handle-missing/", json={})
    uploaded.post("/api/encode-features/", json={"target_column": "label"})
    uploaded.post("/api/scale-features/", json={"target_column": "label"})
    body = uploaded.post(
        "/api/train-models/",
        json=train_body(model_names=["MultinomialNB", "GaussianNB"]),
    ).json()
    assert body["trained_models"] == ["GaussianNB"]
    assert body["failed_models"][0]["model"] == "MultinomialNB"
    assert "'alpha' parameter" in body["failed_models"][0]["error"]
    assert body["message"] == "Training completed: 1 of 2 models trained."
    results = uploaded.post("/api/evaluate-models/").json()["results"]
    assert results[0]["error"] == body["failed_models"][0]["error"]


@pytest.mark.parametrize(
    ("changes", "code", "message"),
    [
        ({"model_names": []}, "no_models", "Please select at least one model."),
        ({"target_column": None}, "target_required", "Please select a target column."),
        ({"target_column": "ghost"}, "unknown_target", "Unknown target column: ghost"),
        ({"model_names": ["Magic"]}, "unknown_models", "Unknown models: Magic"),
        ({"model_names": ["KMeans"]}, "models_not_for_problem_type", None),
        ({"test_size": 0.6}, "test_size_out_of_range", "Test size must be between 0.1 and 0.5."),
        (
            {"validation_method": "cross_validation", "cv_folds": 2},
            "cv_folds_out_of_range",
            "CV folds must be between 3 and 10.",
        ),
        ({"problem_type": "regression", "model_names": ["Ridge"]}, "target_not_numeric", None),
    ],
)
def test_training_settings_are_checked(uploaded, changes, code, message):
    response = uploaded.post("/api/train-models/", json=train_body(**changes))
    assert response.status_code == 400
    assert response.json()["code"] == code
    if message:
        assert response.json()["error"] == message


def test_unknown_problem_types_are_malformed(uploaded):
    response = uploaded.post("/api/train-models/", json=train_body(problem_type="ranking"))
    assert response.status_code == 422


def test_training_needs_a_dataset(client):
    response = client.post("/api/train-models/", json=train_body())
    assert response.status_code == 400 and response.json()["code"] == "no_dataset"


def test_evaluation_before_training(uploaded):
    response = uploaded.post("/api/evaluate-models/")
    assert response.status_code == 400
    assert response.json() == {
        "error": "No training results found. Please complete the training step first.",
        "code": "no_training_results",
    }


def test_a_new_upload_removes_the_stored_models(uploaded, settings):
    uploaded.post("/api/handle-missing/", json={})
    uploaded.post("/api/train-models/", json=train_body(model_names=["GaussianNB"]))
    assert (session_folder(uploaded, settings) / "models" / "GaussianNB.joblib").exists()
    upload(uploaded, "customers.csv", csv_bytes(mixed_classification(seed=1)))
    assert uploaded.post("/api/evaluate-models/").json()["code"] == "no_training_results"
    assert not (session_folder(uploaded, settings) / "models").exists()


def test_an_undo_that_changes_the_recipe_removes_the_stored_models(uploaded):
    uploaded.post("/api/snapshot-step/", json={"step_id": 3})
    uploaded.post("/api/handle-missing/", json={})
    uploaded.post("/api/snapshot-step/", json={"step_id": 5})
    uploaded.post("/api/train-models/", json=train_body(model_names=["GaussianNB"]))
    # an undo to the current recipe keeps them
    assert uploaded.post("/api/undo-step/", json={"step_id": 5}).status_code == 200
    assert uploaded.post("/api/evaluate-models/").status_code == 200
    assert uploaded.post("/api/undo-step/", json={"step_id": 3}).status_code == 200
    assert uploaded.post("/api/evaluate-models/").json()["code"] == "no_training_results"


def test_a_new_step_removes_the_stored_models(uploaded):
    uploaded.post("/api/handle-missing/", json={})
    uploaded.post("/api/train-models/", json=train_body(model_names=["GaussianNB"]))
    uploaded.post("/api/drop-columns/", json={"columns": ["flag"]})
    assert uploaded.post("/api/evaluate-models/").json()["code"] == "no_training_results"


def test_a_second_training_of_the_session_is_refused_while_one_runs(uploaded):
    uploaded.post("/api/handle-missing/", json={})
    session_id = session_id_of(uploaded)
    registry = progress_registry()
    registry.begin(session_id, "training", job_id="running")
    try:
        refused = uploaded.post("/api/train-models/", json=train_body())
        assert uploaded.get("/api/progress/").json()["job_id"] == "running"
    finally:
        registry.end(session_id, "running")
    assert refused.status_code == 400 and refused.json()["code"] == "task_running"


def test_training_awaits_its_job_on_the_event_loop_holding_no_thread():
    assert inspect.iscoroutinefunction(training.train_models)
