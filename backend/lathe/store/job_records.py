"""The session's jobs that started and have not ended, one small file each in
``jobs/``, so a job lost with the web process (a crash, a kill) is known after a restart.

The web process writes a job's record when it submits it and removes it when the job
ends, however it ends; the job's commit on a worker removes it too, so a job that
commits after the web process died is not counted lost. A record is lost when the web
process that wrote it is gone: same host, and its process id no longer runs or is now
this process under another start. A record from another host is never called lost (that
web process may still run).
"""

from __future__ import annotations

import json
import os
import secrets
import socket
from dataclasses import asdict, dataclass
from pathlib import Path

from lathe.errors import ErrorCode, LatheError
from lathe.store.atomic import write_text_atomically

INSTANCE = secrets.token_hex(8)
"""This start of this process."""


@dataclass(frozen=True)
class JobRecord:
    job_id: str
    task: str
    host: str
    pid: int
    instance: str

    @staticmethod
    def of_this_process(job_id: str, task: str) -> JobRecord:
        return JobRecord(job_id, task, socket.gethostname(), os.getpid(), INSTANCE)

    def lost(self) -> bool:
        if self.host != socket.gethostname() or self.instance == INSTANCE:
            return False
        return self.pid == os.getpid() or not _runs(self.pid)


def _runs(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class JobInterruptedError(LatheError):
    status = 409


class JobRecords:
    def __init__(self, folder: Path) -> None:
        self.folder = folder / "jobs"

    def started(self, record: JobRecord) -> None:
        """Record `record`'s job, forgetting the lost jobs of its task it replaces."""
        for lost in self.lost(record.task):
            self.ended(lost.job_id)
        self.folder.mkdir(exist_ok=True)
        write_text_atomically(self._path(record.job_id), json.dumps(asdict(record)))

    def ended(self, job_id: str) -> None:
        self._path(job_id).unlink(missing_ok=True)

    def lost(self, task: str | None = None) -> list[JobRecord]:
        """The lost jobs (of `task`), the latest started first."""
        if not self.folder.is_dir():
            return []
        paths = sorted(self.folder.glob("*.json"), key=_started, reverse=True)
        records = [_read(path) for path in paths]
        return [
            record
            for record in records
            if record is not None and record.lost() and task in (None, record.task)
        ]

    def check_not_lost(self, task: str) -> None:
        """Refuse to present an older result as `task`'s when its latest job was lost."""
        if self.lost(task):
            raise JobInterruptedError(
                f"The {task} was interrupted when Lathe stopped before it finished; run it again.",
                ErrorCode.JOB_INTERRUPTED,
                {"task": task},
            )

    def _path(self, job_id: str) -> Path:
        return self.folder / f"{job_id}.json"


def _started(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except FileNotFoundError:
        return 0


def _read(path: Path) -> JobRecord | None:
    try:
        return JobRecord(**json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError):
        return None
