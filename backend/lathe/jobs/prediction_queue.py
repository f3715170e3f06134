"""Where ``POST /api/predict/`` computes, and the order of a session's prediction jobs.

A prediction runs in the web process only when it is cheap and alone: no explanation,
fewer rows than ``LATHE_PREDICTION_JOB_ROWS``, and no other prediction of this web process
in flight (in the web process or as a job). Every other one runs as a job, so however many
predictions arrive, the web process computes at most one small prediction at a time and
stays free for ``/health/`` and the steps.

A session's prediction jobs take turns: one waits for the one before it, and for room
among the session's jobs (``LATHE_MAX_JOBS_PER_SESSION``, never two of one kind), instead
of being refused ``task_running``, since a small prediction beside another task was always
answered. A prediction waiting for its turn when one of the session's jobs is cancelled is
cancelled too (``POST /api/cancel-task/`` stops the session's jobs, waiting ones included).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from lathe.errors import LatheError
from lathe.jobs.prediction_job import PREDICTION
from lathe.ml.progress import FinishedJob, ProgressRegistry

Reply = TypeVar("Reply")

ROOM_POLL_SECONDS = 0.1
"""How often the session's first waiting prediction looks for room among its jobs."""


class PredictionQueue:
    """One per web process; used on its event loop only."""

    def __init__(self, registry: ProgressRegistry, max_jobs_per_session: int) -> None:
        self.registry = registry
        self.max_jobs_per_session = max_jobs_per_session
        self.in_flight = 0
        """This web process's predictions from the choice of where they run to their end."""
        self._turns: dict[str, asyncio.Lock] = {}
        self._waiting: dict[str, int] = {}

    def runs_here(self, rows: int, explain: bool, job_rows: int) -> bool:
        """Whether a prediction of `rows` rows runs in the web process (see the module)."""
        return not explain and rows < job_rows and self.in_flight == 0

    @contextmanager
    def counted(self) -> Iterator[None]:
        """A prediction in flight for the block: choose (``runs_here``) and enter it with
        no await between, so two requests never both find the web process free."""
        self.in_flight += 1
        try:
            yield
        finally:
            self.in_flight -= 1

    async def run_job(self, session_id: str | None, start: Callable[[], Awaitable[Reply]]) -> Reply:
        """`start` (which starts the session's prediction job and awaits its reply) in
        the session's turn, once the session has room for it."""
        arrived = self.registry.last_finished(session_id)
        session = session_id or ""
        self._waiting[session] = self._waiting.get(session, 0) + 1
        turn = self._turns.setdefault(session, asyncio.Lock())
        try:
            async with turn:
                while True:
                    self._stop_if_cancelled_since(session_id, arrived)
                    try:
                        return await start()
                    except LatheError as busy:
                        if busy.code != "task_running":
                            raise
                    await self._room(session_id)
        finally:
            self._waiting[session] -= 1
            if not self._waiting[session]:
                del self._waiting[session], self._turns[session]

    def _stop_if_cancelled_since(self, session_id: str | None, arrived: FinishedJob | None) -> None:
        last = self.registry.last_finished(session_id)
        if last is not None and last is not arrived and last.outcome == "cancelled":
            raise PREDICTION.cancelled()

    async def _room(self, session_id: str | None) -> None:
        while True:
            running = self.registry.running_jobs(session_id)
            if len(running) < self.max_jobs_per_session and all(
                job.task != PREDICTION.task for job in running
            ):
                return
            await asyncio.sleep(ROOM_POLL_SECONDS)
