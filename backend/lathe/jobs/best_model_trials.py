"""The best-model search's models spread over the cluster's workers, one task per model
(its folds, and for a default its final fit) or tuning trial: the folds are sent to the
cluster once per search, and the job hands its worker thread back while they run
(``secede``), so every thread of the cluster can score one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from distributed import Client, Future, as_completed, get_client, rejoin, secede

from lathe.jobs.session_job import JobData
from lathe.ml.best_model_search import (
    Contender,
    FoldData,
    NextTrial,
    Trial,
    TrialDone,
    find_best_model,
    scored_trial,
)
from lathe.ml.progress import ProgressReport
from lathe.ml.results import Leaderboard
from lathe.ml.training import TrainingRun
from lathe.ml.training_config import TrainingConfig
from lathe.store.leaderboard_file import forget_leaderboard, write_leaderboard


class TrialsOnWorkers:
    """A ``TrialMap`` for a job running on a Dask worker."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.width = max(1, sum(client.nthreads().values()))
        self._shared: tuple[FoldData, Future[Any]] | None = None

    def _scattered(self, data: FoldData) -> Future[Any]:
        if self._shared is None or self._shared[0] is not data:
            self._shared = (data, self.client.scatter(data, hash=False))
        return self._shared[1]

    def map(self, data: FoldData, trials: Sequence[Trial]) -> list[Contender]:
        shared = self._scattered(data)
        futures = [self.client.submit(scored_trial, shared, trial, pure=False) for trial in trials]
        secede()
        try:
            scored: list[Contender] = self.client.gather(futures)
        finally:
            rejoin()
        return scored

    def stream(self, data: FoldData, next_trial: NextTrial, done: TrialDone) -> None:
        shared = self._scattered(data)
        running: as_completed = as_completed()
        started: list[Future[Any]] = []

        def start_next() -> None:
            trial = next_trial()
            if trial is not None:
                started.append(self.client.submit(scored_trial, shared, trial, pure=False))
                running.add(started[-1])

        for _ in range(self.width):
            start_next()
        secede()
        try:
            for future in running:
                done(future.result())
                start_next()
        finally:
            self.client.cancel([future for future in started if not future.done()])
            rejoin()


def find_best_on_workers(
    data: JobData, config: TrainingConfig, budget: int, progress: ProgressReport
) -> TrainingRun:
    """``find_best_model`` within a job, its leaderboard written to the session folder
    while it runs, its tuning trials spread over the cluster's workers."""
    folder = data.models.folder.parent
    forget_leaderboard(folder)

    def publish(board: Leaderboard) -> None:
        write_leaderboard(folder, board)

    try:
        return find_best_model(
            data.raw_frame,
            data.recipe,
            config,
            budget,
            progress,
            publish,
            TrialsOnWorkers(get_client()),
        )
    finally:
        forget_leaderboard(folder)
