import json

import numpy as np
import pytest
from sklearn import metrics as sk

from lathe.ml.charts import (
    cluster_sizes,
    confusion_chart,
    curves,
    pr_points,
    prediction_sample,
    roc_points,
    thinned,
)
from lathe.ml.class_metrics import threshold_counts
from lathe.ml.evaluation import (
    CURVE_ROWS,
    aligned_probabilities,
    best_model,
    classification_charts,
    clustering_metrics,
    fold_metrics,
    regression_metrics,
)
from lathe.ml.results import no_charts


def test_binary_metrics_use_the_second_class_as_positive():
    actual = np.array(["no", "yes", "yes", "no", "yes"], dtype=object)
    predicted = np.array(["no", "yes", "no", "no", "yes"], dtype=object)
    probabilities = np.array([[0.8, 0.2], [0.3, 0.7], [0.6, 0.4], [0.9, 0.1], [0.2, 0.8]])
    classes = np.array(["no", "yes"], dtype=object)
    found = fold_metrics(actual, predicted, probabilities, classes)
    assert found["precision"] == sk.precision_score(actual, predicted, pos_label="yes")
    assert found["recall"] == pytest.approx(2 / 3)
    assert found["roc_auc"] == sk.roc_auc_score(actual == "yes", probabilities[:, 1])
    assert found["pr_auc"] == sk.average_precision_score(actual == "yes", probabilities[:, 1])
    assert found["log_loss"] == pytest.approx(sk.log_loss(actual, probabilities))


def test_text_labels_are_scored_as_sklearn_scores_them():
    rng = np.random.default_rng(3)
    classes = np.array(["ant", "bee", "cat"], dtype=object)
    actual = classes[rng.integers(0, 3, 300)]
    predicted = np.where(rng.random(300) < 0.7, actual, classes[rng.integers(0, 3, 300)])
    probabilities = rng.dirichlet(np.ones(3), 300)
    metrics = fold_metrics(actual, predicted, probabilities, classes)
    charts = classification_charts(actual, predicted, probabilities, classes)
    assert metrics["accuracy"] == sk.accuracy_score(actual, predicted)
    assert metrics["f1"] == pytest.approx(sk.f1_score(actual, predicted, average="weighted"))
    assert metrics["mcc"] == pytest.approx(sk.matthews_corrcoef(actual, predicted))
    assert metrics["roc_auc"] == pytest.approx(
        sk.roc_auc_score(actual, probabilities, multi_class="ovr", labels=classes)
    )
    assert metrics["log_loss"] == pytest.approx(sk.log_loss(actual, probabilities, labels=classes))
    assert charts["confusion_matrix"] == {
        "labels": ["ant", "bee", "cat"],
        "matrix": sk.confusion_matrix(actual, predicted, labels=classes).tolist(),
    }
    bee = next(curve for curve in charts["roc_curves"] if curve["label"] == "bee")
    fpr, tpr, _ = sk.roc_curve(actual == "bee", probabilities[:, 1])
    assert [bee["fpr"], bee["tpr"]] == thinned(fpr, tpr)


@pytest.mark.parametrize("rows", [1, 2, 3, 40, 2_000])
@pytest.mark.parametrize("ties", [False, True])
def test_curve_points_are_scikit_learns(rows: int, ties: bool) -> None:
    rng = np.random.default_rng(rows)
    positive = rng.random(rows) < 0.4
    positive[0], positive[-1] = True, rows == 1 or not positive[-1]
    score = rng.random(rows)
    if ties:
        score = np.round(score * 4) / 4
    counts = threshold_counts(positive, score)
    precision, recall, _ = sk.precision_recall_curve(positive, score)
    ours_recall, ours_precision = pr_points(counts)
    np.testing.assert_array_equal(ours_recall, recall)
    np.testing.assert_array_equal(ours_precision, precision)
    if not positive.all():
        fpr, tpr, _ = sk.roc_curve(positive, score)
        ours_fpr, ours_tpr = roc_points(counts)
        np.testing.assert_array_equal(ours_fpr, fpr)
        np.testing.assert_array_equal(ours_tpr, tpr)


def test_a_class_on_every_row_has_a_precision_recall_curve_and_no_roc_curve() -> None:
    actual = np.array([1, 1, 1])
    probabilities = np.array([[0.2, 0.8], [0.5, 0.5], [0.1, 0.9]])
    roc, pr = curves(actual, probabilities, np.array([0, 1]))
    assert roc == []
    precision, recall, _ = sk.precision_recall_curve(actual == 1, probabilities[:, 1])
    assert [pr[0]["recall"], pr[0]["precision"]] == thinned(recall, precision)


