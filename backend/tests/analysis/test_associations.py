import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from scipy.stats.contingency import association

from lathe.analysis.associations import (
    cat_assoc_pairs,
    correlation_ratio_anova,
    cramers_v,
    feature_target_assoc,
)
from lathe.analysis.column_arrays import category_codes, float_values


def scipy_cramer(a: pd.Series, b: pd.Series) -> float:
    return float(association(pd.crosstab(a, b).to_numpy(), method="cramer"))


def dependent_categoricals(seed: int, n: int = 600) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    a = rng.choice(["red", "green", "blue", "grey"], size=n)
    flip = rng.random(n) < 0.4
    b = np.where(flip, np.char.add(a, "_x"), rng.choice(["p", "q", "r"], size=n))
    c = rng.random(n) < np.where(a == "red", 0.8, 0.3)
    frame = pd.DataFrame({"a": pd.Series(a, dtype="str"), "b": pd.Series(b, dtype=object), "c": c})
    return frame.mask((rng.random(frame.shape) < 0.05) & (frame.columns != "c"))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_cramers_v_matches_scipy_association(seed):
    frame = dependent_categoricals(seed)
    for first, second in [("a", "b"), ("a", "c"), ("b", "c")]:
        assert cramers_v(frame[first], frame[second]) == pytest.approx(
            scipy_cramer(frame[first], frame[second]), abs=1e-12
        )


def test_cramers_v_two_by_two_and_perfect_association():
    rng = np.random.default_rng(3)
    x = pd.Series(rng.random(200) < 0.5)
    y = pd.Series(rng.random(200) < 0.5)
    assert cramers_v(x, y) == pytest.approx(scipy_cramer(x, y), abs=1e-12)
    labels = pd.Series(np.where(x, "yes", "no"), dtype="str")
    assert cramers_v(x, labels) == pytest.approx(1.0)


def test_cramers_v_undefined_for_one_level():
    assert cramers_v(pd.Series(["a", "a", "a"]), pd.Series(["x", "y", "x"])) is None
    # the only row where the first column differs is missing in the second
    assert cramers_v(pd.Series(["a", "a", "b"]), pd.Series(["x", "y", None])) is None


def test_cat_assoc_pairs_sorted_with_high_cardinality_skipped():
    frame = dependent_categoricals(4)
    rng = np.random.default_rng(5)
    frame["many"] = pd.Series([f"v{i}" for i in rng.integers(0, 60, len(frame))], dtype="str")
    frame["num"] = rng.normal(size=len(frame))
    frame["cat"] = pd.Categorical(rng.choice(["u", "v"], size=len(frame)))
    result = cat_assoc_pairs(frame)
    assert result["skipped_high_cardinality"] == ["many"]
    pairs = result["pairs"]
    assert {(p["col1"], p["col2"]) for p in pairs} == {
        ("a", "b"),
        ("a", "c"),
        ("a", "cat"),
        ("b", "c"),
        ("b", "cat"),
        ("c", "cat"),
    }
    values = [p["cramers_v"] for p in pairs]
    assert values == sorted(values, reverse=True)
    for pair in pairs:
        expected = scipy_cramer(frame[pair["col1"]], frame[pair["col2"]])
        assert pair["cramers_v"] == pytest.approx(expected, abs=1e-12)


def test_cat_assoc_pairs_uses_given_level_counts_and_limit():
    frame = dependent_categoricals(6)
    result = cat_assoc_pairs(frame, ["a", "b"], unique_counts={"a": 4, "b": 99})
    assert result["pairs"] == []
    assert result["skipped_high_cardinality"] == ["b"]
    assert cat_assoc_pairs(frame, ["a", "b"], max_levels=4)["skipped_high_cardinality"] == ["b"]


