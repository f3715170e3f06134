"""SVR's own ONNX graph: scikit-learn's predictions in double, a block of rows at a time."""

import numpy as np
import onnxruntime as ort
import pytest
from sklearn.svm import SVR

from lathe.ml.onnx_export.errors import OnnxUnsupportedError
from lathe.ml.onnx_export.svr_conversion import BLOCK_ROWS, svr_in_double


@pytest.fixture(scope="module")
def fitted() -> SVR:
    rng = np.random.default_rng(0)
    matrix = rng.normal(size=(300, 4))
    return SVR(C=10.0).fit(matrix, matrix[:, 0] * 3.0 + np.sin(matrix[:, 1]))


@pytest.mark.parametrize("rows", [1, BLOCK_ROWS - 1, BLOCK_ROWS, BLOCK_ROWS + 1, 3 * BLOCK_ROWS])
def test_every_row_is_predicted_as_scikit_learn_does(fitted, rows):
    matrix = np.random.default_rng(rows).normal(size=(rows, 4)) * 2.0
    session = ort.InferenceSession(svr_in_double(fitted, 4).SerializeToString())
    (values,) = session.run(None, {"features": matrix})
    assert values.shape == (rows, 1)
    assert values.dtype == np.float64
    np.testing.assert_allclose(values.ravel(), fitted.predict(matrix), rtol=1e-12, atol=1e-12)


def test_no_rows_give_no_values(fitted):
    session = ort.InferenceSession(svr_in_double(fitted, 4).SerializeToString())
    (values,) = session.run(None, {"features": np.empty((0, 4))})
    assert values.shape == (0, 1)


def test_another_kernel_is_refused():
    linear = SVR(kernel="linear").fit(np.eye(3), [0.0, 1.0, 2.0])
    with pytest.raises(OnnxUnsupportedError, match="linear kernel"):
        svr_in_double(linear, 3)
