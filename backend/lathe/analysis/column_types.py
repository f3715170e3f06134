"""Classification of a frame's columns into the four kinds the analysis screen counts."""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
import pandas as pd
from pandas.api.extensions import ExtensionDtype
from pandas.api.types import (
    is_bool_dtype,
    is_complex_dtype,
    is_datetime64_any_dtype,
    is_numeric_dtype,
)
from typing_extensions import TypedDict

ColumnKind = Literal["numeric", "categorical", "boolean", "datetime"]


class ColumnTypes(TypedDict):
    """Column names per kind, each list in frame order."""

    numeric: list[str]
    categorical: list[str]
    boolean: list[str]
    datetime: list[str]


def column_kind(dtype: np.dtype[Any] | ExtensionDtype) -> ColumnKind:
    """The kind of a column from its dtype alone.

    - boolean: ``bool``, nullable ``boolean`` and ``bool[pyarrow]``;
    - datetime: every ``datetime64`` dtype, time-zone aware ones included;
    - numeric: every other numeric dtype (numpy, nullable and pyarrow ints and floats);
      complex numbers have no order or correlation and are counted as categorical;
    - categorical: everything else (``object``, ``str``, ``string``, ``category``,
      timedeltas, ...).

    The dtype decides, not the values: an ``object`` column holding numbers is categorical.
    """
    if is_bool_dtype(dtype):
        return "boolean"
    if is_datetime64_any_dtype(dtype):
        return "datetime"
    if is_numeric_dtype(dtype) and not is_complex_dtype(dtype):
        return "numeric"
    return "categorical"


def classify_columns(frame: pd.DataFrame) -> ColumnTypes:
    """Split the frame's columns into numeric, categorical, boolean and datetime lists."""
    kinds: ColumnTypes = {"numeric": [], "categorical": [], "boolean": [], "datetime": []}
    for name, dtype in frame.dtypes.items():
        kinds[column_kind(dtype)].append(str(name))
    return kinds
