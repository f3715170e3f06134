import pandas as pd
import pytest

from lathe.steps.correlation import correlated_pairs, target_correlations
from lathe.steps.errors import StepConfigError


def frame() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "a": [1.0, 2.0, 3.0, 4.0],
            "b": [2.0, 4.0, 6.0, 8.0],
            "name": ["w", "x", "y", "z"],
            "e": [1.0, 2.0, 3.0, 5.0],
            "c": [4.0, 3.0, 2.0, 1.0],
            "flat": [7.0, 7.0, 7.0, 7.0],
            "d": [1.0, 0.0, 0.0, 1.0],
        }
    )


# corr(a, e): deviations (-1.5, -0.5, 0.5, 1.5) and (-1.75, -0.75, 0.25, 2.25),
# 6.5 / sqrt(5 * 8.75)
R_AE = 6.5 / (5 * 8.75) ** 0.5


def test_pairs_at_or_above_the_threshold_sorted_by_absolute_value():
    pairs = correlated_pairs(frame(), threshold=0.95)
    assert [(p["col1"], p["col2"]) for p in pairs] == [
        ("a", "b"),
        ("a", "c"),
        ("b", "c"),
        ("a", "e"),
        ("b", "e"),
        ("e", "c"),
    ]
    assert [p["correlation"] for p in pairs] == pytest.approx([1.0, -1.0, -1.0, R_AE, R_AE, -R_AE])


def test_threshold_is_inclusive_and_undefined_correlations_are_left_out():
    pairs = correlated_pairs(frame(), threshold=0.0)
    names = {(p["col1"], p["col2"]) for p in pairs}
    assert ("a", "d") in names  # correlation 0 meets a threshold of 0
    assert not any("flat" in pair for pair in names)
    assert len(pairs) == 10  # 5 defined columns, 10 pairs


@pytest.mark.parametrize("threshold", [-0.01, 1.01])
def test_threshold_must_be_between_zero_and_one(threshold):
    with pytest.raises(StepConfigError) as refused:
        correlated_pairs(frame(), threshold)
    assert refused.value.code == "threshold_out_of_range"


def test_target_correlations_pearson():
    result = target_correlations(frame(), "a")
    assert [r["column"] for r in result] == ["b", "c", "e", "d"]
    assert [r["correlation"] for r in result] == pytest.approx([1.0, -1.0, R_AE, 0.0])


def test_target_correlations_spearman():
    result = target_correlations(frame(), "a", method="spearman")
    # e rises with a, so its rank correlation is 1; ties keep frame order
    assert [r["column"] for r in result] == ["b", "e", "c", "d"]
    assert [r["correlation"] for r in result] == pytest.approx([1.0, 1.0, -1.0, 0.0])


def test_boolean_target():
    values = frame().assign(flag=[False, False, True, True])
    result = target_correlations(values, "flag")
    assert result[0]["correlation"] == pytest.approx(0.8944271909999159)


def test_target_must_be_numeric_and_known():
    with pytest.raises(StepConfigError) as refused:
        target_correlations(frame(), "name")
    assert refused.value.code == "target_not_numeric"
    with pytest.raises(StepConfigError) as refused:
        target_correlations(frame(), "nope")
    assert refused.value.code == "unknown_columns"
    with pytest.raises(StepConfigError) as refused:
        target_correlations(frame(), "a", method="kendall")  # type: ignore[arg-type]
    assert refused.value.code == "invalid_method"
