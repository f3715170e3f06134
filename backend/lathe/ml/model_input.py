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
booleans and whole-number columns (0 for a column with no value at fit). Above
``FILL_ROWS`` fit rows they are learned on a uniform sample of that many: the median of
100,000 values lies within a few thousandths of a quantile of the whole column's, and
the exact medians of 800,000 rows cost more than fitting a naive Bayes model on them.
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

import warnings
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
import pandas as pd

from lathe.analysis.column_types import column_kind
from lathe.ml.date_parts import part_columns, part_values, parts_to_learn, utc_stamps
from lathe.ml.sampling import uniform_sample
from lathe.steps.encoding import Levels, learn_levels, level_codes
from lathe.steps.frame_estimator import (
    FrameTransformer,
    Names,
    with_added_columns,
    with_replaced_columns,
)

Conversion = Literal["datetime", "ordinal"]
FloatMatrix = npt.NDArray[np.float64]
FILL_ROWS = 100_000
CHUNK_ROWS = 65_536


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


def _takes_most_frequent(dtype: Any, conversion: Conversion | None) -> bool:
    return (
        conversion == "ordinal"
        or column_kind(dtype) == "boolean"
        or pd.api.types.is_integer_dtype(dtype)
    )


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


def feature_matrix(frame: pd.DataFrame, features: Sequence[str], row_major: bool) -> FloatMatrix:
    """The converted `features` as one float matrix (a column per feature), infinities
    and missing values as NaN. Column-major, it may be a read-only view of the frame;
    `row_major`, it is built in chunks of ``CHUNK_ROWS`` rows, so that no column-major
    copy of every row is held beside it."""
    columns = frame[list(features)]
    if not row_major:
        matrix = columns.to_numpy(dtype=np.float64, na_value=np.nan)
        if np.isfinite(matrix).all():
            return matrix
        return np.where(np.isinf(matrix), np.nan, matrix)
    matrix = np.empty((len(columns), len(features)))
    for start, part in row_chunks(matrix):
        part[...] = columns.iloc[start : start + len(part)].to_numpy(
            dtype=np.float64, na_value=np.nan
        )
        part[np.isinf(part)] = np.nan
    return matrix


def row_chunks(matrix: FloatMatrix) -> Iterator[tuple[int, FloatMatrix]]:
    """Each chunk of ``CHUNK_ROWS`` rows of `matrix` (a view) and its first row."""
    for start in range(0, len(matrix), CHUNK_ROWS):
        yield start, matrix[start : start + CHUNK_ROWS]


def filled(
    matrix: FloatMatrix, fills: npt.NDArray[np.float64], missing: npt.NDArray[np.bool_]
) -> FloatMatrix:
    """`matrix` with its `missing` cells set to their column's value of `fills`: in place,
    or, where it is a read-only view of a frame (pandas' copy-on-write), in a new matrix
    made in the same pass."""
    if not matrix.flags.writeable:
        return np.where(missing, fills[None, :], matrix)
    np.copyto(matrix, fills[None, :], where=missing)
    return matrix


def in_place(matrix: FloatMatrix) -> FloatMatrix | None:
    """The ``out`` of a pass over `matrix`: itself, or a new matrix (None) where it is a
    read-only view of a frame, which saves copying it before the pass."""
    return matrix if matrix.flags.writeable else None


def fill_value(values: npt.NDArray[np.float64], most_frequent: bool) -> float:
    """What fills a converted column's missing values: the median of its known `values`
    (which it reorders), or their most frequent value (the smallest on ties) for codes,
    booleans and whole numbers; 0 when there are none."""
    if values.size == 0:
        return 0.0
    if most_frequent:
        distinct, counts = np.unique(values, return_counts=True)
        return float(distinct[np.argmax(counts)])
    return float(np.median(values, overwrite_input=True))


