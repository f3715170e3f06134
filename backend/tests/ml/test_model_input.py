import numpy as np
import pandas as pd
import pytest
from sklearn.cluster import DBSCAN
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import FunctionTransformer
from sklearn.svm import SVC

from lathe.ml import model_input
from lathe.ml.catalog import ENTRIES
from lathe.ml.model_input import FILL_ROWS, ModelInput, conversions
from lathe.ml.model_step import ModelStep, model_matrix
from lathe.ml.pipeline import training_pipeline
from lathe.ml.sampling import uniform_sample


def test_conversions_leave_numbers_booleans_and_the_target():
    frame = pd.DataFrame(
        {
            "n": [1, 2],
            "b": [True, False],
            "when": pd.to_datetime(["2024-01-01", "2024-01-02"]),
            "t": ["x", "y"],
            "y": ["a", "b"],
        }
    )
    assert conversions(frame, target_column="y") == {"when": "datetime", "t": "ordinal"}


def test_model_input_learns_levels_at_fit():
    fit = pd.DataFrame(
        {
            "t": pd.Series(["b", "a", None], dtype="str"),
            "when": pd.to_datetime(pd.Series(["1970-01-01 00:00:10", None, "1970-01-02 00:00:00"])),
            "y": ["p", "q", "p"],
        }
    )
    step = ModelInput(target_column="y").fit(fit)
    out = step.transform(
        pd.DataFrame(
            {
                "t": ["a", "zz", None],
                "when": pd.to_datetime(pd.Series(["1970-01-01", None, None])),
                "y": 1,
            }
        )
    )
    assert out["t"].tolist() == [0, -1, 2]
    assert out["when"].tolist()[0] == 0.0 and np.isnan(out["when"].tolist()[1])
    assert out["y"].tolist() == [1, 1, 1]
    assert step.transform(fit)["when"].tolist()[0] == 10.0


def test_infinite_features_are_missing_values_and_the_target_is_left():
    fit = pd.DataFrame({"x": [1.0, 2.0, np.inf, 4.0, -np.inf], "y": [np.inf, 1.0, 2.0, 3.0, 4.0]})
    imputing = ModelInput(target_column="y", impute=True).fit(fit)
    assert imputing.fill_values_ == {"x": 2.0}
    assert imputing.imputed_cells_ == 2
    out = imputing.transform(pd.DataFrame({"x": [np.inf, 3.0, -np.inf], "y": np.inf}))
    assert out["x"].tolist() == [2.0, 3.0, 2.0]
    assert np.isinf(out["y"]).all()
    passing = ModelInput(target_column="y").fit(fit).transform(fit)
    assert passing["x"].isna().tolist() == [False, False, True, False, True]
    assert passing["y"].tolist() == fit["y"].tolist()


def test_model_matrix_turns_nullable_values_into_nan():
    frame = pd.DataFrame({"i": pd.Series([1, None], dtype="Int64"), "b": [True, False]})
    matrix = model_matrix(frame)
    assert matrix.dtype == np.float64
    assert np.isnan(matrix[1, 0]) and matrix[0, 1] == 1.0


def test_classifier_step_decodes_labels_and_normalises_probabilities():
    frame = pd.DataFrame({"x": [0.0, 0.1, 0.9, 1.0, 2.0, 2.1]})
    labels = np.array(["lo", "lo", "mid", "mid", "hi", "hi"], dtype=object)
    step = ModelStep(LogisticRegression(), "classification").fit(frame, labels)
    assert list(step.classes_) == ["hi", "lo", "mid"]
    # the estimator learned the narrowest codes, which it sorts faster
    assert step.estimator.classes_.dtype == np.int8
    assert list(step.feature_names_in_) == ["x"]
    assert step.predict(frame).tolist() == labels.tolist()
    assert step.predict_proba(frame).sum(axis=1) == pytest.approx(np.ones(6))


def test_probabilities_only_for_classifiers_that_give_them():
    assert not hasattr(ModelStep(SVC(), "classification"), "predict_proba")
    assert not hasattr(ModelStep(LogisticRegression(), "regression"), "predict_proba")


def test_clusterers_without_predict_assign_the_nearest_fitted_rows_cluster():
    frame = pd.DataFrame({"a": [0.0, 0.1, 0.2, 5.0, 5.1, 5.2, 20.0]})
    step = ModelStep(DBSCAN(eps=0.5, min_samples=2), "clustering").fit(frame)
    assert step.predict(frame).tolist() == [0, 0, 0, 1, 1, 1, -1]
    assert step.predict(pd.DataFrame({"a": [0.05, 4.9, 19.0]})).tolist() == [0, 1, -1]


