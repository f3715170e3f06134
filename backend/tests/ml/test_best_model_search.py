"""The best-model search on built data: its scorer against scikit-learn's, ensemble
selection, the budget, racing and a cancel that keeps the finished rows."""

import time
from dataclasses import replace
from functools import partial

import numpy as np
import pytest
from sklearn.naive_bayes import GaussianNB

from lathe.errors import ErrorCode
from lathe.ml.best_model_search import (
    ENSEMBLE,
    ENSEMBLE_CANDIDATES,
    TUNED_ERRORS,
    BestModelSearch,
    Contender,
    clearly_better,
    ensemble_kept,
    find_best_model,
    tuned_set_kept,
)
from lathe.ml.catalog import CatalogEntry, SearchSpace
from lathe.ml.ensemble import selected_weights
from lathe.ml.evaluation import fold_metrics
from lathe.ml.metric_catalog import METRICS
from lathe.ml.metric_value import metric_value
from lathe.ml.model_input import ModelInput
from lathe.ml.progress import TaskStopped
from lathe.ml.results import Leaderboard
from lathe.ml.training_config import training_config
from tests.utils.datasets import mixed_classification, regression_frame

RANKABLE = {
    problem: [m.name for m in METRICS if m.rankable and m.problem_type == problem]
    for problem in ("classification", "regression")
}


@pytest.mark.parametrize("classes", [2, 3])
def test_the_scorer_gives_scikit_learns_classification_metrics(classes):
    rng = np.random.default_rng(classes)
    labels = np.asarray(["high", "low", "mid"][:classes], dtype=object)
    actual = rng.choice(labels, 300)
    probabilities = rng.dirichlet(np.ones(classes), 300)
    probabilities[:, 0] += actual == labels[0]
    probabilities /= probabilities.sum(axis=1, keepdims=True)
    predicted = labels[np.argmax(probabilities, axis=1)]
    expected = fold_metrics(actual, predicted, probabilities, labels)
    for metric in RANKABLE["classification"]:
        found = metric_value(metric, actual, predicted, probabilities, labels)
        assert found == pytest.approx(expected[metric], rel=1e-12), metric


def test_the_scorer_gives_scikit_learns_regression_metrics():
    rng = np.random.default_rng(0)
    actual = rng.normal(10, 3, 200)
    predicted = actual + rng.normal(0, 1, 200)
    expected = fold_metrics(actual, predicted, None, None)
    for metric in RANKABLE["regression"]:
        found = metric_value(metric, actual, predicted, None, None)
        assert found == pytest.approx(expected[metric], rel=1e-12), metric


def test_selection_keeps_a_perfect_candidate_alone_and_mixes_complementary_ones():
    actual = np.tile([0.0, 1.0], 50)
    perfect, noisy = actual.copy(), actual + np.random.default_rng(0).normal(0, 1, 100)

    def score(blend):
        return -float(np.mean((blend - actual) ** 2))

    assert selected_weights([noisy, perfect], score) == [0.0, 1.0]
    first = actual + np.where(np.arange(100) % 2 == 0, 0.5, -0.5)
    second = actual - np.where(np.arange(100) % 2 == 0, 0.5, -0.5)
    weights = selected_weights([first, second], score)
    assert weights == pytest.approx([0.52, 0.48]) or weights == pytest.approx([0.48, 0.52])


def contender(scores):
    judged = Contender("model", None, "default")
    judged.scores = list(scores)
    return judged


@pytest.mark.parametrize(
    ("gains", "clear"),
    [
        # mean 0.02, standard error 0.01 / sqrt(3) = 0.0058
        ([0.01, 0.02, 0.03], True),
        # mean 0.01, standard error 0.0458 / sqrt(3) = 0.0265
        ([0.05, -0.04, 0.02], False),
        ([0.0, 0.0, 0.0], False),
        ([-0.01, -0.02, -0.03], False),
    ],
)
def test_a_challenger_is_clearly_better_only_beyond_the_noise_of_its_fold_gains(gains, clear):
    incumbent = contender([0.8, 0.7, 0.9])
    challenger = contender(np.add(incumbent.scores, gains))
    assert clearly_better(challenger, incumbent) is clear


def test_a_tuned_set_must_clear_two_standard_errors():
    incumbent = contender([0.8, 0.7, 0.9])
    # mean 0.02, standard error 0.02 / sqrt(3) = 0.0115: past one, short of two
    tuned = contender(np.add(incumbent.scores, [0.0, 0.02, 0.04]))
    assert clearly_better(tuned, incumbent)
    assert not clearly_better(tuned, incumbent, TUNED_ERRORS)


def test_an_ensemble_is_kept_when_its_honest_mean_is_above_the_best_rows_within_the_noise():
    best = contender([0.8, 0.7, 0.9])
    # mean gain 0.01 with a standard error of 0.0265: not clearly better, but above
    ensemble = contender(np.add(best.scores, [0.05, -0.04, 0.02]))
    assert not clearly_better(ensemble, best) and ensemble_kept(ensemble, best)
    assert not ensemble_kept(contender(best.scores), best)
    assert not ensemble_kept(contender(np.add(best.scores, [0.03, -0.04, 0.0])), best)