def column_fill_values(matrix: FloatMatrix, most_frequent: Sequence[bool]) -> list[float]:
    """Each column's ``fill_value``, learned on a uniform sample of ``FILL_ROWS`` rows
    above that many."""
    # one column-major copy of the (sampled) rows, whose columns the medians may reorder;
    # a column-major matrix's columns are gathered one by one, each read in order
    if len(matrix) <= FILL_ROWS:
        scratch = np.array(matrix, order="F")
    else:
        rows = uniform_sample(len(matrix), FILL_ROWS)
        scratch = np.empty((len(rows), matrix.shape[1]), order="F")
        if matrix.flags.f_contiguous:
            for column in range(matrix.shape[1]):
                np.take(matrix[:, column], rows, out=scratch[:, column])
        else:
            scratch[...] = matrix[rows]
    missing = np.isnan(scratch)
    return [
        fill_value(
            scratch[~missing[:, column], column]
            if missing[:, column].any()
            else scratch[:, column],
            frequent,
        )
        for column, frequent in enumerate(most_frequent)
    ]


def means_and_scales(matrix: FloatMatrix) -> list[tuple[float, float]]:
    """Each column's mean and population standard deviation over its known values (0
    and 1 when there are none; a scale of 1 for a constant column), summed over chunks
    of rows: whole-matrix passes held copies of every row."""
    counts = np.zeros(matrix.shape[1])
    sums = np.zeros(matrix.shape[1])
    complete = True
    for _, part in row_chunks(matrix):
        known = np.count_nonzero(~np.isnan(part), axis=0)
        complete &= bool((known == len(part)).all())
        counts += known
        sums += part.sum(axis=0) if complete else np.nansum(part, axis=0)
    sum_of = np.sum if complete else np.nansum
    with np.errstate(invalid="ignore", divide="ignore"):
        means = sums / counts
        squares = np.zeros(matrix.shape[1])
        for _, part in row_chunks(matrix):
            squares += sum_of((part - means) ** 2, axis=0)
        scales = np.sqrt(squares / counts)
    return [
        (float(mean), float(scale) if scale > 0 else 1.0) if np.isfinite(mean) else (0.0, 1.0)
        for mean, scale in zip(means, scales, strict=True)
    ]


def lowest_values(matrix: FloatMatrix) -> FloatMatrix:
    """Each column's lowest known value (NaN for a column with none)."""
    if len(matrix) == 0:
        return np.full(matrix.shape[1], np.nan)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        lowest: FloatMatrix = np.nanmin(matrix, axis=0)
    return lowest


