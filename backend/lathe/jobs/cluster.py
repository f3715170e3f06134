"""The Dask cluster jobs run on: an existing scheduler (``LATHE_DASK_SCHEDULER``) or,
with none configured, a ``LocalCluster`` of worker processes on 127.0.0.1, one thread
each, one per core (``LATHE_DASK_WORKERS``), started and stopped with the app.

Dask's nanny writes its workers' settings (``OMP_NUM_THREADS=1`` and the like) into the
environment of the process that starts them, where pyarrow then sizes its thread pool
from them: the web process read a 1,000,000-row upload on one core instead of every
core. The web process gets its environment back and pyarrow every core.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import pyarrow as pa
from distributed import Client, LocalCluster

from lathe.config import Settings

DASHBOARD = "127.0.0.1:8787"


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
