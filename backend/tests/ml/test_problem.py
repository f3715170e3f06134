import numpy as np
import pandas as pd
import pytest

from lathe.errors import LatheError
from lathe.ml.problem import class_labels, detect_problem_type, learning_target


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        (["a", "b", "a"], "classification"),
        ([True, False, True], "classification"),
        ([0, 1, 1, 0], "classification"),
        ([1.0, 2.0, 3.0], "classification"),
        (list(range(20)), "classification"),
        (list(range(21)), "regression"),
        ([0.5, 1.0, 1.5], "regression"),
        ([1.2, 3.4], "regression"),
    ],
)
def test_auto_detection_rule(values, expected):
    assert detect_problem_type(pd.Series(values)) == expected


def test_class_labels_keep_numbers_booleans_and_text():
    assert class_labels(pd.Series([1.0, 2.0])).tolist() == [1, 2]
    assert class_labels(pd.Series([1.0, 2.0])).dtype == np.int64
    assert class_labels(pd.Series([0.5, 1.5])).tolist() == [0.5, 1.5]
    assert class_labels(pd.Series([True, False], dtype="boolean")).tolist() == [True, False]
    assert class_labels(pd.Series(["x", 3], dtype=object)).tolist() == ["x", "3"]
    assert class_labels(pd.Series([5, 7], dtype="Int64")).dtype == np.int64


def test_regression_needs_numbers():
    with pytest.raises(LatheError) as refused:
        learning_target(pd.Series(["a", "b"], name="kind"), "regression")
    assert refused.value.code == "target_not_numeric"
    assert learning_target(pd.Series([1, 2]), "regression").dtype == np.float64


def test_classification_needs_two_classes_of_two_rows():
    with pytest.raises(LatheError) as one_class:
        learning_target(pd.Series(["a", "a"]), "classification")
    assert one_class.value.code == "too_few_classes"
    with pytest.raises(LatheError) as single:
        learning_target(pd.Series([0.1, 0.2, 0.2]), "classification")
    assert single.value.code == "class_too_small"
    assert single.value.params == {"classes": "0.1", "count": 1}
