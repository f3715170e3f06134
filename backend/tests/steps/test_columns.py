import pandas as pd
import pytest

from lathe.steps.columns import ColumnDropper, column_drop_steps, drop_columns
from lathe.steps.errors import StepConfigError


def frame() -> pd.DataFrame:
    return pd.DataFrame({"a": [1, 2], "b": ["x", "y"], "c": [0.5, 1.5]})


def test_drop_columns():
    assert list(drop_columns(frame(), ["a", "c"]).columns) == ["b"]


def test_pure_function_equals_the_transformer():
    dropper = ColumnDropper(columns=["b"])
    pd.testing.assert_frame_equal(dropper.fit_transform(frame()), drop_columns(frame(), ["b"]))
    assert dropper.get_feature_names_out().tolist() == ["a", "c"]


def test_steps_record_the_columns_once():
    assert column_drop_steps(frame(), ["c", "a", "c"]) == [
        {"step": "drop_columns", "params": {"columns": ["c", "a"]}}
    ]


def test_refusals():
    with pytest.raises(StepConfigError) as refused:
        column_drop_steps(frame(), [])
    assert refused.value.message == "Please select at least one column to drop."
    with pytest.raises(StepConfigError) as refused:
        column_drop_steps(frame(), ["a", "b", "c"])
    assert refused.value.message == "You cannot drop the last column."
    with pytest.raises(StepConfigError) as refused:
        column_drop_steps(frame(), ["a", "z", "y"])
    assert refused.value.message == "Unknown columns: z, y"
    with pytest.raises(StepConfigError):
        ColumnDropper(columns=["z"]).fit(frame())
