"""Patterns of missing values: co-occurrence correlations and per-row missing counts."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from typing_extensions import TypedDict

from lathe.analysis.column_arrays import BoolArray, missing_mask
from lathe.io.preview import missing_counts

MissingCorr = dict[str, dict[str, float | None]]


class MissingPatterns(TypedDict):
    pairwise_missing_corr: MissingCorr
    row_missing_hist: list[list[int]]


def missing_indicator_corr(mask: BoolArray, names: Sequence[str]) -> MissingCorr:
    """Pearson correlation between the columns of a boolean missing-indicator matrix.

    Computed exactly from counts: with ``a_i`` missing cells in column i, ``b_ij`` rows
    missing both and ``n`` rows, ``r_ij = (n b_ij - a_i a_j) / sqrt(a_i (n - a_i) a_j (n - a_j))``.
    An indicator with zero variance (column missing everywhere or nowhere in these rows)
    has no correlation: its row and column, diagonal included, are ``None``.
    """
    n = mask.shape[0]
    indicators = mask.astype(np.float64)
    both = indicators.T @ indicators
    missing = np.diag(both).copy()
    spread = missing * (n - missing)
    with np.errstate(divide="ignore", invalid="ignore"):
        corr = (n * both - np.outer(missing, missing)) / np.sqrt(np.outer(spread, spread))
    corr = np.clip(corr, -1.0, 1.0)
    varying = spread > 0
    np.fill_diagonal(corr, 1.0)
    result: MissingCorr = {}
    for i, first in enumerate(names):
        result[first] = {
            second: float(corr[i, j]) if varying[i] and varying[j] else None
            for j, second in enumerate(names)
        }
    return result


def pairwise_missing_corr(frame: pd.DataFrame, columns: Sequence[str] | None = None) -> MissingCorr:
    """Map of maps of the correlation between the missing indicators of ``columns``.

    ``columns`` defaults to the columns of ``frame`` that have at least one missing value.
    See ``missing_indicator_corr`` for the definition and the ``None`` cases.
    """
    if columns is None:
        columns = [name for name, count in missing_counts(frame).items() if count > 0]
    names = list(columns)
    if not names:
        return {}
    return missing_indicator_corr(missing_mask(frame[names]), names)


def row_missing_hist(frame: pd.DataFrame, columns: Sequence[str] | None = None) -> list[list[int]]:
    """Pairs ``[missing fields in a row, number of rows]`` for every count that occurs,
    rows with no missing field included, sorted by the missing count. `columns` (default:
    every column) must take in every column with a missing value: the others add nothing.

    The rows' counts are summed a column at a time, in the smallest integers that hold
    them, rather than from a mask of the whole frame: at ten million rows that mask and its
    row sums took 0.85 s of an analysis's 3.2 s, mostly writing memory new to the process."""
    chosen = list(frame.columns if columns is None else columns)
    per_row = np.zeros(len(frame), dtype=np.min_scalar_type(len(chosen)))
    for name in chosen:
        per_row += frame[name].isna().to_numpy(dtype=np.bool_)
    counts = np.bincount(per_row, minlength=1) if per_row.size else np.zeros(0, dtype=np.int64)
    return [[int(k), int(c)] for k, c in enumerate(counts) if c > 0]
