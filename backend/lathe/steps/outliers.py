"""Step 4, outliers: bounds per numeric column, and what to do with values outside them.

Bounds, from the finite values of the fit rows (missing values and infinities never count):

- ``iqr``: ``[Q1 - factor * IQR, Q3 + factor * IQR]``, quartiles by linear interpolation;
- ``zscore``: ``mean -/+ factor * std``, with the population standard deviation (ddof 0),
  as ``scipy.stats.zscore`` computes it;
- ``auto``: decided per column: ``zscore`` when the column's sample skewness (bias
  corrected, as pandas computes it) is below 0.5 in absolute value, else ``iqr`` (skewed
  columns, and columns whose skewness is undefined).

A value is an outlier when it is below the lower or above the upper bound (infinities
are). ``factor`` must be between 0.1 and 10.

Strategies: ``remove`` drops the rows with an outlier in any of its columns (a fit-time
sampler); ``nan`` makes outliers missing; ``cap`` clips them to the bounds;
``impute_median``/``impute_mean`` replace them with the median/mean of the fit values
inside the bounds (of all fit values if none is inside). Columns in which a value changes
become ``float64``; the others are returned unchanged.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Annotated, Any, NamedTuple

import numpy as np
import numpy.typing as npt
import pandas as pd
from pydantic import Field
from sklearn.base import BaseEstimator
from typing_extensions import TypedDict

from lathe.errors import ErrorCode
from lathe.steps.column_kinds import is_numeric, numeric_columns
from lathe.steps.errors import (
    StepConfigError,
    check_choice,
    check_columns_present,
    column_not_numeric,
)
from lathe.steps.frame_estimator import FrameTransformer, as_frame, kept_rows, with_replaced_columns
from lathe.steps.recipe_step import RecipeStep, recipe_step

METHODS = ("iqr", "zscore", "auto")
STRATEGIES = ("remove", "nan", "cap", "impute_median", "impute_mean")
VALUE_STRATEGIES = ("nan", "cap", "impute_median", "impute_mean")
MIN_FACTOR = 0.1
MAX_FACTOR = 10.0
AUTO_SKEW_LIMIT = 0.5
SHARE_SAMPLE = 100_000

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]


class Bounds(NamedTuple):
    lower: float
    upper: float
    method: str
    """The method the bounds come from (``iqr`` or ``zscore``, never ``auto``)."""


class ColumnOutliers(TypedDict):
    count: int
    lower: float | None
    upper: float | None
    method: str


class OutlierReport(TypedDict):
    outliers: dict[str, ColumnOutliers]
    total: Annotated[int, Field(description="Outlier cells over all columns.")]
    affected_columns: list[str]
    percentage: Annotated[float, Field(description="Percentage of rows with at least one outlier.")]


def check_factor(factor: float) -> None:
    if not MIN_FACTOR <= factor <= MAX_FACTOR:
        raise StepConfigError(
            f"The factor must be between {MIN_FACTOR} and {MAX_FACTOR:g}.",
            ErrorCode.FACTOR_OUT_OF_RANGE,
            {"factor": factor, "min": MIN_FACTOR, "max": MAX_FACTOR},
        )


def float_column(series: pd.Series[Any]) -> FloatArray:
    return np.asarray(series.to_numpy(dtype=np.float64, na_value=np.nan), dtype=np.float64)


def resolved_method(finite: FloatArray, method: str) -> str:
    """``auto`` decided for a column's finite values; other methods as they are."""
    check_choice(method, METHODS, "method")
    if method != "auto":
        return method
    return "zscore" if abs(sample_skewness(finite)) < AUTO_SKEW_LIMIT else "iqr"


def sample_skewness(finite: FloatArray) -> float:
    """Bias-corrected sample skewness (as pandas' ``skew``); NaN for fewer than three
    values or no spread."""
    n = finite.size
    if n < 3:
        return np.nan
    deviations = finite - finite.mean()
    m2 = float(np.mean(deviations**2))
    if m2 == 0.0:
        return np.nan
    m3 = float(np.mean(deviations**3))
    return m3 / (m2 * math.sqrt(m2)) * math.sqrt(n * (n - 1)) / (n - 2)


