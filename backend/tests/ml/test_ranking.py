"""Ranking by the chosen primary metric: the best model in the metric's direction, the
baseline marks, and the weakness notes, on hand-written results."""

import copy
from typing import Any

import numpy as np
import pytest
from sklearn.cluster import KMeans

from lathe.errors import LatheError
from lathe.ml.baseline import clustering_baseline
from lathe.ml.ranking import chosen_primary_metric, rank, weaknesses


def _result(model: str, **metrics: float) -> dict[str, Any]:
    return {"model": model, "error": None, "metrics": metrics}


def _training(problem_type: str, results, baseline, **extra) -> Any:
    return {
        "problem_type": problem_type,
        "primary_metric": "",
        "best_model": None,
        "baseline": {"strategy": "mean", "metrics": baseline},
        "results": results,
        **extra,
    }


def test_an_error_metric_names_the_model_with_the_lowest_error():
    training = _training(
        "regression",
        [_result("a", r2=0.9, rmse=3.0), _result("b", r2=0.8, rmse=2.5)],
        {"r2": 0.0, "rmse": 2.8},
    )
    rank(training, "r2")
    assert training["best_model"] == "a"
    assert [r["beats_baseline"] for r in training["results"]] == [True, True]
    rank(training, "rmse")
    assert training["primary_metric"] == "rmse"
    assert training["best_model"] == "b"
    # 3.0 is a worse error than the baseline's 2.8
    assert [r["beats_baseline"] for r in training["results"]] == [False, True]


@pytest.mark.parametrize(
    ("problem_type", "metric"),
    [
        ("classification", "r2"),
        ("regression", "mse"),
        ("clustering", "inertia"),
        ("regression", "x"),
    ],
)
def test_only_a_rankable_metric_of_the_problem_type_may_be_chosen(problem_type, metric):
    with pytest.raises(LatheError) as refused:
        chosen_primary_metric(problem_type, metric)
    assert refused.value.code == "primary_metric_unavailable"


def test_no_choice_is_specs_primary_metric():
    assert chosen_primary_metric("classification", None) == "accuracy"
    assert chosen_primary_metric("regression", "mae") == "mae"


def _classified(share: float, accuracy: float, balanced: float, log_loss: float, primary: str):
    training = _training(
        "classification",
        [_result("m", accuracy=accuracy, balanced_accuracy=balanced, log_loss=log_loss)],
        {"accuracy": 0.7, "log_loss": 0.6},
        majority_share=share,
    )
    rank(training, primary)
    return training["weaknesses"]


def test_a_large_majority_class_suggests_balanced_metrics():
    (note,) = _classified(0.71, 0.9, 0.88, 0.3, "accuracy")
    assert note == {
        "kind": "imbalanced_target",
        "model": "m",
        "values": {"majority_share": 0.71, "accuracy": 0.9, "balanced_accuracy": 0.88},
    }
    assert _classified(0.7, 0.9, 0.88, 0.3, "accuracy") == []


def test_balanced_accuracy_far_below_accuracy_suggests_balanced_metrics():
    # the daily-weather case: 0.85 against 0.52, a gap over 0.15
    (note,) = _classified(0.6, 0.85, 0.52, 0.3, "accuracy")
    assert note["kind"] == "imbalanced_target"
    assert _classified(0.6, 0.85, 0.71, 0.3, "accuracy") == []
    # already ranked by a metric that weighs every class: nothing to suggest
    assert _classified(0.9, 0.85, 0.52, 0.3, "balanced_accuracy") == []


def test_a_best_model_with_a_worse_log_loss_than_the_baseline_is_flagged():
    (note,) = _classified(0.5, 0.8, 0.8, 0.65, "accuracy")
    assert note == {
        "kind": "log_loss_above_baseline",
        "model": "m",
        "values": {"log_loss": 0.65, "baseline_log_loss": 0.6},
    }
    assert _classified(0.5, 0.8, 0.8, 0.6, "accuracy") == []


def test_regression_has_no_weakness_notes():
    training = _training("regression", [_result("a", r2=0.9)], {"r2": 0.0})
    training["best_model"] = "a"
    assert weaknesses(copy.deepcopy(training)) == []


def test_the_one_cluster_inertia_is_kmeans_with_one_cluster():
    features = np.random.default_rng(0).normal(size=(50, 3))
    baseline = clustering_baseline(features, 50)
    expected = KMeans(n_clusters=1, n_init=1, random_state=0).fit(features).inertia_
    assert baseline["metrics"]["inertia"] == pytest.approx(expected)
    assert "inertia" not in clustering_baseline(None, 50)["metrics"]
