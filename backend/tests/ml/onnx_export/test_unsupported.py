"""What ONNX cannot express is refused with a reason and the joblib/pkl suggestion."""

import numpy as np
import pandas as pd
import pytest
from sklearn.cluster import AffinityPropagation

from lathe.errors import LatheError
from lathe.ml.catalog import ENTRIES, CatalogEntry, SearchSpace
from lathe.ml.onnx_export import OnnxUnsupportedError, onnx_model
from lathe.ml.pipeline import training_pipeline
from tests.ml.datasets import blobs_frame, regression_frame
from tests.ml.onnx_export.frames import onnx_outputs

SUGGESTION = "Export it as joblib or pkl instead."


def refusal(pipeline, name: str) -> OnnxUnsupportedError:
    with pytest.raises(OnnxUnsupportedError) as raised:
        onnx_model(pipeline, name)
    error = raised.value
    assert isinstance(error, LatheError)
    assert error.status == 400
    assert error.code == "onnx_unsupported"
    assert error.message == (
        f"This model cannot be exported as ONNX: {error.params['reason']}. {SUGGESTION}"
    )
    return error


def fitted_regression(steps, frame: pd.DataFrame | None = None):
    frame = regression_frame() if frame is None else frame
    pipeline = training_pipeline(steps, ENTRIES["LinearRegression"], "price")
    return pipeline.fit(frame.drop(columns=["price"]), frame["price"])


@pytest.mark.parametrize("strategy", ["ffill", "bfill"])
def test_forward_and_backward_fill_are_refused(strategy):
    step = {"step": "impute_missing", "params": {"strategies": {"x1": strategy}}}
    error = refusal(fitted_regression([step]), "LinearRegression")
    assert "forward and backward fill depend on row order" in error.params["reason"]
    assert '"x1"' in error.params["reason"]


def with_dates(frame: pd.DataFrame) -> pd.DataFrame:
    days = pd.date_range("2024-01-01", periods=len(frame), freq="D")
    return frame.assign(day=days)


def test_a_datetime_column_the_model_uses_is_refused():
    error = refusal(fitted_regression([], with_dates(regression_frame())), "LinearRegression")
    assert "datetime columns are not supported in ONNX" in error.params["reason"]
    assert '"day"' in error.params["reason"]


def test_a_datetime_column_the_recipe_drops_is_left_out():
    step = {"step": "drop_columns", "params": {"columns": ["day"]}}
    frame = with_dates(regression_frame())
    pipeline = fitted_regression([step], frame)
    features = frame.drop(columns=["price", "day"])
    found = onnx_outputs(onnx_model(pipeline, "LinearRegression"), features)
    np.testing.assert_allclose(found["prediction"], pipeline.predict(frame), rtol=1e-12)


def test_a_clusterer_without_a_converter_is_refused():
    entry = CatalogEntry(
        "AffinityPropagation", "clustering", AffinityPropagation, {"random_state": 0}, SearchSpace()
    )
    pipeline = training_pipeline([], entry, None).fit(blobs_frame(60))
    error = refusal(pipeline, "AffinityPropagation")
    assert error.params["reason"] == "there is no ONNX converter for AffinityPropagation"


def test_a_failing_converter_is_refused_naming_the_model(monkeypatch):
    def failing(*args, **kwargs):
        raise RuntimeError("no luck")

    monkeypatch.setattr("lathe.ml.onnx_export.model_conversion.convert_sklearn", failing)
    error = refusal(fitted_regression([]), "LinearRegression")
    assert error.params["reason"] == (
        "the LinearRegression model could not be converted to ONNX (no luck)"
    )