def test_imputation_fills_medians_and_most_frequent_values_learned_at_fit():
    fit = pd.DataFrame(
        {
            "x": [1.0, np.nan, 3.0, 10.0],
            "flag": pd.Series([True, True, None, False], dtype="boolean"),
            "t": pd.Series(["b", None, "b", "a"], dtype="str"),
            "count": pd.Series([2, 2, None, 5], dtype="Int64"),
        }
    )
    step = ModelInput(impute=True).fit(fit)
    # "t" has a missing level of its own, so its codes have nothing missing
    assert step.imputed_cells_ == 3
    assert step.fill_values_["x"] == 3.0
    assert step.fill_values_["flag"] == 1.0
    assert step.fill_values_["count"] == 2.0
    new = pd.DataFrame(
        {
            "x": [np.nan],
            "flag": pd.Series([None], dtype="boolean"),
            "t": pd.Series([None], dtype="str"),
            "count": pd.Series([None], dtype="Int64"),
        }
    )
    filled = step.transform(new)
    assert filled.iloc[0].tolist() == [3.0, 1.0, 2.0, 2.0]
    assert not ModelInput().fit(fit).transform(new)["x"].notna().any()


def test_fill_values_of_many_rows_come_from_a_sample_close_to_the_whole_column():
    rng = np.random.default_rng(5)
    rows = FILL_ROWS * 3
    values = rng.lognormal(size=rows)
    values[::7] = np.nan
    codes = pd.Series(rng.choice([1, 2, 3], size=rows, p=[0.2, 0.5, 0.3]), dtype="Int64")
    codes[::11] = pd.NA
    step = ModelInput(impute=True).fit(pd.DataFrame({"x": values, "code": codes}))
    known = values[~np.isnan(values)]
    # the sample's median sits within half a percentile of the whole column's (its
    # standard error at 100,000 values is about a sixth of one)
    assert abs((known < step.fill_values_["x"]).mean() - 0.5) < 0.005
    assert step.fill_values_["code"] == 2.0
    assert step.imputed_cells_ == int(np.isnan(values).sum() + codes.isna().sum())


def test_fill_values_of_a_sample_are_the_same_whichever_way_the_matrix_is_laid_out():
    rng = np.random.default_rng(8)
    rows = FILL_ROWS * 2 + 17
    frame = pd.DataFrame({"x": rng.normal(size=rows), "y": rng.exponential(size=rows)})
    frame.loc[frame.index[::5], "x"] = np.nan
    frame.loc[frame.index[::3], "y"] = np.nan
    sampled = frame.iloc[uniform_sample(rows, FILL_ROWS)]
    expected = {"x": sampled["x"].median(), "y": sampled["y"].median()}
    for row_major in (False, True):
        step = ModelInput(impute=True, row_major=row_major).fit(frame)
        assert step.fill_values_ == pytest.approx(expected, rel=0, abs=0)


def test_the_passes_in_place_leave_the_frames_they_read_as_they_were():
    numbers = pd.DataFrame({"x": [1.0, np.nan, -3.0, 10.0], "y": [2.0, 4.0, np.nan, -8.0]})
    mixed = numbers.assign(t=pd.Series(["a", "b", None, "a"], dtype="str"))
    for frame in (numbers, mixed):
        before = frame.copy()
        for step in (ModelInput(impute=True, standardize=True), ModelInput(non_negative=True)):
            step.fit(frame).transform(frame)
            pd.testing.assert_frame_equal(frame, before)
    standardized = ModelInput(impute=True, standardize=True).fit(numbers).transform(numbers)
    filled = numbers.fillna(numbers.median())
    expected = (filled - filled.mean()) / filled.std(ddof=0)
    np.testing.assert_allclose(standardized.to_numpy(), expected.to_numpy())


@pytest.mark.parametrize(
    "settings",
    [
        {"impute": True, "standardize": True},
        {"impute": True, "non_negative": True},
        {"impute": True},
        {},
    ],
)
def test_fit_transform_gives_fit_then_transform_and_row_major_the_same_values(
    monkeypatch, settings
):
    monkeypatch.setattr(model_input, "CHUNK_ROWS", 7)  # chunks of rows, the last short
    rng = np.random.default_rng(0)
    frame = pd.DataFrame(
        {
            "x": rng.normal(5, 2, 50),
            "n": rng.integers(-5, 5, 50),
            "t": pd.Series(rng.choice(["a", "b", "c"], 50), dtype="str"),
            "y": rng.integers(0, 2, 50),
        }
    )
    frame.loc[::5, "x"] = np.nan
    frame.loc[3, "x"] = np.inf
    frame.loc[::9, "t"] = None
    outputs = {}
    for row_major in (False, True):
        fused = ModelInput("y", row_major=row_major, **settings).fit_transform(frame)
        apart = ModelInput("y", row_major=row_major, **settings).fit(frame).transform(frame)
        pd.testing.assert_frame_equal(fused, apart)
        outputs[row_major] = fused
    pd.testing.assert_frame_equal(outputs[True], outputs[False], check_dtype=False)
    if settings.get("standardize"):
        features = outputs[True].drop(columns=["y"])
        matrix = model_matrix(features)
        assert matrix.flags.c_contiguous and np.shares_memory(matrix, model_matrix(features))
        np.testing.assert_allclose(features.mean(), 0, atol=1e-12)
        np.testing.assert_allclose(features.std(ddof=0), 1)


