import numpy as np
import pandas as pd

from lathe.analysis.column_types import classify_columns, column_kind


def test_classify_columns_covers_every_dtype_family():
    frame = pd.DataFrame(
        {
            "f": np.array([1.5, 2.5]),
            "i": np.array([1, 2], dtype=np.int32),
            "u": np.array([1, 2], dtype=np.uint8),
            "ni": pd.array([1, None], dtype="Int64"),
            "nf": pd.array([1.0, None], dtype="Float64"),
            "b": np.array([True, False]),
            "nb": pd.array([True, None], dtype="boolean"),
            "d": pd.to_datetime(["2020-01-01", "2020-01-02"]),
            "dtz": pd.to_datetime(["2020-01-01", "2020-01-02"]).tz_localize("Europe/Berlin"),
            "o": pd.Series(["x", 1], dtype=object),
            "s": pd.Series(["x", None], dtype="str"),
            "ps": pd.Series(["x", "y"], dtype="string"),
            "c": pd.Categorical(["x", "y"]),
            "td": pd.to_timedelta([1, 2], unit="s"),
        }
    )
    assert classify_columns(frame) == {
        "numeric": ["f", "i", "u", "ni", "nf"],
        "categorical": ["o", "s", "ps", "c", "td"],
        "boolean": ["b", "nb"],
        "datetime": ["d", "dtz"],
    }


def test_complex_numbers_are_not_numeric():
    assert column_kind(np.dtype(np.complex128)) == "categorical"


def test_object_column_of_numbers_is_categorical_by_dtype():
    assert column_kind(pd.Series([1, 2], dtype=object).dtype) == "categorical"


def test_empty_frame():
    assert classify_columns(pd.DataFrame()) == {
        "numeric": [],
        "categorical": [],
        "boolean": [],
        "datetime": [],
    }
