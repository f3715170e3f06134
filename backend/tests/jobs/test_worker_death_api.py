"""A fit that takes more memory than its worker may have: the worker's nanny kills it,
Dask gives up on the job (KilledWorker), and Lathe answers why, naming the model, with
the session still usable."""

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from lathe.config import Settings
from lathe.main import create_app
from tests.utils.client import upload
from tests.utils.dask_cluster import dask_cluster
from tests.utils.datasets import mixed_classification
from tests.utils.training import csv_bytes, train_body

MEMORY_LIMIT = "500MB"
"""Enough for a worker (about 290 MB once it has imported the job modules) running small
fits; a forest of fully grown trees on 100,000 noisy rows needs far more."""


@pytest.fixture(scope="module")
def lathe(tmp_path_factory) -> Iterator[TestClient]:
    no_retries = {"DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES": "0"}
    with (
        dask_cluster(1, ["--memory-limit", MEMORY_LIMIT], no_retries) as address,
        TestClient(
            create_app(Settings(data_dir=tmp_path_factory.mktemp("data"), dask_scheduler=address))
        ) as client,
    ):
        yield client


def test_a_fit_that_kills_its_worker_is_refused_with_its_model_named(lathe):
    upload(lathe, "customers.csv", csv_bytes(mixed_classification(100_000)))
    small = lathe.post("/api/train-models/", json=train_body(model_names=["GaussianNB"]))
    assert small.status_code == 200, small.text

    body = train_body(model_names=["GaussianNB", "RandomForestClassifier"])
    refused = lathe.post("/api/train-models/", json=body)
    assert refused.status_code == 507, refused.text
    answer = refused.json()
    assert answer["code"] == "worker_died"
    assert answer["params"] == {
        "task": "training",
        "models": "GaussianNB, RandomForestClassifier",
    }
    assert "RandomForestClassifier" in answer["error"]
    assert "memory" in answer["error"]
    finished = lathe.get("/api/progress/").json()["finished"]
    assert (finished["outcome"], finished["code"]) == ("failed", "worker_died")

    assert lathe.get("/api/training-result/").json()["trained_models"] == ["GaussianNB"]
    again = lathe.post("/api/train-models/", json=train_body(model_names=["LogisticRegression"]))
    assert again.status_code == 200, again.text
