"""A training's fits spread over the cluster's workers, one task per fold or final fit.

A training job runs on one worker thread, so fitted there alone a small training used one
core of the cluster however many it had: the whole classifier catalogue on 3,000 rows of
12 classes took twice as long through the API as in one process on both cores. Where
every fit of the training runs on one thread (fewer than ``SINGLE_THREAD_ROWS`` rows) and
a thread of the cluster is idle, the job sends the rows, target, recipe and splits to the
cluster once, submits every model's folds and final fit, the costliest model's first and
ahead of every job queued or started after it, and hands its worker thread back while
they run (``secede``); it counts each fit as it finishes and, between fits, looks whether
to stop, dropping the fits not yet run. A larger training's fits use the job's worker's
threads, one after another, as in one process: two of them at once on one machine would
hold two fits' memory.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Sequence
from typing import Any

from distributed import Client, Future, as_completed, get_client, get_worker, rejoin, secede

from lathe.jobs.cluster import WARM_UP
from lathe.jobs.session_job import JobData
from lathe.ml.catalog import CatalogEntry
from lathe.ml.progress import ProgressReport
from lathe.ml.threads import SINGLE_THREAD_ROWS, use_cores
from lathe.ml.training import (
    FitWork,
    ModelFits,
    Tracker,
    TrainingRun,
    fit_label,
    fits_here,
    fold_fit,
    train,
)
from lathe.ml.training_config import TrainingConfig

_LAST_MS = 10**13
"""A time in milliseconds since 1970 later than any start (the year 2286)."""
_FITS_PER_MS = 10_000

COSTLIEST_FIRST = (
    "CatBoostClassifier",
    "CatBoostRegressor",
    "LGBMClassifier",
    "LGBMRegressor",
    "XGBClassifier",
    "XGBRegressor",
    "SVC",
    "SVR",
    "RandomForestClassifier",
    "RandomForestRegressor",
    "ExtraTreesClassifier",
    "ExtraTreesRegressor",
)
"""The order the models' fits are submitted in: the costliest on small tables (CatBoost's
round of many classes costs one round per class) first, so that the cheap ones fill the
cores at the end rather than one long model running alone."""


def _fitted_on_worker(work: FitWork, entry: CatalogEntry, number: int | None) -> Any:
    """Fold `number` of `entry`, or its final fit (None), with the worker's threads."""
    use_cores(get_worker().state.nthreads)
    return work.every_row_fit(entry) if number is None else fold_fit(work, entry, number)


def _cost_rank(model: tuple[CatalogEntry, str]) -> int:
    name = model[0].name
    return COSTLIEST_FIRST.index(name) if name in COSTLIEST_FIRST else len(COSTLIEST_FIRST)


def _first_priority(fits: int) -> int:
    """The priority of a training's first fit, each next one less: above every job's (0),
    so that a job queued behind this training waits for its place, and above every later
    training's, so that trainings end in the order they started rather than sharing the
    cores until all end together (Dask runs higher priorities first)."""
    started_ms = time.time_ns() // 1_000_000
    return (_LAST_MS - started_ms) * _FITS_PER_MS + min(fits, _FITS_PER_MS - 1)


class FitsOnWorkers:
    """A ``ModelFitter`` for a job running on a Dask worker."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.width = max(1, sum(client.nthreads().values()))

    def idle_threads(self) -> bool:
        """Whether a thread of the cluster has nothing to run beside this job: when every
        one has, spreading the fits only adds their shipping to other jobs' work (50
        sessions training at once on two workers: 169 trainings a minute, against 197
        with each training's fits kept in its job). A worker's imports at connection
        (``WARM_UP``) are not other work: its thread is about to be free, and the fits
        queued there need those modules anyway."""
        running = sum(
            not str(key).startswith(WARM_UP)
            for keys in self.client.processing().values()
            for key in keys
        )
        return bool(running < self.width)

    def __call__(
        self, work: FitWork, models: Sequence[tuple[CatalogEntry, str]], tracker: Tracker
    ) -> list[ModelFits | Exception]:
        if self.width < 2 or len(work.frame) >= SINGLE_THREAD_ROWS or not self.idle_threads():
            return fits_here(work, models, tracker)
        shared = self.client.scatter(work, hash=False)
        folds = len(work.splits)
        numbers: list[int | None] = [*range(folds), *([None] if work.cross_validated else [])]
        fits: dict[str, list[Future[Any]]] = {}
        labels: dict[Any, str] = {}
        priority = _first_priority(len(models) * len(numbers))
        for entry, label in sorted(models, key=_cost_rank):
            fits[entry.name] = []
            for number in numbers:
                fit = "final" if number is None else f"fold{number + 1}"
                key = f"fit-{entry.name}-{fit}-{uuid.uuid4().hex}"
                fits[entry.name].append(
                    self.client.submit(
                        _fitted_on_worker, shared, entry, number, key=key, priority=priority
                    )
                )
                labels[key] = fit_label(label, number, folds, work.cross_validated)
                priority -= 1
        started = [future for futures in fits.values() for future in futures]
        secede()
        try:
            for finished in as_completed(started):
                tracker.fitting(labels[finished.key])
        finally:
            self.client.cancel([future for future in started if not future.done()])
            rejoin()
        return [_model_fits(fits[entry.name], folds) for entry, _ in models]


def _model_fits(futures: list[Future[Any]], folds: int) -> ModelFits | Exception:
    """The model's fits (its `folds`, then any final fit), or the first error among them."""
    for future in futures:
        if future.status == "error":
            error = future.exception()
            return error if isinstance(error, Exception) else RuntimeError(str(error))
    fitted = [future.result() for future in futures]
    return ModelFits(fitted[:folds], fitted[folds] if len(fitted) > folds else None)


def train_on_workers(
    data: JobData, config: TrainingConfig, progress: ProgressReport
) -> TrainingRun:
    """``train`` within a job, its fits spread over the cluster's workers."""
    return train(data.raw_frame, data.recipe, config, progress, FitsOnWorkers(get_client()))
