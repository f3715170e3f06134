"""One rankable metric on held-out rows, computed with numpy (``class_metrics`` for
classification): a search scores a candidate many times (each fold of each model, each
round of ensemble selection), so only the metric asked for is computed.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from lathe.ml.class_metrics import (
    PROBABILITY_METRICS,
    confusion,
    confusion_metrics,
    probability_metric,
)

FloatArray = npt.NDArray[np.float64]


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
        if metric in PROBABILITY_METRICS:
            if probabilities is not None:
                value = probability_metric(metric, positions, probabilities)
        else:
            chosen = np.searchsorted(classes, predicted)
            value = confusion_metrics(confusion(positions, chosen, len(classes)))[metric]
    return value
