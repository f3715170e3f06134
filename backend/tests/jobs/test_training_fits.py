"""A small training's folds and final fits run as tasks on the cluster's workers, the
costliest model's first, and give the results a training in one process gives."""

import time
import uuid
from dataclasses import replace

import numpy as np
import pytest
from distributed import Client, get_client, get_task_stream
from sklearn.naive_bayes import GaussianNB

from lathe.errors import ErrorCode
from lathe.jobs.cluster import WARM_UP
from lathe.jobs.training_fits import FitsOnWorkers, _first_priority
from lathe.ml.catalog import ENTRIES
from lathe.ml.progress import TaskStopped
from lathe.ml.threads import SINGLE_THREAD_ROWS
from lathe.ml.training import train
from lathe.ml.training_config import training_config
from tests.utils.datasets import mixed_classification

MODELS = ["GaussianNB", "LGBMClassifier", "DecisionTreeClassifier"]


def config_of(frame, validation_method="cross_validation", models=MODELS):
    return training_config(
        frame,
        list(frame.columns),
        model_names=models,
        problem_type="classification",
        target_column="label",
        validation_method=validation_method,
        cv_folds=3,
    )


def trained_on_workers(frame, config, progress=None):
    fitter = FitsOnWorkers(get_client())
    return fitter.width, train(frame, [], config, progress, fitter)


def on_cluster(cluster, work, *arguments):
    """`work`'s result as a task of `cluster`, and the keys of the fit tasks it made, in
    the order they ran."""
    with (
        Client(cluster.scheduler_address, set_as_default=False) as client,
        get_task_stream(client) as stream,
    ):
        result = client.submit(work, *arguments, pure=False).result()
    return result, [task["key"] for task in stream.data if task["key"].startswith("fit-")]


@pytest.mark.parametrize("validation_method", ["cross_validation", "train_test"])
def test_each_fit_is_a_task_and_the_results_are_those_of_one_process(
    shared_cluster, validation_method
):
    frame = mixed_classification(400)
    config = config_of(frame, validation_method)
    here = train(frame, [], config)
    (width, there), keys = on_cluster(shared_cluster, trained_on_workers, frame, config)
    assert width == 2
    fits = 4 if validation_method == "cross_validation" else 1
    assert len(keys) == len(MODELS) * fits
    # the costliest model's fits run first
    assert all(key.startswith("fit-LGBMClassifier-") for key in keys[: min(fits, 2)])
    ours, theirs = here.results["results"], there.results["results"]
    assert [r["model"] for r in theirs] == [r["model"] for r in ours]
    for mine, other in zip(ours, theirs, strict=True):
        assert other["error"] is None
        assert other["metrics"] == mine["metrics"]
        assert other.get("fold_metrics") == mine.get("fold_metrics")
        assert other["charts"]["confusion_matrix"] == mine["charts"]["confusion_matrix"]
    assert there.results["best_model"] == here.results["best_model"]
    held_out = frame.drop(columns=["label"]).head(50)
    for name, pipeline in here.pipelines.items():
        np.testing.assert_array_equal(
            there.pipelines[name].predict(held_out), pipeline.predict(held_out)
        )
    assert there.last_folds.keys() == here.last_folds.keys()


class Refuses(GaussianNB):  # type: ignore[misc]
    def fit(self, X, y, sample_weight=None):
        raise ValueError("this model refuses every row")


def test_a_model_that_fails_on_the_workers_fails_alone(shared_cluster):
    frame = mixed_classification(300)
    refuses = replace(ENTRIES["GaussianNB"], name="Refuses", estimator=Refuses)
    config = replace(config_of(frame), models=(refuses, ENTRIES["GaussianNB"]))
    (_, there), _ = on_cluster(shared_cluster, trained_on_workers, frame, config)
    failed, trained = there.results["results"]
    assert failed["model"] == "Refuses" and failed["error"] == "this model refuses every row"
    assert trained["error"] is None and trained["metrics"]
    assert list(there.pipelines) == ["GaussianNB"]


class StopAfter:
    def __init__(self, fits: int) -> None:
        self.fits = fits
        self.seen: list[str] = []

    def __call__(self, done: int, total: int, message: str) -> None:
        self.seen.append(message)
        if done >= self.fits:
            raise TaskStopped("stopped", ErrorCode.TASK_CANCELLED)


def stopped_on_workers(frame, config):
    progress = StopAfter(2)
    try:
        trained_on_workers(frame, config, progress)
    except TaskStopped:
        return progress.seen
    raise AssertionError("the training did not stop")


def test_a_stop_between_fits_drops_the_fits_not_yet_run(shared_cluster):
    frame = mixed_classification(400)
    config = config_of(frame, models=["RandomForestClassifier", "ExtraTreesClassifier"])
    seen, keys = on_cluster(shared_cluster, stopped_on_workers, frame, config)
    assert len(seen) == 3
    assert all(message.startswith("Training ") for message in seen)
    # 8 fits were submitted; the stop after the third dropped those still queued
    assert len(keys) < 8


def test_a_large_training_keeps_to_the_jobs_worker(shared_cluster):
    frame = mixed_classification(SINGLE_THREAD_ROWS)
    config = config_of(frame, "train_test", models=["GaussianNB"])
    (_, there), keys = on_cluster(shared_cluster, trained_on_workers, frame, config)
    assert there.results["results"][0]["error"] is None
    assert keys == []


def busy_for(seconds: float) -> None:
    time.sleep(seconds)


def trained_beside(cluster, key):
    """A training started while a task of key `key` keeps a thread of `cluster` busy for
    3 s: the width it saw and the fit tasks it made (every model trained)."""
    frame = mixed_classification(300)
    with (
        Client(cluster.scheduler_address, set_as_default=False) as client,
        get_task_stream(client) as stream,
    ):
        busy = client.submit(busy_for, 3.0, key=key)
        while not client.processing() or not any(client.processing().values()):
            time.sleep(0.01)
        width, there = client.submit(
            trained_on_workers, frame, config_of(frame), pure=False
        ).result()
        busy.result()
    assert [r["error"] for r in there.results["results"]] == [None] * len(MODELS)
    return width, [task for task in stream.data if task["key"].startswith("fit-")]


def test_a_training_keeps_its_fits_while_every_other_thread_is_busy(shared_cluster):
    width, fits = trained_beside(shared_cluster, f"busy-{uuid.uuid4().hex}")
    assert width == 2
    assert not fits


def test_a_worker_still_importing_at_connection_is_not_busy_with_other_work(shared_cluster):
    width, fits = trained_beside(shared_cluster, f"{WARM_UP}-{uuid.uuid4().hex}")
    assert width == 2
    assert fits


def test_a_training_s_fits_go_before_any_job_and_any_later_training_s():
    first = _first_priority(12)
    time.sleep(0.002)
    later = _first_priority(12)
    last_of_first = first - 11
    assert last_of_first > later > 0
