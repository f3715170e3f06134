"""The baseline a model has to beat, scored on the same held-out rows as the models:
the most frequent class of the training rows (with the class shares as probabilities),
the mean of the training rows, or one cluster of every row.

A supervised model `beats_baseline` when its primary metric is higher than the
baseline's. A classifier is `at_chance` when its balanced accuracy is within
``CHANCE_MARGIN`` of 1 / classes, what guessing in proportion to nothing scores.
"""

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
from sklearn.dummy import DummyClassifier, DummyRegressor

from lathe.ml.evaluation import (
    aligned_probabilities,
    classification_metrics,
    clustering_metrics,
    regression_metrics,
)
from lathe.ml.metric_catalog import PRIMARY_METRIC
from lathe.ml.model_step import class_codes
from lathe.ml.problem import ProblemType
from lathe.ml.results import Baseline, ModelResult
from lathe.ml.sampling import Positions

CHANCE_MARGIN = 0.02

Split = tuple[Positions, Positions]


def supervised_baseline(
    problem_type: ProblemType, target: "pd.Series[Any]", splits: Sequence[Split]
) -> Baseline:
    values = target.to_numpy()
    held_out = np.concatenate([test for _, test in splits])
    if problem_type == "regression":
        predicted = np.concatenate(
            [
                DummyRegressor()
                .fit(np.zeros((len(train), 1)), values[train])
                .predict(np.zeros((len(test), 1)))
                for train, test in splits
            ]
        )
        return {"strategy": "mean", "metrics": regression_metrics(values[held_out], predicted)}
    classes, codes = class_codes(values)
    positions = np.arange(len(classes))
    guessed, shares = [], []
    for train, test in splits:
        dummy = DummyClassifier(strategy="prior").fit(np.zeros((len(train), 1)), codes[train])
        rows = np.zeros((len(test), 1))
        guessed.append(dummy.predict(rows))
        shares.append(aligned_probabilities(dummy.predict_proba(rows), dummy.classes_, positions))
    metrics = classification_metrics(
        codes[held_out], np.concatenate(guessed), np.vstack(shares), positions
    )
    return {"strategy": "most_frequent", "metrics": metrics}


def clustering_baseline(rows: int) -> Baseline:
    """Every row in one cluster: its sizes, and no score (each needs two clusters)."""
    one_cluster = np.zeros(rows, dtype=np.int64)
    no_features = np.empty((rows, 0))
    return {
        "strategy": "one_cluster",
        "metrics": clustering_metrics(no_features, one_cluster, None),
    }


def mark_against(
    results: Sequence[ModelResult], baseline: Baseline, problem_type: ProblemType, classes: int
) -> None:
    """Set each trained supervised model's `beats_baseline` and, for classification,
    `at_chance`."""
    metric = PRIMARY_METRIC[problem_type]
    bar = baseline["metrics"].get(metric)
    for result in results:
        if result["error"] is not None:
            continue
        score = result["metrics"].get(metric)
        result["beats_baseline"] = None if score is None or bar is None else score > bar
        if problem_type == "classification":
            balanced = result["metrics"].get("balanced_accuracy")
            result["at_chance"] = balanced is not None and balanced <= 1 / classes + CHANCE_MARGIN
