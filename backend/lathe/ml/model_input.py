"""The last step before a model: columns the recipe left non-numeric become numbers.

Models take numbers only, and a recipe may leave columns that are not: dates and times
(the encoding step leaves them), and text when the person skipped encoding. Rather than
failing every model, they are converted here, learned at fit like any step:

- datetime: seconds since 1970-01-01 (UTC for time-zone aware columns); missing stays
  missing;
- text and other categorical columns: ordinal codes of their sorted levels, as the
  encoding step's ``ordinal`` strategy gives them (unknown categories -1).

Numeric and boolean columns pass through, and so does the target column.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import numpy as np
import pandas as pd

from lathe.analysis.column_types import column_kind
from lathe.steps.encoding import Levels, learn_levels, level_codes
from lathe.steps.frame_estimator import FrameTransformer, with_replaced_columns

Conversion = Literal["datetime", "ordinal"]


def conversions(frame: pd.DataFrame, target_column: str | None = None) -> dict[str, Conversion]:
    """The columns of `frame` that must be converted to numbers, and how."""
    needed: dict[str, Conversion] = {}
    for name in frame.columns:
        kind = column_kind(frame[name].dtype)
        if name == target_column or kind in ("numeric", "boolean"):
            continue
        needed[str(name)] = "datetime" if kind == "datetime" else "ordinal"
    return needed


def seconds_since_epoch(series: pd.Series[Any]) -> pd.Series[Any]:
    stamps = series.dt.tz_convert(None) if series.dt.tz is not None else series
    seconds: pd.Series[Any] = (stamps - pd.Timestamp(0)) / pd.Timedelta(seconds=1)
    return seconds.astype(np.float64)


def converted_frame(
    frame: pd.DataFrame, columns: Mapping[str, Conversion], levels: Mapping[str, Levels]
) -> pd.DataFrame:
    return with_replaced_columns(
        frame,
        {
            column: seconds_since_epoch(frame[column])
            if conversion == "datetime"
            else level_codes(frame[column], levels[column])
            for column, conversion in columns.items()
        },
    )


class ModelInput(FrameTransformer):
    """Converts the non-numeric columns found at fit, the target column excepted."""

    def __init__(self, target_column: str | None = None) -> None:
        self.target_column = target_column

    def fit(self, X: Any, y: Any = None) -> ModelInput:
        frame = self._fit_frame(X)
        self.conversions_ = conversions(frame, self.target_column)
        self.levels_ = {
            column: learn_levels(frame[column])
            for column, conversion in self.conversions_.items()
            if conversion == "ordinal"
        }
        return self

    def transform(self, X: Any) -> pd.DataFrame:
        return converted_frame(self._transform_frame(X), self.conversions_, self.levels_)
