"""Which columns a step treats as numeric and which as categorical, by dtype."""

from __future__ import annotations

from typing import Any

import pandas as pd

from lathe.analysis.column_types import column_kind


def is_numeric(series: pd.Series[Any]) -> bool:
    """A numeric dtype other than boolean (numpy, nullable and pyarrow ints and floats)."""
    return column_kind(series.dtype) == "numeric"


def is_categorical(series: pd.Series[Any]) -> bool:
    """Neither numeric, boolean nor datetime: text, ``category``, ``object``..."""
    return column_kind(series.dtype) == "categorical"


def is_datetime(series: pd.Series[Any]) -> bool:
    """A ``datetime64`` dtype, time-zone aware ones included."""
    return column_kind(series.dtype) == "datetime"


def numeric_columns(frame: pd.DataFrame) -> list[str]:
    return [str(name) for name in frame.columns if is_numeric(frame[name])]