def test_curves_of_many_rows_are_drawn_from_a_sample_that_follows_the_whole():
    rng = np.random.default_rng(8)
    rows = CURVE_ROWS * 2
    actual = rng.integers(0, 2, rows)
    score = np.clip(0.3 * actual + rng.normal(0.35, 0.25, rows), 0, 1)
    probabilities = np.column_stack([1 - score, score])
    classes = np.array([0, 1])
    charts = classification_charts(actual, (score > 0.5).astype(int), probabilities, classes)
    (roc,) = charts["roc_curves"]
    fpr, tpr, _ = sk.roc_curve(actual, score)
    assert np.abs(np.interp(roc["fpr"], fpr, tpr) - roc["tpr"]).max() < 0.01
    matrix = charts["confusion_matrix"]
    assert matrix is not None
    assert matrix["matrix"] == sk.confusion_matrix(actual, score > 0.5).tolist()


def test_scores_are_absent_without_probabilities_and_null_when_undefined():
    actual = np.array([1, 1, 0, 0, 2, 2])
    found = fold_metrics(actual, actual, None, np.array([0, 1, 2]))
    assert "roc_auc" not in found and "log_loss" not in found
    assert found["accuracy"] == 1.0
    constant = regression_metrics(np.array([3.0, 3.0]), np.array([3.0, 3.0]))
    assert constant["rmse"] == 0.0
    json.dumps(constant, allow_nan=False)


def test_probabilities_of_classes_a_model_never_saw_are_zero():
    aligned = aligned_probabilities(
        np.array([[0.25, 0.75]]), np.array(["a", "c"]), np.array(["a", "b", "c"])
    )
    assert aligned.tolist() == [[0.25, 0.0, 0.75]]


def test_clustering_leaves_noise_out():
    features = np.array([[0.0], [0.1], [5.0], [5.1], [50.0]])
    labels = np.array([0, 0, 1, 1, -1])
    found = clustering_metrics(features, labels, inertia=None)
    assert found["n_clusters"] == 2 and found["noise_ratio"] == pytest.approx(0.2)
    assert found["min_cluster_size"] == 2 and found["avg_cluster_size"] == 2.0
    assert found["silhouette_score"] == pytest.approx(sk.silhouette_score(features[:4], labels[:4]))
    assert "inertia" not in found
    single = clustering_metrics(features, np.zeros(5, dtype=int), inertia=1.5)
    assert single["silhouette_score"] is None and single["inertia"] == 1.5


def result(model, metrics, error=None):
    return {"model": model, "metrics": metrics, "error": error, "charts": no_charts()}


def test_best_model_by_the_primary_metric():
    results = [
        result("a", {"accuracy": 0.7}),
        result("b", {"accuracy": 0.9}),
        result("c", {}, error="failed"),
        result("d", {"accuracy": 0.9}),
    ]
    assert best_model("accuracy", results) == "b"
    assert best_model("silhouette_score", [result("k", {"silhouette_score": None})]) is None


def test_curves_are_thinned_and_samples_bounded():
    rng = np.random.default_rng(0)
    actual = rng.integers(0, 2, 5000)
    scores = rng.random(5000)
    probabilities = np.column_stack([1 - scores, scores])
    (curve,), _ = curves(actual, probabilities, np.array([0, 1]))
    assert len(curve["fpr"]) <= 200 and curve["fpr"][0] == 0.0 and curve["tpr"][-1] == 1.0
    assert thinned(np.arange(10.0))[0] == list(map(float, range(10)))
    sample = prediction_sample(rng.normal(size=5000), rng.normal(size=5000))
    assert len(sample["actual"]) == 2000
    assert prediction_sample(np.array([np.inf]), np.array([1.0]))["actual"] == [None]


def test_confusion_matrix_and_cluster_sizes():
    chart = confusion_chart(np.array([1, 0, 1]), np.array([1, 1, 1]), np.array([False, True]))
    assert chart == {"labels": [False, True], "matrix": [[0, 1], [0, 2]]}
    rng = np.random.default_rng(3)
    actual, predicted = rng.integers(-1, 4, 3_000), rng.integers(-1, 4, 3_000)
    chart = confusion_chart(actual, predicted, np.array(["a", "b", "c", "d"]))
    assert chart["matrix"] == sk.confusion_matrix(actual, predicted, labels=range(4)).tolist()
    assert cluster_sizes(np.array([1, 1, -1, 0, 1])) == [
        {"cluster": 1, "size": 3},
        {"cluster": -1, "size": 1},
        {"cluster": 0, "size": 1},
    ]
