import dataclasses

import numpy as np
import pytest
from sklearn.calibration import CalibratedClassifierCV
from sklearn.metrics import silhouette_score

from lathe.errors import LatheError
from lathe.ml import optimization
from lathe.ml.catalog import ENTRIES, SearchSpace
from lathe.ml.metric_catalog import PRIMARY_METRIC
from lathe.ml.model_step import model_matrix
from lathe.ml.optimization import (
    OptimizationConfig,
    check_search_settings,
    optimize,
    relative_improvement,
)
from lathe.ml.pipeline import model_features, model_step
from lathe.ml.problem import learning_target
from lathe.ml.training import train, validation_splits
from lathe.ml.training_config import TrainingConfig
from lathe.steps.encoding import encoding_steps
from lathe.steps.missing import missing_value_steps
from lathe.steps.scaling import scaling_steps
from tests.utils.datasets import blobs_frame, mixed_classification, regression_frame
from tests.utils.recipes import recipe_for

SCORING = {"classification": "accuracy", "regression": "r2"}


def classification_case():
    frame = mixed_classification()
    recipe = recipe_for(
        frame,
        missing_value_steps,
        lambda f: encoding_steps(f, target_column="label"),
        lambda f: scaling_steps(f, target_column="label"),
    )
    return frame, recipe, "label"


def regression_case():
    frame = regression_frame()
    recipe = recipe_for(frame, lambda f: encoding_steps(f, target_column="price"))
    return frame, recipe, "price"


def config(entry, method, folds, iterations, target_column, validation="cross_validation"):
    """A search judged on a validation like training's: 3-fold cross-validation, or a
    20 % test split."""
    problem_type = entry.problem_type
    judged_by = TrainingConfig(
        (entry,), problem_type, target_column, validation, test_size=0.2, cv_folds=3
    )
    return OptimizationConfig(
        entry, method, folds, iterations, judged_by, PRIMARY_METRIC[problem_type]
    )


FAMILIES = [
    ("LogisticRegression", "grid_search", 3, "train_test"),
    ("DecisionTreeClassifier", "random_search", 3, "cross_validation"),
    ("KNeighborsClassifier", "random_search", 2, "train_test"),
    ("SVC", "bayesian", 2, "train_test"),
    ("LGBMClassifier", "bayesian", 2, "cross_validation"),
    ("Ridge", "grid_search", 1, "cross_validation"),
    ("ElasticNet", "bayesian", 2, "train_test"),
    ("KNeighborsRegressor", "grid_search", 1, "train_test"),
]


def case_of(entry):
    return classification_case() if entry.problem_type == "classification" else regression_case()


@pytest.mark.parametrize(("model", "method", "iterations", "validation"), FAMILIES)
def test_the_baseline_is_the_models_evaluation_score(model, method, iterations, validation):
    entry = ENTRIES[model]
    frame, recipe, target_column = case_of(entry)
    if method == "grid_search" and entry.search_space.grid:
        first = next(iter(entry.search_space.grid.items()))
        entry = dataclasses.replace(entry, search_space=SearchSpace(grid=dict([first])))
    settings = config(entry, method, 3, iterations, target_column, validation)
    run = optimize(frame, recipe, settings)
    [trained] = train(frame, recipe, settings.validation).results["results"]

    assert run.baseline_score == pytest.approx(trained["metrics"][settings.primary_metric])
    assert run.best_score == pytest.approx(run.metrics[settings.primary_metric])
    baseline = run.baseline_score
    assert baseline is not None
    assert run.improvement == pytest.approx((run.best_score - baseline) / abs(baseline))
    assert run.primary_metric == SCORING[entry.problem_type]
    searched = [trial.score for trial in run.trials if trial.score is not None]
    assert run.kept_baseline == (run.best_params == {})
    if not run.kept_baseline:
        assert run.search_score == max(searched)
    fitted = model_step(run.pipeline).estimator
    inner = fitted.estimator if isinstance(fitted, CalibratedClassifierCV) else fitted
    for name, value in run.best_params.items():
        assert inner.get_params()[name] == value


def test_a_train_test_search_chooses_on_training_rows_and_scores_on_the_test_rows():
    frame, recipe, target_column = classification_case()
    settings = config(
        ENTRIES["DecisionTreeClassifier"], "random_search", 3, 4, target_column, "train_test"
    )
    run = optimize(frame, recipe, settings)
    target = learning_target(frame[target_column], "classification")
    [(train_rows, test_rows)] = validation_splits(target, settings.validation)
    features = frame.drop(columns=[target_column])
    # the kept pipeline was fitted on the training rows only, and scored on the test rows
    assert model_step(run.pipeline).estimator.tree_.n_node_samples[0] == len(train_rows)
    predicted = run.pipeline.predict(features.iloc[test_rows])
    assert run.best_score == pytest.approx(
        float(np.mean(predicted == target.to_numpy()[test_rows]))
    )


def test_an_error_metric_prefers_the_lowest_score():
    frame, recipe, target_column = regression_case()
    entry = dataclasses.replace(
        ENTRIES["Ridge"], search_space=SearchSpace(grid={"alpha": [1e-3, 1e4]})
    )
    settings = dataclasses.replace(
        config(entry, "grid_search", 3, 1, target_column, "train_test"), primary_metric="rmse"
    )
    run = optimize(frame, recipe, settings)
    scores = [trial.score for trial in run.trials if trial.score is not None]
    assert run.search_score == min(scores)
    assert run.best_params == {"alpha": 1e-3}


