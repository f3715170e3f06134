"""What ONNX cannot express is refused with a reason and the joblib/pkl suggestion."""

import numpy as np
import onnx
import pandas as pd
import pytest
from sklearn.cluster import AffinityPropagation

from lathe.errors import LatheError
from lathe.ml.catalog import ENTRIES, CatalogEntry, SearchSpace
from lathe.ml.onnx_export import OnnxUnsupportedError, onnx_model
from lathe.ml.pipeline import training_pipeline
from tests.ml.onnx_export.frames import onnx_outputs
from tests.utils.datasets import blobs_frame, regression_frame

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


@pytest.mark.parametrize("strategy", ["ffill", "bfill"])
def test_a_datetime_column_filled_forward_or_backward_is_refused(strategy):
    step = {"step": "impute_missing", "params": {"strategies": {"day": strategy}}}
    pipeline = fitted_regression([step], with_dates(regression_frame()))
    error = refusal(pipeline, "LinearRegression")
    assert error.params["reason"] == (
        f'column "day" is imputed by {strategy}, and forward and backward fill depend on row order'
    )


@pytest.mark.parametrize(
    ("step", "reason"),
    [
        (
            {"step": "encode", "params": {"strategies": {"day": "onehot"}}},
            'date/time column "day" is used as text, and ONNX cannot write dates',
        ),
        (
            {"step": "scale", "params": {"methods": {"day": "standard"}}},
            'the scaling step uses non-numeric column "day"',
        ),
    ],
)
def test_steps_that_treat_a_datetime_column_as_text_are_refused(step, reason):
    frame = with_dates(regression_frame())
    pipeline = training_pipeline([step], ENTRIES["XGBRegressor"], "price")
    pipeline.fit(frame.drop(columns=["price"]), frame["price"])
    assert refusal(pipeline, "XGBRegressor").params["reason"] == reason


@pytest.mark.filterwarnings("ignore:'str' is not supported as a fill value")
def test_a_datetime_column_with_no_date_to_learn_a_mode_from_is_refused():
    frame = with_dates(regression_frame())
    frame["day"] = pd.NaT
    step = {"step": "impute_missing", "params": {"strategies": {"day": "mode"}}}
    error = refusal(fitted_regression([step], frame), "LinearRegression")
    assert error.params["reason"] == (
        'date/time column "day" is filled with "unknown", which is not a date'
    )


def test_a_datetime_column_filled_with_a_constant_date_exports_and_predicts_alike():
    frame = with_dates(regression_frame())
    frame.loc[frame.index[:5], "day"] = pd.NaT
    step = {
        "step": "impute_missing",
        "params": {"strategies": {"day": "constant"}, "fill_values": {"day": "2024-01-31"}},
    }
    pipeline = fitted_regression([step], frame)
    features = frame.drop(columns=["price"])
    found = onnx_outputs(onnx_model(pipeline, "LinearRegression"), features)
    np.testing.assert_allclose(found["prediction"], pipeline.predict(features), rtol=1e-9)


def test_a_datetime_column_the_recipe_drops_is_left_out():
    step = {"step": "drop_columns", "params": {"columns": ["day"]}}
    frame = with_dates(regression_frame())
    pipeline = fitted_regression([step], frame)
    features = frame.drop(columns=["price", "day"])
    model = onnx_model(pipeline, "LinearRegression")
    metadata = {prop.key: prop.value for prop in onnx.load_from_string(model).metadata_props}
    assert metadata["datetime_inputs"] == "[]"
    found = onnx_outputs(model, features)
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


@pytest.mark.parametrize("name", ["KNeighborsRegressor", "KNeighborsClassifier"])
def test_k_neighbours_weighted_by_distance_are_refused(name):
    frame = regression_frame()
    target = frame["price"] if name == "KNeighborsRegressor" else frame["price"] > 5
    pipeline = training_pipeline([], ENTRIES[name], "price", {"weights": "distance"})
    pipeline.fit(frame.drop(columns=["price"]), target)
    error = refusal(pipeline, name)
    assert "zero distance" in error.params["reason"]
    uniform = training_pipeline([], ENTRIES[name], "price").fit(
        frame.drop(columns=["price"]), target
    )
    rows = frame.drop(columns=["price"]).iloc[:40]
    found = onnx_outputs(onnx_model(uniform, name), rows)["prediction"]
    if name == "KNeighborsRegressor":
        np.testing.assert_allclose(found, uniform.predict(rows), rtol=1e-9)
    else:
        assert found.tolist() == uniform.predict(rows).tolist()
