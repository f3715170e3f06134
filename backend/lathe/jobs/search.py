"""A search's parameter sets scored across the cluster's workers, one task per set.

The job that runs the search scores its baseline and fits the best set itself; for the
sets it sends the scorer (rows, folds, recipe) to the cluster once, hands its worker
thread back while they run (``secede``), and counts each set's fits as it finishes;
between sets it looks whether to stop, and then drops the sets still queued.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from distributed import Client, Future, as_completed, get_client, rejoin, secede

from lathe.jobs.session_job import JobData
from lathe.ml.optimization import (
    FitCounter,
    OptimizationConfig,
    OptimizationRun,
    Scorer,
    Trial,
    optimize,
    score_trial,
)
from lathe.ml.progress import ProgressReport, TaskStopped
from lathe.ml.search_candidates import Params


class TrialsOnWorkers:
    """A ``TrialRunner`` for a job running on a Dask worker."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.width = max(1, sum(client.nthreads().values()))
        self._shared: tuple[Scorer, Future[Any]] | None = None

    def run(
        self, scorer: Scorer, batch: Sequence[Params], counter: FitCounter, labels: Sequence[str]
    ) -> list[Trial]:
        shared = self._scattered(scorer)
        futures = [
            self.client.submit(_scored_alone, shared, params, pure=False) for params in batch
        ]
        label_of = dict(zip((future.key for future in futures), labels, strict=True))
        secede()
        try:
            for finished in as_completed(futures):
                counter.fitted(label_of[finished.key], scorer.fits_per_set)
        except TaskStopped:
            self.client.cancel(futures)
            raise
        finally:
            rejoin()
        return [future.result() for future in futures]

    def _scattered(self, scorer: Scorer) -> Future[Any]:
        if self._shared is None or self._shared[0] is not scorer:
            self._shared = (scorer, self.client.scatter(scorer, hash=False))
        return self._shared[1]


def _scored_alone(scorer: Scorer, params: Params) -> Trial:
    """One set on a worker; its progress is counted by the job when it finishes."""
    return score_trial(scorer, params, FitCounter(None, 0), "")


def optimize_on_workers(
    data: JobData, config: OptimizationConfig, progress: ProgressReport
) -> OptimizationRun:
    """``optimize`` within a job, its sets spread over the cluster's workers."""
    return optimize(data.raw_frame, data.recipe, config, progress, TrialsOnWorkers(get_client()))
