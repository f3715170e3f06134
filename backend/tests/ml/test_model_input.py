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
