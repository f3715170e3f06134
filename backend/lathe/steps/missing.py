"""Step 3, missing values: drop sparse rows or columns, then impute what is left.

Strategies by column type (numeric means a numeric dtype other than boolean):

- numeric: ``mean``, ``median``, ``zero``, ``ffill``, ``bfill``;
- every other column (text, categorical, boolean, datetime): ``mode``, ``constant``,
  ``ffill``, ``bfill``.

Decisions:

- Fill values are learned from the fit rows only; missing values never count.
- ``mode`` breaks ties by taking the smallest of the most frequent values (the first in
  sorted order).
- ``ffill``/``bfill`` copy the previous/next value of the frame being transformed, in row
  order. A value with no neighbour to copy from (a leading missing value under ``ffill``, a
  trailing one under ``bfill``) takes the fit rows' median (numeric) or mode (others), so
  no missing value remains.
- A column with no value at all at fit time learns 0 (numeric) or ``"unknown"`` (others).
- ``constant`` writes the fill value as text: the column becomes a text column (``str``)
  even when nothing is missing, so that it has one type at fit and in new rows, e.g. a
  boolean column reads ``"True"``, ``"False"``, ``"unknown"``.
- A step never changes a date column's kind: it takes ``constant`` only with a date value
  (filled as that date). A global constant that is not a date leaves date columns out
  (their missing values stay for the models' own filling); set per column, it is refused.
- Numeric columns in which a value is filled become ``float64``. Under the other
  strategies a column with nothing missing is returned unchanged, dtype included.
- Dropping (``drop_strategy``) happens before imputation. A row or column is dropped when
  its fraction of missing cells is above ``drop_threshold`` (0, the default, drops it when
  any cell is missing). Dropping columns is a transformer that learns the columns at fit;
  dropping rows is a fit-time sampler (its ``y``, when given, counts as one more cell of
  each row).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, NotRequired, TypedDict

import numpy as np
import numpy.typing as npt
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
from sklearn.base import BaseEstimator

from lathe.errors import ErrorCode
from lathe.io.arrow_text import arrow_text
from lathe.io.preview import missing_counts
from lathe.ml.threads import column_map
from lathe.steps.column_kinds import is_datetime, is_numeric
from lathe.steps.columns import ColumnDropper
from lathe.steps.errors import StepConfigError, check_choice, check_columns_present
from lathe.steps.frame_estimator import (
    FrameTransformer,
    Names,
    as_frame,
    free_name,
    kept_rows,
    with_added_columns,
    with_replaced_columns,
)
from lathe.steps.recipe_step import RecipeStep, recipe_step

ROW_ORDER_STRATEGIES = ("ffill", "bfill")
"""Strategies whose fill depends on the neighbouring rows, not on the row alone."""
NUMERIC_STRATEGIES = ("mean", "median", "zero", *ROW_ORDER_STRATEGIES)
CATEGORICAL_STRATEGIES = ("mode", "constant", *ROW_ORDER_STRATEGIES)
DROP_STRATEGIES = ("rows", "columns", "none")
DEFAULT_FILL_VALUE = "unknown"
DAY_PROBE_ROWS = 65_536


class ColumnMissingSetting(TypedDict):
    """One row of the screen's column-specific settings."""

    column: str
    strategy: str
    fillValue: NotRequired[Any]


def check_fraction(value: float, setting: str) -> None:
    if not 0.0 <= value <= 1.0:
        raise StepConfigError(
            f"The {setting} must be between 0 and 1.",
            ErrorCode.FRACTION_OUT_OF_RANGE,
            {"setting": setting, "value": value},
        )


def date_fill_value(series: pd.Series[Any], fill_value: Any) -> pd.Timestamp | None:
    """`fill_value` as a date of the column's time zone; None when it is not a date."""
    try:
        date = pd.Timestamp(str(fill_value))
    except ValueError:
        return None
    if pd.isna(date):
        return None
    zone = getattr(series.dtype, "tz", None)
    if zone is None:
        return date.tz_localize(None) if date.tzinfo is not None else date
    return date.tz_convert(zone) if date.tzinfo is not None else date.tz_localize(zone)


