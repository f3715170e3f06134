import math
import warnings

import numpy as np
import pandas as pd
import pytest
from statsmodels.stats.outliers_influence import variance_inflation_factor
from statsmodels.tools.tools import add_constant

from lathe.analysis.vif import variance_inflation, vif_from_correlation


def statsmodels_vif(frame: pd.DataFrame) -> dict[str, float]:
    exog = add_constant(frame.to_numpy(dtype=float), has_constant="add")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return {
            name: float(variance_inflation_factor(exog, i + 1))
            for i, name in enumerate(frame.columns)
        }


def correlated_frame(seed: int, n: int = 400) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    a = rng.normal(size=n)
    b = 0.8 * a + rng.normal(scale=0.5, size=n)
    c = rng.normal(loc=1e4, scale=1e3, size=n)
    d = a - b + rng.normal(scale=0.2, size=n)
    e = rng.integers(0, 5, size=n)
    return pd.DataFrame({"a": a, "b": b, "c": c, "d": d, "e": e})


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_matches_statsmodels(seed):
    frame = correlated_frame(seed)
    ours = variance_inflation(frame)
    expected = statsmodels_vif(frame)
    assert list(ours) == list(expected)
    for name, value in expected.items():
        assert ours[name] == pytest.approx(value, abs=1e-6)
    assert max(ours.values()) > 5  # the data really is collinear


def test_listwise_deletion_of_missing_rows():
    frame = correlated_frame(4).astype({"e": "Int64"})
    rng = np.random.default_rng(5)
    frame = frame.mask(rng.random(frame.shape) < 0.1)
    ours = variance_inflation(frame)
    expected = statsmodels_vif(frame.dropna())
    for name, value in expected.items():
        assert ours[name] == pytest.approx(value, abs=1e-6)


def test_infinite_values_count_as_missing():
    frame = correlated_frame(6)
    with_inf = frame.copy()
    with_inf.loc[3, "a"] = np.inf
    with_inf.loc[7, "c"] = -np.inf
    expected = statsmodels_vif(frame.drop(index=[3, 7]))
    ours = variance_inflation(with_inf)
    for name, value in expected.items():
        assert ours[name] == pytest.approx(value, abs=1e-6)


def test_exact_collinearity_gives_infinity_only_for_the_columns_involved():
    frame = correlated_frame(7)
    frame["sum"] = frame["a"] + 2 * frame["c"]
    ours = variance_inflation(frame)
    assert ours["a"] == math.inf
    assert ours["c"] == math.inf
    assert ours["sum"] == math.inf
    # b, d and e are outside the exact dependency: regressing them on the others spans the
    # same space with or without "sum", so their VIF is unchanged.
    without = statsmodels_vif(frame.drop(columns="sum"))
    for name in ("b", "d", "e"):
        assert ours[name] == pytest.approx(without[name], abs=1e-6)


def test_duplicate_column_is_infinite_and_never_raises():
    rng = np.random.default_rng(8)
    x = rng.normal(size=50)
    frame = pd.DataFrame({"x": x, "x2": x.copy(), "y": rng.normal(size=50)})
    ours = variance_inflation(frame)
    assert ours["x"] == math.inf and ours["x2"] == math.inf
    assert math.isfinite(ours["y"])


def test_more_columns_than_rows_is_infinite():
    rng = np.random.default_rng(9)
    frame = pd.DataFrame(rng.normal(size=(3, 5)), columns=list("abcde"))
    assert all(value == math.inf for value in variance_inflation(frame).values())


def test_constant_columns_are_left_out():
    frame = correlated_frame(10)
    frame["k"] = 3.25
    frame["none"] = np.nan
    ours = variance_inflation(frame)
    assert "k" not in ours
    # Left out before listwise deletion: the all-missing column removes no rows.
    assert list(ours) == ["a", "b", "c", "d", "e"]
    expected = statsmodels_vif(frame.drop(columns=["k", "none"]))
    for name, value in expected.items():
        assert ours[name] == pytest.approx(value, abs=1e-6)


def test_constant_column_with_missing_values_drops_no_rows():
    frame = correlated_frame(11)
    frame["k"] = np.where(np.arange(len(frame)) % 2 == 0, 1.0, np.nan)
    ours = variance_inflation(frame)
    expected = statsmodels_vif(frame.drop(columns="k"))
    assert list(ours) == list(expected)
    for name, value in expected.items():
        assert ours[name] == pytest.approx(value, abs=1e-6)


def test_column_constant_after_listwise_deletion_is_left_out():
    frame = pd.DataFrame(
        {"x": [1.0, 2.0, 3.0, 5.0], "y": [2.0, 1.0, 4.0, 3.0], "z": [7.0, 7.0, 7.0, 8.0]}
    )
    frame.loc[3, "x"] = np.nan  # the only row where z differs goes
    assert list(variance_inflation(frame)) == ["x", "y"]


def test_single_column_and_degenerate_inputs():
    assert variance_inflation(pd.DataFrame({"x": [1.0, 2.0, 4.0]})) == {"x": 1.0}
    assert variance_inflation(pd.DataFrame({"x": [1.0]})) == {}
    assert variance_inflation(pd.DataFrame({"s": ["a", "b"]})) == {}
    assert variance_inflation(pd.DataFrame()) == {}


def test_vif_from_correlation_identity_and_known_value():
    assert np.allclose(vif_from_correlation(np.eye(3)), 1.0)
    r = 0.6
    corr = np.array([[1.0, r], [r, 1.0]])
    assert np.allclose(vif_from_correlation(corr), 1 / (1 - r**2))
