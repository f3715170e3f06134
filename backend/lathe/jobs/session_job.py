"""A long task on a session's data, run as a job on a Dask worker.

The web process reads what the task needs under the session's lock (``prepare``) and
submits ``run_job``. On a worker, ``run_job``:

1. opens the session under its lock, stops if the job was cancelled while it queued or
   if the data is no longer the version the job started from (nor, for a job that uses a
   fitted model, that model's file the one it started with), and marks it started;
2. runs the task without the lock; before each fit its reporter sends the progress to
   the web process and stops the task (``TaskStopped``) when the job was cancelled or
   the data changed, so a doomed job ends within one fit;
3. reopens the session under its lock and, if the data is still that version and the
   job was not cancelled, removes the job's record of its start (``JobRecords``) and
   commits the outcome and returns its reply.

Cancel and started marks are Dask ``Event`` s named after the job; the web process sets
the cancel mark under the same session lock (``JobBoard.cancel``), so a job either
commits before a cancel or never.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Generic, TypeVar

import pandas as pd
from distributed import Client, Event, get_client, get_worker

from lathe.errors import ErrorCode
from lathe.ml.progress import ProgressReport, TaskStopped
from lathe.ml.threads import use_cores
from lathe.steps.recipe_step import RecipeStep, recipe_steps
from lathe.store.session_store import Session, SessionStore
from lathe.store.trained_models import PipelineStamp, TrainedModels

Setup = TypeVar("Setup")
Outcome = TypeVar("Outcome")
Reply = TypeVar("Reply")

DataVersion = tuple[int, str]
PROGRESS_TOPIC = "lathe-progress"
"""Topic of the workers' progress events; each web process adds its own suffix."""


def session_recipe(session: Session) -> list[RecipeStep]:
    """The session's recipe as steps: the store keeps it as JSON and knows nothing of steps."""
    return recipe_steps(session.manifest.recipe)


@dataclass(frozen=True)
class JobKind:
    task: str
    """The task's name on ``GET /api/progress/``; the refusal's code is
    ``data_changed_during_<task>``."""
    started: str
    """The first progress message once a worker runs the job."""
    data_changed: str
    """The refusal when the data changed while the task ran."""
    keeps_finished_work: bool = False
    """A cancel asks the task to stop and keep what it finished: its reporter still
    raises the cancel, which the task catches, and the job commits what it returns."""
    gives_way: bool = False
    """A task the person did not start by hand: any other task started meanwhile
    cancels it (it is asked for again when needed) instead of being refused."""

    def changed(self) -> TaskStopped:
        return TaskStopped(self.data_changed, ErrorCode(f"data_changed_during_{self.task}"))

    def cancelled(self) -> TaskStopped:
        return TaskStopped(
            f"The {self.task} was cancelled.", ErrorCode.TASK_CANCELLED, {"task": self.task}
        )


@dataclass(frozen=True)
class JobData:
    """What a task runs on: the frame as uploaded, the session's recipe and its models."""

    raw_frame: pd.DataFrame
    recipe: list[RecipeStep]
    models: TrainedModels


@dataclass(frozen=True)
class ModelChoice:
    """A trained model's fitted pipeline; with `optimized`, the one its optimization fitted."""

    name: str
    optimized: bool


@dataclass(frozen=True)
class StoreAddress:
    """Where the workers find the session store: the same folder as the web process
    (a shared volume on a cluster)."""

    root: Path
    ttl_hours: float

    def open(self) -> SessionStore:
        return _store(self.root, self.ttl_hours)


@lru_cache
def _store(root: Path, ttl_hours: float) -> SessionStore:
    """One store per worker process, so its frame cache serves the next job."""
    return SessionStore(root, ttl_hours, cache_size=2)


@dataclass(frozen=True)
class JobTicket:
    """What a worker needs to find, run and report a job."""

    job_id: str
    session_id: str
    store: StoreAddress
    kind: JobKind
    started_on: DataVersion
    topic: str
    model: ModelChoice | None = None
    """The fitted model the job uses, if any: it stops when that model's file changes."""
    model_stamp: PipelineStamp | None = None


def cancel_mark(job_id: str) -> str:
    return f"lathe-cancel-{job_id}"


def started_mark(job_id: str) -> str:
    return f"lathe-started-{job_id}"


@dataclass(frozen=True)
class JobTask(Generic[Setup, Outcome, Reply]):
    """A task's two parts that run on a worker: `run` works without the session lock on
    `setup`; `commit` keeps its outcome under the lock and returns the reply."""

    setup: Setup
    run: Callable[[JobData, Setup, ProgressReport], Outcome]
    commit: Callable[[Session, Outcome], Reply]


class _Checks:
    """The job's stop conditions, looked at between fits."""

    def __init__(self, ticket: JobTicket, store: SessionStore, client: Client) -> None:
        self.ticket = ticket
        self.store = store
        self.cancel = Event(cancel_mark(ticket.job_id), client=client)
        self.started = Event(started_mark(ticket.job_id), client=client)

    def stop_if_doomed(self, committing: bool = False) -> None:
        if self.cancel.is_set() and not (committing and self.ticket.kind.keeps_finished_work):
            raise self.ticket.kind.cancelled()
        ticket = self.ticket
        if self.store.data_version(ticket.session_id) != ticket.started_on:
            raise ticket.kind.changed()
        model = ticket.model
        if model is not None and ticket.model_stamp != self.store.pipeline_stamp(
            ticket.session_id, model.name, model.optimized
        ):
            raise ticket.kind.changed()


def run_job(ticket: JobTicket, task: JobTask[Setup, Outcome, Reply]) -> Reply:
    """The job, on a Dask worker (see the module's description)."""
    worker = get_worker()
    use_cores(worker.state.nthreads)
    store = ticket.store.open()
    checks = _Checks(ticket, store, get_client())

    def report(done: int, total: int, message: str) -> None:
        checks.stop_if_doomed()
        worker.log_event(
            ticket.topic,
            {
                "job": ticket.job_id,
                "session": ticket.session_id,
                "done": done,
                "total": total,
                "message": message,
                "worker": worker.address,
            },
        )

    with store.changing(ticket.session_id) as session:
        checks.stop_if_doomed()
        checks.started.set()
        data = JobData(session.raw_frame(), session_recipe(session), session.models)
    report(0, 0, ticket.kind.started)
    outcome = task.run(data, task.setup, report)
    with store.changing(ticket.session_id) as session:
        checks.stop_if_doomed(committing=True)
        session.jobs.ended(ticket.job_id)
        return task.commit(session, outcome)