@pytest.mark.parametrize("model", ["KMeans", "DBSCAN", "AgglomerativeClustering", "Birch"])
def test_clustering_is_scored_by_the_silhouette_of_every_row(model):
    frame = blobs_frame()
    run = optimize(frame, [], config(ENTRIES[model], "random_search", 5, 4, None))
    features = model_features(run.pipeline, frame)
    labels = model_step(run.pipeline).predict(features)
    clustered = labels != -1
    assert run.best_score == pytest.approx(
        silhouette_score(model_matrix(features)[clustered], labels[clustered])
    )
    assert run.primary_metric == "silhouette_score"


def test_the_grid_is_searched_in_order_and_a_failing_set_is_skipped():
    frame, recipe, target_column = classification_case()
    entry = dataclasses.replace(
        ENTRIES["LogisticRegression"], search_space=SearchSpace(grid={"C": [-1.0, 0.01, 10.0]})
    )
    run = optimize(frame, recipe, config(entry, "grid_search", 3, 20, target_column))
    assert [trial.params for trial in run.trials] == [{"C": -1.0}, {"C": 0.01}, {"C": 10.0}]
    assert run.trials[0].score is None
    assert "C" in (run.trials[0].error or "")
    assert run.best_params["C"] in (0.01, 10.0)


def test_the_models_own_settings_are_kept_when_no_searched_set_beats_them():
    frame, recipe, target_column = classification_case()
    entry = dataclasses.replace(
        ENTRIES["LogisticRegression"], search_space=SearchSpace(grid={"C": [1e-6]})
    )
    run = optimize(frame, recipe, config(entry, "grid_search", 3, 20, target_column))
    assert run.trials[0].score is not None
    assert run.baseline_score is not None
    assert run.trials[0].score < run.baseline_score
    assert run.kept_baseline
    assert run.best_params == {}
    assert run.best_score == run.baseline_score
    assert run.improvement == 0.0
    assert model_step(run.pipeline).estimator.C == 1.0


def test_a_search_where_every_set_fails_is_refused():
    frame, recipe, target_column = classification_case()
    entry = dataclasses.replace(
        ENTRIES["LogisticRegression"], search_space=SearchSpace(grid={"C": [-1.0, -2.0]})
    )
    with pytest.raises(LatheError) as refused:
        optimize(frame, recipe, config(entry, "grid_search", 3, 20, target_column))
    assert refused.value.code == "optimization_failed"


def test_a_model_without_a_search_space_is_refused():
    frame, recipe, target_column = classification_case()
    entry = dataclasses.replace(ENTRIES["GaussianNB"], search_space=SearchSpace())
    with pytest.raises(LatheError) as refused:
        optimize(frame, recipe, config(entry, "random_search", 3, 5, target_column))
    assert refused.value.code == "no_search_space"


def test_big_data_is_searched_on_a_sample_and_the_best_fitted_on_every_row(monkeypatch):
    monkeypatch.setattr(optimization, "SEARCH_ROWS", 120)
    frame, recipe, target_column = classification_case()
    entry = ENTRIES["DecisionTreeClassifier"]
    run = optimize(frame, recipe, config(entry, "random_search", 3, 2, target_column))
    [note] = run.sampling
    assert note["purpose"] == "search"
    assert note["of_rows"] == 240
    assert abs(note["rows"] - 120) <= 2
    assert model_step(run.pipeline).estimator.tree_.n_node_samples[0] == 240


def test_progress_counts_every_fit_up_to_the_total():
    frame, recipe, target_column = classification_case()
    reports = []
    optimize(
        frame,
        recipe,
        config(ENTRIES["GaussianNB"], "random_search", 4, 3, target_column),
        lambda done, total, message: reports.append((done, total, message)),
    )
    # four searches (one per outer fold, one over every row), the held-out fits and the last
    total = 4 * (3 + 1) * 4 + 2 * 3 + 1
    assert [done for done, _, _ in reports] == list(range(1, total + 1))
    assert {reported for _, reported, _ in reports} == {total}
    assert "candidate 3 of 3" in reports[-2][2]


@pytest.mark.parametrize(
    ("folds", "iterations", "code"),
    [
        (1, 20, "cv_folds_out_of_range"),
        (11, 20, "cv_folds_out_of_range"),
        (5, 0, "n_iterations_out_of_range"),
        (5, 201, "n_iterations_out_of_range"),
    ],
)
def test_search_settings_outside_the_spec_ranges_are_refused(folds, iterations, code):
    with pytest.raises(LatheError) as refused:
        check_search_settings(folds, iterations)
    assert refused.value.code == code


def refused_code(folds, iterations):
    try:
        check_search_settings(folds, iterations)
    except LatheError as refused:
        return refused.code
    return None


def test_exactly_the_spec_ranges_are_accepted():
    accepted_folds = [folds for folds in range(-1, 13) if refused_code(folds, 20) is None]
    assert accepted_folds == list(range(2, 11))
    accepted_iterations = [n for n in range(-1, 203) if refused_code(5, n) is None]
    assert accepted_iterations == list(range(1, 201))


def test_relative_improvement():
    assert relative_improvement(0.9, 0.8) == pytest.approx(0.125)
    assert relative_improvement(-0.1, -0.2) == pytest.approx(0.5)
    assert relative_improvement(0.5, 0.0) is None
    assert relative_improvement(0.5, None) is None
