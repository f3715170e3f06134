"""The Dask cluster jobs run on: an existing scheduler (``LATHE_DASK_SCHEDULER``) or,
with none configured, a ``LocalCluster`` of worker processes on 127.0.0.1, one thread
each, one per core (``LATHE_DASK_WORKERS``), started and stopped with the app."""

from __future__ import annotations

import os
from dataclasses import dataclass

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
    embedded = LocalCluster(
        n_workers=settings.dask_workers or os.cpu_count() or 1,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=DASHBOARD,
    )
    return JobCluster(Client(embedded, set_as_default=False), embedded)