def check_strategy(
    column: str, series: pd.Series[Any], strategy: str, fill_value: Any = DEFAULT_FILL_VALUE
) -> None:
    """Refuse a strategy that does not apply to the column's type (a constant that is
    not a date for a date column)."""
    numeric = is_numeric(series)
    allowed = NUMERIC_STRATEGIES if numeric else CATEGORICAL_STRATEGIES
    if (
        strategy == "constant"
        and is_datetime(series)
        and date_fill_value(series, fill_value) is None
    ):
        choices = "mode, ffill, bfill, or constant with a date such as 2024-01-31"
        raise StepConfigError(
            f'"{fill_value}" is not a date, and a step never makes date column "{column}" '
            f"text; choose one of: {choices}.",
            ErrorCode.STRATEGY_NOT_FOR_COLUMN,
            {"column": column, "strategy": strategy, "choices": choices},
        )
    if strategy not in allowed:
        kind = "numeric" if numeric else "non-numeric"
        choices = ", ".join(allowed)
        raise StepConfigError(
            f'Strategy "{strategy}" does not apply to {kind} column "{column}"; '
            f"choose one of: {choices}.",
            ErrorCode.STRATEGY_NOT_FOR_COLUMN,
            {"column": column, "strategy": strategy, "choices": choices},
        )


def mode_value(series: pd.Series[Any]) -> Any:
    """The most frequent value, the smallest one on ties; ``None`` for an empty column."""
    if is_datetime(series):
        return date_mode(series)
    held = arrow_text(series)
    if held is not None:
        return text_mode(held)
    modes = series.mode(dropna=True)
    return None if modes.empty else modes.iloc[0]


def text_mode(text: pa.ChunkedArray) -> str | None:
    """``mode_value`` of text Arrow holds, from Arrow's own counts: pandas' ``mode`` first
    copies the column without its missing values (a column of 10,000,000 values with 4 %
    missing: 0.23 s against 0.12 s)."""
    counts = pc.value_counts(text)
    values, times = counts.field("values"), counts.field("counts")
    known = pc.is_valid(values)
    values, times = pc.filter(values, known), pc.filter(times, known)
    if len(values) == 0:
        return None
    most: str | None = pc.min(pc.filter(values, pc.equal(times, pc.max(times)))).as_py()
    return most


def date_mode(series: pd.Series[Any]) -> pd.Timestamp | None:
    """``mode_value`` of a date column. Dates a whole number of days apart (dates without
    a time of day, the usual kind) are counted per day over their span when it is no
    longer than the column; others by Arrow's counts of the instants, whose ties go to
    the smallest as pandas' do. Pandas' ``mode`` hashes the dates and then sorts every
    tied mode, which for a column of distinct dates is all of them (10,000,000 dates:
    1.27 s sorted and scanned for runs, 0.67 s counted by Arrow; 0.12 s per day where
    they span ten years of days)."""
    dates = series.array
    missing = dates.isna()
    instants = dates.asi8[~missing] if missing.any() else dates.asi8
    if len(instants) == 0:
        return None
    day = int(np.timedelta64(1, "D") / np.timedelta64(1, dates.unit))
    most_frequent = _most_frequent_day(instants, day)
    if most_frequent is None:
        most_frequent = pc.mode(pa.array(instants))[0]["mode"].as_py()
    return pd.Timestamp(dates[int(np.argmax(dates.asi8 == most_frequent))])


def _most_frequent_day(instants: npt.NDArray[np.int64], day: int) -> int | None:
    """The earliest of the most frequent of `instants` when they are whole days apart
    over a span no longer than their count, else None. The first ``DAY_PROBE_ROWS`` turn
    away dates with a time of day without the two passes over every date."""
    probe = instants[:DAY_PROBE_ROWS]
    if ((probe - probe.min()) % day).any():
        return None
    first = int(instants.min())
    offsets = instants - first
    if (offsets % day).any() or int(offsets.max()) // day >= len(offsets):
        return None
    np.floor_divide(offsets, day, out=offsets)
    # the first of the largest counts: the earliest of the most frequent days
    return first + int(np.argmax(np.bincount(offsets))) * day


