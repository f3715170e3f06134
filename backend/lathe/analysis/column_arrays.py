"""Conversions of columns into the plain numpy arrays the statistics are computed on."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


def float_values(series: pd.Series[Any]) -> FloatArray:
    """The column as float64, with missing values and +/-inf both as NaN.

    Infinities are treated as missing because no moment-based statistic is defined on them.
    Works for numpy, nullable (``Int64``, ``Float64``) and pyarrow numeric dtypes.
    """
    values = np.asarray(series.to_numpy(dtype=np.float64, na_value=np.nan), dtype=np.float64)
    if not np.isfinite(values).all():
        values = np.where(np.isfinite(values), values, np.nan)
    return values


def category_codes(series: pd.Series[Any]) -> tuple[IntArray, int]:
    """Integer codes of the column's observed values (-1 for missing) and their count."""
    codes, uniques = pd.factorize(series, use_na_sentinel=True)
    return np.asarray(codes, dtype=np.int64), len(uniques)


def missing_mask(frame: pd.DataFrame) -> BoolArray:
    """Boolean matrix (rows x columns), True where a cell is missing."""
    mask = np.empty(frame.shape, dtype=np.bool_, order="F")
    for position in range(frame.shape[1]):
        mask[:, position] = frame.iloc[:, position].isna().to_numpy(dtype=np.bool_)
    return mask
