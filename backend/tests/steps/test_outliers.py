import math
import statistics

import numpy as np
import pandas as pd
import pytest

from lathe.steps.errors import StepConfigError
from lathe.steps.outliers import (
    ColumnOutliers,
    OutlierHandler,
    OutlierRowRemover,
    column_bounds,
    handle_outliers,
    outlier_report,
    outlier_steps,
    remove_outlier_rows,
    resolved_configs,
    sample_skewness,
    top_value_share,
)

NAN = math.nan
# sorted: Q1 at position 2.25 -> 2.25, Q3 at 6.75 -> 6.75, IQR 4.5
# bounds at factor 1.5: [2.25 - 6.75, 6.75 + 6.75] = [-4.5, 13.5]
VALUES = [-50.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 9.0, 100.0]
INSIDE = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 9.0]


def outlier_bounds(
    values: pd.DataFrame, columns: list[str], method: str = "iqr", factor: float = 1.5
) -> dict[str, ColumnOutliers]:
    configs = {column: {"method": method, "factor": factor} for column in columns}
    return outlier_report(values, configs)["outliers"]


def frame() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "v": VALUES,
            "steady": [10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
            "name": list("abcdefghij"),
        }
    )


def config(strategy: str, method: str = "iqr", factor: float = 1.5) -> dict:
    return {"v": {"strategy": strategy, "method": method, "factor": factor}}


def test_iqr_bounds():
    bounds = outlier_bounds(frame(), ["v"], "iqr", 1.5)
    assert bounds == {"v": {"count": 2, "lower": -4.5, "upper": 13.5, "method": "iqr"}}


def test_zscore_bounds_use_the_population_standard_deviation():
    mean, std = statistics.fmean(VALUES), statistics.pstdev(VALUES)
    bounds = outlier_bounds(frame(), ["v"], "zscore", 1.0)["v"]
    assert bounds["lower"] == pytest.approx(mean - std)
    assert bounds["upper"] == pytest.approx(mean + std)
    assert bounds["count"] == 2  # -50 and 100 are more than one std from the mean 8.7


def test_factor_scales_the_bounds():
    bounds = outlier_bounds(frame(), ["v"], "iqr", 3.0)["v"]
    assert (bounds["lower"], bounds["upper"]) == (2.25 - 13.5, 6.75 + 13.5)


def test_auto_uses_zscore_for_symmetric_and_iqr_for_skewed_columns():
    symmetric = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
    skewed = np.array([1.0, 1.0, 1.0, 2.0, 30.0])
    assert column_bounds(symmetric, "auto", 1.5).method == "zscore"
    assert column_bounds(skewed, "auto", 1.5).method == "iqr"
    assert column_bounds(np.array([2.0, 2.0, 2.0]), "auto", 1.5).method == "iqr"


def test_skewness_matches_pandas():
    values = np.array(VALUES)
    assert sample_skewness(values) == pytest.approx(pd.Series(values).skew())


def test_missing_and_infinite_values_do_not_count_in_the_statistics():
    values = pd.DataFrame({"v": [*VALUES, NAN, math.inf]})
    bounds = outlier_bounds(values, ["v"])["v"]
    assert (bounds["lower"], bounds["upper"]) == (-4.5, 13.5)
    assert bounds["count"] == 3  # infinity is outside


@pytest.mark.parametrize("factor", [0.0, 0.09, 10.01, 100.0])
def test_factor_must_be_between_a_tenth_and_ten(factor):
    with pytest.raises(StepConfigError) as refused:
        outlier_steps(frame(), factor=factor)
    assert refused.value.code == "factor_out_of_range"
    assert refused.value.message == "The factor must be between 0.1 and 10."


@pytest.mark.parametrize("factor", [0.1, 10.0])
def test_factor_limits_are_allowed(factor):
    assert outlier_steps(frame(), factor=factor)


def test_only_numeric_columns_are_checked():
    with pytest.raises(StepConfigError) as refused:
        outlier_steps(frame(), column_configs={"name": {"strategy": "cap"}})
    assert refused.value.code == "column_not_numeric"
    with pytest.raises(StepConfigError) as refused:
        outlier_steps(frame(), method="median")
    assert refused.value.code == "invalid_method"


def test_cap_clips_to_the_bounds():
    result = handle_outliers(frame(), config("cap"))
    assert result["v"].tolist() == [-4.5, *INSIDE, 13.5]


def test_values_on_the_bounds_are_not_outliers():
    values = pd.DataFrame({"v": [0.0, 1.0, 2.0, 3.0, 4.0]})
    # Q1 1, Q3 3, IQR 2, factor 0.5: bounds [0, 4], both ends included
    assert outlier_bounds(values, ["v"], "iqr", 0.5)["v"]["count"] == 0
    result = handle_outliers(values, {"v": {"strategy": "cap", "method": "iqr", "factor": 0.5}})
    assert result["v"].tolist() == [0.0, 1.0, 2.0, 3.0, 4.0]


def test_nan_makes_outliers_missing():
    result = handle_outliers(frame(), config("nan"))["v"]
    assert result.isna().tolist() == [True] + [False] * 8 + [True]


def test_impute_median_and_mean_use_the_fit_values_inside_the_bounds():
    median = handle_outliers(frame(), config("impute_median"))["v"].tolist()
    mean = handle_outliers(frame(), config("impute_mean"))["v"].tolist()
    assert median == [4.5, *INSIDE, 4.5]
    assert mean == pytest.approx([37 / 8, *INSIDE, 37 / 8])


