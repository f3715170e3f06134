"""The running long task of each session, for progress bars: ``{task, done, total, message}``.

A session runs one long task at a time; a finished task leaves no entry, so a session
without one reads as idle (``task`` null).
"""

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from lathe.errors import LatheError


@dataclass(frozen=True)
class TaskProgress:
    task: str | None
    done: int
    total: int
    message: str


IDLE = TaskProgress(task=None, done=0, total=0, message="")

ProgressReport = Callable[[int, int, str], None]
"""A task's reporter: called with (work done, work in all, message)."""


class ProgressRegistry:
    """Thread-safe: tasks run in the server's threadpool while other requests read."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running: dict[str, TaskProgress] = {}

    def begin(self, session_id: str, task: str, message: str = "") -> None:
        """Record `task` as the session's running task; refuse a second one."""
        with self._lock:
            running = self._running.get(session_id)
            if running is not None:
                raise LatheError(
                    f"A {running.task} task is already running for this dataset; wait for it "
                    "to finish.",
                    "task_running",
                    {"task": running.task},
                )
            self._running[session_id] = TaskProgress(task, 0, 0, message)

    def report(self, session_id: str, done: int, total: int, message: str) -> None:
        with self._lock:
            running = self._running.get(session_id)
            if running is not None:
                self._running[session_id] = TaskProgress(running.task, done, total, message)

    def end(self, session_id: str) -> None:
        with self._lock:
            self._running.pop(session_id, None)

    @contextmanager
    def running(self, session_id: str, task: str, message: str = "") -> Iterator[ProgressReport]:
        """The session's `task` from start to end, yielding its progress reporter."""
        self.begin(session_id, task, message)
        try:
            yield lambda done, total, text: self.report(session_id, done, total, text)
        finally:
            self.end(session_id)

    def status(self, session_id: str | None) -> TaskProgress:
        with self._lock:
            return self._running.get(session_id or "", IDLE)
