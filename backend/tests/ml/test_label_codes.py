import numpy as np
import pandas as pd
import pytest
from sklearn.preprocessing import LabelEncoder

from lathe.ml.label_codes import class_codes, narrowest_codes, positions_among, sorted_classes

LABELS = [
    np.array(["b", "a", "c", "a", "b", "b"], dtype=object),
    np.array([3, -1, 3, 7, 0, 7], dtype=np.int64),
    np.array([0.5, 2.25, -1.0, 0.5], dtype=np.float64),
    np.array([True, False, True, True]),
    pd.Series(["yes", "no", "no"], dtype="str"),
]


@pytest.mark.parametrize("labels", LABELS, ids=["text", "int", "float", "bool", "arrow"])
def test_classes_and_codes_are_label_encoders(labels: object) -> None:
    encoder = LabelEncoder().fit(np.asarray(labels))
    classes, codes = class_codes(labels)
    np.testing.assert_array_equal(classes, encoder.classes_)
    np.testing.assert_array_equal(codes, encoder.transform(np.asarray(labels)))
    assert codes.dtype == np.int64
    np.testing.assert_array_equal(sorted_classes(labels), np.unique(np.asarray(labels)))


def test_positions_among_classes_mark_an_unknown_label() -> None:
    classes = np.array(["a", "b", "c"], dtype=object)
    positions = positions_among(np.array(["c", "z", "a", "c"], dtype=object), classes)
    np.testing.assert_array_equal(positions, [2, -1, 0, 2])
    assert positions.dtype == np.int64


@pytest.mark.parametrize(
    ("classes", "dtype"), [(2, np.int8), (128, np.int8), (129, np.int16), (40_000, np.int32)]
)
def test_narrowest_codes_hold_every_class_and_none(classes: int, dtype: type) -> None:
    codes = np.array([-1, 0, classes - 1], dtype=np.int64)
    narrow = narrowest_codes(codes, classes)
    assert narrow.dtype == dtype
    np.testing.assert_array_equal(narrow, codes)