def learned_fill_value(series: pd.Series[Any], strategy: str, fill_value: Any) -> Any:
    """The value a column's missing cells take under `strategy` (for ``ffill``/``bfill``,
    the value for cells with no neighbour to copy from)."""
    if strategy == "constant":
        return date_fill_value(series, fill_value) if is_datetime(series) else str(fill_value)
    if is_numeric(series):
        values = _finite_numbers(series)
        if strategy == "zero" or values.size == 0:
            return 0.0
        return float(values.mean() if strategy == "mean" else np.median(values))
    mode = mode_value(series)
    return DEFAULT_FILL_VALUE if mode is None else mode


def _float_values(series: pd.Series[Any]) -> npt.NDArray[np.float64]:
    """A numeric column as float64 with NaN for missing, read in place where it is a float
    column already (never written to): asked for floats with NaN for missing, pandas
    copies every column and masks its missing cells, two passes into new memory per
    column of a 10,000,000-row frame, where learning the default fills took 2 s."""
    if series.dtype == np.float64:
        return series.to_numpy()
    return series.to_numpy(dtype=np.float64, na_value=np.nan)


def _finite_numbers(series: pd.Series[Any]) -> npt.NDArray[np.float64]:
    """The column's finite values as float64, copied only without its gaps."""
    values = _float_values(series)
    finite = np.isfinite(values)
    return values if finite.all() else values[finite]


def learn_fill_values(
    frame: pd.DataFrame,
    strategies: Mapping[str, str],
    fill_values: Mapping[str, Any],
    learned_for: Collection[str] | None = None,
) -> dict[str, Any]:
    """Check each column's strategy against its type and learn its fill value, columns
    side by side (``column_map``); with `learned_for`, only those columns' values are
    learned and the others' are None."""
    check_columns_present(strategies, frame.columns)
    for column, strategy in strategies.items():
        check_strategy(column, frame[column], strategy, fill_values.get(column, DEFAULT_FILL_VALUE))
    learned_columns = [
        column for column in strategies if learned_for is None or column in learned_for
    ]

    def learned(column: str) -> Any:
        fill_value = fill_values.get(column, DEFAULT_FILL_VALUE)
        return learned_fill_value(frame[column], strategies[column], fill_value)

    values = column_map(len(frame), learned, learned_columns)
    return {**dict.fromkeys(strategies), **dict(zip(learned_columns, values, strict=True))}


def filled_on_its_own(frame: pd.DataFrame, strategies: Mapping[str, str]) -> list[str]:
    """The columns of `strategies` whose fill value `frame`'s own transform uses: those
    it misses values in, and constant fills (which make a column text either way). A
    column without gaps is left as it is, whatever its value. Columns `frame` lacks are
    left to ``learn_fill_values`` to name."""
    gaps = missing_counts(frame[[column for column in strategies if column in frame.columns]])
    return [
        column
        for column, strategy in strategies.items()
        if strategy == "constant" or gaps.get(column)
    ]


def filled_text(text: pd.Series[Any], value: str) -> pd.Series[Any]:
    """A text column's missing cells filled with `value`: by Arrow's own fill where Arrow
    holds the text (pandas' ``fillna`` there rebuilds the column through a mask, 0.38 s
    against 0.10 s for 10,000,000 values)."""
    held = arrow_text(text)
    if held is None:
        return text.fillna(value)
    values = pc.fill_null(held, value)
    return pd.Series(pd.array(values, dtype=text.dtype), index=text.index, name=text.name)


def filled_column(series: pd.Series[Any], strategy: str, value: Any) -> pd.Series[Any] | None:
    """The column with its missing cells filled; None when it stays as it is (nothing to
    fill and its type kept). Each kind is tested for missing cells once: for a column of
    Python objects (yes/no with gaps) every test visits each cell, 0.24 s for 10,000,000."""
    if strategy == "constant" and not is_datetime(series):
        if series.dtype == "str":
            return filled_text(series, value) if series.hasnans else None
        text = series.astype("str")
        return filled_text(text, value) if text.hasnans else text
    if strategy in ("ffill", "bfill"):
        if not series.hasnans:
            return None
        series = series.ffill() if strategy == "ffill" else series.bfill()
        if not series.hasnans:
            return series
    if is_numeric(series):
        return _filled_numbers(series, value)
    if series.dtype == "str":
        return filled_text(series, value) if series.hasnans else None
    if series.dtype == object:
        return _filled_objects(series, value)
    return series.fillna(value) if series.hasnans else None


