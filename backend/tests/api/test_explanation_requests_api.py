"""Explanations and permutation importances are computed when asked for, as a job, and
kept with the model until the model or the data changes."""

import time
from concurrent.futures import Future

import pytest
from httpx import Response

from tests.utils.client import upload
from tests.utils.datasets import blobs_frame, mixed_classification
from tests.utils.jobs import in_background, wait_for_progress
from tests.utils.training import csv_bytes, train_body

MODELS = ["LogisticRegression", "RandomForestClassifier"]


@pytest.fixture
def trained(client):
    upload(client, "customers.csv", csv_bytes(mixed_classification(400)))
    body = train_body(model_names=MODELS, validation_method="cross_validation", cv_folds=3)
    response = client.post("/api/train-models/", json=body)
    assert response.status_code == 200, response.text
    return client


def results_of(client) -> dict[str, dict]:
    evaluation = client.post("/api/evaluate-models/")
    assert evaluation.status_code == 200, evaluation.text
    return {result["model"]: result for result in evaluation.json()["results"]}


def test_training_leaves_explanations_and_permutation_importances_for_later(trained):
    results = results_of(trained)
    for result in results.values():
        assert result["explained"] is False
        assert "explanation" not in result
    assert results["LogisticRegression"]["charts"]["feature_importances"] is None
    native = results["RandomForestClassifier"]["charts"]["feature_importances"]
    assert native["method"] == "native"


def test_an_explanation_is_computed_once_and_kept_with_the_model(trained):
    first = trained.post("/api/explanations/", json={"model": "LogisticRegression"})
    assert first.status_code == 200, first.text
    body = first.json()
    assert body["computed"] is True
    assert body["explanation"]["method"] == "linear"
    assert {item["column"] for item in body["explanation"]["columns"]} <= {
        "x1",
        "x2",
        "colour",
        "flag",
    }
    assert body["feature_importances"]["method"] == "permutation"
    job = trained.get("/api/progress/").json()["finished"]
    assert job["task"] == "explanation" and job["outcome"] == "completed"

    kept = results_of(trained)["LogisticRegression"]
    assert kept["explained"] is True
    assert kept["explanation"] == body["explanation"]
    assert kept["charts"]["feature_importances"] == body["feature_importances"]
    assert results_of(trained)["RandomForestClassifier"]["explained"] is False

    again = trained.post("/api/explanations/", json={"model": "LogisticRegression"})
    assert again.status_code == 200
    assert again.json() == {**body, "computed": False}
    assert trained.get("/api/progress/").json()["finished"]["job_id"] == job["job_id"]


def test_a_model_with_native_importances_keeps_them(trained):
    native = results_of(trained)["RandomForestClassifier"]["charts"]["feature_importances"]
    body = trained.post("/api/explanations/", json={"model": "RandomForestClassifier"}).json()
    assert body["explanation"]["method"] == "tree"
    assert body["feature_importances"] == native


def test_a_new_training_or_a_change_of_the_data_forgets_them(trained):
    explained = trained.post("/api/explanations/", json={"model": "LogisticRegression"})
    assert explained.status_code == 200
    retrained = trained.post("/api/train-models/", json=train_body(model_names=MODELS))
    assert retrained.status_code == 200
    assert results_of(trained)["LogisticRegression"]["explained"] is False
    assert trained.post("/api/explanations/", json={"model": "LogisticRegression"}).json()[
        "computed"
    ]

    assert trained.post("/api/drop-columns/", json={"columns": ["flag"]}).status_code == 200
    refused = trained.post("/api/explanations/", json={"model": "LogisticRegression"})
    assert refused.status_code == 400
    assert refused.json()["code"] == "no_training_results"


def explaining_svc(client) -> Future[Response]:
    """An SVC trained on 3,000 rows, its explanation (kernel, then permutation importances:
    seconds) running in the background."""
    upload(client, "customers.csv", csv_bytes(mixed_classification(3000)))
    trained = client.post("/api/train-models/", json=train_body(model_names=["SVC"]))
    assert trained.status_code == 200, trained.text
    explaining = in_background(client, "/api/explanations/", {"model": "SVC"})
    wait_for_progress(client, "explanation", done=0)
    return explaining


def test_a_change_of_the_data_while_explaining_refuses_the_explanation(client):
    explaining = explaining_svc(client)
    assert client.post("/api/drop-columns/", json={"columns": ["flag"]}).status_code == 200

    refused = explaining.result(timeout=120)
    assert refused.status_code == 409
    assert refused.json()["code"] == "data_changed_during_explanation"


def test_a_cancelled_explanation_keeps_nothing(client):
    explaining = explaining_svc(client)
    assert client.post("/api/cancel-task/").json()["cancelled"] == ["explanation"]

    refused = explaining.result(timeout=120)
    assert refused.status_code == 409
    assert refused.json()["code"] == "task_cancelled"
    assert results_of(client)["SVC"]["explained"] is False


@pytest.mark.parametrize(
    ("model", "code"),
    [("SVR", "model_not_trained"), ("", "model_not_trained")],
)
def test_an_unknown_model_is_refused(trained, model, code):
    refused = trained.post("/api/explanations/", json={"model": model})
    assert refused.status_code == 400
    assert refused.json()["code"] == code


def test_without_training_or_for_clustering_there_is_nothing_to_explain(client):
    upload(client, "blobs.csv", csv_bytes(blobs_frame()))
    refused = client.post("/api/explanations/", json={"model": "KMeans"})
    assert refused.json()["code"] == "no_training_results"
    clustering = {"model_names": ["KMeans"], "problem_type": "clustering"}
    assert client.post("/api/train-models/", json=clustering).status_code == 200
    refused = client.post("/api/explanations/", json={"model": "KMeans"})
    assert refused.status_code == 400
    assert refused.json()["code"] == "not_explainable"
    assert client.post("/api/explanations/", json={}).status_code == 422


def test_a_task_the_person_starts_cancels_a_running_explanation_instead_of_being_refused(client):
    explaining = explaining_svc(client)
    started = time.monotonic()
    trained = client.post("/api/train-models/", json=train_body(model_names=["GaussianNB"]))
    assert trained.status_code == 200, trained.text
    assert time.monotonic() - started < 60

    refused = explaining.result(timeout=120)
    assert refused.status_code == 409
    assert refused.json()["code"] == "task_cancelled"
