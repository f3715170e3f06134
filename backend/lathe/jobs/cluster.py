"""The Dask cluster jobs run on: an existing scheduler (``LATHE_DASK_SCHEDULER``) or,
with none configured, a ``LocalCluster`` of worker processes on 127.0.0.1, one thread
each, one per core (``LATHE_DASK_WORKERS``), started and stopped with the app.

Dask's nanny writes its workers' settings (``OMP_NUM_THREADS=1`` and the like) into the
environment of the process that starts them, where pyarrow then sizes its thread pool
from them: the web process read a 1,000,000-row upload on one core instead of every
core. The web process gets its environment back and pyarrow every core.

Left at Dask's defaults, the idle embedded cluster took a seventh of a core on two cores:
each worker's statistical profiler samples every 10 ms, every server checks its event loop
every 20 ms, and the memory and system monitors poll every 100 and 500 ms. Uploads and
fits share those cores, so the embedded cluster starts with `QUIET` (under 2% of a core
idle); a cluster of one's own keeps its own settings.

Each embedded worker may use the machine's whole memory (its nanny still ends it at 95 %
of that): Dask's default gives every worker an equal share, and at ten million rows a
training died at its half of the machine while the other worker idled. Lathe's jobs
are one per session at a time, so one large job rarely meets another.

A client whose scheduler went away is not trusted again: Dask's own client retries for
30 s and then closes for good, and a client that did reconnect has lost its topic
subscriptions. ``JobCluster`` replaces a client that is not running with a new one (on
the next job, on ``GET /ready/`` and every few seconds in the background), no more often
than its backoff allows, so an outage of any length ends when the scheduler is back.
"""

from __future__ import annotations

import importlib
import logging
import os
import threading
import time
import uuid
from collections.abc import Callable

import dask.config
import pyarrow as pa
from distributed import Client, LocalCluster, fire_and_forget
from distributed.system import MEMORY_LIMIT

from lathe.config import Settings
from lathe.errors import ErrorCode, LatheError

log = logging.getLogger(__name__)

DASHBOARD = "127.0.0.1:8787"
QUIET = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.worker.memory.monitor-interval": "1s",
}

CONNECT_SECONDS = 5
"""How long one attempt to reach the scheduler may take (a request waits for it)."""
FIRST_CONNECT_SECONDS = 30
"""The first attempt's, at start-up (Dask's default): a scheduler starting beside Lathe,
or two cores busy with other work, may take that long to answer."""
BACKOFF_SECONDS = (1, 2, 4, 8)
"""The waits between failed attempts; the last repeats."""
WARM_MODULES = ("lathe.main",)
"""What a job's task needs to unpickle: the routes that define the jobs, and through them
every model library. Imported by name, as a worker would on its first task."""
WARM_UP = "warm-up"
"""The key prefix of a worker's imports at connection: a thread doing them is about to be
free, and whatever runs there next needs them too."""


class ClusterUnreachableError(LatheError):
    status = 503


def cluster_unreachable() -> ClusterUnreachableError:
    return ClusterUnreachableError(
        "The compute cluster could not be reached; try again.", ErrorCode.CLUSTER_UNREACHABLE
    )


class JobCluster:
    """The web process's Dask client of one scheduler, replaced when it was lost;
    `on_connect` hears of each new client (to subscribe to the workers' progress)."""

    def __init__(self, address: str, embedded: LocalCluster | None = None) -> None:
        self.address = address
        self.embedded = embedded
        self.on_connect: Callable[[Client], None] = lambda client: None
        self._lock = threading.Lock()
        self._client: Client | None = None
        self._failures = 0
        self._next_attempt = 0.0

    def connected(self, timeout: float = CONNECT_SECONDS) -> Client:
        """The running client, a new one if the last was lost; `cluster_unreachable`
        when the scheduler cannot be reached (or the backoff has not yet passed)."""
        with self._lock:
            client = self._client
            if client is not None and client.status == "running":
                return client
            if client is not None:
                self._client = None
                _close_quietly(client)
            if time.monotonic() < self._next_attempt:
                raise cluster_unreachable()
            try:
                client = Client(self.address, timeout=timeout, set_as_default=False)
            except (OSError, TimeoutError) as error:
                wait = BACKOFF_SECONDS[min(self._failures, len(BACKOFF_SECONDS) - 1)]
                self._failures += 1
                self._next_attempt = time.monotonic() + wait
                log.warning("the Dask scheduler %s is unreachable: %s", self.address, error)
                raise cluster_unreachable() from error
            self._failures = 0
            self._client = client
        self.on_connect(client)
        _warm_up(client)
        return client

    def ready(self) -> bool:
        """Whether the client runs now; no attempt to connect (``reachable`` makes one)."""
        client = self._client
        return client is not None and client.status == "running"

    def reachable(self, timeout: float = CONNECT_SECONDS) -> bool:
        try:
            self.connected(timeout)
        except ClusterUnreachableError:
            return False
        return True

    def close(self) -> None:
        with self._lock:
            if self._client is not None:
                self._client.close()
        if self.embedded is not None:
            self.embedded.close()


def _import_job_modules() -> None:
    for name in WARM_MODULES:
        importlib.import_module(name)


def _warm_up(client: Client) -> None:
    """Have every worker import the job modules now, as a task of its own, so that the
    first job does not wait behind seconds of imports (minutes' worth of a person's
    patience on two busy cores)."""
    try:
        for worker in client.scheduler_info()["workers"]:
            warm_up = client.submit(
                _import_job_modules, workers=[worker], key=f"{WARM_UP}-{uuid.uuid4().hex}"
            )
            fire_and_forget(warm_up)
    except Exception:
        log.debug("warming the workers up failed", exc_info=True)


def _close_quietly(client: Client) -> None:
    try:
        client.close(timeout=CONNECT_SECONDS)
    except Exception:
        log.debug("closing a lost Dask client failed", exc_info=True)


def open_cluster(settings: Settings) -> JobCluster:
    """Connect to the configured scheduler, or start the embedded cluster."""
    if settings.dask_scheduler:
        return JobCluster(settings.dask_scheduler)
    environment = dict(os.environ)
    with dask.config.set(QUIET):
        embedded = LocalCluster(
            n_workers=settings.dask_workers or os.cpu_count() or 1,
            threads_per_worker=1,
            memory_limit=MEMORY_LIMIT,
            processes=True,
            host="127.0.0.1",
            dashboard_address=DASHBOARD,
            # Lathe's process settings (lathe/__init__.py) before anything loads Arrow
            preload=["lathe"],
        )
    _restore(environment)
    pa.set_cpu_count(os.cpu_count() or 1)
    return JobCluster(embedded.scheduler_address, embedded)


def _restore(environment: dict[str, str]) -> None:
    for name in set(os.environ) - set(environment):
        del os.environ[name]
    os.environ.update(environment)
