"""Dropping named columns: from the data preview, and the correlation step's drop."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from lathe.errors import ErrorCode
from lathe.steps.errors import StepConfigError, check_columns_present
from lathe.steps.frame_estimator import FrameTransformer, Names
from lathe.steps.recipe_step import RecipeStep, recipe_step


def drop_columns(frame: pd.DataFrame, columns: Sequence[str]) -> pd.DataFrame:
    """The frame without `columns`, which must all be in it."""
    check_columns_present(columns, frame.columns)
    return frame.drop(columns=list(columns))


class ColumnDropper(FrameTransformer):
    """``drop_columns`` as a transformer; the dropped columns must be present at fit.

    Subclasses that learn which columns to drop override ``fit`` to set
    ``dropped_columns_``.
    """

    def __init__(self, columns: Sequence[str] = ()) -> None:
        self.columns = columns

    def fit(self, X: Any, y: Any = None) -> ColumnDropper:
        frame = self._fit_frame(X)
        check_columns_present(self.columns, frame.columns)
        self.dropped_columns_ = list(self.columns)
        return self

    def transform(self, X: Any) -> pd.DataFrame:
        return self._transform_frame(X).drop(columns=self.dropped_columns_)

    def get_feature_names_out(self, input_features: Any = None) -> Names:
        fitted, names = self._output_names(input_features)
        dropped = set(self.dropped_columns_)
        return np.asarray([names[c] for c in fitted if c not in dropped], dtype=object)


def column_drop_steps(frame: pd.DataFrame, columns: Sequence[str]) -> list[RecipeStep]:
    """The recipe step dropping `columns` (duplicates ignored); at least one column must be
    named and one must remain."""
    names = list(dict.fromkeys(columns))
    if not names:
        raise StepConfigError("Please select at least one column to drop.", ErrorCode.NO_COLUMNS)
    check_columns_present(names, frame.columns)
    if len(names) >= frame.shape[1]:
        raise StepConfigError("You cannot drop the last column.", ErrorCode.LAST_COLUMN)
    return [recipe_step("drop_columns", columns=names)]
