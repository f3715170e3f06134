import numpy as np
import pytest
from sklearn.model_selection import KFold, StratifiedKFold
from sklearn.preprocessing import TargetEncoder

from lathe.steps.encoding.mean_encoder import MeanEncoder


def _codes(rng, rows):
    """Three code columns as level codes are: -1 for unknown, a level only in a few rows,
    a single level, and codes with gaps."""
    return np.column_stack(
        [
            rng.integers(-1, 12, rows),
            np.zeros(rows, dtype=np.int64),
            rng.choice([0, 3, 7, 40], rows, p=[0.5, 0.3, 0.19, 0.01]),
        ]
    ).astype(np.int64)


@pytest.mark.parametrize("target", ["continuous", "indicator", "constant"])
def test_cross_fitted_and_fitted_encodings_are_scikit_learns(target):
    rng = np.random.default_rng(7)
    rows = 2_000
    codes = _codes(rng, rows)
    y = {
        "continuous": rng.normal(3.0, 2.0, rows) + codes[:, 0],
        "indicator": (rng.random(rows) < 0.3).astype(np.float64),
        "constant": np.full(rows, 2.5),
    }[target]
    labels = y.astype(np.int64) if target == "indicator" else None
    splitter = StratifiedKFold if target == "indicator" else KFold
    splits = list(splitter(5, shuffle=True, random_state=0).split(codes, labels))

    reference = TargetEncoder(target_type="continuous", cv=splits)
    expected = reference.fit_transform(codes, y)
    encoder = MeanEncoder()
    np.testing.assert_array_equal(encoder.fit_transform(codes, y, splits), expected)

    new = np.array([[5, 0, 3], [99, 1, 40], [-1, -5, 8], [11, 0, 0]], dtype=np.int64)
    np.testing.assert_array_equal(encoder.transform(new), reference.transform(new))
    np.testing.assert_array_equal(
        MeanEncoder().fit(codes, y).transform(codes), reference.transform(codes)
    )


def test_a_category_absent_from_a_folds_training_rows_gets_that_folds_mean():
    codes = np.array([[0], [0], [1], [0], [0], [0]], dtype=np.int64)
    y = np.array([1.0, 2.0, 10.0, 3.0, 4.0, 5.0])
    splits = [
        (np.array([0, 1, 3, 4, 5]), np.array([2])),
        (np.array([1, 2, 3, 4, 5]), np.array([0])),
    ]
    encoded = MeanEncoder().fit_transform(codes, y, splits)
    assert encoded[2, 0] == pytest.approx(np.mean([1.0, 2.0, 3.0, 4.0, 5.0]))
