import io
import pickle
from pathlib import Path

import joblib
import numpy as np
import pandas as pd
import pytest

from tests.utils.client import upload
from tests.utils.datasets import mixed_classification
from tests.utils.predictions import new_rows, onnx_predictions
from tests.utils.training import (
    csv_bytes,
    parquet_bytes,
    train_body,
    trained_on,
    trained_pipeline,
)


@pytest.fixture
def trained(client):
    upload(client, "customers.csv", csv_bytes(mixed_classification()))
    return trained_on(client, "LogisticRegression", "RandomForestClassifier")


def test_optimize_stores_the_best_pipeline_beside_the_trained_one(trained, settings):
    response = trained.post(
        "/api/optimize-model/",
        json={
            "selected_model": "LogisticRegression",
            "optimization_method": "grid_search",
            "cv_folds": 3,
            "n_iterations": 20,
        },
    )
    body = response.json()
    assert response.status_code == 200, body
    assert body["message"] == "Optimization of LogisticRegression completed."
    assert body["primary_metric"] == "accuracy"
    assert body["cv_folds"] == 3
    assert [trial["params"] for trial in body["trials"]] == [
        {"C": value} for value in (0.01, 0.1, 1.0, 10.0, 100.0)
    ]
    assert body["best_params"] in [{}, *(trial["params"] for trial in body["trials"])]
    assert body["best_score"] == body["metrics"]["accuracy"]
    assert body["picked"] is True
    assert body["improvement"] == pytest.approx(
        (body["best_score"] - body["baseline_score"]) / abs(body["baseline_score"])
    )
    optimized = trained_pipeline(trained, "LogisticRegression", optimized=True)
    assert body["best_params"]["C"] == optimized.steps[-1][1].estimator.C
    assert trained.get("/api/progress/").json()["task"] is None


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({}, "optimization_model_required"),
        ({"selected_model": "SVC"}, "model_not_trained"),
        ({"selected_model": "0"}, "model_not_trained"),
        ({"selected_model": "LogisticRegression", "cv_folds": 1}, "cv_folds_out_of_range"),
        (
            {"selected_model": "LogisticRegression", "n_iterations": 201},
            "n_iterations_out_of_range",
        ),
    ],
)
def test_bad_optimization_requests_are_refused(trained, body, code):
    response = trained.post("/api/optimize-model/", json=body)
    assert response.status_code == 400
    assert response.json()["code"] == code


def test_optimization_message_for_a_missing_model_is_the_specs(trained):
    response = trained.post("/api/optimize-model/", json={"selected_model": ""})
    assert response.json()["error"] == "Please select a model to optimize."


def test_optimizing_before_training_is_refused(client):
    upload(client, "customers.csv", csv_bytes(mixed_classification()))
    response = client.post("/api/optimize-model/", json={"selected_model": "LogisticRegression"})
    assert response.status_code == 400
    assert response.json()["code"] == "no_training_results"


@pytest.mark.parametrize(("export_format", "load"), [("joblib", joblib.load), ("pkl", pickle.load)])
def test_export_gives_the_whole_pipeline_named_as_asked(trained, export_format, load):
    response = trained.post(
        "/api/export-model/",
        json={
            "selected_model": "RandomForestClassifier",
            "model_name": "churn model: v2/ü",
            "format": export_format,
        },
    )
    assert response.status_code == 200, response.text
    assert response.headers["content-disposition"] == (
        f'attachment; filename="churn_model_v2.{export_format}"'
    )
    pipeline = load(io.BytesIO(response.content))
    rows = new_rows().drop(columns=["label"])
    assert pipeline.predict(rows).tolist() == trained_predictions(trained, rows)


def trained_predictions(client, rows):
    return trained_pipeline(client, "RandomForestClassifier").predict(rows).tolist()


def test_export_without_a_name_is_model_export(trained):
    response = trained.post(
        "/api/export-model/", json={"selected_model": "LogisticRegression", "format": "joblib"}
    )
    assert response.headers["content-disposition"] == 'attachment; filename="model_export.joblib"'


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({}, "model_required"),
        ({"selected_model": "SVC"}, "model_not_trained"),
        ({"selected_model": "LogisticRegression", "optimized": True}, "model_not_optimized"),
    ],
)
def test_bad_export_requests_are_refused(trained, body, code):
    response = trained.post("/api/export-model/", json=body)
    assert response.status_code == 400
    assert response.json()["code"] == code


