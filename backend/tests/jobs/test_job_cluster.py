"""The embedded cluster leaves the web process its environment and every core, and gives
each worker the machine's memory."""

import os

import dask.config
import pyarrow as pa
import pytest
from distributed.system import MEMORY_LIMIT

from lathe.config import Settings
from lathe.jobs.cluster import QUIET, open_cluster


def test_starting_the_embedded_cluster_keeps_the_web_process_environment(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("OMP_NUM_THREADS", "MALLOC_TRIM_THRESHOLD_"):
        monkeypatch.delenv(name, raising=False)
    pa.set_cpu_count(1)
    before = dict(os.environ)
    cluster = open_cluster(Settings(data_dir=tmp_path, dask_workers=1))
    try:
        workers = cluster.connected().run(lambda: os.environ.get("OMP_NUM_THREADS"))
        assert list(workers.values()) == ["1"]
        assert dict(os.environ) == before
        assert pa.cpu_count() == os.cpu_count()
    finally:
        cluster.close()


def test_the_embedded_cluster_starts_quiet_and_leaves_the_web_process_settings(
    tmp_path,
) -> None:
    before = dask.config.get("distributed.worker.profile.enabled")
    cluster = open_cluster(Settings(data_dir=tmp_path, dask_workers=1))
    try:
        settings = cluster.connected().run(lambda: {name: dask.config.get(name) for name in QUIET})
        assert list(settings.values()) == [QUIET]
        assert dask.config.get("distributed.worker.profile.enabled") == before
    finally:
        cluster.close()


def test_each_embedded_worker_may_use_the_machines_memory(tmp_path) -> None:
    cluster = open_cluster(Settings(data_dir=tmp_path, dask_workers=2))
    try:
        workers = cluster.connected().scheduler_info()["workers"].values()
        assert [worker["memory_limit"] for worker in workers] == [MEMORY_LIMIT] * 2
    finally:
        cluster.close()


def test_each_embedded_worker_starts_with_lathes_process_settings(tmp_path) -> None:
    """Lathe is loaded before any job, so Arrow's allocator is jemalloc in the workers
    too, and no mimalloc setting reaches CatBoost's own allocator."""
    cluster = open_cluster(Settings(data_dir=tmp_path, dask_workers=1))
    try:
        # a lambda travels by value: running it imports nothing of Lathe's
        (settings,) = (
            cluster.connected()
            .run(
                lambda: (
                    "lathe" in __import__("sys").modules,
                    __import__("pyarrow").default_memory_pool().backend_name,
                    __import__("os").environ.get("MIMALLOC_PURGE_DELAY"),
                )
            )
            .values()
        )
        assert settings == (True, "jemalloc", None)
    finally:
        cluster.close()
