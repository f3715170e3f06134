"""The web process's side of jobs: submitted to the Dask client, awaited without a
thread, their progress and queue position kept for ``GET /api/progress/``, cancelled on
request.

A request that starts a job awaits it on the event loop, so the threadpool stays free
for every other request however many jobs wait. The queue is global to the web process:
jobs wait in the order they were submitted (Dask runs earlier submissions first) until
a worker reports that it started them.
"""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from distributed import Client, Event, Future
from starlette.concurrency import run_in_threadpool

from lathe.errors import ErrorCode, LatheError
from lathe.jobs.session_job import (
    PROGRESS_TOPIC,
    JobData,
    JobKind,
    JobTask,
    JobTicket,
    ModelChoice,
    StoreAddress,
    cancel_mark,
    run_job,
    started_mark,
)
from lathe.ml.progress import FinishedJob, ProgressRegistry, ProgressReport
from lathe.store.session_store import Session, SessionStore

Setup = TypeVar("Setup")
Outcome = TypeVar("Outcome")
Reply = TypeVar("Reply")

WAITING = "Waiting for a worker"


class JobBoard:
    def __init__(
        self,
        client: Client,
        store: SessionStore,
        registry: ProgressRegistry,
        max_jobs_per_session: int,
    ) -> None:
        self.client = client
        self.store = store
        self.registry = registry
        self.max_jobs_per_session = max_jobs_per_session
        self.topic = f"{PROGRESS_TOPIC}-{secrets.token_hex(6)}"
        self._lock = threading.Lock()
        self._queued: dict[str, str] = {}
        """Job id to session id of the jobs no worker started yet, oldest first."""
        self._futures: dict[str, Future[Any]] = {}
        client.subscribe_topic(self.topic, self._heard)

    def close(self) -> None:
        self.client.unsubscribe_topic(self.topic)

    async def run(
        self,
        session_id: str | None,
        kind: JobKind,
        prepare: Callable[[Session], Setup],
        run: Callable[[JobData, Setup, ProgressReport], Outcome],
        commit: Callable[[Session, Outcome], Reply],
        model: ModelChoice | None = None,
    ) -> Reply:
        """`prepare` reads (and may check) the session under its lock here; `run` and
        `commit` run as a job on a worker (``lathe.jobs.session_job``); the reply of
        `commit` comes back. A job that uses the fitted `model` stops when its file
        changes, as when the data does."""
        ticket, setup = await run_in_threadpool(self._ticket, session_id, kind, prepare, model)
        job, owner = ticket.job_id, ticket.session_id
        self.registry.begin(owner, kind.task, WAITING, job, self.max_jobs_per_session)
        finished = FinishedJob(job, kind.task, "failed")
        try:
            with self._lock:
                self._queued[job] = owner
            future = self.client.submit(
                run_job, ticket, JobTask(setup, run, commit), key=f"{kind.task}-{job}", pure=False
            )
            self._futures[job] = future
            await _settled(future)
            if future.cancelled():
                raise kind.cancelled()
            try:
                reply: Reply = await run_in_threadpool(future.result)
            finally:
                await run_in_threadpool(self._forget_marks, job)
            finished = FinishedJob(job, kind.task, "completed")
            return reply
        except LatheError as refusal:
            finished = FinishedJob(
                job,
                kind.task,
                "cancelled" if refusal.code == ErrorCode.TASK_CANCELLED else "failed",
                refusal.code,
                refusal.params,
            )
            raise
        finally:
            with self._lock:
                self._queued.pop(job, None)
            self._futures.pop(job, None)
            self.registry.end(owner, job, finished)

    def _ticket(
        self,
        session_id: str | None,
        kind: JobKind,
        prepare: Callable[[Session], Setup],
        model: ModelChoice | None,
    ) -> tuple[JobTicket, Setup]:
        with self.store.changing(session_id) as session:
            setup = prepare(session)
            ticket = JobTicket(
                job_id=secrets.token_hex(8),
                session_id=session.manifest.session_id,
                store=StoreAddress(self.store.root, self.store.ttl_hours),
                kind=kind,
                started_on=session.manifest.data_version(),
                topic=self.topic,
                model=model,
                model_stamp=None
                if model is None
                else session.models.stamp(model.name, model.optimized),
            )
        return ticket, setup

    def queue_position(self, session_id: str | None) -> int | None:
        """1 for the next job a worker takes, None when the session has none waiting."""
        with self._lock:
            for position, owner in enumerate(self._queued.values(), 1):
                if owner == session_id:
                    return position
        return None

    def cancel(self, session_id: str | None) -> list[str]:
        """Cancel the session's jobs; return their tasks. A queued job is dropped at
        once; a running one stops at its next fit, leaving the session as before (the
        mark is set under the session's lock, which a job commits under)."""
        running = self.registry.running_jobs(session_id)
        if not running:
            raise LatheError("No task is running for this dataset.", ErrorCode.NO_TASK_RUNNING)
        with self.store.changing(session_id):
            for job_id in (job.job_id for job in running if job.job_id is not None):
                Event(cancel_mark(job_id), client=self.client).set()
                future = self._futures.get(job_id)
                started = Event(started_mark(job_id), client=self.client).is_set()
                if future is not None and not started:
                    future.cancel()
        return [job.task for job in running if job.task is not None]

    def _forget_marks(self, job_id: str) -> None:
        """A job that ran to its end looks at its marks no more. (A job cancelled
        before it started keeps its cancel mark: a worker may still be handed it.)"""
        for mark in (cancel_mark(job_id), started_mark(job_id)):
            Event(mark, client=self.client).clear()

    def _heard(self, event: tuple[float, dict[str, Any]]) -> None:
        _, message = event
        job, session = message["job"], message["session"]
        with self._lock:
            self._queued.pop(job, None)
        self.registry.report(session, message["done"], message["total"], message["message"], job)


async def _settled(future: Future[Any]) -> None:
    """Wait for `future` (its callbacks run on the Dask client's thread) without
    holding a thread."""
    loop = asyncio.get_running_loop()
    settled = loop.create_future()

    def settle_on_loop() -> None:
        if not settled.done():
            settled.set_result(None)

    def settle(_: Future[Any]) -> None:
        loop.call_soon_threadsafe(settle_on_loop)

    future.add_done_callback(settle)
    await settled
