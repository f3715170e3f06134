"""Measures written with their unit: numbers when the unit is the same in every row."""

import pandas as pd
import pytest

from lathe.io.type_inference import infer_types


def inferred(values: list[str | None], decimal_comma: bool = False) -> pd.Series:
    frame = pd.DataFrame({"value": pd.Series(values, dtype=object)})
    return infer_types(frame, decimal_comma)["value"]


@pytest.mark.parametrize(
    ("values", "numbers", "decimal_comma"),
    [
        (["12 kg", "3.5 kg", None, "40kg"], [12, 3.5, None, 40], False),
        (["1,248 CC", "796 CC", "2,494 cc"], [1248, 796, 2494], False),
        (["23.4 kmpl", "-1.5 kmpl"], [23.4, -1.5], False),
        (["60 km/h", "110 km/h"], [60, 110], False),
        (["1 bedroom", "3 bedrooms"], [1, 3], False),
        (["850 m²", "1 200 m²"], [850, 1200], True),
        (["12,5 kg", "1.250,75 kg"], [12.5, 1250.75], True),
    ],
)
def test_measures_read_as_numbers(values, numbers, decimal_comma):
    column = inferred(values, decimal_comma)
    assert column.dtype == "float64"
    expected = pd.Series(numbers, dtype="float64", name="value")
    pd.testing.assert_series_equal(column, expected)


@pytest.mark.parametrize(
    "values",
    [
        # two units: which one a number means is lost if read as numbers
        ["10 min", "2 h"],
        ["1st", "2nd", "3rd"],
        # a unit with no number, a word
        ["12 kg", "kg"],
        ["12 kg", "unknown"],
        ["Model 3", "Model 5"],
        ["10:30", "11:45"],
    ],
)
def test_other_text_stays_text(values):
    assert inferred(values).tolist() == values