def test_unchanged_columns_keep_their_dtype():
    result = handle_outliers(
        frame(), {"steady": {"strategy": "cap", "method": "iqr", "factor": 1.5}}
    )
    assert result["steady"].dtype == np.int64
    pd.testing.assert_frame_equal(result, frame())


def test_remove_drops_rows_outside_the_bounds_of_any_column():
    values = frame()
    values.loc[3, "steady"] = 1000
    configs = {
        "v": {"method": "iqr", "factor": 1.5},
        "steady": {"method": "iqr", "factor": 1.5},
    }
    assert remove_outlier_rows(values, configs).index.tolist() == [1, 2, 4, 5, 6, 7, 8]


def test_remove_keeps_rows_with_missing_values():
    values = pd.DataFrame({"v": [*VALUES, NAN]})
    kept = remove_outlier_rows(values, {"v": {"method": "iqr", "factor": 1.5}})
    assert kept.index.tolist() == [1, 2, 3, 4, 5, 6, 7, 8, 10]


def test_sampler_keeps_y_aligned():
    y = np.arange(10)
    kept, kept_y = OutlierRowRemover(
        column_configs={"v": {"method": "iqr", "factor": 1.5}}
    ).fit_resample(frame(), y)
    assert kept_y.tolist() == [1, 2, 3, 4, 5, 6, 7, 8]
    assert len(kept) == 8


def test_bounds_are_learned_at_fit():
    handler = OutlierHandler(column_configs=config("cap")).fit(frame())
    later = pd.DataFrame({"v": [-10.0, 50.0, 5.0], "steady": [1, 2, 3], "name": ["a"] * 3})
    assert handler.transform(later)["v"].tolist() == [-4.5, 13.5, 5.0]


def test_report_counts_cells_columns_and_rows():
    values = frame()
    values.loc[0, "steady"] = 500  # same row as the -50 outlier
    values.loc[5, "steady"] = -500
    report = outlier_report(values, resolved_configs(values))
    assert report["outliers"]["v"]["count"] == 2
    assert report["outliers"]["steady"]["count"] == 2
    assert report["total"] == 4
    assert report["affected_columns"] == ["v", "steady"]
    assert report["percentage"] == pytest.approx(30.0)  # rows 0, 5 and 9 of 10


def test_report_of_a_column_without_values():
    values = pd.DataFrame({"empty": [NAN, NAN]})
    report = outlier_report(values, resolved_configs(values))
    assert report["outliers"]["empty"] == {
        "count": 0,
        "lower": None,
        "upper": None,
        "method": "iqr",
    }
    assert report["percentage"] == 0.0


def test_global_settings_cover_every_numeric_column():
    steps = outlier_steps(frame(), strategy="cap", method="zscore", factor=2.0)
    configs = {"strategy": "cap", "method": "zscore", "factor": 2.0}
    assert steps == [
        {
            "step": "handle_outliers",
            "params": {"column_configs": {"v": configs, "steady": configs}},
        }
    ]
    steps = outlier_steps(frame())
    assert steps == [
        {
            "step": "remove_outlier_rows",
            "params": {
                "column_configs": {
                    "v": {"method": "iqr", "factor": 1.5},
                    "steady": {"method": "iqr", "factor": 1.5},
                }
            },
        }
    ]


def test_column_configs_resolve_auto_and_put_removal_last():
    steps = outlier_steps(
        frame(),
        column_configs={
            "v": {"strategy": "remove", "method": "auto"},
            "steady": {"strategy": "impute_mean", "method": "auto", "factor": 2.0},
        },
    )
    assert steps == [
        {
            "step": "handle_outliers",
            "params": {
                "column_configs": {
                    "steady": {"strategy": "impute_mean", "method": "zscore", "factor": 2.0}
                }
            },
        },
        {
            "step": "remove_outlier_rows",
            "params": {"column_configs": {"v": {"method": "iqr", "factor": 1.5}}},
        },
    ]


@pytest.mark.parametrize("strategy", ["nan", "cap", "impute_median", "impute_mean"])
def test_pure_function_equals_the_transformer(strategy):
    expected = handle_outliers(frame(), config(strategy))
    result = OutlierHandler(column_configs=config(strategy)).fit_transform(frame())
    pd.testing.assert_frame_equal(result, expected)


def test_pure_removal_equals_the_sampler():
    configs = {"v": {"method": "zscore", "factor": 1.0}}
    kept, _ = OutlierRowRemover(column_configs=configs).fit_resample(frame())
    pd.testing.assert_frame_equal(kept, remove_outlier_rows(frame(), configs))


def test_the_top_value_share_is_pandas_on_few_values_and_counted_on_many():
    rng = np.random.default_rng(0)
    few = rng.integers(0, 7, 5_000).astype(np.float64)
    assert top_value_share(few) == pd.Series(few).value_counts(normalize=True).iloc[0]
    many = np.concatenate([np.full(120_000, 3.5), np.arange(180_000.0) + 10])
    rng.shuffle(many)
    assert top_value_share(many) == 0.4
    assert top_value_share(np.arange(250_000.0)) == 1 / 250_000
    assert top_value_share(np.array([])) == 0.0


def test_bounds_leave_the_values_they_are_given_in_order():
    values = np.array([5.0, np.nan, 1.0, 9.0, 3.0, np.inf, 7.0])
    before = values.copy()
    column_bounds(values, "iqr", 1.5)
    np.testing.assert_array_equal(values, before)
    finite = np.array([5.0, 1.0, 9.0, 3.0, 7.0])
    column_bounds(finite, "iqr", 1.5)
    np.testing.assert_array_equal(finite, [5.0, 1.0, 9.0, 3.0, 7.0])