def column_bounds(values: FloatArray, method: str, factor: float) -> Bounds:
    """The bounds of a column's values (NaN bounds when it has no finite value)."""
    check_factor(factor)
    known = np.isfinite(values)
    finite = values if known.all() else values[known]
    chosen = resolved_method(finite, method)
    if finite.size == 0:
        return Bounds(np.nan, np.nan, chosen)
    if chosen == "iqr":
        # a copy made here may be reordered; the caller's values may not
        q1, q3 = np.percentile(finite, [25, 75], overwrite_input=finite is not values)
        spread = q3 - q1
        return Bounds(float(q1 - factor * spread), float(q3 + factor * spread), chosen)
    mean, std = finite.mean(), finite.std()
    return Bounds(float(mean - factor * std), float(mean + factor * std), chosen)


def outside(values: FloatArray, bounds: Bounds) -> BoolArray:
    return np.asarray((values < bounds.lower) | (values > bounds.upper), dtype=np.bool_)


def outlier_report(
    frame: pd.DataFrame, column_configs: Mapping[str, Mapping[str, Any]]
) -> OutlierReport:
    """Per column ``{count, lower, upper, method}`` for ``{column: {method, factor}}``, and
    the totals of the detection summary."""
    return detection(frame, column_configs)[0]


def detection(
    frame: pd.DataFrame, column_configs: Mapping[str, Mapping[str, Any]]
) -> tuple[OutlierReport, BoolArray]:
    """``outlier_report`` and the rows without an outlier (``rows_within_bounds``), from
    one pass over each column."""
    check_columns_present(column_configs, frame.columns)
    outliers: dict[str, ColumnOutliers] = {}
    any_outlier = np.zeros(len(frame), dtype=np.bool_)
    for column, config in column_configs.items():
        _check_numeric(frame, column)
        values = float_column(frame[column])
        bounds = column_bounds(values, config["method"], config["factor"])
        mask = outside(values, bounds)
        any_outlier |= mask
        outliers[column] = {
            "count": int(mask.sum()),
            "lower": None if np.isnan(bounds.lower) else bounds.lower,
            "upper": None if np.isnan(bounds.upper) else bounds.upper,
            "method": bounds.method,
        }
    rows = len(frame)
    report: OutlierReport = {
        "outliers": outliers,
        "total": sum(entry["count"] for entry in outliers.values()),
        "affected_columns": [name for name, entry in outliers.items() if entry["count"]],
        "percentage": 100.0 * float(any_outlier.sum()) / rows if rows else 0.0,
    }
    return report, ~any_outlier


class MostFlags(TypedDict):
    """The column that flags the most rows, and why when its values explain it."""

    column: str
    count: int
    top_value_share: Annotated[
        float, Field(description="Share of the column's values that are its most frequent one.")
    ]
    collapsed_iqr: Annotated[
        bool,
        Field(
            description="Its quartiles are equal (IQR 0), so every value but that one is an "
            "outlier: most of the column holds one value, e.g. after a mean fill."
        ),
    ]


def most_flags(frame: pd.DataFrame, report: OutlierReport) -> MostFlags | None:
    """The column with the most outliers of `report`, with the share of its most frequent
    value and whether its IQR collapsed; None when nothing is flagged."""
    flagged = {name: entry for name, entry in report["outliers"].items() if entry["count"]}
    if not flagged:
        return None
    column = max(flagged, key=lambda name: flagged[name]["count"])
    entry = flagged[column]
    values = float_column(frame[column])
    collapsed = entry["method"] == "iqr" and entry["lower"] == entry["upper"]
    return {
        "column": column,
        "count": entry["count"],
        "top_value_share": top_value_share(values[np.isfinite(values)]),
        "collapsed_iqr": bool(collapsed),
    }


