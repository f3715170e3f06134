"""A fit under an end stops there: CatBoost's rounds end and the fit fails, and the
best-model search skips the model instead of overrunning its budget."""

import time

import numpy as np
import pandas as pd
import pytest

from lathe.ml.best_model_search import find_best_model
from lathe.ml.catalog import ENTRIES
from lathe.ml.fit_deadline import FitOutOfTime, fits_end_by
from lathe.ml.model_step import ModelStep
from lathe.ml.training_config import training_config


def many_classes(rows=1_500, classes=24, columns=12, seed=0):
    """A frame whose many classes make each of CatBoost's rounds cost as many times a
    binary's, and keep it improving for hundreds of rounds (bins of a sum of columns)."""
    rng = np.random.default_rng(seed)
    values = rng.normal(size=(rows, columns))
    frame = pd.DataFrame(values, columns=[f"x{i}" for i in range(columns)])
    score = values @ rng.normal(size=columns) + rng.normal(0, 0.3, rows)
    bins = np.quantile(score, np.linspace(0, 1, classes + 1)[1:-1])
    frame["label"] = [f"c{i}" for i in np.searchsorted(bins, score)]
    return frame


def catboost_step():
    return ModelStep(ENTRIES["CatBoostClassifier"].build(thread_count=2), "classification")


def test_a_catboost_fit_stops_at_the_end_and_fails():
    frame = many_classes()
    features = frame.drop(columns=["label"])
    started = time.time()
    with fits_end_by(started + 0.5), pytest.raises(FitOutOfTime):
        catboost_step().fit(features, frame["label"])
    assert time.time() - started < 2.0


def test_a_fit_before_its_end_or_without_one_is_whole():
    frame = many_classes(rows=300, classes=2)
    features = frame.drop(columns=["label"])
    with fits_end_by(time.time() + 600):
        within = catboost_step().fit(features, frame["label"])
    without = catboost_step().fit(features, frame["label"])
    assert within.estimator.tree_count_ == without.estimator.tree_count_ == 500


def test_the_search_skips_a_fit_that_would_overrun_its_budget():
    frame = many_classes(rows=8_000, classes=32)
    config = training_config(
        frame,
        list(frame.columns),
        model_names=["GaussianNB", "CatBoostClassifier"],
        problem_type="classification",
        target_column="label",
        cv_folds=3,
    )
    started = time.perf_counter()
    run = find_best_model(frame, [], config, 30, lambda *_: None, lambda _: None)
    assert time.perf_counter() - started <= 30 * 1.1
    status = {row["model"]: row["status"] for row in run.results["search"]["rows"]}
    assert status == {"GaussianNB": "finished", "CatBoostClassifier": "skipped_for_time"}
