"""One rankable metric on held-out rows, computed with numpy.

A search scores a candidate many times (each fold of each model, each round of ensemble
selection); scikit-learn's metric functions check and sort their labels on every call
and take tens of milliseconds even on a hundred rows. These give the same values
(tests compare them with scikit-learn's) from class positions and a confusion matrix.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from sklearn.metrics import roc_auc_score

from lathe.ml.evaluation import fold_metrics

FloatArray = npt.NDArray[np.float64]
Codes = npt.NDArray[np.int64]
LOG_LOSS_FLOOR = np.finfo(np.float64).eps


def _confusion(actual: Codes, predicted: Codes, classes: int) -> FloatArray:
    counts = np.bincount(actual * classes + predicted, minlength=classes * classes)
    return np.asarray(counts.reshape(classes, classes), np.float64)


def _ratio(top: FloatArray, bottom: FloatArray) -> FloatArray:
    return np.divide(top, bottom, out=np.zeros_like(top), where=bottom > 0)


def _from_confusion(metric: str, confusion: FloatArray) -> float | None:
    hits = np.diag(confusion)
    actual_counts = confusion.sum(axis=1)
    predicted_counts = confusion.sum(axis=0)
    total = confusion.sum()
    if metric == "accuracy":
        return float(hits.sum() / total)
    if metric == "balanced_accuracy":
        present = actual_counts > 0
        return float(np.mean(hits[present] / actual_counts[present]))
    if metric == "f1_macro":
        return float(np.mean(_ratio(2 * hits, actual_counts + predicted_counts)))
    if metric == "mcc":
        covariance = hits.sum() * total - actual_counts @ predicted_counts
        spread = np.sqrt(
            (total**2 - predicted_counts @ predicted_counts)
            * (total**2 - actual_counts @ actual_counts)
        )
        return 0.0 if spread == 0 else float(covariance / spread)
    return None


def _from_probabilities(metric: str, actual: Codes, probabilities: FloatArray) -> float | None:
    if metric == "log_loss":
        clipped = np.clip(probabilities, LOG_LOSS_FLOOR, 1.0)
        clipped = clipped / clipped.sum(axis=1, keepdims=True)
        return float(-np.mean(np.log(clipped[np.arange(len(actual)), actual])))
    if len(np.unique(actual)) < 2:
        return None
    if probabilities.shape[1] == 2:
        return float(roc_auc_score(actual == 1, probabilities[:, 1]))
    return None


def _regression(metric: str, actual: FloatArray, predicted: FloatArray) -> float | None:
    errors = predicted - actual
    if metric == "r2":
        spread = float(np.sum((actual - actual.mean()) ** 2))
        return None if spread == 0 else 1.0 - float(np.sum(errors**2)) / spread
    if metric == "rmse":
        return float(np.sqrt(np.mean(errors**2)))
    if metric == "mae":
        return float(np.mean(np.abs(errors)))
    if metric == "mape":
        scale = np.maximum(np.abs(actual), np.finfo(np.float64).eps)
        return float(np.mean(np.abs(errors) / scale))
    return None


def metric_value(
    metric: str,
    actual: npt.NDArray[Any],
    predicted: npt.NDArray[Any],
    probabilities: FloatArray | None,
    classes: npt.NDArray[Any] | None,
) -> float | None:
    """`metric` of these held-out rows, as ``fold_metrics`` gives it (`classes` None for
    regression); None where it is undefined."""
    value: float | None = None
    if classes is None:
        value = _regression(
            metric, np.asarray(actual, np.float64), np.asarray(predicted, np.float64)
        )
    else:
        positions = np.searchsorted(classes, actual)
        if probabilities is not None and metric in ("log_loss", "roc_auc"):
            value = _from_probabilities(metric, positions, probabilities)
        else:
            chosen = np.searchsorted(classes, predicted)
            value = _from_confusion(metric, _confusion(positions, chosen, len(classes)))
        if metric == "roc_auc" and probabilities is not None and probabilities.shape[1] > 2:
            return fold_metrics(actual, predicted, probabilities, classes).get(metric)
    return value