def top_value_share(finite: FloatArray) -> float:
    """The share of the most frequent value, which is looked for among at most
    ``SHARE_SAMPLE`` evenly spaced values and counted among all (hashing ten million values
    took most of a second); 0 without values."""
    if finite.size == 0:
        return 0.0
    sample = finite[:: -(-finite.size // SHARE_SAMPLE)]
    top = pd.Series(sample).value_counts().index[0]
    return float(np.count_nonzero(finite == top) / finite.size)


class TargetEffect(TypedDict):
    """What removing the flagged rows does to the target."""

    column: str
    rows_before: int
    rows_after: int
    distinct_before: int
    distinct_after: int
    mean_before: float | None
    mean_after: float | None
    one_value: Annotated[
        bool, Field(description="The removal leaves the target one value: nothing to learn.")
    ]


def target_effect(target: pd.Series[Any], after: pd.Series[Any]) -> TargetEffect:
    """The target's rows, distinct values and mean (numeric targets) before and `after`
    the removal."""

    def mean(values: pd.Series[Any]) -> float | None:
        if not is_numeric(values) or values.dropna().empty:
            return None
        return float(values.astype(np.float64).mean())

    distinct_before, distinct_after = int(target.nunique()), int(after.nunique())
    return {
        "column": str(target.name),
        "rows_before": len(target),
        "rows_after": len(after),
        "distinct_before": distinct_before,
        "distinct_after": distinct_after,
        "mean_before": mean(target),
        "mean_after": mean(after),
        "one_value": distinct_after < 2 <= distinct_before,
    }


def _check_numeric(frame: pd.DataFrame, column: str) -> None:
    if not is_numeric(frame[column]):
        raise column_not_numeric(column)


class ColumnTreatment(NamedTuple):
    """What a column's outliers become: its bounds, strategy and replacement value."""

    bounds: Bounds
    strategy: str
    replacement: float


def learn_treatments(
    frame: pd.DataFrame, column_configs: Mapping[str, Mapping[str, Any]]
) -> dict[str, ColumnTreatment]:
    """Bounds and replacement values of ``{column: {strategy, method, factor}}``."""
    check_columns_present(column_configs, frame.columns)
    treatments = {}
    for column, config in column_configs.items():
        check_choice(config["strategy"], VALUE_STRATEGIES, "strategy")
        _check_numeric(frame, column)
        values = float_column(frame[column])
        bounds = column_bounds(values, config["method"], config["factor"])
        treatments[column] = ColumnTreatment(
            bounds, config["strategy"], _replacement(values, bounds, config["strategy"])
        )
    return treatments


def _replacement(values: FloatArray, bounds: Bounds, strategy: str) -> float:
    if strategy not in ("impute_median", "impute_mean"):
        return np.nan
    finite = values[np.isfinite(values)]
    inside = finite[~outside(finite, bounds)]
    pool = inside if inside.size else finite
    if pool.size == 0:
        return np.nan
    return float(np.median(pool) if strategy == "impute_median" else pool.mean())


def treated_column(series: pd.Series[Any], treatment: ColumnTreatment) -> pd.Series[Any]:
    values = float_column(series)
    mask = outside(values, treatment.bounds)
    if not mask.any():
        return series
    if treatment.strategy == "cap":
        treated = np.clip(values, treatment.bounds.lower, treatment.bounds.upper)
    else:
        fill = np.nan if treatment.strategy == "nan" else treatment.replacement
        treated = np.where(mask, fill, values)
    return pd.Series(treated, index=series.index, name=series.name, copy=False)


def treat_outliers(frame: pd.DataFrame, treatments: Mapping[str, ColumnTreatment]) -> pd.DataFrame:
    return with_replaced_columns(
        frame,
        {
            column: treated_column(frame[column], treatment)
            for column, treatment in treatments.items()
        },
    )


def handle_outliers(
    frame: pd.DataFrame, column_configs: Mapping[str, Mapping[str, Any]]
) -> pd.DataFrame:
    """Outliers of ``{column: {strategy, method, factor}}`` made missing, capped or
    imputed, with bounds learned from `frame` itself."""
    return treat_outliers(frame, learn_treatments(frame, column_configs))


class OutlierHandler(FrameTransformer):
    """``handle_outliers`` as a transformer: bounds and replacements are learned at fit."""

    def __init__(self, column_configs: Mapping[str, Mapping[str, Any]] | None = None) -> None:
        self.column_configs = column_configs

    def fit(self, X: Any, y: Any = None) -> OutlierHandler:
        self.treatments_ = learn_treatments(self._fit_frame(X), self.column_configs or {})
        return self

    def transform(self, X: Any) -> pd.DataFrame:
        return treat_outliers(self._transform_frame(X), self.treatments_)


def rows_within_bounds(
    frame: pd.DataFrame, column_configs: Mapping[str, Mapping[str, Any]]
) -> BoolArray:
    """True for rows with no outlier in any of ``{column: {method, factor}}``, with bounds
    learned from `frame`."""
    return detection(frame, column_configs)[1]


def remove_outlier_rows(
    frame: pd.DataFrame, column_configs: Mapping[str, Mapping[str, Any]]
) -> pd.DataFrame:
    """The frame without rows that have an outlier in any of ``{column: {method,
    factor}}``."""
    kept, _ = kept_rows(frame, None, rows_within_bounds(frame, column_configs))
    return kept


class OutlierRowRemover(BaseEstimator):  # type: ignore[misc]
    """``remove_outlier_rows`` as a fit-time sampler: bounds come from the rows it is
    given."""

    def __init__(self, column_configs: Mapping[str, Mapping[str, Any]] | None = None) -> None:
        self.column_configs = column_configs

    def fit_resample(self, X: Any, y: Any = None) -> tuple[pd.DataFrame, Any]:
        frame = as_frame(X)
        return kept_rows(frame, y, rows_within_bounds(frame, self.column_configs or {}))


def resolved_configs(
    frame: pd.DataFrame,
    *,
    strategy: str = "remove",
    method: str = "iqr",
    factor: float = 1.5,
    column_configs: Mapping[str, Mapping[str, Any]] | None = None,
    target_column: str | None = None,
) -> dict[str, dict[str, Any]]:
    """``{column: {strategy, method, factor}}`` with ``auto`` decided per column.

    With column configs, only their columns (each setting they leave out taken from the
    global ones); without, every numeric column with the global settings. The target
    column is never handled: a config for it is refused.
    """
    check_choice(strategy, STRATEGIES, "strategy")
    check_factor(factor)
    requested: Mapping[str, Mapping[str, Any]] = column_configs or {
        column: {} for column in numeric_columns(frame) if column != target_column
    }
    check_columns_present(requested, frame.columns)
    resolved = {}
    for column, config in requested.items():
        if column == target_column:
            raise StepConfigError(
                f'Column "{column}" is the target column; outlier handling never changes it.',
                ErrorCode.TARGET_COLUMN_NOT_HANDLED,
                {"column": column},
            )
        _check_numeric(frame, column)
        chosen = {"strategy": strategy, "method": method, "factor": factor, **config}
        check_choice(chosen["strategy"], STRATEGIES, "strategy")
        check_factor(chosen["factor"])
        if chosen["method"] == "auto":
            values = float_column(frame[column])
            chosen["method"] = resolved_method(values[np.isfinite(values)], "auto")
        else:
            check_choice(chosen["method"], METHODS, "method")
        resolved[column] = chosen
    return resolved


def outlier_steps(
    frame: pd.DataFrame,
    *,
    strategy: str = "remove",
    method: str = "iqr",
    factor: float = 1.5,
    column_configs: Mapping[str, Mapping[str, Any]] | None = None,
    target_column: str | None = None,
) -> list[RecipeStep]:
    """The recipe steps for the removal settings, resolved against `frame`.

    Columns handled in place come first, then the row removal, so every bound is learned
    from the same rows, those the detection summary showed.
    """
    configs = resolved_configs(
        frame,
        strategy=strategy,
        method=method,
        factor=factor,
        column_configs=column_configs,
        target_column=target_column,
    )
    handled = {c: config for c, config in configs.items() if config["strategy"] != "remove"}
    removed = {
        column: {"method": config["method"], "factor": config["factor"]}
        for column, config in configs.items()
        if config["strategy"] == "remove"
    }
    steps = []
    if handled:
        steps.append(recipe_step("handle_outliers", column_configs=handled))
    if removed:
        steps.append(recipe_step("remove_outlier_rows", column_configs=removed))
    return steps