def test_a_tuned_set_takes_the_top_from_another_model_only_by_clearly_beating_it():
    default = contender([0.80, 0.70, 0.90])
    # clearly past its defaults: mean 0.03, standard error 0.01 / sqrt(3) = 0.0058
    tuned = contender(np.add(default.scores, [0.02, 0.03, 0.04]))
    assert clearly_better(tuned, default, TUNED_ERRORS)
    # another model leads by a mean 0.0033 below the tuned set's, within its noise
    close = contender(np.add(tuned.scores, [0.01, -0.02, 0.0]))
    assert close.mean < tuned.mean and not clearly_better(tuned, close, TUNED_ERRORS)
    assert not tuned_set_kept(tuned, default, close)
    # a leader the tuned set clearly beats, one ahead of it, and its own defaults leading
    far = contender(np.add(tuned.scores, [-0.03, -0.04, -0.05]))
    ahead = contender(np.add(tuned.scores, [0.01, 0.01, 0.01]))
    assert tuned_set_kept(tuned, default, far)
    assert tuned_set_kept(tuned, default, ahead)
    assert tuned_set_kept(tuned, default, default)
    # one that does not clearly beat its own defaults is never kept
    assert not tuned_set_kept(contender(np.add(default.scores, [0.0, 0.02, 0.04])), default, far)


class SlowNB(GaussianNB):  # type: ignore[misc]
    """Gaussian naive Bayes that takes `seconds` to fit."""

    def __init__(self, seconds=0.0, var_smoothing=1e-9):
        super().__init__(var_smoothing=var_smoothing)
        self.seconds = seconds

    def fit(self, X, y, sample_weight=None):
        time.sleep(self.seconds)
        return super().fit(X, y, sample_weight)


def test_a_model_skipped_for_time_does_not_end_the_defaults_pass():
    frame = mixed_classification(200)
    config = config_of(frame, "label", "classification")
    slow, quick = (
        CatalogEntry(name, "classification", SlowNB, {"seconds": seconds}, SearchSpace())
        for name, seconds in (("Slow", 8.0), ("Quick", 0.0))
    )
    every = [entry for entry in config.models if entry.name == "GaussianNB"]
    config = replace(config, models=(*every, slow, quick))
    run = find_best_model(frame, [], config, 30, lambda *_: None, lambda _: None)
    status = {row["model"]: row["status"] for row in run.results["search"]["rows"]}
    # Slow's first fold (8 s) leaves no room for two more and a final fit; Quick, expected
    # to take the mean fold so far (4 s), still fits
    assert status == {"GaussianNB": "finished", "Slow": "skipped_for_time", "Quick": "finished"}


class SlowForest(SlowNB):
    """A stand-in forest of `n_estimators` trees (it fits as fast as its `seconds`)."""

    def __init__(self, seconds=0.0, var_smoothing=1e-9, n_estimators=100):
        super().__init__(seconds=seconds, var_smoothing=var_smoothing)
        self.n_estimators = n_estimators


def test_a_forest_whose_trees_foretell_too_long_a_fold_is_skipped_before_it_starts():
    frame = mixed_classification(200)
    config = config_of(frame, "label", "classification")
    tree = CatalogEntry("Tree", "classification", SlowNB, {"seconds": 0.2}, SearchSpace())
    forests = [
        CatalogEntry(
            name,
            "classification",
            SlowForest,
            {"n_estimators": trees},
            SearchSpace(),
            tree="Tree",
        )
        for name, trees in (("Large forest", 100), ("Small forest", 2))
    ]
    config = replace(config, models=(tree, *forests))
    run = find_best_model(frame, [], config, 30, lambda *_: None, lambda _: None)
    rows = {row["model"]: row for row in run.results["search"]["rows"]}
    # 100 trees at half a 0.2 s tree each: 10 s a fold, too long for three folds and a
    # final fit in 30 s, though the fold would in fact be quick; two trees fit
    assert rows["Large forest"]["status"] == "skipped_for_time"
    assert rows["Large forest"]["folds"] == 0
    assert rows["Small forest"]["status"] == "finished"


def test_a_forest_is_foretold_by_its_trees_model_fit_not_by_the_steps_before_it(monkeypatch):
    frame = mixed_classification(200)
    config = config_of(frame, "label", "classification")
    learn = ModelInput._learn

    def slow_input(self, frame):
        time.sleep(0.2)
        return learn(self, frame)

    # every model's input takes 0.2 s to fit, the tree's own fit next to nothing: a forest
    # of 100 trees pays the input once, as the tree did, so its folds fit in 30 s
    monkeypatch.setattr(ModelInput, "_learn", slow_input)
    tree = CatalogEntry("Tree", "classification", SlowNB, {}, SearchSpace())
    forest = CatalogEntry(
        "Forest", "classification", SlowForest, {"n_estimators": 100}, SearchSpace(), tree="Tree"
    )
    config = replace(config, models=(tree, forest))
    run = find_best_model(frame, [], config, 30, lambda *_: None, lambda _: None)
    rows = {row["model"]: row for row in run.results["search"]["rows"]}
    assert rows["Forest"]["status"] == "finished"


