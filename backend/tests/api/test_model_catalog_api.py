"""The catalogue is the one list of models: what it holds is listed, trained, optimized
and exported, with no other change."""

import io

import joblib
import pytest
from scipy.stats import loguniform
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

from lathe.ml.catalog import ENTRIES, CatalogEntry, SearchSpace
from tests.utils.client import upload
from tests.utils.datasets import mixed_classification
from tests.utils.predictions import new_rows, onnx_predictions
from tests.utils.training import csv_bytes, train_body, trained_pipeline

ADDED = "LinearDiscriminantAnalysis"


def test_the_catalogue_lists_every_model_in_order_with_its_search_space(client):
    response = client.get("/api/model-catalog/")
    assert response.status_code == 200
    models = response.json()["models"]
    assert [model["name"] for model in models] == list(ENTRIES)
    by_name = {model["name"]: model for model in models}
    assert {model["problem_type"] for model in models} == {
        "classification",
        "regression",
        "clustering",
    }
    forest = by_name["RandomForestClassifier"]
    assert forest["problem_type"] == "classification"
    assert forest["row_limit"] == 100_000
    assert by_name["LinearRegression"]["row_limit"] is None
    assert [model["name"] for model in models if model["scaled_target"]] == ["SVR"]
    neighbours = by_name["KNeighborsClassifier"]["search_space"]
    assert neighbours["grid"] == {
        "n_neighbors": [3, 5, 7, 11, 15],
        "weights": ["uniform", "distance"],
    }
    assert neighbours["distributions"] == {
        "n_neighbors": {"distribution": "randint", "low": 1, "high": 50},
        "weights": {"choices": ["uniform", "distance"]},
    }


def test_the_catalogue_needs_no_session(client):
    client.cookies.clear()
    assert client.get("/api/model-catalog/").status_code == 200


@pytest.fixture
def added_model(monkeypatch):
    entry = CatalogEntry(
        ADDED,
        "classification",
        LinearDiscriminantAnalysis,
        {},
        SearchSpace(
            grid={"solver": ["svd", "lsqr"]},
            distributions={"tol": loguniform(1e-6, 1e-3)},
        ),
        scaled_input=True,
    )
    monkeypatch.setitem(ENTRIES, ADDED, entry)
    return entry


def test_a_model_added_to_the_catalogue_is_listed_trained_optimized_and_exported(
    client, added_model
):
    listed = client.get("/api/model-catalog/").json()["models"]
    assert listed[-1] == {
        "name": ADDED,
        "problem_type": "classification",
        "row_limit": None,
        "search_space": {
            "grid": {"solver": ["svd", "lsqr"]},
            "distributions": {"tol": {"distribution": "loguniform", "low": 1e-6, "high": 1e-3}},
        },
        "scaled_target": False,
    }

    upload(client, "customers.csv", csv_bytes(mixed_classification()))
    assert client.post("/api/encode-features/", json={"target_column": "label"}).status_code == 200
    trained = client.post("/api/train-models/", json=train_body(model_names=[ADDED]))
    assert trained.status_code == 200, trained.text
    assert trained.json()["trained_models"] == [ADDED]
    evaluation = client.post("/api/evaluate-models/").json()
    assert evaluation["best_model"] == ADDED
    assert evaluation["results"][0]["metrics"]["accuracy"] > 0.6

    optimized = client.post(
        "/api/optimize-model/",
        json={"selected_model": ADDED, "optimization_method": "grid_search", "cv_folds": 3},
    )
    assert optimized.status_code == 200, optimized.text
    assert [trial["params"] for trial in optimized.json()["trials"]] == [
        {"solver": "svd"},
        {"solver": "lsqr"},
    ]

    rows = new_rows().drop(columns=["label"])
    expected = trained_pipeline(client, ADDED, optimized=True).predict(rows).tolist()
    for export_format in ("joblib", "onnx"):
        exported = client.post(
            "/api/export-model/",
            json={"selected_model": ADDED, "format": export_format, "optimized": True},
        )
        assert exported.status_code == 200, exported.text
        if export_format == "joblib":
            predicted = joblib.load(io.BytesIO(exported.content)).predict(rows).tolist()
        else:
            predicted = onnx_predictions(exported.content, rows)
        assert predicted == expected, export_format
