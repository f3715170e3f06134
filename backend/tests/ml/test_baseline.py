"""The baseline row: scored on the models' own held-out rows, as sklearn's dummy
estimators score there; models that do not beat it, or guess, are marked."""

import numpy as np
import pandas as pd
import pytest
from sklearn import metrics as sk
from sklearn.dummy import DummyClassifier, DummyRegressor

from lathe.ml.baseline import classification_baseline
from lathe.ml.catalog import ENTRIES
from lathe.ml.class_metrics import classification_metrics
from lathe.ml.evaluation import aligned_probabilities, fold_summary
from lathe.ml.training import train, validation_splits
from lathe.ml.training_config import TrainingConfig
from tests.utils.datasets import blobs_frame, regression_frame


def classes_frame(informative: bool, rows: int = 300, seed: int = 0) -> pd.DataFrame:
    """Three unbalanced classes; the features decide them only when `informative`."""
    rng = np.random.default_rng(seed)
    label = rng.choice(np.array(["low", "mid", "high"], dtype=object), rows, p=[0.5, 0.3, 0.2])
    shift = pd.Series(label).map({"low": 0.0, "mid": 3.0, "high": 6.0}).to_numpy()
    noise = rng.normal(size=(rows, 2))
    features = noise + (shift[:, None] if informative else 0.0)
    return pd.DataFrame({"a": features[:, 0], "b": features[:, 1], "label": label})


def config(models, problem_type, target, **settings):
    return TrainingConfig(tuple(ENTRIES[m] for m in models), problem_type, target, **settings)


@pytest.mark.parametrize("validation", ["train_test", "cross_validation"])
def test_the_classification_baseline_is_the_most_frequent_class_on_the_same_rows(validation):
    frame = classes_frame(informative=True)
    settings = config(["GaussianNB"], "classification", "label", validation_method=validation)
    run = train(frame, [], settings)
    target = frame["label"].astype(str)
    actual, guessed = [], []
    for train_rows, test_rows in validation_splits(target, settings):
        dummy = DummyClassifier(strategy="prior").fit(frame.iloc[train_rows], target[train_rows])
        actual.append(target.to_numpy()[test_rows])
        guessed.append(dummy.predict(frame.iloc[test_rows]))
    baseline = run.results["baseline"]
    assert baseline["strategy"] == "most_frequent"
    expected = sk.accuracy_score(np.concatenate(actual), np.concatenate(guessed))
    assert baseline["metrics"]["accuracy"] == pytest.approx(expected)
    assert baseline["metrics"]["balanced_accuracy"] == pytest.approx(1 / 3)
    (result,) = run.results["results"]
    assert result["beats_baseline"] is True and result["at_chance"] is False


def test_the_class_baseline_scores_as_the_prior_dummy_on_ties_and_absent_classes():
    # fold 1's training rows tie classes 0 and 1 and lack class 2; fold 2's favour 2
    codes = np.array([0, 1, 0, 1, 2, 2, 2, 0, 1, 2], dtype=np.int64)
    splits = [
        (np.array([0, 1, 2, 3]), np.array([4, 5, 6, 7, 9])),
        (np.array([4, 5, 6, 7]), np.array([0, 1, 2, 3, 8, 9])),
    ]
    folds = []
    for train_rows, test_rows in splits:
        dummy = DummyClassifier(strategy="prior").fit(np.zeros((4, 1)), codes[train_rows])
        rows = np.zeros((len(test_rows), 1))
        shares = aligned_probabilities(dummy.predict_proba(rows), dummy.classes_, np.arange(3))
        folds.append(classification_metrics(codes[test_rows], dummy.predict(rows), shares, 3))
    expected = fold_summary(folds)[0]
    found = classification_baseline(codes, 3, splits)["metrics"]
    assert found.keys() == expected.keys()
    for name, value in expected.items():
        assert found[name] == (None if value is None else pytest.approx(value, rel=1e-12)), name


def test_a_classifier_that_learns_nothing_is_marked_at_chance():
    frame = classes_frame(informative=False, rows=600, seed=4)
    run = train(frame, [], config(["DecisionTreeClassifier"], "classification", "label"))
    (result,) = run.results["results"]
    balanced = result["metrics"]["balanced_accuracy"]
    assert balanced is not None and balanced < 1 / 3 + 0.02
    assert result["at_chance"] is True
    assert result["beats_baseline"] is False


def test_the_regression_baseline_is_the_training_mean():
    frame = regression_frame()
    settings = config(["LinearRegression"], "regression", "price")
    run = train(frame, [], settings)
    ((train_rows, test_rows),) = validation_splits(frame["price"], settings)
    mean = DummyRegressor().fit(frame.iloc[train_rows], frame["price"].iloc[train_rows])
    expected = sk.root_mean_squared_error(
        frame["price"].iloc[test_rows], mean.predict(frame.iloc[test_rows])
    )
    baseline = run.results["baseline"]
    assert baseline["strategy"] == "mean"
    assert baseline["metrics"]["rmse"] == pytest.approx(expected)
    r2 = baseline["metrics"]["r2"]
    assert r2 is not None and r2 <= 0
    assert run.results["results"][0]["beats_baseline"] is True
    assert "at_chance" not in run.results["results"][0]


def test_the_clustering_baseline_is_one_cluster_of_every_row():
    frame = blobs_frame()
    run = train(frame, [], config(["KMeans"], "clustering", None))
    baseline = run.results["baseline"]
    assert baseline["strategy"] == "one_cluster"
    assert baseline["metrics"]["n_clusters"] == 1
    assert baseline["metrics"]["max_cluster_size"] == len(frame)
    assert baseline["metrics"]["silhouette_score"] is None
    assert "beats_baseline" not in run.results["results"][0]
    # one cluster's inertia: every point's squared distance to the mean of all
    points = frame.to_numpy()
    spread = ((points - points.mean(axis=0)) ** 2).sum()
    assert baseline["metrics"]["inertia"] == pytest.approx(spread, rel=1e-6)
    assert run.results["results"][0]["metrics"]["inertia"] < spread
