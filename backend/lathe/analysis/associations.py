"""Association measures: Cramer's V between categoricals and feature-target effect sizes."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import numpy as np
import pandas as pd
from scipy import special
from typing_extensions import TypedDict

from lathe.analysis.column_arrays import FloatArray, IntArray, category_codes, float_values
from lathe.analysis.column_choice import PAIRWISE_COLUMNS, strongest
from lathe.analysis.column_types import classify_columns, column_kind
from lathe.analysis.distinct_values import distinct_counts

MAX_LEVELS = 50
"""Categorical columns with more distinct values than this are left out of associations."""

AssocTest = Literal["pearson", "anova", "chi2"]


class CatAssocPair(TypedDict):
    col1: str
    col2: str
    cramers_v: float


class CatAssocResult(TypedDict):
    pairs: list[CatAssocPair]
    skipped_high_cardinality: list[str]
    left_out: int
    """Columns of few enough levels left out by `max_columns`."""


class FeatureTargetAssoc(TypedDict):
    """Effect size in [0, 1], the test it comes from, and that test's p-value."""

    score: float
    test: AssocTest
    p_value: float | None


def contingency_table(
    codes_a: IntArray, levels_a: int, codes_b: IntArray, levels_b: int
) -> IntArray:
    """Counts of each (a, b) code pair over rows where both are present.

    Rows and columns that are empty (levels absent from those rows) are removed, so every
    marginal is positive.
    """
    both = (codes_a >= 0) & (codes_b >= 0)
    flat = codes_a[both] * levels_b + codes_b[both]
    table = np.bincount(flat, minlength=levels_a * levels_b).reshape(levels_a, levels_b)
    table = table[table.sum(axis=1) > 0][:, table.sum(axis=0) > 0]
    return np.asarray(table, dtype=np.int64)


def chi_square(table: IntArray) -> tuple[float, int]:
    """Pearson's chi-square statistic (no continuity correction) and its degrees of freedom."""
    observed = table.astype(np.float64)
    n = observed.sum()
    expected = np.outer(observed.sum(axis=1), observed.sum(axis=0)) / n
    statistic = float(((observed - expected) ** 2 / expected).sum())
    dof = (table.shape[0] - 1) * (table.shape[1] - 1)
    return statistic, dof


def cramers_v_from_table(table: IntArray) -> float | None:
    """Cramer's V of a table with positive marginals, as
    ``scipy.stats.contingency.association(table, method="cramer")`` computes it
    (no continuity correction). ``None`` when a side has fewer than two levels."""
    if min(table.shape) < 2:
        return None
    statistic, _ = chi_square(table)
    value = statistic / float(table.sum()) / (min(table.shape) - 1)
    return min(1.0, math.sqrt(max(value, 0.0)))


def cramers_v(a: pd.Series[Any], b: pd.Series[Any]) -> float | None:
    """Cramer's V between two columns over rows where both are present.

    Equal to ``association(pd.crosstab(a, b).to_numpy(), method="cramer")``; ``None`` when
    either column has fewer than two levels on those rows.
    """
    codes_a, levels_a = category_codes(a)
    codes_b, levels_b = category_codes(b)
    return cramers_v_from_table(contingency_table(codes_a, levels_a, codes_b, levels_b))


def _level_counts(
    frame: pd.DataFrame, names: Sequence[str], unique_counts: Mapping[str, int] | None
) -> dict[str, int]:
    if unique_counts is not None:
        return {name: int(unique_counts[name]) for name in names}
    return distinct_counts(frame, names)