def test_correlation_ratio_hand_computed():
    # Overall mean 3.5, SS_total = 17.5; group means 1.5, 3.5, 5.5: SS_between = 2*(4+0+4) = 16.
    values = pd.Series([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    groups = pd.Series(["a", "a", "b", "b", "c", "c"])
    result = correlation_ratio_anova(float_values(values), category_codes(groups)[0])
    assert result is not None
    assert result[0] == pytest.approx(math.sqrt(16 / 17.5))
    constant = float_values(pd.Series([2.0, 2.0, 2.0]))
    assert correlation_ratio_anova(constant, category_codes(pd.Series(["a", "b", "a"]))[0]) is None


def target_frame(seed: int, n: int = 500) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    group = rng.choice(["a", "b", "c"], size=n)
    shift = pd.Series(group).map({"a": 0.0, "b": 0.5, "c": 1.2}).to_numpy()
    x = rng.normal(size=n)
    frame = pd.DataFrame(
        {
            "x": x,
            "y": 0.6 * x + shift + rng.normal(size=n),
            "z": pd.array(rng.integers(0, 10, size=n), dtype="Int64"),
            "group": pd.Series(group, dtype="str"),
            "level": pd.Categorical(np.where(shift + rng.normal(size=n) > 0.6, "hi", "lo")),
            "flag": rng.random(n) < 0.5,
            "when": pd.date_range("2020-01-01", periods=n, freq="h"),
            "const": 1.0,
            "ids": pd.Series([f"id{i}" for i in range(n)], dtype="str"),
        }
    )
    mask = rng.random(frame.shape) < 0.05
    mask[:, list(frame.columns).index("flag")] = False
    return frame.mask(mask)


def anova_p(values: pd.Series, groups: pd.Series) -> float:
    both = values.notna() & groups.notna()
    samples = [g.to_numpy(dtype=float) for _, g in values[both].groupby(groups[both].to_numpy())]
    return float(stats.f_oneway(*samples).pvalue)


def eta_direct(values: pd.Series, groups: pd.Series) -> float:
    both = values.notna() & groups.notna()
    v, g = values[both].astype(float), groups[both].to_numpy()
    between = (v.groupby(g).count() * (v.groupby(g).mean() - v.mean()) ** 2).sum()
    return math.sqrt(between / ((v - v.mean()) ** 2).sum())


def test_numeric_target():
    frame = target_frame(7)
    result = feature_target_assoc(frame, "y")
    assert set(result) == {"x", "z", "group", "level", "flag"}

    both = frame[["x", "y"]].dropna()
    pearson = stats.pearsonr(both["x"], both["y"])
    assert result["x"]["test"] == "pearson"
    assert result["x"]["score"] == pytest.approx(abs(pearson.statistic), abs=1e-12)
    assert result["x"]["p_value"] == pytest.approx(pearson.pvalue, rel=1e-9)

    for name in ("group", "level", "flag"):
        assert result[name]["test"] == "anova"
        assert result[name]["score"] == pytest.approx(eta_direct(frame["y"], frame[name]))
        assert result[name]["p_value"] == pytest.approx(anova_p(frame["y"], frame[name]), rel=1e-9)


def test_categorical_target():
    frame = target_frame(8)
    result = feature_target_assoc(frame, "group")
    assert set(result) == {"x", "y", "z", "level", "flag"}
    for name in ("x", "y", "z"):
        assert result[name]["test"] == "anova"
        assert result[name]["score"] == pytest.approx(eta_direct(frame[name], frame["group"]))
        assert result[name]["p_value"] == pytest.approx(
            anova_p(frame[name], frame["group"]), rel=1e-9
        )
    for name in ("level", "flag"):
        table = pd.crosstab(frame[name], frame["group"]).to_numpy()
        chi2 = stats.chi2_contingency(table, correction=False)
        assert result[name]["test"] == "chi2"
        assert result[name]["score"] == pytest.approx(
            association(table, method="cramer"), abs=1e-12
        )
        assert result[name]["p_value"] == pytest.approx(chi2.pvalue, rel=1e-9)
    p_value = result["y"]["p_value"]
    assert result["y"]["score"] > 0.3 and p_value is not None and p_value < 1e-6


def test_boolean_target_and_scores_in_unit_interval():
    frame = target_frame(9)
    result = feature_target_assoc(frame, "flag")
    assert result["x"]["test"] == "anova"
    assert result["group"]["test"] == "chi2"
    assert all(0.0 <= entry["score"] <= 1.0 for entry in result.values())


def test_datetime_target_gives_nothing():
    assert feature_target_assoc(target_frame(10), "when") == {}


def test_perfect_separation_gives_eta_one_and_p_zero():
    frame = pd.DataFrame({"v": [1.0, 1.0, 2.0, 2.0], "g": ["a", "a", "b", "b"]})
    result = feature_target_assoc(frame, "g")
    assert result["v"] == {"score": 1.0, "test": "anova", "p_value": 0.0}
