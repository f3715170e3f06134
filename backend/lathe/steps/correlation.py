"""Step 6, correlation: highly correlated numeric pairs, and each column's correlation
with the target. Dropping a column of a pair is a plain column drop (``columns.py``).

Correlations use the rows where both columns have a value (pairwise complete
observations); a pair or column whose correlation is undefined (a constant column, too
few rows) is left out. Lists are sorted by absolute correlation, largest first, ties in
frame order.
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
import pandas as pd
from typing_extensions import TypedDict

from lathe.analysis.column_types import column_kind
from lathe.errors import ErrorCode
from lathe.steps.column_kinds import numeric_columns
from lathe.steps.errors import StepConfigError, check_choice, check_columns_present

DEFAULT_THRESHOLD = 0.95
METHODS = ("pearson", "spearman")
Method = Literal["pearson", "spearman"]


class CorrelatedPair(TypedDict):
    col1: str
    col2: str
    correlation: float


class TargetCorrelation(TypedDict):
    column: str
    correlation: float


def check_threshold(threshold: float) -> None:
    if not 0.0 <= threshold <= 1.0:
        raise StepConfigError(
            "The correlation threshold must be between 0 and 1.",
            ErrorCode.THRESHOLD_OUT_OF_RANGE,
            {"threshold": threshold},
        )


def correlated_pairs(
    frame: pd.DataFrame, threshold: float = DEFAULT_THRESHOLD
) -> list[CorrelatedPair]:
    """Pairs of numeric columns whose absolute Pearson correlation is at least
    `threshold`, each pair once, ``col1`` before ``col2`` in frame order."""
    check_threshold(threshold)
    columns = numeric_columns(frame)
    matrix = frame[columns].corr(method="pearson").to_numpy()
    first, second = np.triu_indices(len(columns), k=1)
    values = matrix[first, second]
    chosen = np.flatnonzero(np.abs(values) >= threshold)
    order = chosen[np.argsort(-np.abs(values[chosen]), kind="stable")]
    return [
        {
            "col1": columns[first[i]],
            "col2": columns[second[i]],
            "correlation": float(values[i]),
        }
        for i in order
    ]


def target_correlations(
    frame: pd.DataFrame, target: str, method: Method = "pearson"
) -> list[TargetCorrelation]:
    """The correlation (Pearson or Spearman) of every other numeric column with the
    numeric or boolean `target`."""
    check_choice(method, METHODS, "method")
    check_columns_present([target], frame.columns)
    if column_kind(frame[target].dtype) not in ("numeric", "boolean"):
        raise StepConfigError(
            f'The target column "{target}" is not numeric; correlations need a numeric target.',
            ErrorCode.TARGET_NOT_NUMERIC,
            {"column": target},
        )
    values: pd.Series[Any] = pd.Series(
        frame[target].to_numpy(dtype=np.float64, na_value=np.nan), index=frame.index
    )
    features = frame[[column for column in numeric_columns(frame) if column != target]]
    varying = features.columns[features.max() > features.min()]
    correlations = features[varying].corrwith(values, method=method).dropna()
    order = np.argsort(-np.abs(correlations.to_numpy()), kind="stable")
    return [
        {"column": str(correlations.index[i]), "correlation": float(correlations.iloc[i])}
        for i in order
    ]