def test_standardization_leaves_the_recipes_scaled_columns_and_shift_makes_counts():
    fit = pd.DataFrame({"x": [1.0, 3.0, 5.0], "scaled": [-1.0, 0.0, 1.0], "c": [4.0, 4.0, 4.0]})
    step = ModelInput(standardize=True, scaled=["scaled"]).fit(fit)
    assert step.standard_scales_ == {"x": (3.0, pytest.approx(np.sqrt(8 / 3))), "c": (4.0, 1.0)}
    out = step.transform(fit)
    np.testing.assert_allclose(out["x"], (fit["x"] - 3.0) / np.sqrt(8 / 3))
    assert out["scaled"].tolist() == [-1.0, 0.0, 1.0] and out["c"].tolist() == [0.0] * 3
    shifted = ModelInput(non_negative=True).fit(fit)
    assert shifted.shifts_ == {"scaled": -1.0}
    new = pd.DataFrame({"x": [1.0], "scaled": [-3.0], "c": [4.0]})
    assert shifted.transform(new)["scaled"].tolist() == [0.0]
    assert shifted.transform(fit)["scaled"].tolist() == [0.0, 1.0, 2.0]


def test_a_date_gives_the_model_its_calendar_parts_beside_its_seconds():
    when = pd.to_datetime(pd.Series(["2024-02-29 13:45", "1969-12-31 23:59", None]))
    fit = pd.DataFrame({"when": when, "when_year": [1.0, 2.0, 3.0]})
    out = ModelInput().fit(fit).transform(fit)
    assert list(out.columns) == [
        "when",
        "when_year",
        "when_year_2",
        "when_month",
        "when_day",
        "when_day_of_week",
        "when_day_of_year",
        "when_hour",
        "when_minute",
    ]
    # 2024-02-29 was a Thursday, the 60th day of a leap year; 1969-12-31 a Wednesday
    assert out.iloc[0, 2:].tolist() == [2024, 2, 29, 3, 60, 13, 45]
    assert out.iloc[1, 2:].tolist() == [1969, 12, 31, 2, 365, 23, 59]
    assert out.iloc[2, 2:].isna().all()
    assert out["when_year"].tolist() == [1.0, 2.0, 3.0]


def test_hour_and_minute_are_parts_only_where_the_time_of_day_varies_at_fit():
    days = pd.DataFrame({"day": pd.to_datetime(["2024-01-01 12:00", "2024-06-30 12:00"])})
    out = ModelInput().fit(days).transform(days)
    assert [name for name in out.columns if name.startswith("day_")] == [
        "day_year",
        "day_month",
        "day_day",
        "day_day_of_week",
        "day_day_of_year",
    ]


def test_date_parts_of_missing_dates_are_filled_like_other_numbers():
    fit = pd.DataFrame(
        {"day": pd.to_datetime(pd.Series(["2024-01-01", None, "2024-03-01", "2024-05-01"]))}
    )
    step = ModelInput(impute=True).fit(fit)
    assert step.fill_values_["day_month"] == 3.0
    assert step.imputed_cells_ == 6
    assert not step.transform(fit).isna().to_numpy().any()


def test_the_season_of_a_date_reaches_a_naive_bayes_model():
    days = pd.DataFrame({"day": pd.date_range("2012-01-01", "2015-12-31", freq="D")})
    summer = days["day"].dt.month.isin([6, 7, 8]).to_numpy()
    with_parts = training_pipeline([], ENTRIES["GaussianNB"], None)
    seconds_only = make_pipeline(
        ModelInput(standardize=True),
        FunctionTransformer(lambda frame: frame[["day"]]),
        GaussianNB(),
    )
    majority = 1 - summer.mean()
    folds = StratifiedKFold(5, shuffle=True, random_state=0)
    assert cross_val_score(seconds_only, days, summer, cv=folds).mean() <= majority + 0.01
    assert cross_val_score(with_parts, days, summer, cv=folds, scoring="accuracy").mean() > 0.95
