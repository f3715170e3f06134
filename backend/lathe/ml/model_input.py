"""The last step before a model: columns the recipe left non-numeric become numbers.

Models take numbers only, and a recipe may leave columns that are not: dates and times
(the encoding step leaves them), and text when the person skipped encoding. Rather than
failing every model, they are converted here, learned at fit like any step:

- datetime: seconds since 1970-01-01 (UTC for time-zone aware columns), and beside them
  the column's calendar parts (``lathe.ml.date_parts``: year, month, day, day of week, day
  of year, and hour and minute where times vary at fit); missing stays missing;
- text and other categorical columns: ordinal codes of their sorted levels, as the
  encoding step's ``ordinal`` strategy gives them (unknown categories -1).

Numeric and boolean columns pass through, and so does the target column, except that
infinities in the feature columns (a file's ``inf``, a division by zero upstream) become
missing values: no catalogue model takes them, and each then handles them as it handles
missing values.

With ``impute`` (models that cannot take missing values: every catalogue model but the
trees, forests and boosters), missing values left by the recipe are filled here, learned
on the fit rows: the median of a numeric column, the most frequent value of codes,
booleans and whole-number columns (0 for a column with no value at fit).
``imputed_cells_`` counts the cells filled at fit.

With ``non_negative`` (MultinomialNB, which takes counts), a column with negative values
at fit is shifted by its fit minimum so that it starts at 0; lower values in new rows
become 0.

With ``standardize`` (models whose solvers converge slowly, or not at all, on columns of
very different scales: logistic regression, support vector machines, lasso and elastic
net; and k-neighbours, whose distances a date's seconds since 1970 would otherwise
swamp), every column the recipe did not scale (``scaled``) is standardized with its fit
mean and standard deviation (1 for a constant column), after the imputation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
import pandas as pd

from lathe.analysis.column_types import column_kind
from lathe.ml.date_parts import part_columns, part_values, parts_to_learn, utc_stamps
from lathe.steps.encoding import Levels, learn_levels, level_codes
from lathe.steps.frame_estimator import (
    FrameTransformer,
    Names,
    with_added_columns,
    with_replaced_columns,
)

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
    seconds: pd.Series[Any] = (utc_stamps(series) - pd.Timestamp(0)) / pd.Timedelta(seconds=1)
    return seconds.astype(np.float64)


def converted_frame(
    frame: pd.DataFrame,
    columns: Mapping[str, Conversion],
    levels: Mapping[str, Levels],
    date_parts: Mapping[str, Mapping[str, str]],
) -> pd.DataFrame:
    """Dates as their seconds, their parts added at the end; text as codes."""
    converted = with_replaced_columns(
        frame,
        {
            column: seconds_since_epoch(frame[column])
            if conversion == "datetime"
            else level_codes(frame[column], levels[column])
            for column, conversion in columns.items()
        },
    )
    parts = {
        name: part_values(frame[column], part)
        for column, names in date_parts.items()
        for part, name in names.items()
    }
    return with_added_columns(converted, parts) if parts else converted


def _takes_most_frequent(series: pd.Series[Any], conversion: Conversion | None) -> bool:
    return (
        conversion == "ordinal"
        or column_kind(series.dtype) == "boolean"
        or pd.api.types.is_integer_dtype(series.dtype)
    )


def known_values(series: pd.Series[Any]) -> npt.NDArray[np.float64]:
    """A converted column's values as floats, missing ones left out."""
    values = series.to_numpy(dtype=np.float64, na_value=np.nan)
    known: npt.NDArray[np.float64] = values[~np.isnan(values)]
    return known


def fill_value(series: pd.Series[Any], conversion: Conversion | None) -> float:
    """What fills a converted column's missing values: its median, or its most frequent
    value (the smallest on ties) for codes, booleans and whole numbers; 0 when empty."""
    values = known_values(series)
    if values.size == 0:
        return 0.0
    if _takes_most_frequent(series, conversion):
        distinct, counts = np.unique(values, return_counts=True)
        return float(distinct[np.argmax(counts)])
    return float(np.median(values))


