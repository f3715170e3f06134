import numpy as np
import pandas as pd
import pytest
from sklearn.cluster import DBSCAN
from sklearn.linear_model import LogisticRegression
from sklearn.svm import SVC

from lathe.ml.model_input import ModelInput, conversions
from lathe.ml.model_step import ModelStep, model_matrix


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
