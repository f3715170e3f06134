import numpy as np
import pandas as pd
import pytest

from lathe.errors import LatheError
from lathe.ml.problem import (
    class_labels,
    detect_problem_type,
    learning_target,
    rows_of_large_classes,
)


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


def test_classification_needs_two_classes():
    with pytest.raises(LatheError) as one_class:
        learning_target(pd.Series(["a", "a"]), "classification")
    assert one_class.value.code == "too_few_classes"


def test_classes_too_small_for_the_validation_are_left_out():
    target = pd.Series(["a", "b", "a", "c", "b", "a", "b"], index=[10, 11, 12, 13, 14, 15, 16])
    frame = pd.DataFrame({"x": range(7)}, index=target.index)
    kept_frame, kept_target, left_out = rows_of_large_classes(frame, target, 3)
    assert left_out == {"c": 1}
    assert kept_target.tolist() == ["a", "b", "a", "b", "a", "b"]
    assert kept_frame["x"].tolist() == [0, 1, 2, 4, 5, 6]
    with pytest.raises(LatheError) as single:
        rows_of_large_classes(frame, target, 4)
    assert single.value.code == "class_too_small"
    assert single.value.params == {"classes": "a, b, c", "count": 3, "min_rows": 4}