def finite_frame(frame: pd.DataFrame, features: Sequence[str]) -> pd.DataFrame:
    """Infinities in the float columns among `features` made missing."""
    finite = {}
    for column in features:
        if pd.api.types.is_float_dtype(frame[column].dtype):
            values = frame[column].to_numpy(dtype=np.float64, na_value=np.nan)
            infinite = np.isinf(values)
            if infinite.any():
                finite[column] = np.where(infinite, np.nan, values)
    return with_replaced_columns(frame, finite) if finite else frame


def filled_frame(frame: pd.DataFrame, fill_values: Mapping[str, float]) -> pd.DataFrame:
    """Missing values filled, in float64 (nullable booleans and integers included)."""
    filled = {}
    for column, value in fill_values.items():
        if frame[column].hasnans:
            values = frame[column].to_numpy(dtype=np.float64, na_value=np.nan)
            filled[column] = np.where(np.isnan(values), value, values)
    return with_replaced_columns(frame, filled) if filled else frame


class ModelInput(FrameTransformer):
    """Converts the non-numeric columns found at fit, the target column excepted; with
    ``impute``, fills missing values."""

    def __init__(
        self,
        target_column: str | None = None,
        impute: bool = False,
        non_negative: bool = False,
        standardize: bool = False,
        scaled: Sequence[str] = (),
    ) -> None:
        self.target_column = target_column
        self.impute = impute
        self.non_negative = non_negative
        self.standardize = standardize
        self.scaled = scaled

    def fit(self, X: Any, y: Any = None) -> ModelInput:
        frame = self._fit_frame(X)
        self.conversions_ = conversions(frame, self.target_column)
        self.levels_ = {
            column: learn_levels(frame[column])
            for column, conversion in self.conversions_.items()
            if conversion == "ordinal"
        }
        self.date_parts_ = part_columns(
            [str(name) for name in frame.columns],
            {
                column: parts_to_learn(frame[column])
                for column, conversion in self.conversions_.items()
                if conversion == "datetime"
            },
        )
        self.fill_values_: dict[str, float] = {}
        self.imputed_cells_ = 0
        self.shifts_: dict[str, float] = {}
        self.standard_scales_: dict[str, tuple[float, float]] = {}
        if not (self.impute or self.non_negative or self.standardize):
            return self
        converted = self._converted(frame)
        features = self._features(converted)
        if self.impute:
            self.fill_values_ = {
                name: fill_value(converted[name], self.conversions_.get(name)) for name in features
            }
            self.imputed_cells_ = int(converted[features].isna().to_numpy().sum())
        if self.non_negative:
            lowest = {name: converted[name].min(skipna=True) for name in features}
            self.shifts_ = {name: float(low) for name, low in lowest.items() if low < 0}
        if self.standardize:
            filled = filled_frame(converted, self.fill_values_)
            scaled = set(self.scaled)
            unscaled = [name for name in features if name not in scaled]
            self.standard_scales_ = {name: mean_and_scale(filled[name]) for name in unscaled}
        return self

    def transform(self, X: Any) -> pd.DataFrame:
        converted = self._converted(self._transform_frame(X))
        filled = filled_frame(converted, self.fill_values_)
        changed = {
            name: (filled[name].astype(np.float64) - low).clip(lower=0.0)
            for name, low in self.shifts_.items()
        }
        changed |= {
            name: (filled[name].astype(np.float64) - mean) / scale
            for name, (mean, scale) in self.standard_scales_.items()
        }
        return with_replaced_columns(filled, changed) if changed else filled

    def _converted(self, frame: pd.DataFrame) -> pd.DataFrame:
        # models stored before dates had parts have none
        date_parts = getattr(self, "date_parts_", {})
        converted = converted_frame(frame, self.conversions_, self.levels_, date_parts)
        return finite_frame(converted, self._features(converted))

    def get_feature_names_out(self, input_features: Any = None) -> Names:
        names = super().get_feature_names_out(input_features)
        parts = [name for names in self.date_parts_.values() for name in names.values()]
        return np.asarray([*names, *parts], dtype=object)

    def _features(self, frame: pd.DataFrame) -> list[str]:
        return [str(name) for name in frame.columns if name != self.target_column]


def mean_and_scale(series: pd.Series[Any]) -> tuple[float, float]:
    """The mean and population standard deviation of the values (0 and 1 when there are
    none; a scale of 1 for a constant column)."""
    values = known_values(series)
    if values.size == 0:
        return 0.0, 1.0
    scale = float(values.std())
    return float(values.mean()), scale if scale > 0 else 1.0
