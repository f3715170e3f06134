import numpy as np
import pandas as pd
import pytest

from lathe.analysis.distribution import distribution_stats, skewness


def test_skew_equals_pandas():
    rng = np.random.default_rng(0)
    frame = pd.DataFrame(
        {
            "lognormal": np.exp(rng.normal(size=500)),
            "with_nan": np.where(rng.random(500) < 0.1, np.nan, rng.normal(size=500)),
            "ints": rng.integers(0, 10, size=500),
            "nullable": pd.Series(rng.poisson(2, 500)).astype("Int64").mask(rng.random(500) < 0.1),
            "label": pd.Series(["x"] * 500, dtype="str"),
        }
    )
    stats = distribution_stats(frame)
    assert list(stats) == ["lognormal", "with_nan", "ints", "nullable"]
    for name, entry in stats.items():
        assert entry["skew"] == pytest.approx(frame[name].skew(), abs=1e-12)
    assert stats["lognormal"]["skew"] is not None and stats["lognormal"]["skew"] > 1


def test_hand_computed_skew():
    # x = 1, 2, 7: deviations -7/3, -4/3, 11/3, so m2 = 186/27 and m3 = 924/81.
    # g1 = m3 / m2**1.5; the bias-corrected G1 = g1 * sqrt(n(n-1)) / (n-2) with n = 3.
    x = np.array([1.0, 2.0, 7.0])
    g1 = (924 / 81) / (186 / 27) ** 1.5
    expected = g1 * np.sqrt(3 * 2) / 1
    assert skewness(pd.Series(x)) == pytest.approx(expected)


def test_undefined_skew_is_none():
    assert skewness(pd.Series([1.0, 2.0])) is None
    assert skewness(pd.Series([4.0, 4.0, 4.0, 4.0])) is None
    assert skewness(pd.Series([1, 2, None], dtype="Int64")) is None
    assert skewness(pd.Series([1.0, np.inf, 3.0, 4.0])) is None
    assert skewness(pd.Series([], dtype=float)) is None
