import json
import math

import numpy as np
import pandas as pd
import pytest

from lathe.analysis.associations import cat_assoc_pairs, feature_target_assoc
from lathe.analysis.missing_patterns import pairwise_missing_corr
from lathe.analysis.profile import UnknownTargetError, analyze_frame, sample_positions
from lathe.analysis.vif import variance_inflation


def mixed_frame(n: int, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    base = rng.normal(size=n)
    frame = pd.DataFrame(
        {
            "x": base,
            "y": base + rng.normal(size=n),
            "count": pd.array(rng.integers(0, 20, size=n), dtype="Int64"),
            "city": pd.Series(rng.choice(["ankara", "bern", "cork"], size=n), dtype="str"),
            "tier": pd.Categorical(rng.choice(["a", "b"], size=n)),
            "code": pd.Series([f"c{i}" for i in rng.integers(0, 80, size=n)], dtype="str"),
            "flag": base > 0,
            "opt_in": pd.array(rng.random(n) < 0.5, dtype="boolean"),
            "seen": pd.Series(pd.date_range("2024-01-01", periods=n, freq="min")),
            "same": 5,
        }
    )
    mask = rng.random(frame.shape) < 0.08
    mask[:, [list(frame.columns).index(c) for c in ("flag", "same")]] = False
    return frame.mask(mask)


def json_safe(result: object) -> str:
    return json.dumps(result, allow_nan=False)


def test_exact_fields_on_small_frame():
    frame = mixed_frame(400)
    result = analyze_frame(frame)
    assert result["target"] is None
    assert result["unique_counts"] == {k: int(v) for k, v in frame.nunique().items()}
    assert result["memory"] == int(frame.memory_usage(deep=True).sum())
    assert result["column_types"] == {
        "numeric": ["x", "y", "count", "same"],
        "categorical": ["city", "tier", "code"],
        "boolean": ["flag", "opt_in"],
        "datetime": ["seen"],
    }
    assert result["sampled_rows"] is None
    assert result["feature_target_assoc"] is None
    assert result["skipped_high_cardinality"] == ["code"]
    assert {(p["col1"], p["col2"]) for p in result["cat_assoc_pairs"]} == {
        ("city", "tier"),
        ("city", "flag"),
        ("city", "opt_in"),
        ("tier", "flag"),
        ("tier", "opt_in"),
        ("flag", "opt_in"),
    }
    assert "same" not in result["vif"] and set(result["vif"]) == {"x", "y", "count"}
    assert set(result["distribution_stats"]) == {"x", "y", "count", "same"}
    assert result["distribution_stats"]["same"] == {"skew": None}
    patterns = result["missing_patterns"]
    assert set(patterns["pairwise_missing_corr"]) == set(frame.columns) - {"flag", "same"}
    assert sum(count for _, count in patterns["row_missing_hist"]) == 400
    quality = result["quality"]
    assert quality["constantCols"] == ["same"]
    assert quality["missingPct"] == pytest.approx(frame.isna().sum().sum() / frame.size)
    json_safe(result)


def test_target_runs_feature_target_assoc():
    frame = mixed_frame(300)
    result = analyze_frame(frame, target="flag")
    assert result["feature_target_assoc"] == feature_target_assoc(frame, "flag")
    assert result["feature_target_assoc"] is not None
    assert result["feature_target_assoc"]["x"]["test"] == "anova"
    assert "flag" not in result["feature_target_assoc"]
    json_safe(result)


def test_unknown_target():
    with pytest.raises(UnknownTargetError) as raised:
        analyze_frame(mixed_frame(20), target="nope")
    assert isinstance(raised.value, ValueError)
    assert raised.value.column == "nope"


def test_sampling_keeps_counts_exact():
    frame = mixed_frame(3000, seed=1)
    result = analyze_frame(frame, target="y", sample_rows=1000, seed=7)
    assert result["sampled_rows"] == 1000
    assert result["target"] == "y"
    assert result["unique_counts"] == {k: int(v) for k, v in frame.nunique().items()}
    assert sum(count for _, count in result["missing_patterns"]["row_missing_hist"]) == 3000
    for name, entry in result["distribution_stats"].items():
        expected = frame[name].skew()
        if pd.isna(expected):
            assert entry["skew"] is None
        else:
            assert entry["skew"] == pytest.approx(expected)
    assert result["quality"]["rows"] == 3000

    positions = sample_positions(3000, 1000, 7)
    assert positions is not None
    assert len(np.unique(positions)) == 1000
    sample = frame.take(positions)
    assert result["vif"] == pytest.approx(variance_inflation(sample, ["x", "y", "count"]))
    assert result["missing_patterns"]["pairwise_missing_corr"] == pairwise_missing_corr(
        sample, [c for c in frame.columns if c not in ("flag", "same")]
    )
    full_counts = {str(k): int(v) for k, v in frame.nunique().items()}
    assert (
        result["cat_assoc_pairs"]
        == cat_assoc_pairs(
            sample, ["city", "tier", "code", "flag", "opt_in"], unique_counts=full_counts
        )["pairs"]
    )
    assert result["feature_target_assoc"] == feature_target_assoc(
        sample, "y", unique_counts=full_counts
    )


def test_sampling_is_repeatable_and_off_when_small():
    frame = mixed_frame(500, seed=2)
    assert analyze_frame(frame, sample_rows=200, seed=3) == analyze_frame(
        frame, sample_rows=200, seed=3
    )
    assert analyze_frame(frame, sample_rows=500)["sampled_rows"] is None
    assert analyze_frame(frame, sample_rows=None)["sampled_rows"] is None
    assert sample_positions(500, 500, 0) is None
    with pytest.raises(ValueError):
        sample_positions(500, 0, 0)


def test_singular_vif_is_null_and_listed():
    frame = mixed_frame(200, seed=4)
    frame["x_copy"] = frame["x"]
    assert variance_inflation(frame, ["x", "x_copy"])["x"] == math.inf
    result = analyze_frame(frame)
    assert result["vif"]["x"] is None and result["vif"]["x_copy"] is None
    assert set(result["vif_infinite"]) >= {"x", "x_copy"}
    nulls = {name for name, value in result["vif"].items() if value is None}
    assert nulls == set(result["vif_infinite"])
    json_safe(result)


def test_non_text_labels_and_empty_frames():
    result = analyze_frame(pd.DataFrame({0: [1.0, 2.0, 4.0], 1: ["a", "b", None]}))
    assert result["unique_counts"].keys() == {"0", "1"}
    assert result["column_types"]["numeric"] == ["0"]
    empty = analyze_frame(pd.DataFrame())
    assert empty["unique_counts"] == {} and empty["vif"] == {}
    assert empty["quality"]["score"] == 100
    assert empty["missing_patterns"] == {"pairwise_missing_corr": {}, "row_missing_hist": []}
    no_rows = analyze_frame(mixed_frame(10).iloc[:0])
    assert len(no_rows["unique_counts"]) == 10 and no_rows["quality"]["rows"] == 0
    json_safe(no_rows)
