"""Explanations through the API: every supervised catalogue model, on data with the
quirks of real files."""

import io
import time

import numpy as np
import pandas as pd
import pytest

from lathe.ml.catalog import ENTRIES
from tests.utils.client import upload
from tests.utils.training import csv_bytes

TOP = [f"top_{rank}_{part}" for rank in (1, 2, 3) for part in ("column", "contribution")]
EXPLAIN_SECONDS = 60.0


def quirky(rows: int, seed: int, problem: str) -> pd.DataFrame:
    """Missing values, a rare level, text categories, a date column and a target."""
    rng = np.random.default_rng(seed)
    amount = rng.normal(50, 10, rows)
    city = rng.choice(["Paris", "Rome", "Oslo", "Lima"], rows).astype(object)
    city[rng.random(rows) < 0.01] = "Reykjavik"  # a rare level
    plan = rng.choice(["basic", "plus", "pro", "max", "team"], rows)
    day = pd.Timestamp("2023-01-01") + pd.to_timedelta(rng.integers(0, 365, rows), "D")
    score = (amount - 50) / 10 + (plan == "pro") + (city == "Rome") + rng.normal(0, 0.3, rows)
    frame = pd.DataFrame(
        {
            "amount": amount,
            "city": city,
            "plan": plan,
            "signup": day.strftime("%Y-%m-%d"),
            "visits": rng.poisson(3, rows).astype(float),
        }
    )
    frame.loc[rng.random(rows) < 0.06, "amount"] = np.nan
    frame.loc[rng.random(rows) < 0.04, "city"] = None
    frame["target"] = (
        np.where(score > 1, "high", np.where(score > 0, "mid", "low"))
        if problem == "classification"
        else score * 10
    )
    return frame


def models(problem: str) -> list[str]:
    return [entry.name for entry in ENTRIES.values() if entry.problem_type == problem]


@pytest.fixture(params=["classification", "regression"])
def trained(request, client):
    problem = request.param
    upload(client, "shop.csv", csv_bytes(quirky(240, 0, problem)))
    assert client.post("/api/handle-missing/", json={}).status_code == 200
    encoded = client.post("/api/encode-features/", json={"target_column": "target"})
    assert encoded.status_code == 200, encoded.text
    body = {
        "model_names": models(problem),
        "target_column": "target",
        "problem_type": problem,
        "validation_method": "train_test",
        "test_size": 0.2,
    }
    response = client.post("/api/train-models/", json=body)
    assert response.status_code == 200, response.text
    assert response.json()["failed_models"] == []
    return client, problem


def test_every_supervised_model_is_explained_when_asked(trained):
    client, problem = trained
    results = client.post("/api/evaluate-models/").json()["results"]
    assert [result["model"] for result in results] == models(problem)
    for result in results:
        asked = client.post("/api/explanations/", json={"model": result["model"]})
        assert asked.status_code == 200, asked.text
        assert asked.json()["feature_importances"] is not None, result["model"]
        explanation = asked.json()["explanation"]
        assert explanation is not None, result["model"]
        columns = {item["column"] for item in explanation["columns"]}
        assert columns <= {"amount", "city", "plan", "signup", "visits"}
        assert "city" in columns and "plan" in columns
        assert 0 < explanation["rows"] <= explanation["of_rows"] == 48


def test_explain_adds_the_top_columns_for_every_model(trained):
    client, problem = trained
    rows = quirky(40, 5, problem).drop(columns=["target"])
    rows.loc[0, "city"] = "Atlantis"  # unknown level
    for model in models(problem):
        started = time.perf_counter()
        response = client.post(
            "/api/predict/",
            files={"file": ("new.csv", csv_bytes(rows), "text/csv")},
            data={"selected_model": model, "explain": "true"},
        )
        seconds = time.perf_counter() - started
        assert response.status_code == 200, (model, response.text)
        assert seconds < EXPLAIN_SECONDS, model
        result = pd.read_csv(io.BytesIO(response.content))
        assert list(result.columns[-6:]) == TOP, model
        assert len(result) == 40
        assert set(result["top_1_column"]) <= set(rows.columns)
        first, second = result["top_1_contribution"].abs(), result["top_2_contribution"].abs()
        assert (first >= second).all(), model
        plain = client.post(
            "/api/predict/",
            files={"file": ("new.csv", csv_bytes(rows), "text/csv")},
            data={"selected_model": model},
        )
        unexplained = pd.read_csv(io.BytesIO(plain.content))
        assert not set(TOP) & set(unexplained.columns)
        pd.testing.assert_series_equal(unexplained["prediction"], result["prediction"])
