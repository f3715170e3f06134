from collections import Counter

import numpy as np
import pandas as pd
import pytest

from lathe.analysis.missing_patterns import pairwise_missing_corr, row_missing_hist


def frame_with_missing(seed: int, n: int = 300) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    gap = rng.random(n) < 0.2
    frame = pd.DataFrame(
        {
            "a": np.where(gap, np.nan, rng.normal(size=n)),
            "b": pd.Series(["x"] * n, dtype="str").mask(gap | (rng.random(n) < 0.1)),
            "c": pd.Series(np.ones(n, dtype=np.int64)).astype("Int64").mask(rng.random(n) < 0.3),
            "full": rng.normal(size=n),
            "when": pd.Series(pd.date_range("2020-01-01", periods=n)).mask(rng.random(n) < 0.1),
        }
    )
    return frame


def test_pairwise_missing_corr_matches_pandas_on_indicators():
    frame = frame_with_missing(0)
    result = pairwise_missing_corr(frame)
    names = ["a", "b", "c", "when"]
    assert list(result) == names
    expected = frame[names].isna().astype(float).corr()
    for first in names:
        assert list(result[first]) == names
        for second in names:
            assert result[first][second] == pytest.approx(expected.loc[first, second], abs=1e-12)
    shared_gap = result["a"]["b"]
    assert shared_gap is not None and shared_gap > 0.5


def test_constant_indicators_are_none():
    frame = frame_with_missing(1)
    frame["empty"] = np.nan
    result = pairwise_missing_corr(frame, ["a", "empty", "full"])
    assert result["a"]["a"] == 1.0
    assert result["a"]["empty"] is None and result["empty"]["a"] is None
    assert result["empty"]["empty"] is None
    assert result["full"]["a"] is None


def test_no_missing_values():
    assert pairwise_missing_corr(pd.DataFrame({"x": [1, 2, 3]})) == {}


def test_row_missing_hist_matches_direct_count():
    frame = frame_with_missing(2)
    direct = Counter(sum(pd.isna(value) for value in row) for row in frame.itertuples(index=False))
    assert row_missing_hist(frame) == [[k, direct[k]] for k in sorted(direct)]
    assert sum(count for _, count in row_missing_hist(frame)) == len(frame)


def test_row_missing_hist_small_and_empty():
    frame = pd.DataFrame({"x": [1.0, np.nan, np.nan], "y": [None, None, "a"]})
    assert row_missing_hist(frame) == [[1, 2], [2, 1]]
    assert row_missing_hist(frame.iloc[:0]) == []


def test_row_missing_hist_counts_past_255_fields():
    frame = pd.DataFrame({f"c{i}": [np.nan, 1.0, np.nan] for i in range(300)})
    frame.loc[2, "c0"] = 0.0
    assert row_missing_hist(frame) == [[0, 1], [299, 1], [300, 1]]
    assert row_missing_hist(frame, ["c0", "c1"]) == [[0, 1], [1, 1], [2, 1]]
