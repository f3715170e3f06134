from collections.abc import Iterator
from pathlib import Path

import pytest
from distributed import LocalCluster
from fastapi.testclient import TestClient

from lathe.api.session_cookie import COOKIE_NAME
from lathe.config import Settings
from lathe.main import create_app
from tests.dask_cluster import small_local_cluster


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


def upload(client: TestClient, name: str, content: bytes) -> dict:
    response = client.post("/api/upload/", files={"file": (name, content, "text/csv")})
    assert response.status_code == 200, response.text
    return response.json()


def session_id_of(client: TestClient) -> str:
    """The id of the session the client's cookie opens."""
    session_id = client.app.state.store.session_of(client.cookies.get(COOKIE_NAME))  # type: ignore[attr-defined]
    assert session_id is not None
    return session_id


def train(client: TestClient, model: str, target: str, problem_type: str) -> dict:
    """The session's data trained with one model, as the Training screen sends it."""
    body = {"model_names": [model], "target_column": target, "problem_type": problem_type}
    response = client.post("/api/train-models/", json=body)
    assert response.status_code == 200, response.text
    return response.json()


SMALL_CSV = b"id,city,price,sold\n1,Paris,10.5,yes\n2,Rome,,no\n3,,7.25,yes\n4,Oslo,3,no\n"