def cat_assoc_pairs(
    frame: pd.DataFrame,
    columns: Sequence[str] | None = None,
    *,
    max_levels: int = MAX_LEVELS,
    unique_counts: Mapping[str, int] | None = None,
    max_columns: int = PAIRWISE_COLUMNS,
    scores: Mapping[str, float] | None = None,
) -> CatAssocResult:
    """Cramer's V for every pair of categorical (and boolean) columns, highest first.

    ``columns`` defaults to the frame's categorical and boolean columns. Columns with more
    than ``max_levels`` distinct values are left out and listed in
    ``skipped_high_cardinality``; level counts come from ``unique_counts`` when given (the
    exact full-frame counts when ``frame`` is a sample), else from ``frame``. Of the
    other columns, at most ``max_columns`` of highest ``scores`` are paired
    (``lathe.analysis.column_choice.strongest``); ``left_out`` counts the rest. Pairs whose
    V is undefined (a column with fewer than two levels on the shared rows) are omitted.
    Ties keep column order.
    """
    if columns is None:
        kinds = classify_columns(frame)
        names = [
            n for n in frame.columns.astype(str) if n in {*kinds["categorical"], *kinds["boolean"]}
        ]
    else:
        names = list(columns)
    levels = _level_counts(frame, names, unique_counts)
    skipped = [name for name in names if levels[name] > max_levels]
    usable = [name for name in names if levels[name] <= max_levels]
    paired = strongest(usable, scores or {}, max_columns)
    codes = {name: category_codes(frame[name]) for name in paired}
    pairs: list[CatAssocPair] = []
    for i, first in enumerate(paired):
        for second in paired[i + 1 :]:
            table = contingency_table(*codes[first], *codes[second])
            value = cramers_v_from_table(table)
            if value is not None:
                pairs.append({"col1": first, "col2": second, "cramers_v": value})
    pairs.sort(key=lambda pair: -pair["cramers_v"])
    return {
        "pairs": pairs,
        "skipped_high_cardinality": skipped,
        "left_out": len(usable) - len(paired),
    }


def correlation_ratio_anova(values: FloatArray, codes: IntArray) -> tuple[float, float] | None:
    """Correlation ratio eta and the one-way ANOVA p-value of ``values`` grouped by ``codes``.

    Rows with a NaN value or a negative code are ignored. ``None`` when fewer than two
    groups remain, when there are no more rows than groups, or when the values are constant.
    The p-value equals ``scipy.stats.f_oneway`` over the groups.
    """
    present = ~np.isnan(values) & (codes >= 0)
    x = values[present]
    groups = codes[present]
    if x.size == 0:
        return None
    observed = np.bincount(groups) > 0
    groups = (np.cumsum(observed) - 1)[groups]
    n_groups = int(observed.sum())
    n = x.size
    if n_groups < 2 or n <= n_groups:
        return None
    centered = x - x.mean()
    total = float((centered**2).sum())
    if total <= 0.0:
        return None
    counts = np.bincount(groups, minlength=n_groups).astype(np.float64)
    sums = np.bincount(groups, weights=centered, minlength=n_groups)
    between = min(float((sums**2 / counts).sum()), total)
    within = max(total - between, 0.0)
    eta = math.sqrt(between / total)
    if within == 0.0:
        return min(eta, 1.0), 0.0
    f_statistic = (between / (n_groups - 1)) / (within / (n - n_groups))
    p_value = float(special.fdtrc(n_groups - 1, n - n_groups, f_statistic))
    return min(eta, 1.0), p_value


PEARSON_BLOCK_CELLS = 2**21
"""Cells of the numeric features correlated with the target at once (a block of columns)."""


def pearson_columns(
    matrix: FloatArray, target: FloatArray
) -> list[tuple[float, float | None] | None]:
    """|Pearson r| and its two-sided p-value (as ``scipy.stats.pearsonr`` gives them) of
    each column of `matrix` with `target`, over the rows where both are present, in one
    pass over a block of columns. ``None`` for a column with fewer than three such rows or
    constant on them, or a constant target there."""
    present = ~np.isnan(matrix) & ~np.isnan(target)[:, None]
    count = present.sum(axis=0)
    x = np.where(present, matrix, 0.0)
    y = np.where(present, target[:, None], 0.0)
    varies_x = x.min(axis=0, where=present, initial=np.inf) < x.max(
        axis=0, where=present, initial=-np.inf
    )
    varies_y = y.min(axis=0, where=present, initial=np.inf) < y.max(
        axis=0, where=present, initial=-np.inf
    )
    with np.errstate(invalid="ignore", divide="ignore"):
        dx = np.where(present, x - x.sum(axis=0) / count, 0.0)
        dy = np.where(present, y - y.sum(axis=0) / count, 0.0)
        r = (dx * dy).sum(axis=0) / np.sqrt((dx**2).sum(axis=0) * (dy**2).sum(axis=0))
        r = np.clip(r, -1.0, 1.0)
        p = special.betainc((count - 2) / 2, 0.5, 1.0 - r**2)
    result: list[tuple[float, float | None] | None] = []
    for i in range(matrix.shape[1]):
        if count[i] < 3 or not (varies_x[i] and varies_y[i]) or not math.isfinite(r[i]):
            result.append(None)
        else:
            p_value = float(p[i])
            result.append((min(abs(float(r[i])), 1.0), p_value if math.isfinite(p_value) else None))
    return result


