"""The baseline a model has to beat, scored on the same held-out rows as the models (and,
for cross-validation, averaged over the folds as theirs are): the most frequent class of
the training rows (with the class shares as probabilities), the mean of the training
rows, or one cluster of every row.

A supervised model `beats_baseline` when its primary metric is better than the
baseline's. A classifier is `at_chance` when its balanced accuracy is within
``CHANCE_MARGIN`` of 1 / classes, what guessing in proportion to nothing scores.
"""

from collections.abc import Sequence

import numpy as np
from sklearn.dummy import DummyRegressor

from lathe.ml.class_metrics import classification_metrics
from lathe.ml.evaluation import (
    Array,
    clustering_metrics,
    fold_summary,
    regression_metrics,
)
from lathe.ml.metric_catalog import BY_NAME
from lathe.ml.results import Baseline, ModelResult
from lathe.ml.sampling import Positions

CHANCE_MARGIN = 0.02

Split = tuple[Positions, Positions]


def regression_baseline(values: Array, splits: Sequence[Split]) -> Baseline:
    folds = [
        regression_metrics(
            values[test],
            DummyRegressor()
            .fit(np.zeros((len(train), 1)), values[train])
            .predict(np.zeros((len(test), 1))),
        )
        for train, test in splits
    ]
    return {"strategy": "mean", "metrics": fold_summary(folds)[0]}


def classification_baseline(codes: Positions, classes: int, splits: Sequence[Split]) -> Baseline:
    """The most frequent class of each fold's training rows (the first on ties), the class
    shares its probabilities, as scikit-learn's ``DummyClassifier(strategy="prior")``."""
    folds = []
    for train, test in splits:
        shares = np.bincount(codes[train], minlength=classes) / len(train)
        predicted = np.full(len(test), np.argmax(shares), dtype=np.int64)
        probabilities = np.broadcast_to(shares, (len(test), classes))
        folds.append(classification_metrics(codes[test], predicted, probabilities, classes))
    return {"strategy": "most_frequent", "metrics": fold_summary(folds)[0]}


def clustering_baseline(features: Array | None, rows: int) -> Baseline:
    """Every row in one cluster: its sizes, no score (each needs two clusters) and, given
    the `features` of a model with an inertia, the inertia of one cluster (their squared
    distances to their mean)."""
    one_cluster = np.zeros(rows, dtype=np.int64)
    inertia = None if features is None else float(((features - features.mean(axis=0)) ** 2).sum())
    return {
        "strategy": "one_cluster",
        "metrics": clustering_metrics(np.empty((rows, 0)), one_cluster, inertia),
    }


def better(metric: str, score: float, than: float) -> bool:
    """`score` is better than `than` in `metric`'s direction."""
    return score < than if BY_NAME[metric].direction == "lower" else score > than


def mark_against(results: Sequence[ModelResult], baseline: Baseline, metric: str) -> None:
    """Set each trained supervised model's `beats_baseline` by `metric`."""
    bar = baseline["metrics"].get(metric)
    for result in results:
        if result["error"] is not None:
            continue
        score = result["metrics"].get(metric)
        beats = None if score is None or bar is None else better(metric, score, bar)
        result["beats_baseline"] = beats


def mark_at_chance(results: Sequence[ModelResult], classes: int) -> None:
    """Set each trained classifier's `at_chance`."""
    for result in results:
        if result["error"] is None:
            balanced = result["metrics"].get("balanced_accuracy")
            result["at_chance"] = balanced is not None and balanced <= 1 / classes + CHANCE_MARGIN