def _filled_numbers(series: pd.Series[Any], value: float) -> pd.Series[Any] | None:
    values = _float_values(series)
    missing = np.isnan(values)
    if not missing.any():
        return None
    filled = np.where(missing, value, values)
    return pd.Series(filled, index=series.index, name=series.name, copy=False)


def _filled_objects(series: pd.Series[Any], value: Any) -> pd.Series[Any] | None:
    objects = series.to_numpy(dtype=object)
    missing = pd.isna(objects)
    if not missing.any():
        return None
    objects = objects.copy()
    objects[missing] = value
    return pd.Series(objects, index=series.index, name=series.name, copy=False)


def fill_missing(
    frame: pd.DataFrame, strategies: Mapping[str, str], fill_values: Mapping[str, Any]
) -> pd.DataFrame:
    """The frame with each configured column's missing cells filled. A constant fill makes
    its column text whether or not the rows at hand miss a value, so that the column has
    one type at fit and at every later transform."""

    def filled(column: str) -> pd.Series[Any] | None:
        return filled_column(frame[column], strategies[column], fill_values[column])

    columns = column_map(len(frame), filled, strategies)
    return with_replaced_columns(
        frame,
        {
            column: values
            for column, values in zip(strategies, columns, strict=True)
            if values is not None
        },
    )


def impute_missing(
    frame: pd.DataFrame,
    strategies: Mapping[str, str],
    fill_values: Mapping[str, Any] | None = None,
) -> pd.DataFrame:
    """Fill missing values with strategies per column (``fill_values`` for ``constant``,
    default ``"unknown"``), learned from `frame` itself."""
    learned = learn_fill_values(frame, strategies, fill_values or {})
    return fill_missing(frame, strategies, learned)


class MissingValueImputer(FrameTransformer):
    """``impute_missing`` as a transformer: fill values are learned at fit.

    ``strategies`` maps columns to a strategy; ``fill_values`` maps ``constant`` columns to
    their fill value. Other columns pass through. Each column of ``indicators`` also gets a
    column added at the end, ``<column>_missing``: 1 where its value was missing, else 0,
    so that the models still see where values were filled.
    """

    def __init__(
        self,
        strategies: Mapping[str, str] | None = None,
        fill_values: Mapping[str, Any] | None = None,
        indicators: Sequence[str] | None = None,
    ) -> None:
        self.strategies = strategies
        self.fill_values = fill_values
        self.indicators = indicators

    def fit(self, X: Any, y: Any = None) -> MissingValueImputer:
        self._learn(self._fit_frame(X))
        return self

    def transformed_once(self, X: Any) -> pd.DataFrame:
        """``fit_transform`` of `X` where the fitted step is not kept (a step screen's
        frame): fill values are learned only for the columns `X`'s own transform fills
        (``filled_on_its_own``). The others' serve the gaps of later rows, and a recipe
        fitted for a model learns them all; on ten million rows of 21 columns, 6 with
        gaps, learning the other 15 (the mode of a column of distinct time stamps, text
        modes, medians) was most of the step."""
        frame = self._fit_frame(X)
        columns = filled_on_its_own(frame, self.strategies or {})
        self._learn(frame, columns)
        # the columns without gaps are known to stay as they are: not looked at again
        return self._filled(frame, {column: self.strategies_[column] for column in columns})

    def _learn(self, frame: pd.DataFrame, learned_for: Collection[str] | None = None) -> None:
        self.strategies_ = dict(self.strategies or {})
        self.fill_values_ = learn_fill_values(
            frame, self.strategies_, self.fill_values or {}, learned_for
        )
        check_columns_present(self.indicators or (), frame.columns)
        taken = {str(column) for column in frame.columns}
        self.indicator_names_: dict[str, str] = {}
        for column in self.indicators or ():
            self.indicator_names_[column] = free_name(f"{column}_missing", taken)
            taken.add(self.indicator_names_[column])

    def transform(self, X: Any) -> pd.DataFrame:
        return self._filled(self._transform_frame(X), self.strategies_)

    def _filled(self, frame: pd.DataFrame, strategies: Mapping[str, str]) -> pd.DataFrame:
        """`frame` with the gaps of `strategies`' columns filled, and the indicators."""
        filled = fill_missing(frame, strategies, self.fill_values_)
        indicators = {
            name: frame[column].isna().to_numpy(dtype=np.float64)
            # models stored before indicators existed have none
            for column, name in getattr(self, "indicator_names_", {}).items()
        }
        return with_added_columns(filled, indicators) if indicators else filled

    def get_feature_names_out(self, input_features: Any = None) -> Names:
        names = super().get_feature_names_out(input_features)
        return np.asarray([*names, *self.indicator_names_.values()], dtype=object)


