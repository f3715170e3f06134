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
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import dask.config
import pyarrow as pa
from distributed import Client, LocalCluster

from lathe.config import Settings

DASHBOARD = "127.0.0.1:8787"
QUIET = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.worker.memory.monitor-interval": "1s",
}


@dataclass
class JobCluster:
    client: Client
    embedded: LocalCluster | None

    def close(self) -> None:
        self.client.close()
        if self.embedded is not None:
            self.embedded.close()


def open_cluster(settings: Settings) -> JobCluster:
    """Connect to the configured scheduler, or start the embedded cluster."""
    if settings.dask_scheduler:
        return JobCluster(Client(settings.dask_scheduler, set_as_default=False), None)
    environment = dict(os.environ)
    with dask.config.set(QUIET):
        embedded = LocalCluster(
            n_workers=settings.dask_workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=DASHBOARD,
        )
    _restore(environment)
    pa.set_cpu_count(os.cpu_count() or 1)
    return JobCluster(Client(embedded, set_as_default=False), embedded)


def _restore(environment: dict[str, str]) -> None:
    for name in set(os.environ) - set(environment):
        del os.environ[name]
    os.environ.update(environment)
