"""Chart data of the evaluation screen, bounded whatever the row count: curves thinned to
``CURVE_POINTS`` points, prediction samples of ``SAMPLE_POINTS`` rows.

ROC and precision-recall curves: for two classes one curve, of the second class in
sorted order; for more, one-vs-rest curves of the first ``CURVE_CLASSES`` classes.

Classification charts take each row's class as its position in the sorted `classes`.
"""

from typing import Any

import numpy as np
import numpy.typing as npt
from sklearn.metrics import precision_recall_curve, roc_curve

from lathe.ml.class_metrics import confusion
from lathe.ml.results import (
    ClusterSize,
    ConfusionMatrix,
    PrCurve,
    PredictionSample,
    RocCurve,
    json_label,
    json_number,
)
from lathe.ml.sampling import uniform_sample

CURVE_POINTS = 200
SAMPLE_POINTS = 2_000
CURVE_CLASSES = 20

Array = npt.NDArray[Any]


def thinned(*series: Array, limit: int = CURVE_POINTS) -> list[list[float]]:
    """Each of the equally long `series` at the same at most `limit` evenly spaced
    positions, the first and last included."""
    count = len(series[0])
    positions = np.unique(np.linspace(0, count - 1, min(limit, count)).round().astype(np.int64))
    return [[round(float(value), 6) for value in values[positions]] for values in series]


def confusion_chart(actual: Array, predicted: Array, classes: Array) -> ConfusionMatrix:
    """Counts by actual class (rows) and predicted class (columns); a row with a position
    outside the classes (-1, a label the training never saw) counts nowhere."""
    known = (actual >= 0) & (predicted >= 0)
    if not known.all():
        actual, predicted = actual[known], predicted[known]
    matrix = confusion(actual, predicted, len(classes))
    return {
        "labels": [json_label(label) for label in classes],
        "matrix": [[int(count) for count in row] for row in matrix],
    }


def _curve_classes(classes: Array) -> list[int]:
    return [1] if len(classes) == 2 else list(range(min(len(classes), CURVE_CLASSES)))


def roc_curves(actual: Array, probabilities: Array, classes: Array) -> list[RocCurve]:
    curves: list[RocCurve] = []
    for column in _curve_classes(classes):
        positive = actual == column
        if positive.all() or not positive.any():
            continue
        fpr, tpr, _ = roc_curve(positive, probabilities[:, column])
        fpr_points, tpr_points = thinned(fpr, tpr)
        curves.append({"label": json_label(classes[column]), "fpr": fpr_points, "tpr": tpr_points})
    return curves


def pr_curves(actual: Array, probabilities: Array, classes: Array) -> list[PrCurve]:
    curves: list[PrCurve] = []
    for column in _curve_classes(classes):
        positive = actual == column
        if not positive.any():
            continue
        precision, recall, _ = precision_recall_curve(positive, probabilities[:, column])
        recall_points, precision_points = thinned(recall, precision)
        curves.append(
            {
                "label": json_label(classes[column]),
                "recall": recall_points,
                "precision": precision_points,
            }
        )
    return curves


def prediction_sample(actual: Array, predicted: Array) -> PredictionSample:
    """Actual and predicted values of a uniform sample of scored rows."""
    rows = uniform_sample(len(actual), SAMPLE_POINTS)
    chosen_actual = np.asarray(actual, dtype=np.float64)[rows]
    chosen_predicted = np.asarray(predicted, dtype=np.float64)[rows]
    return {
        "actual": [json_number(value) for value in chosen_actual],
        "predicted": [json_number(value) for value in chosen_predicted],
        "residual": [json_number(value) for value in chosen_actual - chosen_predicted],
    }


def cluster_sizes(labels: Array) -> list[ClusterSize]:
    """Rows per cluster, noise (-1) included when there is any, largest first."""
    clusters, counts = np.unique(labels, return_counts=True)
    order = np.argsort(-counts, kind="stable")
    return [{"cluster": int(clusters[index]), "size": int(counts[index])} for index in order]
