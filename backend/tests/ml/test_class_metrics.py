"""The numpy classification metrics against scikit-learn's own functions, on random
folds and on the folds where metrics go undefined: a class absent, never predicted,
tied scores, one class only."""

import warnings

import numpy as np
import pytest
from sklearn import metrics as sk
from sklearn.preprocessing import label_binarize

from lathe.ml.class_metrics import classification_metrics


def sklearn_metrics(actual, predicted, probabilities, classes):
    labels = np.arange(classes)
    binary = classes == 2
    averaging = {"average": "binary", "pos_label": 1} if binary else {"average": "weighted"}
    expected = {
        "accuracy": sk.accuracy_score(actual, predicted),
        "balanced_accuracy": sk.balanced_accuracy_score(actual, predicted),
        "precision": sk.precision_score(
            actual, predicted, labels=labels, zero_division=0, **averaging
        ),
        "recall": sk.recall_score(actual, predicted, labels=labels, zero_division=0, **averaging),
        "f1": sk.f1_score(actual, predicted, labels=labels, zero_division=0, **averaging),
        "f1_macro": sk.f1_score(actual, predicted, labels=labels, zero_division=0, average="macro"),
        "mcc": sk.matthews_corrcoef(actual, predicted),
        "log_loss": sk.log_loss(actual, probabilities, labels=labels),
    }
    if binary:
        expected["roc_auc"] = sk.roc_auc_score(actual == 1, probabilities[:, 1])
        expected["pr_auc"] = sk.average_precision_score(actual == 1, probabilities[:, 1])
    else:
        try:
            expected["roc_auc"] = sk.roc_auc_score(
                actual, probabilities, multi_class="ovr", labels=labels
            )
        except ValueError:
            expected["roc_auc"] = None
        expected["pr_auc"] = sk.average_precision_score(
            label_binarize(actual, classes=labels), probabilities, average="macro"
        )
    return {
        name: None if value is None or not np.isfinite(value) else float(value)
        for name, value in expected.items()
    }


def fold(seed, rows, classes, *, absent=None, unpredicted=None, rounded=False):
    rng = np.random.default_rng(seed)
    actual = rng.integers(0, classes, rows)
    if absent is not None:
        actual[actual == absent] = (absent + 1) % classes
    probabilities = rng.dirichlet(np.ones(classes), rows)
    probabilities[np.arange(rows), actual] += rng.random(rows)
    if unpredicted is not None:
        probabilities[:, unpredicted] = 0.0
    if rounded:
        probabilities = np.round(probabilities, 1) + 1e-3
    probabilities /= probabilities.sum(axis=1, keepdims=True)
    return actual, np.argmax(probabilities, axis=1), probabilities


@pytest.mark.parametrize(
    ("classes", "options"),
    [
        (2, {}),
        (3, {}),
        (5, {}),
        (2, {"rounded": True}),
        (4, {"rounded": True}),
        (3, {"absent": 2}),
        (3, {"unpredicted": 0}),
        (2, {"unpredicted": 1}),
        (2, {"absent": 1}),
    ],
)
def test_every_metric_equals_scikit_learns(classes, options):
    for seed in range(3):
        actual, predicted, probabilities = fold(seed, 250, classes, **options)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = sklearn_metrics(actual, predicted, probabilities, classes)
        found = classification_metrics(actual, predicted, probabilities, classes)
        assert set(found) == set(expected)
        for name, value in expected.items():
            if value is None:
                assert found[name] is None, name
            else:
                assert found[name] == pytest.approx(value, rel=1e-9, abs=1e-12), name


def test_without_probabilities_only_the_confusion_metrics_are_given():
    actual = np.array([0, 1, 2, 2])
    found = classification_metrics(actual, actual, None, 3)
    assert found["accuracy"] == 1.0 and found["mcc"] == 1.0
    assert not {"roc_auc", "pr_auc", "log_loss"} & set(found)


@pytest.mark.parametrize("classes", [2, 3])
def test_one_probability_row_for_every_row_scores_as_each_row_its_own(classes):
    """The baseline's class shares, broadcast to every row, take no sort and clip one row;
    the values are scikit-learn's and, to the bit, those of the same rows written out."""
    actual = np.random.default_rng(0).integers(0, classes, 300)
    shares = np.bincount(actual, minlength=classes) / len(actual)
    broadcast = np.broadcast_to(shares, (len(actual), classes))
    predicted = np.full(len(actual), np.argmax(shares))
    found = classification_metrics(actual, predicted, broadcast, classes)
    assert found == classification_metrics(actual, predicted, np.array(broadcast), classes)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = sklearn_metrics(actual, predicted, np.array(broadcast), classes)
    for name, value in expected.items():
        assert found[name] == pytest.approx(value, rel=1e-9, abs=1e-12), name
