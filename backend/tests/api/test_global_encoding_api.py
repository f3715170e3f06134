"""A global encoding strategy applies to every column it can and encodes the others by
the auto rule, naming them: a global one-hot of a wildlife-strike-like file whose aircraft
column has 225 levels one-hot encodes the small columns and target-encodes that one."""

import pandas as pd
import pytest

from tests.utils.client import upload
from tests.utils.training import csv_bytes


def strikes(rows: int = 900) -> pd.DataFrame:
    return pd.DataFrame(
        {
            "Aircraft Make Model": [f"model {i % 225}" for i in range(rows)],
            "Phase": [["climb", "landing", "taxi"][i % 3] for i in range(rows)],
            "Sky": [["clear", "overcast"][i % 2] for i in range(rows)],
            "Cost": [float((i * 37) % 1000) for i in range(rows)],
        }
    )


@pytest.fixture
def uploaded(client):
    upload(client, "strikes.csv", csv_bytes(strikes()))
    return client


def test_a_global_one_hot_encodes_a_column_with_too_many_levels_by_the_auto_rule(uploaded):
    body = {"default_strategy": "onehot", "target_column": "Cost"}
    response = uploaded.post("/api/encode-features/", json=body)
    answer = response.json()
    assert response.status_code == 200, answer
    assert answer["encoded_by_auto"] == {"Aircraft Make Model": "target"}
    assert "encoded by the auto rule instead: Aircraft Make Model (target)" in answer["message"]
    assert {"Phase_climb", "Sky_clear", "Aircraft Make Model"} <= set(answer["columns"])


def test_without_a_target_the_column_is_encoded_as_ordinal(uploaded):
    answer = uploaded.post("/api/encode-features/", json={"default_strategy": "onehot"}).json()
    assert answer["encoded_by_auto"] == {"Aircraft Make Model": "ordinal"}


def test_a_one_hot_chosen_for_that_column_itself_is_still_refused(uploaded):
    settings = [{"column": "Aircraft Make Model", "strategy": "onehot"}]
    response = uploaded.post("/api/encode-features/", json={"column_specific_settings": settings})
    assert response.status_code == 400
    assert response.json()["code"] == "too_many_categories_for_onehot"


def test_the_recipe_keeps_naming_the_columns_the_auto_rule_encoded(uploaded):
    body = {"default_strategy": "onehot", "target_column": "Cost"}
    assert uploaded.post("/api/encode-features/", json=body).status_code == 200
    (encode,) = uploaded.get("/api/recipe/").json()["steps"]
    assert encode["step"] == "encode"
    assert encode["encoded_by_auto"] == {"Aircraft Make Model": "target"}


def test_a_global_strategy_that_applies_to_every_column_names_none(uploaded):
    body = {"default_strategy": "target", "target_column": "Cost"}
    answer = uploaded.post("/api/encode-features/", json=body).json()
    assert answer["encoded_by_auto"] == {}
    (encode,) = uploaded.get("/api/recipe/").json()["steps"]
    assert encode["encoded_by_auto"] == {}
