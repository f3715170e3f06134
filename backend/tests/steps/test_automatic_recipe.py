"""The automatic recipe's choices, column by column, on built data with the quirks of real
files: ids, constants, text and numbers missing often and rarely, dates, a yes/no column
with gaps, and text with many levels."""

import numpy as np
import pandas as pd
import pytest

from lathe.errors import LatheError
from lathe.steps.automatic_recipe import ONE_HOT_LEVELS, automatic_recipe, drop_reason
from lathe.steps.encoding import DEFAULT_MAX_CATEGORIES
from lathe.steps.recipe import replay
from lathe.steps.recipe_step import RecipeStep
from tests.utils.datasets import QUIRKY_ROWS as ROWS
from tests.utils.datasets import quirky_frame


def steps_of(frame: pd.DataFrame) -> dict[int, list[RecipeStep]]:
    return {step.step_id: step.steps for step in automatic_recipe(frame, "label")}


def test_ids_and_constants_are_dropped_by_name_and_reason():
    drop = steps_of(quirky_frame())[3][0]
    assert drop["step"] == "drop_columns"
    assert drop["params"]["columns"] == ["customer_id", "code", "site"]
    assert drop["reasons"] == {
        "customer_id": {"code": "id_like"},
        "code": {"code": "id_like"},
        "site": {"code": "constant"},
    }


def test_measurements_and_dates_that_differ_in_every_row_are_kept():
    rng = np.random.default_rng(0)
    assert drop_reason(pd.Series(rng.normal(size=ROWS))) is None
    assert drop_reason(pd.Series(pd.date_range("2020-01-01", periods=ROWS))) is None
    # whole numbers all distinct but spread far wider than the rows: not a numbering
    assert drop_reason(pd.Series(rng.permutation(ROWS) * 37)) is None


def test_missing_values_are_filled_by_kind_with_indicators_where_often_missing():
    imputation = steps_of(quirky_frame())[3][1]
    params, reasons = imputation["params"], imputation["reasons"]
    assert params["strategies"] == {
        "income": "median",
        "age": "median",
        "colour": "constant",
        "town": "mode",
        "member": "mode",
    }
    assert params["fill_values"] == {"colour": "missing"}
    assert params["indicators"] == ["income", "member"]
    assert reasons["income"] == {"code": "many_missing", "missing_share": 0.2}
    assert reasons["age"] == {"code": "few_missing", "missing_share": 0.02}
    assert reasons["town"] == {"code": "no_missing", "missing_share": 0.0}
    assert "joined" not in params["strategies"] and "label" not in params["strategies"]


def test_encoding_follows_the_levels_and_never_touches_dates_or_the_target():
    encode = steps_of(quirky_frame())[5][0]
    # yes/no columns reach the models as 0/1 unencoded
    assert encode["params"]["strategies"] == {"colour": "onehot", "town": "target"}
    assert encode["reasons"]["colour"] == {"code": "encoded_onehot", "levels": 4}
    assert encode["reasons"]["town"] == {
        "code": "encoded_target",
        "levels": quirky_frame()["town"].nunique(),
    }


def test_a_column_past_the_screens_level_limit_but_within_the_recipes_is_one_hot():
    rng = np.random.default_rng(0)
    levels = DEFAULT_MAX_CATEGORIES + 4
    assert levels <= ONE_HOT_LEVELS
    frame = pd.DataFrame(
        {
            "protocol": pd.Series(rng.choice([f"p{i}" for i in range(levels)], 600), dtype="str"),
            "many": pd.Series(rng.choice([f"m{i}" for i in range(ONE_HOT_LEVELS + 1)], 600)),
            "x": rng.normal(size=600),
            "label": rng.choice(["VF", "F", "M", "L"], 600),
        }
    )
    encode = steps_of(frame)[5][0]
    assert encode["params"]["strategies"] == {"protocol": "onehot", "many": "target"}
    assert encode["reasons"]["protocol"] == {"code": "encoded_onehot", "levels": levels}


def test_the_recipe_leaves_only_numbers_dates_and_the_target():
    frame = quirky_frame()
    steps = [step for screen in automatic_recipe(frame, "label") for step in screen.steps]
    prepared = replay(frame, steps)
    assert prepared["label"].tolist() == frame["label"].tolist()
    features = prepared.drop(columns=["label", "joined"])
    assert all(
        pd.api.types.is_numeric_dtype(dtype) or pd.api.types.is_bool_dtype(dtype)
        for dtype in features.dtypes
    )
    assert not features.isna().to_numpy().any()
    assert prepared["income_missing"].sum() == 40
    assert len(prepared) == ROWS  # no row is removed


def test_a_target_is_required():
    with pytest.raises(LatheError) as refused:
        automatic_recipe(quirky_frame(), None)
    assert refused.value.code == "target_required"
