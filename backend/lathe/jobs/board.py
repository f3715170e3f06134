"""The web process's side of jobs: submitted to the Dask client, awaited without a
thread, their progress and queue position kept for ``GET /api/progress/``, cancelled on
request.

A request that starts a job awaits it on the event loop, so the threadpool stays free
for every other request however many jobs wait. The queue is global to the web process:
jobs wait in the order they were submitted (Dask runs earlier submissions first) until
a worker reports that it started them.

A job ends in one of three ways besides its own: cancelled (``cancel``), lost with the
cluster (its future cancelled by a client that lost the scheduler: ``job_lost``), or
with its worker dead too often (Dask's ``KilledWorker``: ``worker_died``). A cancelled job
that is still running after ``STOP_GRACE_SECONDS`` (a single long fit, which no check
between fits interrupts) has its worker restarted, which frees it within seconds; a job
that keeps its finished work when cancelled gets ``KEEPING_GRACE_SECONDS``. A job that
gives way (an explanation Evaluation asked for) is cancelled when the person starts
another task, which then waits for it to stop instead of being refused.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from distributed import Client, Event, Future, KilledWorker
from starlette.concurrency import run_in_threadpool

from lathe.errors import ErrorCode, InsufficientStorageError, LatheError
from lathe.jobs.cluster import FIRST_CONNECT_SECONDS, ClusterUnreachableError, JobCluster
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
from lathe.store.job_records import JobRecord
from lathe.store.session_store import Session, SessionStore

log = logging.getLogger(__name__)

Setup = TypeVar("Setup")
Outcome = TypeVar("Outcome")
Reply = TypeVar("Reply")

WAITING = "Waiting for a worker"
STOP_GRACE_SECONDS = 2.0
"""How long a cancelled job may take to stop by itself before its worker is restarted."""
KEEPING_GRACE_SECONDS = 30.0
"""The grace of a job that keeps its finished work when cancelled: the fit it is in,
then its results."""
MAKE_WAY_SECONDS = STOP_GRACE_SECONDS + 30.0
"""How long a task waits for a job that gives way to stop (its worker may restart)."""


class JobBoard:
    def __init__(
        self,
        cluster: JobCluster,
        store: SessionStore,
        registry: ProgressRegistry,
        max_jobs_per_session: int,
    ) -> None:
        self.cluster = cluster
        self.store = store
        self.registry = registry
        self.max_jobs_per_session = max_jobs_per_session
        self.topic = f"{PROGRESS_TOPIC}-{secrets.token_hex(6)}"
        self._lock = threading.Lock()
        self._queued: dict[str, str] = {}
        """Job id to session id of the jobs no worker started yet, oldest first."""
        self._futures: dict[str, Future[Any]] = {}
        self._workers: dict[str, str] = {}
        """Job id to the address of the worker running it."""
        self._cancelled: set[str] = set()
        self._keeping: set[str] = set()
        self._giving_way: set[str] = set()
        """The tasks whose jobs give way to any other task (``JobKind.gives_way``)."""
        self._subscribed: Client | None = None
        cluster.on_connect = self._subscribe
        cluster.reachable(FIRST_CONNECT_SECONDS)

    def _subscribe(self, client: Client) -> None:
        client.subscribe_topic(self.topic, self._heard)
        self._subscribed = client

    def close(self) -> None:
        client = self._subscribed
        if client is not None and client.status == "running":
            client.unsubscribe_topic(self.topic)

    async def run(
        self,
        session_id: str | None,
        kind: JobKind,
        prepare: Callable[[Session], Setup],
        run: Callable[[JobData, Setup, ProgressReport], Outcome],
        commit: Callable[[Session, Outcome], Reply],
        model: ModelChoice | None = None,
        fitting: Callable[[Setup], Sequence[str]] | None = None,
    ) -> Reply:
        """`prepare` reads (and may check) the session under its lock here; `run` and
        `commit` run as a job on a worker (``lathe.jobs.session_job``); the reply of
        `commit` comes back. A job that uses the fitted `model` stops when its file
        changes, as when the data does. `fitting` names the models the job fits, for
        the refusal when its worker keeps dying."""
        client = await run_in_threadpool(self.cluster.connected)
        ticket, setup = await run_in_threadpool(self._ticket, session_id, kind, prepare, model)
        job, owner = ticket.job_id, ticket.session_id
        if kind.gives_way:
            self._giving_way.add(kind.task)
        await self._make_way(owner, kind)
        try:
            self.registry.begin(owner, kind.task, WAITING, job, self.max_jobs_per_session)
        except LatheError:
            await run_in_threadpool(self._forget_record, owner, job)
            raise
        finished = FinishedJob(job, kind.task, "failed")
        try:
            with self._lock:
                self._queued[job] = owner
            future = client.submit(
                run_job, ticket, JobTask(setup, run, commit), key=f"{kind.task}-{job}", pure=False
            )
            self._futures[job] = future
            if kind.keeps_finished_work:
                self._keeping.add(job)
            await _settled(future)
            if future.cancelled():
                raise kind.cancelled() if job in self._cancelled else job_lost(kind.task)
            try:
                reply: Reply = await run_in_threadpool(future.result)
            except KilledWorker as error:
                raise worker_died(kind.task, _models_fitted(setup, model, fitting)) from error
            finally:
                await run_in_threadpool(self._forget_marks, client, job)
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
            await self._job_over(owner, job, finished)

    async def _make_way(self, session_id: str, kind: JobKind) -> None:
        """Cancel the session's jobs that give way (an explanation Evaluation asked for)
        when only they run and `kind` does not, and wait until they are over, so that
        the task the person started is not refused for them."""
        running = self.registry.running_jobs(session_id)
        if (
            kind.gives_way
            or not running
            or not all(job.task in self._giving_way for job in running)
        ):
            return
        await run_in_threadpool(self.cancel, session_id)
        deadline = asyncio.get_running_loop().time() + MAKE_WAY_SECONDS
        while self.registry.running_jobs(session_id):
            if asyncio.get_running_loop().time() > deadline:
                return
            await asyncio.sleep(0.1)

    async def _job_over(self, owner: str, job: str, finished: FinishedJob) -> None:
        with self._lock:
            self._queued.pop(job, None)
        self._futures.pop(job, None)
        self._workers.pop(job, None)
        self._cancelled.discard(job)
        self._keeping.discard(job)
        self.registry.end(owner, job, finished)
        await run_in_threadpool(self._forget_record, owner, job)

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
            session.jobs.started(JobRecord.of_this_process(ticket.job_id, kind.task))
        return ticket, setup

    def _forget_record(self, session_id: str, job_id: str) -> None:
        try:
            with self.store.changing(session_id) as session:
                session.jobs.ended(job_id)
        except (LatheError, OSError):
            log.warning("the record of job %s could not be removed", job_id, exc_info=True)

    def interrupted(self, session_id: str | None) -> FinishedJob | None:
        """The session's latest job lost with an earlier run of the web process."""
        if not self.store.has_data(session_id):
            return None
        with self.store.reading(session_id) as session:
            lost = session.jobs.lost()
        if not lost:
            return None
        job, task = lost[0].job_id, lost[0].task
        return FinishedJob(job, task, "failed", ErrorCode.JOB_INTERRUPTED, {"task": task})

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
        client = self.cluster.connected()
        with self.store.changing(session_id):
            for job_id in (job.job_id for job in running if job.job_id is not None):
                self._cancelled.add(job_id)
                Event(cancel_mark(job_id), client=client).set()
                future = self._futures.get(job_id)
                started = Event(started_mark(job_id), client=client).is_set()
                if future is not None and not started:
                    future.cancel()
                elif future is not None:
                    grace = KEEPING_GRACE_SECONDS if job_id in self._keeping else STOP_GRACE_SECONDS
                    stop = threading.Timer(grace, self._stop_hard, (client, job_id))
                    stop.daemon = True
                    stop.start()
        return [job.task for job in running if job.task is not None]

    def _stop_hard(self, client: Client, job_id: str) -> None:
        """Drop a cancelled job still running, and free its worker: restart it (its
        nanny starts a fresh process)."""
        future = self._futures.get(job_id)
        worker = self._workers.get(job_id)
        if future is None or future.done():
            return
        future.cancel()
        if worker is None:
            return
        try:
            client.restart_workers([worker], timeout=60, raise_for_error=False)
        except Exception:
            log.warning("restarting worker %s failed", worker, exc_info=True)

    def _forget_marks(self, client: Client, job_id: str) -> None:
        """A job that ran to its end looks at its marks no more. (A job cancelled
        before it started keeps its cancel mark: a worker may still be handed it.)"""
        for mark in (cancel_mark(job_id), started_mark(job_id)):
            Event(mark, client=client).clear()

    def _heard(self, event: tuple[float, dict[str, Any]]) -> None:
        _, message = event
        job, session = message["job"], message["session"]
        with self._lock:
            self._queued.pop(job, None)
            self._workers[job] = message["worker"]
        self.registry.report(session, message["done"], message["total"], message["message"], job)


def job_lost(task: str) -> ClusterUnreachableError:
    return ClusterUnreachableError(
        f"The compute cluster was lost while the {task} ran; try again.",
        ErrorCode.JOB_LOST,
        {"task": task},
    )


def worker_died(task: str, models: Sequence[str]) -> InsufficientStorageError:
    fitting = f"fitting {', '.join(models)}" if models else f"running the {task}"
    return InsufficientStorageError(
        f"The worker kept stopping while {fitting}; it most likely ran out of memory. "
        "Try fewer rows or a simpler model.",
        ErrorCode.WORKER_DIED,
        {"task": task, "models": ", ".join(models)},
    )


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


def _models_fitted(
    setup: Setup, model: ModelChoice | None, fitting: Callable[[Setup], Sequence[str]] | None
) -> list[str]:
    """The models a job whose worker died was fitting, for its refusal."""
    models = list(fitting(setup)) if fitting is not None else []
    if model is not None and not models:
        models = [model.name]
    return models
