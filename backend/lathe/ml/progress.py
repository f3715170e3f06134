"""The running long tasks of each session, for progress bars: ``{task, done, total, message}``.

A session runs at most one task of each kind (one training, one optimization) and at most
a set number of tasks at once; a finished task leaves no running entry, so a session
without one reads as idle (``task`` null), and is kept as the session's last finished job
with its outcome, so a screen that lost the request which started it learns how it ended.
A task's reporter may stop it by raising ``TaskStopped`` (the task was cancelled, or its
data changed): the task lets it through.
"""

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from lathe.errors import ErrorCode, LatheError


@dataclass(frozen=True)
class TaskProgress:
    task: str | None
    done: int
    total: int
    message: str
    job_id: str | None = None


Outcome = Literal["completed", "cancelled", "failed"]


@dataclass(frozen=True)
class FinishedJob:
    """How a session's job ended; `code` and `params` are its refusal's, when it had one."""

    job_id: str
    task: str
    outcome: Outcome
    code: str | None = None
    params: dict[str, Any] = field(default_factory=dict)


IDLE = TaskProgress(task=None, done=0, total=0, message="")

ProgressReport = Callable[[int, int, str], None]
"""A task's reporter: called with (work done, work in all, message) before each fit; it
raises ``TaskStopped`` when the task must stop."""


def unreported(done: int, total: int, message: str) -> None:
    """The reporter of a task nobody follows (a small prediction in the web process)."""


class TaskStopped(LatheError):
    """A task stopped before its end: cancelled, or its data changed meanwhile."""

    status = 409


class ProgressRegistry:
    """Thread-safe: progress arrives from worker events while requests read."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running: dict[str, dict[str, TaskProgress]] = {}
        self._finished: dict[str, FinishedJob] = {}

    def begin(
        self, session_id: str, task: str, message: str = "", job_id: str = "", limit: int = 1
    ) -> None:
        """Record `task` (as `job_id`) among the session's running tasks; refuse a second
        task of the same kind, and one beyond `limit`."""
        with self._lock:
            running = self._running.setdefault(session_id, {})
            same = next((job for job in running.values() if job.task == task), None)
            if same is not None or len(running) >= limit:
                busy = same or next(iter(running.values()))
                raise LatheError(
                    f"A {busy.task} task is already running for this dataset; wait for it "
                    "to finish.",
                    ErrorCode.TASK_RUNNING,
                    {"task": busy.task},
                )
            running[job_id] = TaskProgress(task, 0, 0, message, job_id or None)

    def report(
        self, session_id: str, done: int, total: int, message: str, job_id: str = ""
    ) -> None:
        with self._lock:
            job = self._running.get(session_id, {}).get(job_id)
            if job is not None:
                self._running[session_id][job_id] = TaskProgress(
                    job.task, done, total, message, job.job_id
                )

    def end(self, session_id: str, job_id: str = "", finished: FinishedJob | None = None) -> None:
        """The job is over; `finished` says how, and becomes the session's last finished job."""
        with self._lock:
            running = self._running.get(session_id, {})
            running.pop(job_id, None)
            if not running:
                self._running.pop(session_id, None)
            if finished is not None:
                self._finished[session_id] = finished

    def last_finished(self, session_id: str | None) -> FinishedJob | None:
        with self._lock:
            return self._finished.get(session_id or "")

    def status(self, session_id: str | None) -> TaskProgress:
        """The session's oldest running task."""
        with self._lock:
            running = self._running.get(session_id or "", {})
            return next(iter(running.values()), IDLE)

    def running_jobs(self, session_id: str | None) -> list[TaskProgress]:
        with self._lock:
            return list(self._running.get(session_id or "", {}).values())