def test_the_ensembles_fold_scores_use_weights_chosen_without_that_folds_rows():
    frame = mixed_classification(400)
    search = BestModelSearch(
        frame, [], config_of(frame, "label", "classification"), 60, lambda *_: None, lambda _: None
    )
    search.defaults()
    candidates = search.finished()[:ENSEMBLE_CANDIDATES]
    ensemble = search.blend_of(candidates)
    assert ensemble is not None
    outputs = [search.out_of_fold(candidate) for candidate in candidates]
    actual, classes = search.actual, search.classes
    assert classes is not None

    def accuracy(rows, blend):
        return float(np.mean(classes[np.argmax(blend, axis=1)] == actual[rows]))

    for part, score in zip(candidates[0].parts, ensemble.scores, strict=True):
        others = np.setdiff1d(np.arange(len(actual)), part.rows)
        weights = selected_weights(
            [output[others] for output in outputs],
            partial(accuracy, others),
        )
        blend = sum(w * output[part.rows] for output, w in zip(outputs, weights, strict=True))
        assert score == pytest.approx(accuracy(part.rows, blend))
    assert sum(ensemble.weights.values()) == pytest.approx(1.0)
    assert len(ensemble.fold_fits) == len(candidates[0].parts)


def config_of(frame, target, problem_type):
    return training_config(
        frame,
        list(frame.columns),
        model_names=[],
        problem_type=problem_type,
        target_column=target,
        cv_folds=3,
        every_model=True,
    )


@pytest.mark.parametrize(
    ("frame", "target", "problem_type", "metric"),
    [
        (mixed_classification(400), "label", "classification", "accuracy"),
        (regression_frame(400), "price", "regression", "r2"),
    ],
)
def test_the_search_holds_its_budget_and_ranks_like_with_like(frame, target, problem_type, metric):
    boards: list[Leaderboard] = []
    started = time.perf_counter()
    run = find_best_model(
        frame, [], config_of(frame, target, problem_type), 20, lambda *_: None, boards.append
    )
    assert time.perf_counter() - started <= 20 * 1.1
    board = run.results["search"]
    assert boards[-1] == board and any(b["running"] for b in boards)
    finished = [row for row in board["rows"] if row["status"] == "finished"]
    assert [row["model"] for row in finished] == [r["model"] for r in run.results["results"]]
    assert all(row["folds"] == 3 for row in finished)
    for result, row in zip(run.results["results"], finished, strict=True):
        assert result["metrics"][metric] == pytest.approx(row["score"])
        folds = [float(fold[metric] or 0.0) for fold in result["fold_metrics"]]
        assert row["score"] == pytest.approx(np.mean(folds))
    singles = [
        float(r["metrics"][metric] or 0.0) for r in run.results["results"] if r["model"] != ENSEMBLE
    ]
    if board["ensemble"]:
        ensemble = next(r for r in run.results["results"] if r["model"] == ENSEMBLE)
        assert float(ensemble["metrics"][metric] or 0.0) > max(singles)
        assert sum(member["weight"] for member in board["ensemble"]) == pytest.approx(1.0)
        rows = frame.drop(columns=[target]).head(20)
        members = {m["model"]: m["weight"] for m in board["ensemble"]}
        if problem_type == "regression":
            expected = sum(w * run.pipelines[name].predict(rows) for name, w in members.items())
            np.testing.assert_allclose(run.pipelines[ENSEMBLE].predict(rows), expected)
    else:
        assert ENSEMBLE not in run.pipelines


def test_a_cancel_stops_the_search_and_keeps_the_finished_rows():
    frame = mixed_classification(300)
    calls = []

    def progress(done, total, message):
        calls.append(message)
        if len(calls) > 12:
            raise TaskStopped("cancelled", ErrorCode.TASK_CANCELLED, {"task": "training"})

    run = find_best_model(
        frame, [], config_of(frame, "label", "classification"), 600, progress, lambda _: None
    )
    board = run.results["search"]
    assert board["stopped"] and len(calls) == 13
    finished = [row["model"] for row in board["rows"] if row["status"] == "finished"]
    assert finished and set(finished) == set(run.pipelines)


def test_a_changed_dataset_still_stops_the_search():
    frame = mixed_classification(300)

    def progress(done, total, message):
        raise TaskStopped("changed", ErrorCode.DATA_CHANGED_DURING_TRAINING)

    with pytest.raises(TaskStopped):
        find_best_model(
            frame, [], config_of(frame, "label", "classification"), 60, progress, lambda _: None
        )
