"""Chart data of the evaluation screen, bounded whatever the row count: curves thinned to
``CURVE_POINTS`` points, prediction samples of ``SAMPLE_POINTS`` rows.

ROC and precision-recall curves: for two classes one curve, of the second class in
sorted order; for more, one-vs-rest curves of the first ``CURVE_CLASSES`` classes.

Classification charts take each row's class as its position in the sorted `classes`.
The curves' points are scikit-learn's ``roc_curve`` (its collinear points dropped) and
``precision_recall_curve``, both from one sort of each class's scores
(``threshold_counts``, which the probability metrics use too): scikit-learn's functions
sort and check their input each, half of a 100,000-row training's own time beside a
naive Bayes fit.
"""

from typing import Any

import numpy as np
import numpy.typing as npt

from lathe.ml.class_metrics import ThresholdCounts, confusion, threshold_counts
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


def roc_points(counts: ThresholdCounts) -> tuple[Array, Array]:
    """The false and true positive rates from (0, 0), without the points collinear with
    their neighbours, as ``roc_curve`` gives them; both kinds of rows must be present."""
    positives, negatives = counts.positives, counts.negatives
    if len(positives) > 2:
        corners = np.logical_or(np.diff(negatives, 2), np.diff(positives, 2))
        kept = np.flatnonzero(np.r_[True, corners, True])
        positives, negatives = positives[kept], negatives[kept]
    positives, negatives = np.r_[0.0, positives], np.r_[0.0, negatives]
    return negatives / negatives[-1], positives / positives[-1]


def pr_points(counts: ThresholdCounts) -> tuple[Array, Array]:
    """Recall (decreasing, to 0) and precision (to 1), as ``precision_recall_curve``
    gives them; positive rows must be present."""
    positives, negatives = counts.positives, counts.negatives
    predicted = positives + negatives
    precision = np.divide(positives, predicted, out=np.zeros_like(positives), where=predicted != 0)
    recall = positives / positives[-1]
    return np.r_[recall[::-1], 0.0], np.r_[precision[::-1], 1.0]


def curves(
    actual: Array, probabilities: Array, classes: Array
) -> tuple[list[RocCurve], list[PrCurve]]:
    """The ROC curve of each curve class present with other rows beside it, and the
    precision-recall curve of each present."""
    roc: list[RocCurve] = []
    pr: list[PrCurve] = []
    for column in _curve_classes(classes):
        positive = actual == column
        if not positive.any():
            continue
        counts = threshold_counts(positive, probabilities[:, column])
        label = json_label(classes[column])
        if not positive.all():
            fpr, tpr = thinned(*roc_points(counts))
            roc.append({"label": label, "fpr": fpr, "tpr": tpr})
        recall, precision = thinned(*pr_points(counts))
        pr.append({"label": label, "recall": recall, "precision": precision})
    return roc, pr


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
