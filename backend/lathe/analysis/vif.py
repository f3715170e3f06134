"""Variance inflation factors from the inverse correlation matrix."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from lathe.analysis.column_arrays import FloatArray, float_values
from lathe.analysis.column_types import classify_columns

# An eigenvalue of the correlation matrix at or below this fraction of the largest one is
# treated as zero: the matrix is (numerically) singular in that direction.
SINGULAR_EIGENVALUE_RATIO = 1e-12
# A column whose squared weight in such a null direction exceeds this takes part in the
# exact collinearity; smaller weights are rounding noise.
NULL_DIRECTION_MIN_WEIGHT = 1e-10


def vif_from_correlation(corr: FloatArray) -> FloatArray:
    """Diagonal of the inverse of a correlation matrix, with ``inf`` where it does not exist.

    One symmetric eigendecomposition ``R = V diag(l) V'`` gives
    ``VIF_i = sum_j V_ij**2 / l_j``. Eigenvalues at or below ``1e-12`` times the largest are
    null directions (exact or near-exact collinearity); every column with a non-negligible
    weight in one of them gets ``inf`` while columns outside the collinear group keep
    their finite VIF.
    """
    k = corr.shape[0]
    if k == 0:
        return np.empty(0, dtype=np.float64)
    eigenvalues, eigenvectors = np.linalg.eigh(corr)
    weights = eigenvectors**2
    null = eigenvalues <= SINGULAR_EIGENVALUE_RATIO * max(float(eigenvalues.max()), 0.0)
    safe = np.where(null, 1.0, eigenvalues)
    vif = (weights[:, ~null] / safe[~null]).sum(axis=1)
    collinear = (weights[:, null] > NULL_DIRECTION_MIN_WEIGHT).any(axis=1)
    vif[collinear] = np.inf
    return np.asarray(np.maximum(vif, 1.0), dtype=np.float64)


def _has_two_values(values: FloatArray) -> bool:
    present = values[~np.isnan(values)]
    return present.size > 1 and bool(present.max() > present.min())


def variance_inflation(
    frame: pd.DataFrame, columns: Sequence[str] | None = None
) -> dict[str, float]:
    """VIF per numeric column, as statsmodels' ``variance_inflation_factor`` gives it with a
    constant term in the design.

    - ``columns`` defaults to the frame's numeric columns;
    - listwise deletion: rows with any missing (or infinite) value among these columns are
      dropped, so every VIF comes from one consistent correlation matrix;
    - columns that are constant or all missing are left out before that (so they drop no
      rows), as are columns that are constant on the remaining rows;
    - an exactly or nearly singular correlation matrix gives ``math.inf`` for the columns
      involved, never an error.
    """
    names = list(columns) if columns is not None else classify_columns(frame)["numeric"]
    if not names:
        return {}
    columns_values = {name: float_values(frame[name]) for name in names}
    names = [name for name in names if _has_two_values(columns_values[name])]
    if not names:
        return {}
    matrix = np.column_stack([columns_values[name] for name in names])
    matrix = matrix[~np.isnan(matrix).any(axis=1)]
    if matrix.shape[0] < 2:
        return {}
    varying = matrix.max(axis=0) > matrix.min(axis=0)
    kept = [name for name, keep in zip(names, varying, strict=True) if keep]
    if not kept:
        return {}
    centered = matrix[:, varying] - matrix[:, varying].mean(axis=0)
    standardized = centered / np.sqrt((centered**2).sum(axis=0))
    corr = standardized.T @ standardized
    np.fill_diagonal(corr, 1.0)
    vif = vif_from_correlation(corr)
    return {
        name: float(value) if np.isfinite(value) else math.inf
        for name, value in zip(kept, vif, strict=True)
    }
