"""The full data profile of the Analyze step (SPEC section 3, "Analysis result")."""

from __future__ import annotations

import math
from typing import Annotated, NotRequired

import numpy as np
import pandas as pd
from pydantic import Field
from typing_extensions import TypedDict

from lathe.analysis.associations import (
    CatAssocPair,
    FeatureTargetAssoc,
    cat_assoc_pairs,
    feature_target_assoc,
)
from lathe.analysis.column_arrays import IntArray, missing_mask
from lathe.analysis.column_choice import PAIRWISE_COLUMNS, spread, strongest
from lathe.analysis.column_types import ColumnTypes, classify_columns
from lathe.analysis.distinct_values import distinct_counts
from lathe.analysis.distribution import DistributionStats, distribution_stats
from lathe.analysis.missing_patterns import (
    MissingPatterns,
    missing_indicator_corr,
    row_missing_hist,
)
from lathe.analysis.quality import QualitySummary, quality_summary
from lathe.analysis.vif import variance_inflation
from lathe.io.preview import missing_counts

DEFAULT_SAMPLE_ROWS = 200_000


class UnknownTargetError(ValueError):
    """The requested target is not a column of the frame."""

    def __init__(self, column: str) -> None:
        self.column = column
        super().__init__(f"Unknown target column: {column!r}")


class PairwiseLeftOut(TypedDict):
    """Columns left out of each pairwise statistic, which takes at most 50 (those most
    associated with the target, or without one the most varied)."""

    vif: int
    cat_assoc_pairs: int
    pairwise_missing_corr: int


class AnalysisResult(TypedDict):
    """Every field of SPEC section 3's analysis result but the frame's preview, shape,
    dtypes and missing counts (the response's frame payload), JSON-safe.

    ``feature_target_assoc`` is ``None`` when no target was given. ``sampled_rows`` is the
    sample size when the O(n*k^2) statistics (``vif``, ``cat_assoc_pairs``,
    ``missing_patterns.pairwise_missing_corr``, ``feature_target_assoc``) used a sample,
    else ``None``; every other field is exact on the whole frame.
    """

    target: str | None
    memory: Annotated[int, Field(description="Deep memory use of the frame in bytes.")]
    unique_counts: dict[str, int]
    column_types: ColumnTypes
    missing_patterns: MissingPatterns
    vif: dict[str, float | None]
    """Null where the VIF is infinite (a singular correlation matrix)."""
    vif_infinite: list[str]
    distribution_stats: dict[str, DistributionStats]
    cat_assoc_pairs: list[CatAssocPair]
    skipped_high_cardinality: Annotated[
        list[str],
        Field(
            description="Categorical columns with more than 50 levels, left out of associations."
        ),
    ]
    feature_target_assoc: dict[str, FeatureTargetAssoc] | None
    quality: QualitySummary
    sampled_rows: Annotated[
        int | None,
        Field(description="Rows of the random sample the costly statistics used, null when all."),
    ]
    pairwise_left_out: NotRequired[
        Annotated[
            PairwiseLeftOut,
            Field(description="Columns left out of each pairwise statistic; always sent."),
        ]
    ]


def sample_positions(n_rows: int, sample_rows: int | None, seed: int) -> IntArray | None:
    """Sorted positions of a uniform random sample without replacement of ``sample_rows``
    rows, or ``None`` when the frame is not larger than that (or ``sample_rows`` is None)."""
    if sample_rows is None or n_rows <= sample_rows:
        return None
    if sample_rows < 1:
        raise ValueError("sample_rows must be at least 1")
    rng = np.random.default_rng(seed)
    return np.sort(rng.choice(n_rows, size=sample_rows, replace=False))


