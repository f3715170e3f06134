import numpy as np
import pandas as pd
import pytest

from lathe.errors import LatheError
from lathe.ml.problem import (
    class_counts,
    class_labels,
    detect_problem_type,
    learning_target,
    left_out_summary,
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
    kept_frame, kept_target, left_out = rows_of_large_classes(
        frame, target, 3, class_counts(target)
    )
    assert left_out == {"c": 1}
    assert kept_target.tolist() == ["a", "b", "a", "b", "a", "b"]
    assert kept_frame["x"].tolist() == [0, 1, 2, 4, 5, 6]
    with pytest.raises(LatheError) as single:
        single_target = pd.Series(["a"] * 5 + ["b"], index=frame.index[:6])
        rows_of_large_classes(frame.iloc[:6], single_target, 2, class_counts(single_target))
    assert single.value.code == "class_too_small"
    assert single.value.params == {"classes": "b", "count": 1, "min_rows": 2}


def test_a_target_whose_classes_are_mostly_too_small_is_refused_as_a_number_to_predict():
    values = [18.0, 18.0, 18.0, 15.0, 15.0, 15.0] + [20 + i / 10 for i in range(73)]
    target = pd.Series(values, name="mpg")
    frame = pd.DataFrame({"x": range(len(values))})
    with pytest.raises(LatheError) as refused:
        rows_of_large_classes(frame, target, 2, class_counts(target))
    assert refused.value.code == "most_classes_too_small"
    assert refused.value.params["small"] == 73
    assert refused.value.params["classes"] == 75
    assert refused.value.params["examples"] == "20.0, 20.1, 20.2"
    assert "73 classes with 1 row each, e.g. 20.0, 20.1, 20.2, ..." in refused.value.message
    assert "Choose regression" in refused.value.message
    assert len(refused.value.message) < 250


def test_left_out_classes_are_summarized_by_their_row_counts():
    assert left_out_summary({"a": 1, "b": 2}) == "a (1), b (2)"
    many = {str(number): 1 for number in range(73)} | {"x": 2, "y": 2}
    assert left_out_summary(many) == (
        "73 classes with 1 row each, 2 classes with 2 rows each, e.g. 0, 1, 2, ..."
    )


def test_text_labels_are_the_text_and_share_one_string_per_class():
    values = ["b", "a", "ç", "b", "A", "a", "b"]
    for target in (pd.Series(values, dtype="str"), pd.Series(values, dtype="string")):
        labels = class_labels(target).to_numpy()
        assert labels.dtype == object
        assert labels.tolist() == values
        assert labels[0] is labels[3] is labels[6]
        assert labels[1] is labels[5]
    with_missing = pd.Series(["b", None, "a"], dtype="str")
    assert class_labels(with_missing).tolist() == with_missing.astype("str").tolist()


@pytest.mark.parametrize(
    "values",
    [
        ["b", "a", "c", "a", "b", "d", "c"],
        [3, 1, 2, 2, 1, 3, 0],
        [True, False, False, True],
        [0.5, 1.5, 0.5, 2.5],
    ],
)
def test_class_counts_are_value_counts_in_their_order(values):
    labels = class_labels(pd.Series(values))
    counts, expected = class_counts(labels), labels.value_counts()
    assert counts.tolist() == expected.tolist()
    assert counts.index.tolist() == expected.index.tolist()
