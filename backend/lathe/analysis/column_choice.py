"""The columns a pairwise statistic takes when a frame has too many.

VIF, Cramer's V pairs and missing-pattern correlations cost O(k^2) bytes in the answer
and up to O(k^3) time in k columns; on a 1,000-column one-hot frame the analysis took
106 s. Each takes at most ``PAIRWISE_COLUMNS`` columns: with a target, those most
associated with it; without, the most varied (``spread``); the answer counts the columns
left out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd

PAIRWISE_COLUMNS = 50
SPREAD_ROWS = 10_000
"""Rows of the uniform sample the spread is measured on."""


def strongest(
    names: Sequence[str], scores: Mapping[str, float], limit: int = PAIRWISE_COLUMNS
) -> list[str]:
    """At most `limit` of `names`: those of highest score (a name without one scores
    lowest; ties go to the earlier name), kept in the order given."""
    if len(names) <= limit:
        return list(names)
    ranked = sorted(range(len(names)), key=lambda i: -scores.get(names[i], -math.inf))
    return [names[i] for i in sorted(ranked[:limit])]


def spread(frame: pd.DataFrame, names: Sequence[str], seed: int = 0) -> dict[str, float]:
    """Per column, the share of its present values that differ from its most frequent one,
    on a uniform sample of ``SPREAD_ROWS`` rows: 0 for a constant column, 0.5 for a
    balanced one-hot column. It takes no scale, so columns of every kind compare."""
    rows = len(frame)
    if rows > SPREAD_ROWS:
        positions = np.sort(np.random.default_rng(seed).choice(rows, SPREAD_ROWS, replace=False))
        frame = frame.take(positions)
    result: dict[str, float] = {}
    for name in names:
        counts = frame[name].value_counts(dropna=True)
        present = int(counts.sum())
        result[name] = 0.0 if present == 0 else 1.0 - int(counts.iloc[0]) / present
    return result
