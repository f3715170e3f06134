"""An ensemble of a booster, a forest and a linear model on the automatic recipe exports
to one ONNX graph (the recipe once, each member's input and model, the weighted average)
that predicts the raw file as its joblib pipeline does."""

import numpy as np
import pytest

from lathe.ml.catalog import ENTRIES
from lathe.ml.ensemble import ensemble_pipeline
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

MEMBERS = {
    "label": ["XGBClassifier", "RandomForestClassifier", "LogisticRegression"],
    "price": ["LGBMRegressor", "ExtraTreesRegressor", "Ridge"],
}
WEIGHTS = [0.5, 0.3, 0.2]


@pytest.fixture(scope="module")
def frames():
    train = with_targets(dated_frame(320, seed=0))
    held_out = unseen_rows(with_targets(dated_frame(160, seed=1)), seed=2).drop(columns=TARGETS)
    return train, held_out


@pytest.mark.parametrize("target", sorted(MEMBERS))
def test_an_ensembles_onnx_graph_predicts_as_its_pipeline(frames, target):
    train, held_out = frames
    others = [column for column in TARGETS if column != target]
    steps = [
        step
        for screen in automatic_recipe(train.drop(columns=others), target)
        for step in screen.steps
    ]
    members = [fitted(ENTRIES[name], train, target, steps) for name in MEMBERS[target]]
    ensemble = ensemble_pipeline(members, WEIGHTS)
    found = onnx_outputs(onnx_model(ensemble, "Ensemble"), held_out)
    if target == "label":
        expected = sum(w * m.predict_proba(held_out) for m, w in zip(members, WEIGHTS, strict=True))
        np.testing.assert_allclose(ensemble.predict_proba(held_out), expected, rtol=1e-12)
        np.testing.assert_allclose(
            found["probabilities"], ensemble.predict_proba(held_out), rtol=1e-4, atol=1e-6
        )
        assert found["prediction"].tolist() == ensemble.predict(held_out).tolist()
    else:
        assert not hasattr(ensemble, "predict_proba")
        expected = sum(w * m.predict(held_out) for m, w in zip(members, WEIGHTS, strict=True))
        np.testing.assert_allclose(ensemble.predict(held_out), expected, rtol=1e-12)
        np.testing.assert_allclose(found["prediction"], expected, rtol=1e-4, atol=1e-4)


def test_an_svr_member_keeps_its_block_loop_in_the_ensembles_graph(frames):
    train, held_out = frames
    steps = [
        step
        for screen in automatic_recipe(train.drop(columns=["label", "passed"]), "price")
        for step in screen.steps
    ]
    members = [fitted(ENTRIES[name], train, "price", steps) for name in ("SVR", "Ridge")]
    ensemble = ensemble_pipeline(members, [0.6, 0.4])
    found = onnx_outputs(onnx_model(ensemble, "Ensemble"), held_out)
    np.testing.assert_allclose(
        found["prediction"], ensemble.predict(held_out), rtol=1e-4, atol=1e-4
    )
