"""A step that indirectly empties the target's variation: on a strike-like file whose cost
target is zero in most rows, IQR removal of outliers in the other cost columns removes
every row with a non-zero target. Training refuses the constant target and names the step;
the outlier step's answer says what removal does to the target."""

import numpy as np
import pandas as pd
import pytest

from tests.utils.client import upload
from tests.utils.training import csv_bytes, train_body


def strikes(rows: int = 400, seed: int = 5) -> pd.DataFrame:
    generator = np.random.default_rng(seed)
    damaged = np.arange(rows) % 10 == 0
    return pd.DataFrame(
        {
            "Speed": generator.uniform(100, 180, rows).round(),
            "Repair Cost": np.where(damaged, generator.uniform(5000, 90000, rows), 0.0),
            "Other Cost": np.where(damaged, generator.uniform(100, 9000, rows), 0.0),
            "Total Cost": np.where(damaged, generator.uniform(6000, 99000, rows), 0.0),
        }
    )


@pytest.fixture
def outliers_removed(client):
    upload(client, "strikes.csv", csv_bytes(strikes()))
    client.put("/api/session-target/", json={"target_column": "Total Cost"})
    answer = client.post("/api/remove-outliers/", json={"method": "iqr"}).json()
    assert answer["shape"][0] == 360
    return client, answer


def test_training_refuses_the_constant_target_naming_the_outlier_step(outliers_removed):
    client, _ = outliers_removed
    body = train_body(
        target_column="Total Cost", problem_type="regression", model_names=["LinearRegression"]
    )
    response = client.post("/api/train-models/", json=body)
    assert response.status_code == 400, response.text
    refusal = response.json()
    assert refusal["code"] == "target_constant_after_step"
    said = "the outlier row removal step (step 4) removed every row where it varied"
    assert said in refusal["error"]
    assert refusal["params"] == {
        "column": "Total Cost",
        "value": "0",
        "step_number": 4,
        "rows": 360,
    }


def test_a_target_constant_as_uploaded_is_refused(client):
    upload(client, "flat.csv", csv_bytes(strikes().assign(Flat=1.5)))
    body = train_body(target_column="Flat", problem_type="regression", model_names=["Ridge"])
    response = client.post("/api/train-models/", json=body)
    assert response.status_code == 400
    assert response.json()["code"] == "target_constant"


def test_the_outlier_step_says_the_removal_leaves_the_target_one_value(client):
    upload(client, "strikes.csv", csv_bytes(strikes()))
    client.put("/api/session-target/", json={"target_column": "Total Cost"})
    detected = client.post("/api/detect-outliers/", json={"method": "iqr"}).json()
    assert detected["target_effect"] == {
        "column": "Total Cost",
        "rows_before": 400,
        "rows_after": 360,
        "distinct_before": 41,
        "distinct_after": 1,
        "mean_before": pytest.approx(strikes()["Total Cost"].mean()),
        "mean_after": 0.0,
        "one_value": True,
    }
    answer = client.post("/api/remove-outliers/", json={"method": "iqr"}).json()
    assert answer["message"].startswith("Outliers handled: 40 rows removed. ")
    assert 'The target "Total Cost" keeps 1 of its 41 distinct values' in answer["message"]
    warning = "the removal left it one value, so training would have nothing to learn"
    assert warning in answer["message"]
