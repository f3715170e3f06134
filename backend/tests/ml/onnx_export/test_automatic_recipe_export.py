"""A model trained on the automatic recipe (drops, fills with missing-value indicators,
encodings by level count, dates as their seconds and calendar parts) exports to ONNX and
predicts the raw file as its joblib pipeline does."""

import numpy as np
import pytest

from lathe.ml.catalog import ENTRIES
from lathe.ml.onnx_export import onnx_model
from lathe.steps.automatic_recipe import automatic_recipe
from tests.ml.onnx_export.frames import (
    TARGETS,
    dated_frame,
    fitted,
    onnx_outputs,
    unseen_rows,
    with_targets,
)


@pytest.fixture(scope="module")
def frames():
    train = with_targets(dated_frame(320, seed=0))
    held_out = unseen_rows(with_targets(dated_frame(160, seed=1)), seed=2).drop(columns=TARGETS)
    return train, held_out


@pytest.mark.parametrize("name", ["LogisticRegression", "RandomForestClassifier", "LGBMClassifier"])
def test_onnx_predicts_the_raw_rows_as_the_pipeline_does(frames, name):
    train, held_out = frames
    steps = [
        step
        for screen in automatic_recipe(train.drop(columns=["passed", "price"]), "label")
        for step in screen.steps
    ]
    assert any(step["params"].get("indicators") for step in steps)
    pipeline = fitted(ENTRIES[name], train, "label", steps)
    found = onnx_outputs(onnx_model(pipeline, name), held_out)
    assert found["prediction"].tolist() == pipeline.predict(held_out).tolist()
    np.testing.assert_allclose(
        found["probabilities"], pipeline.predict_proba(held_out), rtol=1e-4, atol=1e-6
    )