def test_export_message_for_a_missing_model_is_the_specs(trained):
    assert trained.post("/api/export-model/", json={}).json()["error"] == "Select a model please."


def test_an_unknown_format_is_a_422(trained):
    response = trained.post(
        "/api/export-model/", json={"selected_model": "LogisticRegression", "format": "exe"}
    )
    assert response.status_code == 422


def test_usage_code_names_the_exported_file(client):
    response = client.get("/api/usage-code/", params={"model_name": "my model", "format": "pkl"})
    body = response.json()
    assert body["file_name"] == "my_model.pkl"
    assert 'open("my_model.pkl", "rb")' in body["code"]


def predict(client, frame, name="new.csv", **fields):
    return client.post(
        "/api/predict/",
        files={"file": (name, csv_bytes(frame), "text/csv")},
        data={"selected_model": "RandomForestClassifier", **fields},
    )


def test_predict_returns_the_rows_with_predictions_and_probabilities(trained):
    rows = new_rows()
    response = predict(trained, rows.drop(columns=["label"]), name="march.csv")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/csv")
    assert response.headers["content-disposition"] == (
        'attachment; filename="march_predictions.csv"'
    )
    result = pd.read_csv(io.BytesIO(response.content))
    features = rows.drop(columns=["label"])
    assert list(result.columns) == [
        *features.columns,
        "prediction",
        "probability_high",
        "probability_low",
        "probability_mid",
    ]
    assert result["prediction"].tolist() == trained_predictions(trained, features)
    totals = result[["probability_high", "probability_low", "probability_mid"]].sum(axis=1)
    np.testing.assert_allclose(totals, 1.0)


def test_predict_reads_a_parquet_file_as_it_reads_a_csv(trained):
    features = new_rows().drop(columns=["label"])
    response = trained.post(
        "/api/predict/",
        files={"file": ("march.parquet", parquet_bytes(features), "application/octet-stream")},
        data={"selected_model": "RandomForestClassifier"},
    )
    assert response.status_code == 200, response.text
    result = pd.read_csv(io.BytesIO(response.content))
    assert result["prediction"].tolist() == trained_predictions(trained, features)


def test_predict_accepts_the_target_column(trained):
    response = predict(trained, new_rows())
    assert response.status_code == 200, response.text
    assert "label" in pd.read_csv(io.BytesIO(response.content)).columns


def test_predict_with_the_optimized_model(trained):
    trained.post(
        "/api/optimize-model/",
        json={
            "selected_model": "RandomForestClassifier",
            "optimization_method": "random_search",
            "cv_folds": 2,
            "n_iterations": 1,
        },
    )
    response = predict(trained, new_rows(), optimized="true")
    assert response.status_code == 200, response.text


@pytest.mark.parametrize(
    ("change", "code", "columns"),
    [
        (lambda f: f.drop(columns=["x2", "flag"]), "missing_columns", "x2, flag"),
        (lambda f: f.assign(extra=1, more=2), "unexpected_columns", "extra, more"),
    ],
)
def test_predict_names_missing_and_extra_columns(trained, change, code, columns):
    response = predict(trained, change(new_rows()))
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert response.json()["params"]["columns"] == columns


def test_predict_refuses_text_in_a_numeric_column(trained):
    rows = new_rows().astype({"x1": object})
    rows.loc[3, "x1"] = "lots"
    response = predict(trained, rows)
    assert response.status_code == 400
    assert response.json()["code"] == "column_type_changed"
    assert response.json()["params"]["column"] == "x1"


def test_predict_needs_a_model_and_a_readable_file(trained):
    no_model = trained.post(
        "/api/predict/", files={"file": ("a.csv", csv_bytes(new_rows()), "text/csv")}
    )
    assert no_model.json()["code"] == "model_required"
    binary = trained.post(
        "/api/predict/",
        files={"file": ("a.csv", b"\x89PNG\r\n\x1a\n" + bytes(200), "text/csv")},
        data={"selected_model": "RandomForestClassifier"},
    )
    assert binary.status_code in (400, 422)
    assert "error" in binary.json()


