"""An ensemble is explained as the weighted average of its members' contributions, each
member by the kernel method: per uploaded column, and adding up to the ensemble's own
output (a class probability, or the value)."""

import numpy as np
import pytest

from lathe.ml.catalog import ENTRIES
from lathe.ml.ensemble import ensemble_pipeline
from lathe.ml.explanations import EnsembleExplainer, explanation_summary, pipeline_explainer
from lathe.ml.model_step import model_matrix
from lathe.ml.pipeline import model_features
from lathe.steps.automatic_recipe import automatic_recipe
from tests.ml.onnx_export.frames import TARGETS, dated_frame, fitted, unseen_rows, with_targets

MEMBERS = {
    "label": ["XGBClassifier", "RandomForestClassifier", "LogisticRegression"],
    "price": ["LGBMRegressor", "ExtraTreesRegressor", "Ridge"],
}
WEIGHTS = [0.5, 0.3, 0.2]


@pytest.fixture(scope="module")
def frames():
    train = with_targets(dated_frame(240, seed=0))
    held_out = unseen_rows(with_targets(dated_frame(40, seed=1)), seed=2).drop(columns=TARGETS)
    return train, held_out


@pytest.mark.parametrize("target", sorted(MEMBERS))
def test_the_ensembles_contributions_add_up_to_its_output(frames, target):
    train, held_out = frames
    others = [column for column in TARGETS if column != target]
    steps = [
        s for screen in automatic_recipe(train.drop(columns=others), target) for s in screen.steps
    ]
    ensemble = ensemble_pipeline(
        [fitted(ENTRIES[name], train, target, steps) for name in MEMBERS[target]], WEIGHTS
    )
    explainer = pipeline_explainer(ensemble, train.drop(columns=TARGETS))
    assert isinstance(explainer, EnsembleExplainer)
    rows = held_out.head(8)
    per_column = explainer.per_column(rows, seconds=60)
    assert list(per_column.columns)[:2] and "x1" in per_column.columns
    if target == "label":
        probabilities = ensemble.predict_proba(rows)
        classes = np.argmax(probabilities, axis=1)
        expected = probabilities[np.arange(len(rows)), classes]
        assert explainer.output == "probability"
    else:
        classes = None
        expected = ensemble.predict(rows)
        assert explainer.output == "value"
    bases = [
        member.explainer.explain(model_matrix(model_features(member.pipeline, rows)), classes).base
        for member in explainer.members
    ]
    base = sum(weight * value for weight, value in zip(WEIGHTS, bases, strict=True))
    np.testing.assert_allclose(per_column.sum(axis=1) + base, expected, rtol=1e-6, atol=1e-6)


def test_the_evaluation_summary_of_an_ensemble_names_uploaded_columns(frames):
    train, held_out = frames
    steps = [
        s
        for screen in automatic_recipe(train.drop(columns=["passed", "price"]), "label")
        for s in screen.steps
    ]
    ensemble = ensemble_pipeline(
        [fitted(ENTRIES[name], train, "label", steps) for name in MEMBERS["label"]], WEIGHTS
    )
    summary = explanation_summary(ensemble, held_out, train.drop(columns=TARGETS), seconds=3)
    assert summary["method"] == "kernel" and summary["output"] == "probability"
    assert summary["rows"] > 0
    assert {column["column"] for column in summary["columns"]} <= set(held_out.columns)
