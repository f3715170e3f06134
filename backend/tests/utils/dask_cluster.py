"""A real Dask cluster for tests, started with the commands of docker-compose.yml: the
`dask` CLI of the installed package, on 127.0.0.1 and free ports instead of the
containers' addresses."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import yaml
from distributed import Client, LocalCluster

ROOT = Path(__file__).resolve().parents[3]
COMPOSE_SCHEDULER = "tcp://dask-scheduler:8786"
LOCAL = "127.0.0.1"


def small_local_cluster() -> LocalCluster:
    """Two worker processes of one thread on 127.0.0.1, shared by many apps, each of
    which connects to it as to an external scheduler."""
    return LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host=LOCAL,
        dashboard_address=None,
    )


def compose_commands() -> dict[str, list[str]]:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    return {
        name: service["command"]
        for name, service in compose["services"].items()
        if "command" in service
    }


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOCAL, 0))
        port: int = probe.getsockname()[1]
        return port


def localized(command: list[str], scheduler: str) -> list[str]:
    """`command` from the compose file, with the scheduler's address, every host and
    port on 127.0.0.1 (free ports), and `dask` from this Python's installation."""
    values = {
        "--host": LOCAL,
        "--port": str(free_port()),
        "--dashboard-address": f"{LOCAL}:0",
    }
    local = [str(Path(sys.executable).with_name("dask")) if command[0] == "dask" else command[0]]
    rest = iter(command[1:])
    for word in rest:
        if word in values:
            local += [word, values.pop(word)]
            next(rest)
        else:
            local.append(scheduler if word == COMPOSE_SCHEDULER else word)
    if command[1] == "worker":
        local += ["--host", LOCAL]
    return local


class DaskProcesses:
    """A scheduler and its workers as docker-compose.yml runs them, on 127.0.0.1: the
    scheduler can be stopped and started again on its port, as in an outage.
    `worker_options` are added to each worker's command; `settings` are Dask settings
    as environment variables (``DASK_DISTRIBUTED__...``) of every process."""

    def __init__(
        self,
        workers: int,
        worker_options: Sequence[str] = (),
        settings: dict[str, str] | None = None,
    ) -> None:
        commands = compose_commands()
        self.scheduler_command = localized(commands["dask-scheduler"], "")
        port = self.scheduler_command[self.scheduler_command.index("--port") + 1]
        self.address = f"tcp://{LOCAL}:{port}"
        self.worker_command = [*localized(commands["dask-worker"], self.address), *worker_options]
        self.workers = workers
        self.environment = {**os.environ, "PYTHONPATH": str(ROOT / "backend"), **(settings or {})}
        self.scheduler: subprocess.Popen[bytes] | None = None
        self.worker_processes: list[subprocess.Popen[bytes]] = []

    def start(self) -> None:
        """Start the scheduler and the workers, and wait for the workers to join."""
        self.scheduler = self._started(self.scheduler_command)
        self.worker_processes = [self._started(self.worker_command) for _ in range(self.workers)]
        with Client(self.address, timeout=30) as client:
            client.wait_for_workers(self.workers, timeout=60)

    def kill_scheduler(self) -> None:
        if self.scheduler is not None:
            self.scheduler.kill()
            self.scheduler.wait()

    def stop(self) -> None:
        processes = [*self.worker_processes, *([self.scheduler] if self.scheduler else [])]
        for process in processes:
            process.terminate()
        deadline = time.monotonic() + 15
        for process in processes:
            try:
                process.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def _started(self, command: list[str]) -> subprocess.Popen[bytes]:
        return subprocess.Popen(command, env=self.environment, stderr=subprocess.DEVNULL)


@contextmanager
def dask_cluster(
    workers: int, worker_options: Sequence[str] = (), settings: dict[str, str] | None = None
) -> Iterator[str]:
    """A scheduler and `workers` worker processes, as docker-compose.yml runs them;
    yields the scheduler's address and stops them all on leaving."""
    with dask_processes(workers, worker_options, settings) as processes:
        yield processes.address


@contextmanager
def dask_processes(
    workers: int, worker_options: Sequence[str] = (), settings: dict[str, str] | None = None
) -> Iterator[DaskProcesses]:
    processes = DaskProcesses(workers, worker_options, settings)
    try:
        processes.start()
        yield processes
    finally:
        processes.stop()