class ModelInput(FrameTransformer):
    """Converts the non-numeric columns found at fit, the target column excepted; with
    ``impute``, fills missing values. With ``row_major``, a matrix it makes (to fill,
    shift or standardize) is row-major, as the model's solver takes it (scikit-learn's
    logistic regression and support vector machines copy any other)."""

    def __init__(
        self,
        target_column: str | None = None,
        impute: bool = False,
        non_negative: bool = False,
        standardize: bool = False,
        scaled: Sequence[str] = (),
        row_major: bool = False,
    ) -> None:
        self.target_column = target_column
        self.impute = impute
        self.non_negative = non_negative
        self.standardize = standardize
        self.scaled = scaled
        self.row_major = row_major

    def __setstate__(self, state: dict[str, Any]) -> None:
        # models stored before the setting was made column-major
        super().__setstate__({"row_major": False, **state})

    def fit(self, X: Any, y: Any = None) -> ModelInput:
        self._learn(self._fit_frame(X))
        return self

    def fit_transform(self, X: Any, y: Any = None, **_: Any) -> pd.DataFrame:
        """``fit`` and ``transform`` of `X`, converting it and making its matrix once."""
        learned = self._learn(self._fit_frame(X))
        if learned is None or not self._changes_values():
            return self.transform(X)
        return self._output(*learned, filled_already=True)

    def transform(self, X: Any) -> pd.DataFrame:
        converted = self._converted(self._transform_frame(X))
        features = self._features(converted)
        if not self._changes_values():
            return finite_frame(converted, features)
        return self._output(
            converted, features, feature_matrix(converted, features, self.row_major)
        )

    def _changes_values(self) -> bool:
        return bool(self.fill_values_ or self.shifts_ or self.standard_scales_)

    def _learn(self, frame: pd.DataFrame) -> tuple[pd.DataFrame, list[str], FloatMatrix] | None:
        """Learns from `frame`; when values may be filled, shifted or standardized, gives
        it converted, its features and their matrix, its missing values filled."""
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
            return None
        converted = self._converted(frame)
        features = self._features(converted)
        matrix = feature_matrix(converted, features, self.row_major)
        if self.non_negative:
            self.shifts_ = {
                name: float(low)
                for name, low in zip(features, lowest_values(matrix), strict=True)
                if low < 0
            }
        if self.impute:
            dtypes = converted.dtypes
            most_frequent = [
                _takes_most_frequent(dtypes[name], self.conversions_.get(name)) for name in features
            ]
            missing = np.isnan(matrix)
            fills = column_fill_values(matrix, most_frequent)
            self.fill_values_ = dict(zip(features, fills, strict=True))
            self.imputed_cells_ = int(missing.sum())
            if self.imputed_cells_:
                matrix = filled(matrix, np.asarray(fills), missing)
            del missing
        if self.standardize:
            scaled = set(self.scaled)
            unscaled = [position for position, name in enumerate(features) if name not in scaled]
            # every column unscaled (no scaling step): the matrix itself, not a copy of it
            columns = matrix if len(unscaled) == len(features) else matrix[:, unscaled]
            self.standard_scales_ = {
                features[position]: mean_and_scale
                for position, mean_and_scale in zip(
                    unscaled, means_and_scales(columns), strict=True
                )
            }
        return converted, features, matrix

    def _output(
        self,
        converted: pd.DataFrame,
        features: list[str],
        matrix: FloatMatrix,
        filled_already: bool = False,
    ) -> pd.DataFrame:
        """The model's input: `matrix` (the converted `features`) filled (unless
        `filled_already`, as the fit leaves it), shifted and standardized in place."""
        # each pass writes into the matrix, or, where it is a read-only view of the frame,
        # into a new one (subtracting 0, dividing by 1 and a floor of -inf leave a column
        # as it was)
        if self.fill_values_ and not filled_already:
            missing = np.isnan(matrix)
            if missing.any():
                fills = np.asarray([self.fill_values_[name] for name in features])
                matrix = filled(matrix, fills, missing)
            del missing
        shifted = self.shifts_.keys() - self.standard_scales_.keys()
        if shifted:
            lows = np.asarray([self.shifts_[name] if name in shifted else 0.0 for name in features])
            floors = np.asarray([0.0 if name in shifted else -np.inf for name in features])
            matrix = np.subtract(matrix, lows, out=in_place(matrix))
            np.maximum(matrix, floors, out=matrix)
        if self.standard_scales_:
            means, scales = np.asarray(
                [self.standard_scales_.get(name, (0.0, 1.0)) for name in features]
            ).T
            matrix = np.subtract(matrix, means, out=in_place(matrix))
            matrix /= scales
        return self._frame_of(matrix, features, converted)

    def _frame_of(
        self, matrix: FloatMatrix, features: list[str], converted: pd.DataFrame
    ) -> pd.DataFrame:
        """The matrix as the output frame, one float block (the model's matrix then
        costs no copy), with the target column back in its place if it came in."""
        frame = pd.DataFrame(matrix, columns=features, index=converted.index, copy=False)
        if self.target_column is not None and self.target_column in converted.columns:
            at = list(converted.columns).index(self.target_column)
            frame.insert(at, self.target_column, converted[self.target_column])
        return frame

    def _converted(self, frame: pd.DataFrame) -> pd.DataFrame:
        # models stored before dates had parts have none
        date_parts = getattr(self, "date_parts_", {})
        return converted_frame(frame, self.conversions_, self.levels_, date_parts)

    def get_feature_names_out(self, input_features: Any = None) -> Names:
        names = super().get_feature_names_out(input_features)
        parts = [name for names in self.date_parts_.values() for name in names.values()]
        return np.asarray([*names, *parts], dtype=object)

    def _features(self, frame: pd.DataFrame) -> list[str]:
        return [str(name) for name in frame.columns if name != self.target_column]
