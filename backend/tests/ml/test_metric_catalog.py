import numpy as np
from fastapi.testclient import TestClient

from lathe.ml.evaluation import (
    best_model,
    clustering_metrics,
    fold_metrics,
    regression_metrics,
)
from lathe.ml.metric_catalog import BY_NAME, METRICS, PRIMARY_METRIC
from lathe.ml.results import ModelResult


def _reported() -> dict[str, set[str]]:
    actual = np.array(["a", "b", "a", "b", "a", "b"])
    predicted = np.array(["a", "b", "b", "b", "a", "a"])
    probabilities = np.array(
        [[0.9, 0.1], [0.2, 0.8], [0.4, 0.6], [0.3, 0.7], [0.6, 0.4], [0.5, 0.5]]
    )
    features = np.array([[0.0], [0.1], [5.0], [5.1], [9.0], [9.2]])
    return {
        "classification": set(fold_metrics(actual, predicted, probabilities, np.array(["a", "b"]))),
        "regression": set(regression_metrics(np.arange(6.0), np.arange(6.0) + 0.5)),
        "clustering": set(clustering_metrics(features, np.array([0, 0, 1, 1, 2, 2]), 1.5)),
    }


def test_every_reported_metric_is_declared_once_with_its_problem_type() -> None:
    assert len(BY_NAME) == len(METRICS)
    for problem_type, names in _reported().items():
        for name in names:
            assert BY_NAME[name].problem_type == problem_type, name
        assert PRIMARY_METRIC[problem_type] in names  # type: ignore[index]


def test_errors_are_lower_is_better_and_shares_higher() -> None:
    assert {m.name for m in METRICS if m.direction == "lower"} >= {"rmse", "mae", "log_loss"}
    assert BY_NAME["r2"].direction == "higher"
    assert BY_NAME["n_clusters"].direction == "none"


def test_the_rankable_metrics_are_those_a_person_may_rank_by() -> None:
    rankable: dict[str, set[str]] = {m.problem_type: set() for m in METRICS}
    for metric in METRICS:
        if metric.rankable:
            rankable[metric.problem_type].add(metric.name)
    assert rankable == {
        "classification": {
            "accuracy",
            "balanced_accuracy",
            "f1_macro",
            "roc_auc",
            "log_loss",
            "mcc",
        },
        "regression": {"r2", "rmse", "mae", "mape"},
        "clustering": {"silhouette_score", "davies_bouldin", "calinski_harabasz"},
    }
    assert all(BY_NAME[name].rankable for name in PRIMARY_METRIC.values())
    relative = {m.name for m in METRICS if m.baseline_relative}
    assert relative == {"rmse", "mae", "mse", "inertia"}


def _result(model: str, value: float) -> ModelResult:
    return {"model": model, "error": None, "metrics": {"r2": value}}  # type: ignore[typeddict-item]


def test_best_model_takes_the_highest_primary_metric_and_the_first_of_a_tie() -> None:
    results = [_result("a", 0.5), _result("b", 0.9), _result("c", 0.9)]
    assert best_model("r2", results) == "b"


def test_the_catalogue_is_served_in_order(client: TestClient) -> None:
    body = client.get("/api/metric-catalog/").json()
    assert [metric["name"] for metric in body["metrics"]] == [m.name for m in METRICS]
    assert body["primary"] == PRIMARY_METRIC
    rmse = next(metric for metric in body["metrics"] if metric["name"] == "rmse")
    assert rmse == {
        "name": "rmse",
        "problem_type": "regression",
        "direction": "lower",
        "tone_bounds": [0.1, 0.3],
        "whole_number": False,
        "rankable": True,
        "baseline_relative": True,
    }
    counts = {metric["name"] for metric in body["metrics"] if metric["whole_number"]}
    assert counts == {"n_clusters", "min_cluster_size", "max_cluster_size", "avg_cluster_size"}
