"""Step 7, scaling: numeric columns centred and scaled, ``(x - center) / scale``.

- ``standard``: mean and standard deviation (ddof 0), as sklearn's ``StandardScaler``;
- ``minmax``: minimum and range, onto [0, 1], as ``MinMaxScaler``;
- ``robust``: median and interquartile range (linear interpolation), as ``RobustScaler``.

Statistics come from the finite values of the fit rows; missing values stay missing. A
scale of 0 (a constant column) is replaced by 1, as sklearn does. Scaled columns are
``float64``.

Candidates are the numeric columns (by dtype; booleans are not numeric), and the text
columns in which at least 80 % of the non-empty values read as numbers; those are
converted to numbers (values that do not read as numbers become missing). The target
column is never a candidate.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt
import pandas as pd

from lathe.errors import ErrorCode
from lathe.steps.column_kinds import is_categorical, is_numeric
from lathe.steps.encoding.levels import as_text
from lathe.steps.errors import (
    StepConfigError,
    check_choice,
    check_columns_present,
    column_not_numeric,
)
from lathe.steps.frame_estimator import FrameTransformer, with_replaced_columns
from lathe.steps.recipe_step import RecipeStep, recipe_step

METHODS = ("standard", "minmax", "robust")
NUMERIC_TEXT_SHARE = 0.8
TEXT_CHUNK_ROWS = 262_144

FloatArray = npt.NDArray[np.float64]


class Scale(NamedTuple):
    center: float
    scale: float


def reads_as_numbers(series: pd.Series[Any]) -> bool:
    """Whether at least ``NUMERIC_TEXT_SHARE`` of the column's non-empty values read as
    numbers. Its values are counted in chunks of ``TEXT_CHUNK_ROWS`` rows, and the count
    stops once more values fail to read than the share leaves room for among all the
    known ones: a column of words is decided within its first fifth, where counting every
    value of six text columns took most of a 10,000,000-row upload's answer."""
    known = series.count()
    numbers = others = 0
    for start in range(0, len(series), TEXT_CHUNK_ROWS):
        counts = as_text(series.iloc[start : start + TEXT_CHUNK_ROWS]).value_counts()
        values = counts.index.str.strip()
        counts, values = counts[values != ""], values[values != ""]
        read = pd.to_numeric(pd.Series(values), errors="coerce").notna().to_numpy()
        numbers += int(counts[read].sum())
        others += int(counts[~read].sum())
        if known - others < NUMERIC_TEXT_SHARE * known:
            return False
    return numbers > 0 and numbers >= NUMERIC_TEXT_SHARE * (numbers + others)


def is_scalable(series: pd.Series[Any]) -> bool:
    if is_numeric(series):
        return True
    return is_categorical(series) and reads_as_numbers(series)


def scaling_candidates(frame: pd.DataFrame, target: str | None = None) -> list[str]:
    """The columns that can be scaled, in frame order, the target excluded."""
    return [str(name) for name in frame.columns if name != target and is_scalable(frame[name])]


def numeric_values(series: pd.Series[Any]) -> FloatArray:
    """The column as float64; text is read as numbers, what does not read becomes NaN."""
    if not is_numeric(series):
        series = pd.to_numeric(series.astype("str").str.strip(), errors="coerce")
    return np.asarray(series.to_numpy(dtype=np.float64, na_value=np.nan), dtype=np.float64)


def learned_scale(values: FloatArray, method: str) -> Scale:
    finite = values[np.isfinite(values)]
    if finite.size == 0:
        return Scale(0.0, 1.0)
    if method == "standard":
        center, scale = finite.mean(), finite.std()
    elif method == "minmax":
        center, scale = finite.min(), finite.max() - finite.min()
    else:
        q1, center, q3 = np.percentile(finite, [25, 50, 75])
        scale = q3 - q1
    return Scale(float(center), float(scale) if scale > 0 else 1.0)


def learn_scales(frame: pd.DataFrame, methods: Mapping[str, str]) -> dict[str, Scale]:
    check_columns_present(methods, frame.columns)
    scales = {}
    for column, method in methods.items():
        check_choice(method, METHODS, "method")
        scales[column] = learned_scale(numeric_values(frame[column]), method)
    return scales


def apply_scales(frame: pd.DataFrame, scales: Mapping[str, Scale]) -> pd.DataFrame:
    return with_replaced_columns(
        frame,
        {
            column: (numeric_values(frame[column]) - center) / scale
            for column, (center, scale) in scales.items()
        },
    )


def scale_features(frame: pd.DataFrame, methods: Mapping[str, str]) -> pd.DataFrame:
    """Scale ``{column: method}`` of `frame` with statistics learned from `frame`."""
    return apply_scales(frame, learn_scales(frame, methods))


class FeatureScaler(FrameTransformer):
    """``scale_features`` as a transformer: centers and scales are learned at fit."""

    def __init__(self, methods: Mapping[str, str] | None = None) -> None:
        self.methods = methods

    def fit(self, X: Any, y: Any = None) -> FeatureScaler:
        self.scales_ = learn_scales(self._fit_frame(X), self.methods or {})
        return self

    def transform(self, X: Any) -> pd.DataFrame:
        return apply_scales(self._transform_frame(X), self.scales_)


def scaling_steps(
    frame: pd.DataFrame,
    *,
    method: str = "standard",
    target_column: str | None = None,
    column_settings: Mapping[str, str] | None = None,
) -> list[RecipeStep]:
    """The recipe step for the screen's settings, resolved against `frame`: every
    candidate with `method`, or the columns of `column_settings` with their own."""
    if column_settings:
        check_columns_present(column_settings, frame.columns)
        for column in column_settings:
            _check_scalable(frame, column, target_column)
        methods = dict(column_settings)
    else:
        check_choice(method, METHODS, "method")
        methods = {column: method for column in scaling_candidates(frame, target_column)}
    if not methods:
        raise StepConfigError("No numeric column to scale.", ErrorCode.NO_NUMERIC_COLUMNS)
    for chosen in methods.values():
        check_choice(chosen, METHODS, "method")
    return [recipe_step("scale", methods=methods)]


def _check_scalable(frame: pd.DataFrame, column: str, target_column: str | None) -> None:
    if column == target_column:
        raise StepConfigError(
            f'Column "{column}" is the target column and is not scaled.',
            ErrorCode.TARGET_COLUMN_NOT_SCALED,
            {"column": column},
        )
    if not is_scalable(frame[column]):
        raise column_not_numeric(column)
