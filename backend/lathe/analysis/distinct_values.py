"""How many distinct known values a column holds, exactly.

Hashing every value (``Series.nunique``) is quick while the distinct values fit in the
processor's caches and slow once they do not: at 4,000,000 rows its 21 columns took 2.0 s,
most of it on the eight columns whose values are nearly all distinct. Sorting such a
column and counting where neighbours differ took a quarter of that. A column's first
``PROBE_ROWS`` values say which way it goes: when more than one in ``SORT_SHARE`` of them
are distinct, numbers, dates and durations are sorted; everything else is hashed. A column
already in order (ids, timestamps) is not sorted again: at 10,000,000 rows pandas' own
check says so in milliseconds (and stops at the first fall, or at a missing value, which
is never in order), where the sort takes over half a second.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from lathe.ml.threads import column_map

PROBE_ROWS = 65_536
SORT_SHARE = 8
NAT = np.iinfo(np.int64).min
"""NaT among the integers of dates and durations."""


def distinct_counts(frame: pd.DataFrame, names: Sequence[str] | None = None) -> dict[str, int]:
    """``distinct_count`` of each column of `frame` (or of those named), by its name,
    columns side by side (``column_map``)."""
    chosen = list(frame.columns if names is None else names)

    def count(name: Any) -> int:
        column: pd.Series[Any] = frame[name]
        return distinct_count(column)

    counts = column_map(len(frame), count, chosen)
    return {str(name): n for name, n in zip(chosen, counts, strict=True)}


def distinct_count(series: pd.Series[Any]) -> int:
    """The number of distinct values of `series`, missing values left out."""
    values = _sortable_values(series)
    if values is None or not _mostly_distinct(values):
        return int(series.nunique(dropna=True))
    ordered = values if series.is_monotonic_increasing else np.sort(values)
    if ordered.dtype.kind == "f":  # NaN sorts last
        ordered = ordered[: len(ordered) - int(np.count_nonzero(np.isnan(ordered)))]
    elif series.dtype.kind in "Mm":  # NaT, the smallest integer, sorts first
        ordered = ordered[int(np.searchsorted(ordered, NAT, side="right")) :]
    return int(np.count_nonzero(ordered[1:] != ordered[:-1])) + int(ordered.size > 0)


def _sortable_values(series: pd.Series[Any]) -> npt.NDArray[Any] | None:
    """The column's values as a numpy array that sorts as the values do (numbers with NaN
    for missing; naive dates and durations as their integers, NaT the smallest), or None
    for any other column. numpy sorts integers on the processor's vector units, and dates
    not: ten million timestamps took 0.83 s to sort as dates and 0.11 s as integers."""
    dtype = series.dtype
    if isinstance(dtype, np.dtype) and dtype.kind in "iufMm":
        values = series.to_numpy()
        return values.view(np.int64) if dtype.kind in "Mm" else values
    return None


def _mostly_distinct(values: npt.NDArray[Any]) -> bool:
    probe = values[:PROBE_ROWS]
    return len(pd.unique(probe)) * SORT_SHARE > len(probe)
