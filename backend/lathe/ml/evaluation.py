"""Metrics of SPEC §3 on rows the model never saw (clustering, which has no target, on
every row), and the best model.

Classification (``class_metrics``), with the classes of every row with a target in
sorted order (the second of two, ``True``, ``1``, ``"yes"``..., is the positive one):
roc_auc, pr_auc and log_loss are absent for a model without probabilities and null when
undefined on the scored rows. Regression and clustering with sklearn's functions.

Clustering: noise rows (DBSCAN and OPTICS label them -1) count in ``noise_ratio`` and are
left out of every other metric; silhouette_score needs at least two clusters and is
computed on a uniform sample of ``SILHOUETTE_ROWS`` rows of larger data.
"""

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from sklearn.metrics import (
    accuracy_score,
    calinski_harabasz_score,
    davies_bouldin_score,
    explained_variance_score,
    mean_absolute_error,
    mean_absolute_percentage_error,
    mean_squared_error,
    r2_score,
    root_mean_squared_error,
    silhouette_score,
)

from lathe.ml.charts import cluster_sizes, confusion_chart, curves, prediction_sample
from lathe.ml.class_metrics import classification_metrics
from lathe.ml.label_codes import positions_among
from lathe.ml.metric_catalog import BY_NAME
from lathe.ml.problem import ProblemType
from lathe.ml.results import Charts, Metrics, ModelResult, json_number, no_charts
from lathe.ml.sampling import uniform_sample

SILHOUETTE_ROWS = 10_000
CURVE_ROWS = 200_000
NOISE = -1

Array = npt.NDArray[Any]


def aligned_probabilities(
    probabilities: Array, model_classes: Array, classes: Array
) -> npt.NDArray[np.float64]:
    """Probabilities with one column per class of `classes`; a class the model never saw
    (left out of its training sample) has probability 0."""
    if len(model_classes) == len(classes) and np.array_equal(model_classes, classes):
        return probabilities
    aligned = np.zeros((len(probabilities), len(classes)), dtype=np.float64)
    columns = np.searchsorted(classes, model_classes)
    aligned[:, columns] = probabilities
    return aligned


def _defined(compute: Any, *args: Any, **kwargs: Any) -> float | None:
    """The metric, or None where it is undefined on these rows."""
    try:
        return json_number(compute(*args, **kwargs))
    except ValueError:
        return None


def regression_metrics(actual: Array, predicted: Array) -> Metrics:
    return {
        "r2": _defined(r2_score, actual, predicted),
        "rmse": json_number(root_mean_squared_error(actual, predicted)),
        "mae": json_number(mean_absolute_error(actual, predicted)),
        "mse": json_number(mean_squared_error(actual, predicted)),
        "mape": json_number(mean_absolute_percentage_error(actual, predicted)),
        "explained_variance": _defined(explained_variance_score, actual, predicted),
    }


def primary_score(problem_type: ProblemType, actual: Array, predicted: Array) -> float | None:
    """The primary metric of a supervised problem on one fold."""
    if problem_type == "classification":
        return json_number(accuracy_score(actual, predicted))
    return _defined(r2_score, actual, predicted)


def fold_metrics(
    actual: Array, predicted: Array, probabilities: Array | None, classes: Array | None
) -> Metrics:
    """The metrics of one fold's held-out rows (`classes` None for regression)."""
    if classes is None:
        return regression_metrics(actual, predicted)
    return classification_metrics(
        positions_among(actual, classes),
        positions_among(predicted, classes),
        probabilities,
        len(classes),
    )


def fold_summary(folds: Sequence[Metrics]) -> tuple[Metrics, Metrics]:
    """The mean and the standard deviation (numpy's, over the folds as they are) of each
    metric over `folds`; null where a fold left it undefined."""
    means: Metrics = {}
    spreads: Metrics = {}
    for name in folds[0]:
        values = [fold.get(name) for fold in folds]
        defined = [value for value in values if value is not None]
        complete = len(defined) == len(values)
        means[name] = json_number(np.mean(defined)) if complete else None
        spreads[name] = json_number(np.std(defined)) if complete else None
    return means, spreads


def clustering_metrics(features: Array, labels: Array, inertia: float | None) -> Metrics:
    """Metrics of `labels` on the model's input `features`; `inertia` where the model
    has one."""
    clustered = labels != NOISE
    sizes = np.unique(labels[clustered], return_counts=True)[1]
    metrics: Metrics = {
        "n_clusters": len(sizes),
        "min_cluster_size": int(sizes.min()) if len(sizes) else None,
        "max_cluster_size": int(sizes.max()) if len(sizes) else None,
        "avg_cluster_size": json_number(sizes.mean()) if len(sizes) else None,
        "noise_ratio": json_number(1 - clustered.mean()),
        "silhouette_score": None,
        "calinski_harabasz": None,
        "davies_bouldin": None,
    }
    points, kept = features[clustered], labels[clustered]
    if 2 <= len(sizes) < len(kept):
        sample = uniform_sample(len(kept), SILHOUETTE_ROWS)
        metrics["silhouette_score"] = _defined(silhouette_score, points[sample], kept[sample])
        metrics["calinski_harabasz"] = _defined(calinski_harabasz_score, points, kept)
        metrics["davies_bouldin"] = _defined(davies_bouldin_score, points, kept)
    if inertia is not None:
        metrics["inertia"] = json_number(inertia)
    return metrics


def classification_charts(
    actual: Array, predicted: Array, probabilities: Array | None, classes: Array
) -> Charts:
    """The confusion matrix and (with probabilities) ROC and PR curves.

    Drawn from each row's position in the sorted `classes`: sklearn's functions sort and
    compare their labels again and again, which over 100,000 text labels takes seconds
    and over integers a few milliseconds. The curves, thinned to a few hundred points
    anyway, are drawn from a uniform sample of ``CURVE_ROWS`` rows of larger data."""
    return code_charts(
        positions_among(actual, classes),
        positions_among(predicted, classes),
        probabilities,
        classes,
    )


def code_charts(
    actual_codes: Array, predicted_codes: Array, probabilities: Array | None, classes: Array
) -> Charts:
    """``classification_charts`` of rows given by class position (of `classes`)."""
    charts = no_charts()
    charts["confusion_matrix"] = confusion_chart(actual_codes, predicted_codes, classes)
    if probabilities is not None:
        rows = uniform_sample(len(actual_codes), CURVE_ROWS)
        charts["roc_curves"], charts["pr_curves"] = curves(
            actual_codes[rows], probabilities[rows], classes
        )
    return charts


def regression_charts(actual: Array, predicted: Array) -> Charts:
    """A sample of predicted against actual values with residuals."""
    charts = no_charts()
    charts["prediction_sample"] = prediction_sample(actual, predicted)
    return charts


def clustering_evaluation(
    features: Array, labels: Array, inertia: float | None
) -> tuple[Metrics, Charts]:
    """Metrics, and the size of each cluster."""
    charts = no_charts()
    charts["cluster_sizes"] = cluster_sizes(labels)
    return clustering_metrics(features, labels, inertia), charts


def best_model(metric: str, results: Sequence[ModelResult]) -> str | None:
    """The model with the best `metric` (the lowest for an error); ties go to the first
    listed."""
    scored = [
        (value, result["model"])
        for result in results
        if result["error"] is None and (value := result["metrics"].get(metric)) is not None
    ]
    if not scored:
        return None
    values = [value for value, _ in scored]
    top = min(values) if BY_NAME[metric].direction == "lower" else max(values)
    return next(model for value, model in scored if value == top)
