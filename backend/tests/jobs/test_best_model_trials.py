"""The best-model search's models and tuning trials run as tasks on the cluster's
workers and come back scored as they would be here."""

import time

from distributed import Client, get_client, get_task_stream

from lathe.jobs.best_model_trials import TrialsOnWorkers
from lathe.ml.best_model_search import BestModelSearch, Contender, Trial, TrialsHere
from lathe.ml.catalog import ENTRIES
from lathe.ml.training_config import training_config
from tests.utils.datasets import mixed_classification


def fold_data():
    frame = mixed_classification(240)
    config = training_config(
        frame,
        list(frame.columns),
        model_names=[],
        problem_type="classification",
        target_column="label",
        cv_folds=3,
        every_model=True,
    )
    return BestModelSearch(frame, [], config, 60, lambda *_: None, lambda _: None).data


def trials(final=False):
    entry = ENTRIES["DecisionTreeClassifier"]
    return [
        Trial(
            Contender(f"trial {depth}", entry, "tuned", {"max_depth": depth}),
            None,
            time.time() + 600,
            1.0,
            final,
        )
        for depth in (2, 3, 4)
    ]


def scored_on_workers(data, batch):
    runner = TrialsOnWorkers(get_client())
    return runner.width, runner.map(data, batch)


def test_trials_are_scored_on_the_workers_as_here(shared_cluster):
    data = fold_data()
    expected = TrialsHere().map(data, trials())
    with Client(shared_cluster.scheduler_address, set_as_default=False) as client:
        with get_task_stream(client) as stream:
            width, scored = client.submit(scored_on_workers, data, trials(), pure=False).result()
        threads = sum(worker["nthreads"] for worker in client.scheduler_info()["workers"].values())
    assert width == threads
    assert [c.status for c in scored] == ["finished"] * 3
    assert [c.scores for c in scored] == [c.scores for c in expected]
    assert sum(task["key"].startswith("scored_trial") for task in stream.data) == 3


def streamed(runner, data, batch):
    waiting = list(batch)
    scored: list[Contender] = []
    runner.stream(data, lambda: waiting.pop(0) if waiting else None, scored.append)
    return scored


def streamed_on_workers(data, batch):
    return streamed(TrialsOnWorkers(get_client()), data, batch)


def test_a_stream_of_models_is_scored_and_fitted_on_the_workers_as_here(shared_cluster):
    data = fold_data()
    expected = {c.name: c for c in streamed(TrialsHere(), data, trials(final=True))}
    with Client(shared_cluster.scheduler_address, set_as_default=False) as client:
        scored = client.submit(streamed_on_workers, data, trials(final=True), pure=False).result()
    assert sorted(c.name for c in scored) == sorted(expected)
    for contender in scored:
        assert contender.status == "finished"
        assert contender.scores == expected[contender.name].scores
        assert contender.final is not None
        rows = data.frame.head(20)
        assert list(contender.final.pipeline.predict(rows)) == list(
            expected[contender.name].final.pipeline.predict(rows)
        )
