"""Levels of a categorical column: learned in sorted order, recorded with the step, and
turned into integer codes."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

MISSING_LEVEL = "nan"
IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


class Levels(NamedTuple):
    values: tuple[str, ...]
    has_missing: bool
    absent: tuple[int, ...] = ()
    """Codes of recorded levels the fit rows lack: encoded as unknown categories."""

    @property
    def names(self) -> tuple[str, ...]:
        return (*self.values, MISSING_LEVEL) if self.has_missing else self.values


def fitted_levels(recorded: Levels, series: pd.Series[Any]) -> Levels:
    """The recorded levels, with those `series` lacks (the missing level included) marked
    absent."""
    present = learn_levels(series)
    seen = set(present.values)
    absent = [code for code, value in enumerate(recorded.values) if value not in seen]
    if recorded.has_missing and not present.has_missing:
        absent.append(len(recorded.values))
    return recorded._replace(absent=tuple(absent))


def as_text(series: pd.Series[Any]) -> pd.Series[Any]:
    return series if series.dtype == "str" else series.astype("str")


def learn_levels(series: pd.Series[Any]) -> Levels:
    """The column's distinct values, sorted, and whether any is missing (found among the
    distinct values: dropping the missing ones first copies the column)."""
    text = as_text(series)
    distinct = text.unique()
    missing = pd.isna(distinct)
    values = tuple(sorted(str(value) for value in distinct[~missing]))
    return Levels(values, bool(missing.any()))


def level_codes(series: pd.Series[Any], levels: Levels) -> IntArray:
    """Each value's level position; -1 for an unknown category (and for a missing value
    when missing was not a level at fit)."""
    text = as_text(series)
    values = pa.array(text)
    found = pc.index_in(values, value_set=pa.array(levels.values, type=values.type))
    codes: IntArray = found.fill_null(-1).to_numpy(zero_copy_only=False).astype(np.int64)
    if levels.has_missing:
        codes[text.isna().to_numpy()] = len(levels.values)
    if levels.absent:
        codes[np.isin(codes, levels.absent)] = -1
    return codes


def binary_width(level_count: int) -> int:
    return max(1, math.ceil(math.log2(level_count + 1)))


def recorded_levels(levels: Mapping[str, Any]) -> dict[str, Levels]:
    """Levels as a step's params keep them (``{"values": [...], "has_missing": bool}``)."""
    return {
        column: Levels(tuple(str(v) for v in level["values"]), bool(level["has_missing"]))
        for column, level in levels.items()
    }
