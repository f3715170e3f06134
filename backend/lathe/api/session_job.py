"""A long task on a session's data, as training and optimization run it.

``run_session_job`` reads what the task needs under the session's lock, runs the task
without the lock (other requests, its progress included, go on), then reopens the session
and commits the outcome only if the data and the recipe are still those it read; if
they changed, the outcome is refused and the task must run again.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import pandas as pd

from lathe.errors import LatheError
from lathe.ml.progress import ProgressRegistry, ProgressReport
from lathe.steps.recipe_step import RecipeStep, recipe_steps
from lathe.store.session_store import Session, SessionStore

Setup = TypeVar("Setup")
Outcome = TypeVar("Outcome")


@dataclass(frozen=True)
class JobKind:
    task: str
    """The task's name on ``GET /api/progress/``; the refusal's code is
    ``data_changed_during_<task>``."""
    started: str
    """The first progress message."""
    data_changed: str
    """The refusal when the data changed while the task ran."""


@dataclass(frozen=True)
class JobData:
    """What a task runs on: the frame as uploaded and the session's recipe."""

    raw_frame: pd.DataFrame
    recipe: list[RecipeStep]


def run_session_job(
    store: SessionStore,
    registry: ProgressRegistry,
    session_id: str | None,
    kind: JobKind,
    prepare: Callable[[Session], Setup],
    run: Callable[[JobData, Setup, ProgressReport], Outcome],
    commit: Callable[[Session, Outcome], None],
) -> Outcome:
    """`prepare` reads (and may change) the session under its lock; `run` does the work
    with its result; `commit` keeps the outcome under the lock again."""
    with store.changing(session_id) as session:
        setup = prepare(session)
        started_on = session.manifest.data_version()
        data = JobData(session.raw_frame(), recipe_steps(session.manifest.recipe))
        owner = session.manifest.session_id
    with registry.running(owner, kind.task, kind.started) as progress:
        outcome = run(data, setup, progress)
    with store.changing(session_id) as session:
        if session.manifest.data_version() != started_on:
            raise LatheError(kind.data_changed, f"data_changed_during_{kind.task}")
        commit(session, outcome)
    return outcome