class _Tripwire:
    """Unpickling it creates `path`."""

    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return (Path.touch, (self.path,))


@pytest.mark.parametrize("name", ["model.pkl", "model.joblib", "data.csv", "data.xlsx"])
def test_an_uploaded_pickle_is_never_unpickled(trained, tmp_path, name):
    tripwire = tmp_path / "unpickled"
    for payload in (pickle.dumps(_Tripwire(tripwire)), _joblib_bytes(_Tripwire(tripwire))):
        files = {"file": (name, payload, "application/octet-stream")}
        refused = trained.post(
            "/api/predict/", files=files, data={"selected_model": "RandomForestClassifier"}
        )
        assert refused.status_code in (400, 422)
        assert trained.post("/api/upload/", files=files).status_code in (400, 422)
    assert not tripwire.exists()


def _joblib_bytes(value):
    buffer = io.BytesIO()
    joblib.dump(value, buffer)
    return buffer.getvalue()


def test_onnx_export_runs_in_onnxruntime_like_the_stored_pipeline(trained):
    response = trained.post(
        "/api/export-model/",
        json={"selected_model": "LogisticRegression", "model_name": "churn", "format": "onnx"},
    )
    assert response.status_code == 200, response.text
    assert response.headers["content-disposition"] == 'attachment; filename="churn.onnx"'
    rows = new_rows().drop(columns=["label"])
    pipeline = trained_pipeline(trained, "LogisticRegression")
    assert onnx_predictions(response.content, rows) == pipeline.predict(rows).tolist()


def test_a_model_onnx_cannot_hold_is_refused_with_the_joblib_suggestion(client):
    upload(client, "customers.csv", csv_bytes(mixed_classification()))
    columns = {"column_specific_settings": [{"column": "x2", "strategy": "ffill"}]}
    assert client.post("/api/handle-missing/", json=columns).status_code == 200, "ffill"
    assert client.post("/api/train-models/", json=train_body()).status_code == 200
    response = client.post(
        "/api/export-model/", json={"selected_model": "LogisticRegression", "format": "onnx"}
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "onnx_unsupported"
    assert "joblib or pkl" in body["error"]


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("empty.csv", b""),
        ("binary.csv", bytes(range(256)) * 40),
        ("image.png", b"\x89PNG\r\n\x1a\n" + bytes(300)),
        ("notes.pdf", b"%PDF-1.7\n" + bytes(300)),
        ("mixed.csv", b"x1,x2\n1,2\n" + "é;ü\n".encode("cp1252") + bytes([0xFF, 0xFE])),
    ],
)
def test_broken_files_for_prediction_get_a_4xx_json_error(trained, name, content):
    response = trained.post(
        "/api/predict/",
        files={"file": (name, content, "application/octet-stream")},
        data={"selected_model": "RandomForestClassifier"},
    )
    assert 400 <= response.status_code < 500, response.text
    assert response.json()["error"]


def test_a_huge_cell_is_an_unknown_category_to_the_model(trained):
    content = b"x1,x2,colour,flag\n1,2," + b"r" * 3_000_000 + b",true\n"
    response = trained.post(
        "/api/predict/",
        files={"file": ("huge-cell.csv", content, "text/csv")},
        data={"selected_model": "RandomForestClassifier"},
    )
    assert response.status_code == 200
    result = pd.read_csv(io.BytesIO(response.content))
    assert len(result) == 1
    assert result["prediction"][0] in ("high", "low", "mid")


def test_a_header_only_file_gives_a_header_only_prediction(trained):
    header = ",".join(new_rows().drop(columns=["label"]).columns).encode() + b"\n"
    response = trained.post(
        "/api/predict/",
        files={"file": ("empty-rows.csv", header, "text/csv")},
        data={"selected_model": "RandomForestClassifier"},
    )
    assert response.status_code == 200, response.text
    probabilities = ",probability_high,probability_low,probability_mid"
    assert response.text.splitlines() == [header.decode().strip() + ",prediction" + probabilities]
