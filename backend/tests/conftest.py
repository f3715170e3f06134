from collections.abc import Iterator
from pathlib import Path

import pytest
from distributed import LocalCluster
from fastapi.testclient import TestClient

from lathe.config import Settings
from lathe.main import create_app
from tests.utils.dask_cluster import small_local_cluster


@pytest.fixture(scope="session")
def shared_cluster() -> Iterator[LocalCluster]:
    """One cluster for the whole run instead of one per app (tests/jobs/test_jobs_api.py
    runs the embedded cluster too)."""
    with small_local_cluster() as cluster:
        yield cluster


@pytest.fixture
def settings(tmp_path: Path, shared_cluster: LocalCluster) -> Settings:
    return Settings(
        data_dir=tmp_path / "data",
        static_dir=tmp_path / "no-interface",
        dask_scheduler=shared_cluster.scheduler_address,
    )


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client