def columns_over_missing_threshold(frame: pd.DataFrame, threshold: float) -> list[str]:
    """Columns whose fraction of missing cells is above `threshold`."""
    check_fraction(threshold, "drop threshold")
    fractions = frame.isna().mean()
    return [str(name) for name in fractions.index[fractions > threshold]]


def learn_dropped_columns(frame: pd.DataFrame, threshold: float) -> list[str]:
    dropped = columns_over_missing_threshold(frame, threshold)
    if frame.shape[1] and len(dropped) == frame.shape[1]:
        raise StepConfigError(
            "Every column has too many missing values; dropping them would leave no data.",
            ErrorCode.NO_COLUMNS_LEFT,
        )
    return dropped


def drop_missing_columns(frame: pd.DataFrame, threshold: float = 0.0) -> pd.DataFrame:
    """The frame without its columns whose fraction of missing cells is above `threshold`."""
    return frame.drop(columns=learn_dropped_columns(frame, threshold))


class MissingColumnDropper(ColumnDropper):
    """``drop_missing_columns`` as a transformer. The columns to drop are those recorded
    with the step (``dropped``), so a refit on fewer rows drops the same ones; a step
    recorded without them learns them at fit."""

    def __init__(self, threshold: float = 0.0, dropped: Sequence[str] | None = None) -> None:
        self.threshold = threshold
        self.dropped = dropped

    def fit(self, X: Any, y: Any = None) -> MissingColumnDropper:
        frame = self._fit_frame(X)
        self.dropped_columns_ = (
            learn_dropped_columns(frame, self.threshold)
            if self.dropped is None
            else [column for column in self.dropped if column in frame.columns]
        )
        return self


def rows_within_missing_threshold(
    frame: pd.DataFrame, threshold: float, y: Any = None
) -> np.ndarray[Any, np.dtype[np.bool_]]:
    """True for rows whose fraction of missing cells is at most `threshold`; ``y``, when
    given, is one more cell of each row."""
    check_fraction(threshold, "drop threshold")
    missing = frame.isna().sum(axis=1).to_numpy(dtype=np.int64)
    cells = frame.shape[1]
    if y is not None:
        missing = missing + pd.isna(np.asarray(y, dtype=object)).astype(np.int64)
        cells += 1
    if cells == 0:
        return np.ones(len(frame), dtype=np.bool_)
    return np.asarray(missing / cells <= threshold, dtype=np.bool_)


def drop_missing_rows(frame: pd.DataFrame, threshold: float = 0.0) -> pd.DataFrame:
    """The frame without its rows whose fraction of missing cells is above `threshold`."""
    kept, _ = kept_rows(frame, None, rows_within_missing_threshold(frame, threshold))
    return kept


class MissingRowDropper(BaseEstimator):  # type: ignore[misc]
    """A fit-time sampler dropping rows whose fraction of missing cells is above
    ``threshold``."""

    def __init__(self, threshold: float = 0.0) -> None:
        self.threshold = threshold

    def fit_resample(self, X: Any, y: Any = None) -> tuple[pd.DataFrame, Any]:
        frame = as_frame(X)
        return kept_rows(frame, y, rows_within_missing_threshold(frame, self.threshold, y))


