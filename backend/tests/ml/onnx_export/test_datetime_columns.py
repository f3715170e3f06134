"""Date/time columns reach the graph as seconds since 1970-01-01 UTC, are filled with their
modes, and give the pipeline's predictions on held-out rows."""

import json

import numpy as np
import onnx
import pytest

from lathe.ml.catalog import ENTRIES
from lathe.ml.onnx_export import onnx_model
from tests.ml.onnx_export.frames import (
    TARGETS,
    dated_frame,
    dated_recipe,
    fitted,
    onnx_outputs,
    unseen_rows,
    with_targets,
)

SCALING = {"x1": "minmax", "x2": "minmax", "x3": "minmax", "x4": "minmax"}
DATETIMES = ["signup", "renewal", "seen"]


@pytest.fixture(scope="module")
def frames():
    train = with_targets(dated_frame(320, seed=0))
    held_out = unseen_rows(with_targets(dated_frame(160, seed=1)), seed=2).drop(columns=TARGETS)
    return train, held_out


def metadata(model: bytes) -> dict[str, str]:
    return {prop.key: prop.value for prop in onnx.load_from_string(model).metadata_props}


@pytest.mark.parametrize("name", ["LogisticRegression", "RandomForestClassifier", "LGBMClassifier"])
def test_classifiers_give_the_pipelines_labels_and_probabilities(frames, name):
    train, held_out = frames
    pipeline = fitted(ENTRIES[name], train, "label", dated_recipe("label", SCALING))
    model = onnx_model(pipeline, name)
    found = onnx_outputs(model, held_out)
    assert found["prediction"].tolist() == pipeline.predict(held_out).tolist()
    np.testing.assert_allclose(
        found["probabilities"], pipeline.predict_proba(held_out), rtol=1e-4, atol=1e-6
    )
    assert json.loads(metadata(model)["datetime_inputs"]) == DATETIMES


# the dates reach the model as raw seconds, about 1.7e9, beside features scaled to [0, 1]
@pytest.mark.filterwarnings("ignore:An ill-conditioned matrix")
@pytest.mark.parametrize("name", ["Ridge", "XGBRegressor"])
def test_regressors_give_the_pipelines_values(frames, name):
    train, held_out = frames
    pipeline = fitted(ENTRIES[name], train, "price", dated_recipe("price", SCALING))
    model = onnx_model(pipeline, name)
    found = onnx_outputs(model, held_out)
    np.testing.assert_allclose(found["prediction"], pipeline.predict(held_out), rtol=1e-4)
    assert json.loads(metadata(model)["datetime_inputs"]) == DATETIMES


@pytest.mark.filterwarnings("ignore:An ill-conditioned matrix")
def test_the_graph_takes_dates_as_doubles_and_lists_those_it_keeps(frames):
    train, _ = frames
    steps = dated_recipe("price", SCALING)
    steps[1]["params"]["columns"].append("renewal")
    steps[2]["params"]["strategies"].pop("renewal")
    pipeline = fitted(ENTRIES["Ridge"], train, "price", steps)
    model = onnx_model(pipeline, "Ridge")
    assert json.loads(metadata(model)["datetime_inputs"]) == ["signup", "seen"]
    inputs = {value.name: value.type for value in onnx.load_from_string(model).graph.input}
    assert "renewal" not in inputs
    for name in ["signup", "seen"]:
        assert onnx.helper.printable_type(inputs[name]) == "DOUBLE, ?x1"
