"""Distinct counts by sorting equal pandas' hashed ``nunique`` on every kind of column."""

import numpy as np
import pandas as pd
import pytest

from lathe.analysis import distinct_values
from lathe.analysis.distinct_values import distinct_count, distinct_counts


def quirky_columns(rows: int) -> pd.DataFrame:
    rng = np.random.default_rng(0)
    spread = rng.normal(size=rows)
    spread[::7] = np.nan
    spread[::11] = np.inf
    signed_zero = np.where(np.arange(rows) % 2 == 0, 0.0, -0.0)
    stamps = pd.Series(pd.to_datetime(rng.integers(0, 10**9, rows), unit="s"))
    stamps[::5] = None
    in_order = np.sort(rng.normal(size=rows))
    in_order[-1] = np.nan
    return pd.DataFrame(
        {
            "spread": spread,
            "few_floats": rng.integers(0, 5, rows) / 2,
            "signed_zero": signed_zero,
            "ids": rng.permutation(rows) - rows // 2,
            "ids_in_order": np.sort(rng.integers(0, rows, rows)),
            "stamps_in_order": np.sort(stamps.dropna().sample(rows, replace=True, random_state=0)),
            "in_order_then_missing": in_order,
            "small_ints": rng.integers(0, 3, rows).astype(np.uint8),
            "stamps": stamps,
            "durations": stamps - stamps.min(),
            "signed_durations": stamps - stamps.median(),
            "stamps_before_1970": stamps - pd.Timedelta(days=40_000),
            "aware": stamps.dt.tz_localize("UTC").dt.tz_convert("Europe/Istanbul"),
            "nullable": pd.array(rng.integers(0, rows, rows), dtype="Int64"),
            "text": pd.Series(
                rng.choice(np.array(["a", "b", None], dtype=object), rows), dtype="str"
            ),
            "flags": rng.integers(0, 2, rows).astype(bool),
            "all_missing": np.full(rows, np.nan),
        }
    )


@pytest.mark.parametrize("probe_rows", [4, 65_536])
def test_distinct_counts_equal_pandas_nunique(monkeypatch, probe_rows):
    monkeypatch.setattr(distinct_values, "PROBE_ROWS", probe_rows)
    frame = quirky_columns(3_000)
    expected = {name: int(frame[name].nunique(dropna=True)) for name in frame.columns}
    assert distinct_counts(frame) == expected
    assert distinct_counts(frame.iloc[:0]) == dict.fromkeys(frame.columns, 0)


def test_a_mostly_distinct_column_is_sorted_and_a_repetitive_one_hashed(monkeypatch):
    hashed = []

    def counted(self: pd.Series, dropna: bool = True) -> int:
        hashed.append(self.name)
        return 0

    monkeypatch.setattr(pd.Series, "nunique", counted)
    values = pd.Series(np.arange(100_000, dtype=np.float64))
    assert distinct_count(values) == 100_000 and not hashed
    distinct_count(pd.Series(np.arange(100_000) % 3))
    assert hashed


def test_a_column_in_order_is_counted_without_sorting(monkeypatch):
    sorted_arrays = []
    sort = np.sort

    def recorded(values, *args, **kwargs):
        sorted_arrays.append(len(values))
        return sort(values, *args, **kwargs)

    monkeypatch.setattr(np, "sort", recorded)
    assert distinct_count(pd.Series(np.repeat(np.arange(50_000), 2))) == 50_000
    assert not sorted_arrays
    assert distinct_count(pd.Series(np.arange(100_000)[::-1])) == 100_000
    assert sorted_arrays == [100_000]
