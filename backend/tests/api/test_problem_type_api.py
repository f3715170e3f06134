"""A float target with many values (a car's fuel use) is a number to predict: auto-detect
says regression, regression trains, and classification is refused in one short message."""

import numpy as np
import pandas as pd
import pytest

from tests.utils.client import upload
from tests.utils.training import csv_bytes, train_body


def cars_like(rows: int = 300, seed: int = 3) -> pd.DataFrame:
    """Car specs whose miles per gallon (9.0 to 46.6, one decimal) follow weight and power."""
    generator = np.random.default_rng(seed)
    weight = generator.uniform(1600, 5100, rows).round()
    horsepower = (weight / 30 + generator.normal(0, 12, rows)).clip(46, 230).round()
    mpg = (58 - weight / 130 - horsepower / 25 + generator.normal(0, 2, rows)).clip(9, 46.6)
    return pd.DataFrame(
        {
            "cylinders": np.where(weight > 3500, 8, np.where(weight > 2500, 6, 4)),
            "weight": weight,
            "horsepower": horsepower,
            "origin": generator.choice(["usa", "europe", "japan"], rows),
            "mpg": mpg.round(1),
        }
    )


@pytest.fixture
def cars(client):
    upload(client, "cars.csv", csv_bytes(cars_like()))
    return client


def test_the_float_target_is_detected_as_regression_and_trains_regressors(cars):
    detected = cars.get("/api/detect-problem-type/", params={"target_column": "mpg"}).json()
    assert detected["problem_type"] == "regression"
    assert detected["distinct_values"] > 100
    body = train_body(
        target_column="mpg",
        problem_type=detected["problem_type"],
        model_names=["LinearRegression", "RandomForestRegressor"],
    )
    response = cars.post("/api/train-models/", json=body)
    assert response.status_code == 200, response.text
    assert response.json()["trained_models"] == ["LinearRegression", "RandomForestRegressor"]


def test_classification_of_the_float_target_is_refused_suggesting_regression(cars):
    response = cars.post("/api/train-models/", json=train_body(target_column="mpg"))
    assert response.status_code == 400, response.text
    refusal = response.json()
    assert refusal["code"] == "most_classes_too_small"
    assert "Choose regression" in refusal["error"]
    assert len(refusal["error"]) < 300
    assert refusal["params"]["column"] == "mpg"
    assert cars.get("/api/training-result/").status_code != 200