def _numeric_associations(
    frame: pd.DataFrame,
    names: list[str],
    target_floats: FloatArray | None,
    target_codes: IntArray | None,
) -> dict[str, tuple[tuple[float, float | None] | None, AssocTest]]:
    """Each numeric feature against the target, a block of columns at a time."""
    found: dict[str, tuple[tuple[float, float | None] | None, AssocTest]] = {}
    block = max(1, PEARSON_BLOCK_CELLS // max(1, len(frame)))
    for start in range(0, len(names), block):
        part = names[start : start + block]
        matrix = np.column_stack([float_values(frame[name]) for name in part])
        if target_floats is not None:
            for name, value in zip(part, pearson_columns(matrix, target_floats), strict=True):
                found[name] = (value, "pearson")
        else:
            assert target_codes is not None
            for position, name in enumerate(part):
                found[name] = (correlation_ratio_anova(matrix[:, position], target_codes), "anova")
    return found


def _chi2(table: IntArray) -> tuple[float, float | None] | None:
    value = cramers_v_from_table(table)
    if value is None:
        return None
    statistic, dof = chi_square(table)
    p = float(special.chdtrc(dof, statistic))
    return value, (p if math.isfinite(p) else None)


def feature_target_assoc(
    frame: pd.DataFrame,
    target: str,
    *,
    max_levels: int = MAX_LEVELS,
    unique_counts: Mapping[str, int] | None = None,
) -> dict[str, FeatureTargetAssoc]:
    """Association of every other column with ``target``, as an effect size in [0, 1].

    Boolean columns count as categorical. Per pair of kinds:
    - numeric feature, numeric target: |Pearson r| and its p-value (``"pearson"``);
    - numeric and categorical (either way round): correlation ratio eta and the one-way
      ANOVA p-value (``"anova"``);
    - categorical and categorical: Cramer's V and the chi-square test p-value, both without
      continuity correction (``"chi2"``; equals ``chi2_contingency(table, correction=False)``).

    Rows missing either value are ignored pair by pair. Left out: the target itself,
    datetime columns (and every column when the target is a datetime), categorical features
    with more than ``max_levels`` levels (counted as in ``cat_assoc_pairs``), and columns
    with no usable pairs (too few rows or levels, or constant). The dtype decides the kind:
    an integer-coded class target is numeric.
    """
    target_kind = column_kind(frame[target].dtype)
    if target_kind == "datetime":
        return {}
    target_numeric = target_kind == "numeric"
    target_floats = float_values(frame[target]) if target_numeric else None
    target_codes = None if target_numeric else category_codes(frame[target])
    names = [str(name) for name in frame.columns]
    kinds = {name: column_kind(frame[name].dtype) for name in names}
    numeric = _numeric_associations(
        frame,
        [name for name in names if name != target and kinds[name] == "numeric"],
        target_floats,
        None if target_codes is None else target_codes[0],
    )
    result: dict[str, FeatureTargetAssoc] = {}
    for name in names:
        kind = kinds[name]
        if name == target or kind == "datetime":
            continue
        test: AssocTest
        if kind == "numeric":
            found, test = numeric[name]
        else:
            if _level_counts(frame, [name], unique_counts)[name] > max_levels:
                continue
            codes, levels = category_codes(frame[name])
            if target_floats is not None:
                found = correlation_ratio_anova(target_floats, codes)
                test = "anova"
            else:
                assert target_codes is not None
                found = _chi2(contingency_table(codes, levels, *target_codes))
                test = "chi2"
        if found is not None:
            score, p_value = found
            result[name] = {"score": score, "test": test, "p_value": p_value}
    return result
