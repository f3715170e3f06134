"""The data quality summary and score of SPEC section 5."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import pandas as pd
from typing_extensions import TypedDict

from lathe.analysis.column_types import classify_columns
from lathe.analysis.distinct_values import distinct_counts
from lathe.io.preview import missing_counts

MISSING_WEIGHT = 0.4
MISSING_CAP = 40.0
CONSTANT_PENALTY = 8
CONSTANT_CAP = 24
ID_LIKE_PENALTY = 6
ID_LIKE_CAP = 24
HIGH_CARDINALITY_PENALTY = 4
HIGH_CARDINALITY_CAP = 20

ID_LIKE_MIN_DISTINCT_FRACTION = 0.98
HIGH_CARDINALITY_MIN_DISTINCT_FRACTION = 0.5
ID_LIKE_DTYPE_WORDS = ("int", "float", "object", "string", "str")


class QualitySummary(TypedDict):
    """SPEC section 3's quality summary.

    ``missingPct`` is the fraction (0 to 1, not a percentage) of all cells that are missing.
    """

    rows: int
    cols: int
    missingPct: float
    constantCols: list[str]
    idLikeCols: list[str]
    highCardCat: list[str]
    score: int


def quality_score(
    missing_fraction: float, n_constant: int, n_id_like: int, n_high_cardinality: int
) -> int:
    """100 minus the four capped penalties, rounded half up and clamped to 0..100.

    Rounding is half up (``floor(x + 0.5)``), as a browser's ``Math.round`` does, not
    Python's round-half-to-even.
    """
    penalty = (
        min(missing_fraction * 100.0 * MISSING_WEIGHT, MISSING_CAP)
        + min(n_constant * CONSTANT_PENALTY, CONSTANT_CAP)
        + min(n_id_like * ID_LIKE_PENALTY, ID_LIKE_CAP)
        + min(n_high_cardinality * HIGH_CARDINALITY_PENALTY, HIGH_CARDINALITY_CAP)
    )
    return max(0, min(100, math.floor(100.0 - penalty + 0.5)))


def is_id_like_dtype(dtype_text: str) -> bool:
    """Whether a dtype's text names an int, float, object or string type (any case).

    Case-insensitive so nullable ``Int64``/``UInt8`` and pandas' ``str`` dtype count too.
    """
    text = dtype_text.lower()
    return any(word in text for word in ID_LIKE_DTYPE_WORDS)


def quality_summary(
    frame: pd.DataFrame,
    *,
    unique_counts: Mapping[str, int] | None = None,
    missing_values: Mapping[str, int] | None = None,
    categorical: Sequence[str] | None = None,
) -> QualitySummary:
    """Quality summary of the whole frame, exactly by SPEC section 5.

    - constant: at most 1 distinct non-missing value (an all-missing column is constant);
    - id-like: dtype text contains int, float, object or string and distinct non-missing
      values >= 98% of rows (never on an empty frame);
    - high-cardinality categorical: in the categorical list (``classify_columns``; boolean
      columns are not in it) and distinct values > 50% of rows.

    Precomputed ``unique_counts`` (non-missing distinct values), ``missing_values`` and the
    ``categorical`` list may be passed to avoid recomputing them on a large frame.
    """
    rows, cols = (int(n) for n in frame.shape)
    names = [str(name) for name in frame.columns]
    if unique_counts is None:
        unique_counts = distinct_counts(frame)
    if missing_values is None:
        missing_values = missing_counts(frame)
    if categorical is None:
        categorical = classify_columns(frame)["categorical"]
    categorical_set = set(categorical)
    dtype_texts = {str(k): str(v) for k, v in frame.dtypes.items()}

    cells = rows * cols
    missing_fraction = sum(missing_values[name] for name in names) / cells if cells else 0.0
    constant = [name for name in names if unique_counts[name] <= 1]
    id_like = [
        name
        for name in names
        if rows > 0
        and is_id_like_dtype(dtype_texts[name])
        and unique_counts[name] >= ID_LIKE_MIN_DISTINCT_FRACTION * rows
    ]
    high_cardinality = [
        name
        for name in names
        if name in categorical_set
        and unique_counts[name] > HIGH_CARDINALITY_MIN_DISTINCT_FRACTION * rows
    ]
    return {
        "rows": rows,
        "cols": cols,
        "missingPct": float(missing_fraction),
        "constantCols": constant,
        "idLikeCols": id_like,
        "highCardCat": high_cardinality,
        "score": quality_score(
            missing_fraction, len(constant), len(id_like), len(high_cardinality)
        ),
    }
