import numpy as np
import pandas as pd
import pytest

from lathe.analysis.quality import is_id_like_dtype, quality_score, quality_summary


def test_missing_penalty_below_cap():
    # 2 of 20 cells missing: 0.1 * 100 * 0.4 = 4 -> 96.
    frame = pd.DataFrame(
        {
            "x": [1.0, 2.0] * 4 + [np.nan, np.nan],
            "y": np.array([1, 2] * 5, dtype=np.int64),
        }
    )
    summary = quality_summary(frame)
    assert summary == {
        "rows": 10,
        "cols": 2,
        "missingPct": pytest.approx(0.1),
        "constantCols": [],
        "idLikeCols": [],
        "highCardCat": [],
        "score": 96,
    }


def test_missing_cap_40_all_missing_column():
    # Every cell missing: 1.0 * 100 * 0.4 = 40 (the cap); the column is also constant: -8.
    frame = pd.DataFrame({"x": [np.nan] * 4})
    summary = quality_summary(frame)
    assert summary["missingPct"] == 1.0
    assert summary["constantCols"] == ["x"]
    assert summary["score"] == 52


def test_missing_penalty_is_capped_at_40():
    assert quality_score(1.0, 0, 0, 0) == 60
    assert quality_score(2.0, 0, 0, 0) == 60


def test_constant_penalty_and_cap_24():
    base = {"v": np.arange(10) % 5}
    two = pd.DataFrame(base | {f"k{i}": np.full(10, 7) for i in range(2)})
    four = pd.DataFrame(base | {f"k{i}": np.full(10, 7) for i in range(4)})
    assert quality_summary(two)["score"] == 84  # 2 * 8 = 16
    summary = quality_summary(four)
    assert summary["constantCols"] == ["k0", "k1", "k2", "k3"]
    assert summary["score"] == 76  # 4 * 8 = 32, capped at 24


def test_constant_counts_distinct_non_missing_values():
    frame = pd.DataFrame({"k": [1.0, np.nan, 1.0, np.nan], "v": [1.0, 2.0, 3.0, 1.0]})
    assert quality_summary(frame)["constantCols"] == ["k"]


def test_id_like_cap_24_and_dtype_rule():
    # 10 rows. Unique int, float, Int64, object and str columns are id-like: 5 * 6 = 30 -> 24.
    # The object and str ones are also high-cardinality categoricals, as is the unique
    # category column (not id-like by dtype): 3 * 4 = 12. Unique datetimes and booleans are
    # neither. 100 - 24 - 12 = 64.
    labels = [f"r{i}" for i in range(10)]
    frame = pd.DataFrame(
        {
            "i": np.arange(10),
            "f": np.arange(10) / 3,
            "ni": pd.array(range(10), dtype="Int64"),
            "o": pd.Series(labels, dtype=object),
            "s": pd.Series(labels, dtype="str"),
            "c": pd.Categorical(labels),
            "d": pd.date_range("2020-01-01", periods=10),
            "b": [True, False] * 5,
        }
    )
    summary = quality_summary(frame)
    assert summary["idLikeCols"] == ["i", "f", "ni", "o", "s"]
    assert summary["highCardCat"] == ["o", "s", "c"]
    assert summary["constantCols"] == []
    assert summary["score"] == 64


def test_id_like_threshold_is_98_percent_of_rows():
    at = np.concatenate([np.arange(98), [0, 1]])  # 98 distinct of 100
    below = np.concatenate([np.arange(97), [0, 1, 2]])  # 97 distinct of 100
    frame = pd.DataFrame({"at": at, "below": below})
    assert quality_summary(frame)["idLikeCols"] == ["at"]
    assert quality_summary(frame)["score"] == 94


def test_high_cardinality_cap_20_and_threshold():
    # 10 rows; six category columns with 6 distinct values (> 50%, < 98%): 6 * 4 = 24 -> 20.
    # A seventh with exactly 5 distinct values (= 50%) is not high-cardinality.
    six = [f"v{i % 6}" for i in range(10)]
    five = [f"v{i % 5}" for i in range(10)]
    frame = pd.DataFrame(
        {f"c{i}": pd.Categorical(six) for i in range(6)} | {"half": pd.Categorical(five)}
    )
    summary = quality_summary(frame)
    assert summary["highCardCat"] == [f"c{i}" for i in range(6)]
    assert summary["idLikeCols"] == []
    assert summary["score"] == 80


def test_score_clamps_at_zero():
    # 10 rows x 25 columns: four unique str columns (id-like: 4 * 6 = 24, and high-card),
    # one category column with 6 distinct values and 4 missing (high-card: 5 * 4 = 20) and
    # 20 all-missing columns (constant: 20 * 8 -> 24). Missing 204 of 250 cells:
    # 0.816 * 40 = 32.64. 100 - 32.64 - 24 - 24 - 20 = -0.64 -> rounds to -1 -> clamped to 0.
    labels = [f"r{i}" for i in range(10)]
    columns: dict[str, object] = {f"id{i}": pd.Series(labels, dtype="str") for i in range(4)}
    columns["cat"] = pd.Categorical([f"v{i}" for i in range(6)] + [None] * 4)
    columns |= {f"empty{i}": [np.nan] * 10 for i in range(20)}
    summary = quality_summary(pd.DataFrame(columns))
    assert summary["missingPct"] == pytest.approx(204 / 250)
    assert len(summary["constantCols"]) == 20
    assert summary["idLikeCols"] == ["id0", "id1", "id2", "id3"]
    assert summary["highCardCat"] == ["id0", "id1", "id2", "id3", "cat"]
    assert summary["score"] == 0


def test_score_all_caps():
    assert quality_score(1.0, 3, 4, 5) == 0  # 100 - 40 - 24 - 24 - 20 = -8
    assert quality_score(0.0, 100, 100, 100) == 32  # 100 - 24 - 24 - 20


def test_score_rounds_half_up():
    assert quality_score(0.1875, 0, 0, 0) == 93  # 100 - 7.5 = 92.5
    assert quality_score(0.0, 0, 0, 0) == 100


def test_empty_frame_scores_100():
    summary = quality_summary(pd.DataFrame())
    assert summary["score"] == 100
    assert summary["missingPct"] == 0.0


def test_id_like_dtype_words():
    for text in ("int64", "Int64", "uint8", "float32", "Float64", "object", "str", "string"):
        assert is_id_like_dtype(text)
    for text in ("bool", "boolean", "category", "datetime64[ns]", "datetime64[us, UTC]"):
        assert not is_id_like_dtype(text)


def test_precomputed_inputs_give_the_same_summary():
    rng = np.random.default_rng(3)
    frame = pd.DataFrame(
        {
            "a": rng.integers(0, 3, 50),
            "b": pd.Series(rng.choice(["x", "y", "z"], 50), dtype="str").mask(rng.random(50) < 0.2),
        }
    )
    precomputed = quality_summary(
        frame,
        unique_counts={"a": int(frame["a"].nunique()), "b": int(frame["b"].nunique())},
        missing_values={"a": 0, "b": int(frame["b"].isna().sum())},
        categorical=["b"],
    )
    assert precomputed == quality_summary(frame)