def missing_value_steps(
    frame: pd.DataFrame,
    *,
    strategy: str = "mean",
    cat_strategy: str = "mode",
    fill_value: Any = DEFAULT_FILL_VALUE,
    drop_strategy: str = "none",
    drop_threshold: float = 0.0,
    column_settings: Sequence[ColumnMissingSetting] | None = None,
    target_column: str | None = None,
) -> list[RecipeStep]:
    """The recipe steps for the screen's settings, resolved against `frame`.

    The drop step comes first. Without column settings, every remaining column is imputed
    (numeric ones with `strategy`, the others with `cat_strategy`), so values missing only
    in later data are filled too. With column settings, only the listed columns are.
    Columns the drop step removes are not imputed. The target column is never imputed nor
    dropped: rows without a target are left out of training instead.
    """
    check_choice(drop_strategy, DROP_STRATEGIES, "drop_strategy")
    check_fraction(drop_threshold, "drop threshold")
    steps: list[RecipeStep] = []
    dropped: set[str] = set()
    if drop_strategy == "rows":
        steps.append(recipe_step("drop_missing_rows", threshold=drop_threshold))
    elif drop_strategy == "columns":
        features = frame.drop(columns=[target_column]) if target_column else frame
        columns = learn_dropped_columns(features, drop_threshold)
        dropped = set(columns)
        steps.append(recipe_step("drop_missing_columns", threshold=drop_threshold, dropped=columns))
    strategies, fill_values = (
        _column_strategies(frame, column_settings, target_column)
        if column_settings
        else _global_strategies(frame, strategy, cat_strategy, fill_value, target_column)
    )
    kept = {column: value for column, value in strategies.items() if column not in dropped}
    if kept:
        fills = {column: fill_values[column] for column in kept if column in fill_values}
        steps.append(recipe_step("impute_missing", strategies=kept, fill_values=fills))
    return steps


def _global_strategies(
    frame: pd.DataFrame,
    strategy: str,
    cat_strategy: str,
    fill_value: Any,
    target_column: str | None,
) -> tuple[dict[str, str], dict[str, Any]]:
    check_choice(strategy, NUMERIC_STRATEGIES, "strategy")
    check_choice(cat_strategy, CATEGORICAL_STRATEGIES, "cat_strategy")
    strategies = {
        str(name): strategy if is_numeric(frame[name]) else cat_strategy
        for name in frame.columns
        if name != target_column and _takes_global(frame[name], cat_strategy, fill_value)
    }
    fills = {name: fill_value for name, chosen in strategies.items() if chosen == "constant"}
    return strategies, fills


def _takes_global(series: pd.Series[Any], cat_strategy: str, fill_value: Any) -> bool:
    """Whether a global strategy applies: a date column takes a constant only when it
    is a date, so that its kind never changes."""
    if cat_strategy != "constant" or not is_datetime(series):
        return True
    return date_fill_value(series, fill_value) is not None


def _column_strategies(
    frame: pd.DataFrame, settings: Sequence[ColumnMissingSetting], target_column: str | None
) -> tuple[dict[str, str], dict[str, Any]]:
    check_columns_present([setting["column"] for setting in settings], frame.columns)
    strategies: dict[str, str] = {}
    fills: dict[str, Any] = {}
    for setting in settings:
        column, chosen = setting["column"], setting["strategy"]
        if column == target_column:
            raise StepConfigError(
                f'Column "{column}" is the target column; its missing values are never filled '
                "(rows without a target are left out of training).",
                ErrorCode.TARGET_COLUMN_NOT_IMPUTED,
                {"column": column},
            )
        check_strategy(column, frame[column], chosen, setting.get("fillValue", DEFAULT_FILL_VALUE))
        strategies[column] = chosen
        if chosen == "constant":
            fills[column] = setting.get("fillValue", DEFAULT_FILL_VALUE)
    return strategies, fills
