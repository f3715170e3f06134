"""The session target: chosen once, the default of every step, never changed by them."""

import io

import numpy as np
import pandas as pd

from tests.utils.client import upload


def cost_csv(rows: int = 120, seed: int = 0) -> bytes:
    """A mostly-zero cost target with missing values, and features with gaps and
    outliers."""
    rng = np.random.default_rng(seed)
    cost = np.where(rng.random(rows) < 0.85, 0.0, rng.lognormal(8, 1, rows))
    cost[[4, 9, 30]] = np.nan
    speed = rng.normal(100, 15, rows)
    speed[[2, 3]] = [900.0, -500.0]
    speed[rng.random(rows) < 0.1] = np.nan
    kind = rng.choice(["bird", "deer", "fox"], size=rows).astype(object)
    kind[rng.random(rows) < 0.1] = None
    frame = pd.DataFrame({"speed": speed, "kind": kind, "cost": cost})
    buffer = io.StringIO()
    frame.to_csv(buffer, index=False)
    return buffer.getvalue().encode()


def target_values(client) -> list:
    data = client.get("/api/get-session-data/").json()
    position = data["columns"].index("cost")
    return [row[position] for row in data["data"]]


def test_the_session_target_is_chosen_returned_and_cleared(client):
    upload(client, "cost.csv", cost_csv())
    assert client.get("/api/get-session-data/").json()["target_column"] is None
    chosen = client.put("/api/session-target/", json={"target_column": "cost"})
    assert chosen.status_code == 200 and chosen.json() == {"target_column": "cost"}
    assert client.get("/api/get-session-data/").json()["target_column"] == "cost"
    unknown = client.put("/api/session-target/", json={"target_column": "nope"})
    assert unknown.status_code == 400 and unknown.json()["code"] == "unknown_target"
    assert client.get("/api/get-session-data/").json()["target_column"] == "cost"
    cleared = client.put("/api/session-target/", json={"target_column": None})
    assert cleared.json() == {"target_column": None}


def test_missing_target_values_are_never_imputed(client):
    upload(client, "cost.csv", cost_csv())
    client.put("/api/session-target/", json={"target_column": "cost"})
    before = target_values(client)
    handled = client.post("/api/handle-missing/", json={"strategy": "mean"})
    assert handled.status_code == 200
    after = target_values(client)
    assert after == before and sum(value is None for value in after) == 3
    assert handled.json()["missing_values"] == {"speed": 0, "kind": 0, "cost": 3}
    refused = client.post(
        "/api/handle-missing/",
        json={"column_specific_settings": [{"column": "cost", "strategy": "median"}]},
    )
    assert refused.status_code == 400 and refused.json()["code"] == "target_column_not_imputed"
    dropped = client.post(
        "/api/handle-missing/", json={"drop_strategy": "columns", "drop_threshold": 0.0}
    )
    assert "cost" in dropped.json()["columns"]


def test_outlier_steps_leave_the_target_as_is(client):
    upload(client, "cost.csv", cost_csv())
    client.put("/api/session-target/", json={"target_column": "cost"})
    detected = client.post("/api/detect-outliers/", json={}).json()
    assert "cost" not in detected["outliers"]
    before = target_values(client)
    capped = client.post("/api/remove-outliers/", json={"strategy": "cap"})
    assert capped.status_code == 200
    assert target_values(client) == before
    removed = client.post("/api/remove-outliers/", json={"strategy": "remove"}).json()
    kept = [row[removed["columns"].index("cost")] for row in removed["data"]]
    assert any(value not in (None, 0.0) for value in kept)
    refused = client.post(
        "/api/remove-outliers/", json={"column_configs": {"cost": {"strategy": "cap"}}}
    )
    assert refused.status_code == 400 and refused.json()["code"] == "target_column_not_handled"


def test_a_step_that_names_the_target_sets_it_and_training_defaults_to_it(client):
    upload(client, "cost.csv", cost_csv())
    encoded = client.post(
        "/api/encode-features/", json={"default_strategy": "onehot", "target_column": "cost"}
    )
    assert encoded.status_code == 200
    assert client.get("/api/get-session-data/").json()["target_column"] == "cost"
    trained = client.post(
        "/api/train-models/",
        json={"model_names": ["LinearRegression"], "problem_type": "regression"},
    )
    assert trained.status_code == 200, trained.text
    assert trained.json()["target_column"] == "cost"
    assert trained.json()["rows_without_target"] == 3
    correlation = client.post("/api/target-correlation/", json={"target_column": "speed"})
    assert correlation.status_code == 200
    assert client.get("/api/get-session-data/").json()["target_column"] == "cost"


def test_the_detected_problem_type_is_offered_before_training(client):
    upload(client, "cost.csv", cost_csv())
    detected = client.get("/api/detect-problem-type/", params={"target_column": "cost"})
    assert detected.json()["problem_type"] == "regression"
    assert detected.json()["distinct_values"] > 10
    kind = client.get("/api/detect-problem-type/", params={"target_column": "kind"}).json()
    assert kind == {"target_column": "kind", "problem_type": "classification", "distinct_values": 3}
    unknown = client.get("/api/detect-problem-type/", params={"target_column": "x"})
    assert unknown.status_code == 400 and unknown.json()["code"] == "unknown_target"
