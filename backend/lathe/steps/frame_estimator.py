"""What every step estimator shares: named columns in, a DataFrame out.

A step is fitted on a frame and remembers its columns (``feature_names_in_``). Arrays
without names get sklearn's default names ``x0, x1, ...``, so a step configured for
``"x0"`` works on them too. ``transform`` needs every column seen at fit (a
``StepConfigError`` names the missing ones), ignores columns it has not seen, and returns
its columns in fit order with the step's outputs in place, matching
``get_feature_names_out``; ``set_output(transform="pandas")`` therefore works.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.utils import Tags
from sklearn.utils.validation import (
    _check_feature_names_in,
    check_array,
    check_is_fitted,
    validate_data,
)

from lathe.errors import ErrorCode
from lathe.steps.errors import StepConfigError, check_columns_present

Names = npt.NDArray[np.object_]


def as_frame(X: Any) -> pd.DataFrame:
    """The input as a DataFrame with string column names (``x0, x1, ...`` when it has none)."""
    if isinstance(X, pd.DataFrame) and all(isinstance(name, str) for name in X.columns):
        return X
    values = (
        X if isinstance(X, pd.DataFrame) else check_array(X, dtype=None, ensure_all_finite=False)
    )
    frame = pd.DataFrame(values)
    frame.columns = [f"x{position}" for position in range(frame.shape[1])]
    return frame


def with_replaced_columns(frame: pd.DataFrame, values: Mapping[str, Any]) -> pd.DataFrame:
    """`frame` with the columns of `values` replaced in place; the other columns are
    shared, not copied. (Assigning ``frame[column] = values`` copies every new column
    once more, a tenth of a second per 25 columns of a million rows.) An array that owns
    its memory, a result made for this, becomes its column as it is: pandas copies any
    array it is given, which wrote every scaled column of ten million rows a second time,
    into memory new to the process (half of the scaling step's time)."""
    replaced = frame.copy(deep=False)
    positions = {name: position for position, name in enumerate(frame.columns)}
    for column, column_values in values.items():
        if isinstance(column_values, np.ndarray) and column_values.flags.owndata:
            column_values = pd.Series(column_values, index=frame.index, copy=False)
        replaced.isetitem(positions[column], column_values)
    return replaced


def with_added_columns(frame: pd.DataFrame, values: Mapping[str, Any]) -> pd.DataFrame:
    """`frame` with the columns of `values` added at its end in one concat: inserting them
    one at a time into a frame read a column a block (as uploads are) fragments it further,
    and pandas warns at every insert past a hundred blocks. The new columns are not copied
    into one block (``copy=False``)."""
    added = pd.DataFrame(dict(values), index=frame.index, copy=False)
    return pd.concat([frame, added], axis=1)


def free_name(wanted: str, taken: Collection[str]) -> str:
    """`wanted`, or `wanted_2`, `wanted_3`… when a column already has that name."""
    name, suffix = wanted, 2
    while name in taken:
        name, suffix = f"{wanted}_{suffix}", suffix + 1
    return name


class FrameTransformer(TransformerMixin, BaseEstimator):  # type: ignore[misc]
    """Base of the steps' transformers; subclasses implement ``fit`` and ``transform``
    through ``_fit_frame`` and ``_transform_frame``."""

    def _fit_frame(self, X: Any) -> pd.DataFrame:
        frame = as_frame(X)
        validate_data(self, X, reset=True, skip_check_array=True)
        return frame

    def _fitted_columns(self) -> list[str]:
        return [str(name) for name in _check_feature_names_in(self)]

    def _transform_frame(self, X: Any) -> pd.DataFrame:
        check_is_fitted(self)
        frame = as_frame(X)
        if not isinstance(X, pd.DataFrame):
            validate_data(self, X, reset=False, skip_check_array=True)
        fitted = self._fitted_columns()
        check_columns_present(fitted, frame.columns)
        if list(frame.columns) != fitted:
            frame = frame[fitted]
        return frame

    def _output_names(self, input_features: Any) -> tuple[list[str], dict[str, str]]:
        """Fitted column names and, for each, the name its outputs are named after."""
        check_is_fitted(self)
        fitted = self._fitted_columns()
        names = [str(name) for name in _check_feature_names_in(self, input_features)]
        return fitted, dict(zip(fitted, names, strict=True))

    def get_feature_names_out(self, input_features: Any = None) -> Names:
        """The output columns: by default one per input column, under the same name."""
        fitted, names = self._output_names(input_features)
        return np.asarray([names[column] for column in fitted], dtype=object)

    def __sklearn_tags__(self) -> Tags:
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = True
        tags.input_tags.string = True
        tags.input_tags.categorical = True
        return tags


def kept_rows(frame: pd.DataFrame, y: Any, keep: npt.NDArray[np.bool_]) -> tuple[pd.DataFrame, Any]:
    """The rows of `frame` and `y` where `keep` is true, as a sampler returns them.

    Row removal happens at fit time only: a pipeline passes rows through its samplers at
    transform and predict time. Removing every row is refused.
    """
    if not keep.any():
        raise StepConfigError("Removing these rows would leave no data.", ErrorCode.NO_ROWS_LEFT)
    if keep.all():
        return frame, y
    if y is None:
        return frame.loc[keep], None
    if isinstance(y, pd.Series | pd.DataFrame):
        return frame.loc[keep], y.loc[keep]
    return frame.loc[keep], np.asarray(y)[keep]