def analyze_frame(
    frame: pd.DataFrame,
    target: str | None = None,
    sample_rows: int | None = DEFAULT_SAMPLE_ROWS,
    seed: int = 0,
) -> AnalysisResult:
    """Profile ``frame``: counts, types, missing patterns, VIF, skew, associations, quality.

    Column labels are used as text (``str(label)``) and should be unique. Memory (deep
    bytes, index included), unique counts (non-missing distinct values), the row-missing
    histogram, skew and the quality summary are exact.
    VIF, Cramer's V pairs and missing-indicator correlations take at most
    ``PAIRWISE_COLUMNS`` columns each (``lathe.analysis.column_choice``; the others are
    counted in ``pairwise_left_out``). They and the feature-target associations
    use a uniform random sample of ``sample_rows`` rows (seeded, so repeatable) when the
    frame has more rows; ``sampled_rows`` then says how many. Infinite VIFs are ``None``
    and their columns listed in ``vif_infinite``. High-cardinality skips use
    the exact full-frame unique counts. Only ``None`` means "no target"; a target that is
    not a column raises ``UnknownTargetError``.
    """
    if any(not isinstance(label, str) for label in frame.columns):
        frame = frame.set_axis([str(label) for label in frame.columns], axis=1)
    names = [str(label) for label in frame.columns]
    if target is not None and target not in names:
        raise UnknownTargetError(target)

    n_rows = len(frame)
    missing_values = missing_counts(frame)
    unique_counts = distinct_counts(frame)
    column_types = classify_columns(frame)

    positions = sample_positions(n_rows, sample_rows, seed)
    sample = frame if positions is None else frame.take(positions)

    target_assoc = (
        None
        if target is None
        else feature_target_assoc(sample, target, unique_counts=unique_counts)
    )

    def scores(candidates: list[str]) -> dict[str, float]:
        """What ranks `candidates` when a pairwise statistic cannot take them all."""
        if len(candidates) <= PAIRWISE_COLUMNS:
            return {}
        if target_assoc is not None:
            return {name: assoc["score"] for name, assoc in target_assoc.items()}
        return spread(sample, candidates)

    with_missing = [name for name in names if missing_values[name] > 0]
    missing_spread = {
        name: float(missing_values[name] * (n_rows - missing_values[name])) for name in with_missing
    }
    paired_missing = strongest(with_missing, missing_spread)
    missing_patterns: MissingPatterns = {
        "pairwise_missing_corr": (
            missing_indicator_corr(missing_mask(sample[paired_missing]), paired_missing)
            if paired_missing
            else {}
        ),
        "row_missing_hist": row_missing_hist(frame, with_missing),
    }
    categorical = [
        n for n in names if n in {*column_types["categorical"], *column_types["boolean"]}
    ]
    associations = cat_assoc_pairs(
        sample,
        categorical,
        unique_counts=unique_counts,
        scores=scores(categorical),
    )
    numeric = column_types["numeric"]
    vif_columns = strongest(numeric, scores(numeric))
    vif = variance_inflation(sample, vif_columns)
    return {
        "target": target,
        "memory": int(frame.memory_usage(deep=True, index=True).sum()),
        "unique_counts": unique_counts,
        "column_types": column_types,
        "missing_patterns": missing_patterns,
        "vif": {name: value if math.isfinite(value) else None for name, value in vif.items()},
        "vif_infinite": [name for name, value in vif.items() if not math.isfinite(value)],
        "distribution_stats": distribution_stats(frame, column_types["numeric"]),
        "cat_assoc_pairs": associations["pairs"],
        "skipped_high_cardinality": associations["skipped_high_cardinality"],
        "feature_target_assoc": target_assoc,
        "quality": quality_summary(
            frame,
            unique_counts=unique_counts,
            missing_values=missing_values,
            categorical=column_types["categorical"],
        ),
        "sampled_rows": None if positions is None else int(positions.size),
        "pairwise_left_out": {
            "vif": len(numeric) - len(vif_columns),
            "cat_assoc_pairs": associations["left_out"],
            "pairwise_missing_corr": len(with_missing) - len(paired_missing),
        },
    }
