"""The explanation and permutation importances computed on request are the numbers
training computed when it explained every model itself."""

import pytest

from lathe.ml.best_model_search import find_best_model
from lathe.ml.catalog import ENTRIES
from lathe.ml.ensemble import ensemble_pipeline
from lathe.ml.explanations import held_out_explanation
from lathe.ml.held_out_explanation import explain_held_out
from lathe.ml.importance import permutation_importances
from lathe.ml.training import fit_pipeline, learning_rows, train, validation_splits
from lathe.ml.training_config import TrainingConfig
from lathe.steps.encoding import encoding_steps
from lathe.steps.missing import missing_value_steps
from lathe.store.trained_models import TrainedModels
from tests.utils.datasets import mixed_classification
from tests.utils.recipes import recipe_for

MODELS = ("LogisticRegression", "RandomForestClassifier")


def nobody(done: int, total: int, message: str) -> None:
    """No one follows the progress."""


@pytest.mark.parametrize("validation", ["train_test", "cross_validation"])
def test_the_requested_explanation_is_the_one_training_computed(validation):
    frame = mixed_classification(240, seed=3)
    recipe = recipe_for(
        frame, missing_value_steps, lambda f: encoding_steps(f, target_column="label")
    )
    config = TrainingConfig(
        tuple(ENTRIES[name] for name in MODELS),
        "classification",
        "label",
        validation,
        cv_folds=3,
    )
    run = train(frame, recipe, config)
    for result in run.results["results"]:
        assert result["explained"] is False and "explanation" not in result
    by_name = {result["model"]: result for result in run.results["results"]}
    assert by_name["LogisticRegression"]["charts"]["feature_importances"] is None
    native = by_name["RandomForestClassifier"]["charts"]["feature_importances"]
    assert native is not None and native["method"] == "native"

    # what training computed before: the last split's pipeline on its held-out rows
    rows = learning_rows(frame, "label", "classification")
    features, target = rows.frame, rows.target
    assert target is not None
    train_rows, test_rows = validation_splits(target, config)[-1]
    for name in MODELS:
        last_fold = fit_pipeline(
            ENTRIES[name], recipe, "label", features.iloc[train_rows], target.iloc[train_rows]
        ).pipeline
        kept = run.last_folds.get(name, run.pipelines[name])
        assert (name in run.last_folds) == (validation == "cross_validation")

        requested = explain_held_out(frame, run.results, name, kept, nobody)

        expected = held_out_explanation(last_fold, features, train_rows, test_rows)
        assert requested.explanation == expected
        if name == "LogisticRegression":
            assert requested.importances == permutation_importances(
                last_fold, features.iloc[test_rows], target.iloc[test_rows], "accuracy"
            )
        else:
            assert requested.importances == by_name[name]["charts"]["feature_importances"]


def test_an_ensemble_kept_with_its_last_folds_is_explained_on_request(tmp_path):
    frame = mixed_classification(240, seed=4)
    recipe = recipe_for(
        frame, missing_value_steps, lambda f: encoding_steps(f, target_column="label")
    )
    config = TrainingConfig(
        tuple(ENTRIES[name] for name in ("LogisticRegression", "GaussianNB")),
        "classification",
        "label",
        "cross_validation",
        cv_folds=3,
    )
    run = train(frame, recipe, config)
    names = list(run.pipelines)
    weights = [0.6, 0.4]
    pipelines = {
        **run.pipelines,
        "Ensemble": ensemble_pipeline(list(run.pipelines.values()), weights),
    }
    last_folds = {
        **run.last_folds,
        "Ensemble": ensemble_pipeline([run.last_folds[name] for name in names], weights),
    }
    first = run.results["results"][0]
    ensemble = {
        **first,
        "model": "Ensemble",
        "charts": {**first["charts"], "feature_importances": None},
    }
    training = {**run.results, "results": [*run.results["results"], ensemble]}
    models = TrainedModels(tmp_path)
    models.save(training, pipelines, last_folds)

    kept = models.explained_pipeline("Ensemble")
    requested = explain_held_out(frame, training, "Ensemble", kept, nobody)

    explanation = requested.explanation
    assert explanation is not None and explanation["method"] == "kernel"
    assert explanation["output"] == "probability" and explanation["rows"] > 0
    assert {column["column"] for column in explanation["columns"]} <= set(frame.columns)
    assert requested.importances is not None
    assert requested.importances["method"] == "permutation"
    saved = models.save_explanation("Ensemble", explanation, requested.importances)
    assert saved["explained"] is True
    stored = models.trained_results("Ensemble")["results"][-1]
    assert stored["explanation"] == explanation


def test_the_search_keeps_every_row_unexplained_with_its_last_fold():
    frame = mixed_classification(240, seed=5)
    recipe = recipe_for(
        frame, missing_value_steps, lambda f: encoding_steps(f, target_column="label")
    )
    names = ("LogisticRegression", "GaussianNB", "DecisionTreeClassifier")
    config = TrainingConfig(
        tuple(ENTRIES[name] for name in names), "classification", "label", cv_folds=3
    )
    run = find_best_model(frame, recipe, config, 15, nobody, lambda _: None)

    results = run.results["results"]
    assert results and set(run.last_folds) == set(run.pipelines)
    for result in results:
        assert result["explained"] is False and "explanation" not in result
        name = result["model"]
        requested = explain_held_out(frame, run.results, name, run.last_folds[name], nobody)
        assert requested.explanation is not None, name
        assert requested.importances is not None, name
