"""Prepare automatically through the API: steps recorded per screen with their reasons,
undone like any step, and a recipe the models train on."""

import pytest

from tests.utils.client import upload
from tests.utils.datasets import quirky_frame
from tests.utils.training import csv_bytes, train_body


@pytest.fixture
def prepared(client):
    upload(client, "customers.csv", csv_bytes(quirky_frame()))
    client.put("/api/session-target/", json={"target_column": "label"})
    response = client.post("/api/prepare-automatically/")
    assert response.status_code == 200, response.text
    return response.json()


def test_a_target_is_needed_first(client):
    upload(client, "customers.csv", csv_bytes(quirky_frame()))
    response = client.post("/api/prepare-automatically/")
    assert response.status_code == 400
    assert response.json()["code"] == "target_required"
    assert client.get("/api/recipe/").json()["steps"] == []


def test_each_screen_records_its_steps_and_says_why(prepared, client):
    assert [screen["step_id"] for screen in prepared["screens"]] == [3, 5]
    assert "customer_id" not in prepared["columns"] and "income_missing" in prepared["columns"]
    steps = client.get("/api/recipe/").json()["steps"]
    assert [step["step"] for step in steps] == ["drop_columns", "impute_missing", "encode"]
    drops = {column["column"]: column["reason"]["code"] for column in steps[0]["columns"]}
    assert drops == {"customer_id": "id_like", "code": "id_like", "site": "constant"}
    income = next(column for column in steps[1]["columns"] if column["column"] == "income")
    assert income["setting"] == "median" and income["indicator"] is True
    assert income["reason"] == {"code": "many_missing", "missing_share": 0.2, "levels": None}


def test_undo_on_the_encoding_screen_removes_only_the_encoding(prepared, client):
    response = client.post("/api/undo-step/", json={"step_id": 5})
    assert response.status_code == 200, response.text
    assert "colour" in response.json()["columns"]
    steps = client.get("/api/recipe/").json()["steps"]
    assert [step["step"] for step in steps] == ["drop_columns", "impute_missing"]


def test_models_train_on_the_prepared_data(prepared, client):
    response = client.post("/api/train-models/", json=train_body())
    assert response.status_code == 200, response.text
    trained = response.json()
    assert trained["failed_models"] == []
    assert set(trained["trained_models"]) == {"LogisticRegression", "RandomForestClassifier"}
