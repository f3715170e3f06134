from typing import get_args

import pandas as pd

from lathe.steps.applied import APPLIED_MESSAGES, AppliedSteps, StepAction
from lathe.steps.columns import column_drop_steps
from lathe.steps.encoding import encoding_steps
from lathe.steps.missing import missing_value_steps
from lathe.steps.recipe import replay
from lathe.steps.recipe_step import RecipeStep


def frame() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "id": [f"r{i}" for i in range(40)],
            "city": ["ankara", "bern"] * 20,
            "age": [float(i) if i % 10 else None for i in range(40)],
        }
    )


def applied(action: StepAction, steps: list[RecipeStep]) -> AppliedSteps:
    before = frame()
    return AppliedSteps(action, before, replay(before, steps), steps)


def test_a_table_drop_names_one_column_and_counts_more():
    one = applied("drop_columns", column_drop_steps(frame(), ["city"]))
    assert one.message == 'Column "city" dropped.'
    assert applied("drop_columns", column_drop_steps(frame(), ["city", "age"])).message == (
        "2 columns dropped"
    )


def test_the_correlation_step_counts_even_one_column():
    assert applied("correlation", column_drop_steps(frame(), ["age"])).message == (
        "1 columns dropped"
    )


def test_missing_values_message_counts_from_the_frames():
    change = applied("missing", missing_value_steps(frame(), strategy="median"))
    assert change.changed
    assert change.message == (
        "Missing values handled: 4 filled or removed, 0 rows and 0 columns dropped."
    )


def test_encoding_names_encoded_and_id_like_columns():
    change = applied("encoding", encoding_steps(frame(), default_strategy="auto"))
    assert change.acted_on("drop_columns") == ["id"]
    assert change.message == (
        "Encoded 1 columns: city. Dropped id-like columns (a distinct value in almost every "
        "row): id. Undo brings them back."
    )


def test_a_change_without_steps_is_worded_and_unchanged():
    nothing = applied("encoding", [])
    assert not nothing.changed
    assert nothing.message == "No categorical column to encode."
    assert applied("outliers", []).message == "Outliers handled: 0 rows removed."
    assert applied("scaling", []).message == "Scaled 0 columns."


def test_every_action_has_a_message():
    assert set(APPLIED_MESSAGES) == set(get_args(StepAction))
