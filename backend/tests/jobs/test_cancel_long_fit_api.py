"""Cancel frees the worker within seconds even in one long fit, which no check between
fits reaches: a booster's and a forest's. The worker running the fit leaves the cluster
within seconds (its process is restarted, which on two busy cores takes up to a minute
more) and the next job runs on the fresh one."""

import time
from collections.abc import Iterator

import numpy as np
import pandas as pd
import pytest
from distributed import Client
from fastapi.testclient import TestClient

from lathe.config import Settings
from lathe.jobs.board import WAITING
from lathe.main import create_app
from tests.utils.client import upload
from tests.utils.dask_cluster import dask_cluster
from tests.utils.datasets import mixed_classification
from tests.utils.jobs import in_background
from tests.utils.training import csv_bytes, train_body

ROWS = 100_000
"""Rows on which one fit of either model takes well over a minute on one thread: the
forest's of the three-class label; CatBoost's of the 24-class band, since its early stop
ends a fit of the label within seconds, before the hard stop's grace is over."""
BANDS = 24


def wait_until_fitting(client: TestClient, timeout: float = 180) -> dict:
    """The training's progress once a worker runs it (its first fit has begun)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        progress = client.get("/api/progress/").json()
        if progress["task"] == "training" and progress["message"] != WAITING:
            return progress
        time.sleep(0.1)
    raise AssertionError(f"no training started within {timeout} s")


@pytest.fixture(scope="module")
def lathe(tmp_path_factory) -> Iterator[TestClient]:
    data_dir = tmp_path_factory.mktemp("data")
    with (
        dask_cluster(workers=1) as address,
        TestClient(create_app(Settings(data_dir=data_dir, dask_scheduler=address))) as client,
    ):
        frame = mixed_classification(ROWS)
        band = np.minimum(frame["x1"].rank(pct=True) * BANDS, BANDS - 1).astype(int)
        frame["band"] = pd.Series([f"band{number}" for number in band], dtype="str")
        upload(client, "customers.csv", csv_bytes(frame))
        yield client


def running_keys(observer: Client) -> set[str]:
    return {str(key) for keys in observer.processing().values() for key in keys}


@pytest.mark.parametrize(
    ("model", "target"), [("CatBoostClassifier", "band"), ("RandomForestClassifier", "label")]
)
def test_cancel_frees_the_worker_of_one_long_fit_within_seconds(lathe, model, target):
    address = lathe.app.state.jobs.cluster.address
    with Client(address, set_as_default=False) as observer:
        body = train_body(model_names=[model], target_column=target)
        training = in_background(lathe, "/api/train-models/", body)
        running = wait_until_fitting(lathe)
        time.sleep(2)
        assert running_keys(observer) == {f"training-{running['job_id']}"}
        fitting_on = set(observer.nthreads())

        assert lathe.post("/api/cancel-task/").json()["cancelled"] == ["training"]
        asked = time.monotonic()
        refused = training.result(timeout=120)
        assert refused.json()["code"] == "task_cancelled"
        assert time.monotonic() - asked < 10
        # the fit's process is gone: its worker left the cluster, a fresh one replaces it
        while fitting_on & set(observer.nthreads()) or running_keys(observer):
            assert time.monotonic() - asked < 10
            time.sleep(0.2)

    small = lathe.post("/api/train-models/", json=train_body(model_names=["GaussianNB"]))
    assert small.status_code == 200, small.text
    finished = lathe.get("/api/progress/").json()["finished"]
    assert (finished["task"], finished["outcome"]) == ("training", "completed")
