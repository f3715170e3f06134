"""A server killed while a training runs: after its restart the session says that job
was interrupted, and the training it had before is not shown as that job's result."""

import os
import signal

import httpx
import pytest

from tests.utils.dask_cluster import free_port
from tests.utils.datasets import mixed_classification
from tests.utils.jobs import SLOW_MODEL, wait_for_progress
from tests.utils.live_server import lathe_process
from tests.utils.training import csv_bytes, train_body


def test_a_training_lost_in_a_crash_is_reported_interrupted_after_the_restart(tmp_path):
    # the embedded cluster of one worker: its workers die with the server's process group
    environment: dict[str, str | None] = {
        "LATHE_DATA_DIR": str(tmp_path / "data"),
        "LATHE_DASK_WORKERS": "1",
        "LATHE_DASK_SCHEDULER": None,
    }
    port = free_port()
    with (
        lathe_process(environment, port=port, ready_path="/ready/") as server,
        httpx.Client(base_url=server.url) as browser,
    ):
        data = csv_bytes(mixed_classification(3000))
        uploaded = browser.post("/api/upload/", files={"file": ("c.csv", data, "text/csv")})
        assert uploaded.status_code == 200, uploaded.text
        first = browser.post(
            "/api/train-models/", json=train_body(model_names=["GaussianNB"]), timeout=60
        )
        assert first.status_code == 200, first.text
        body = train_body(
            model_names=[SLOW_MODEL], validation_method="cross_validation", cv_folds=10
        )
        with pytest.raises(httpx.ReadTimeout):
            browser.post("/api/train-models/", json=body, timeout=httpx.Timeout(30, read=1.5))
        running = wait_for_progress(browser, "training")
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait(30)
        cookies = browser.cookies

    with (
        lathe_process(environment, port=port, ready_path="/ready/") as server,
        httpx.Client(base_url=server.url, cookies=cookies, timeout=60) as browser,
    ):
        progress = browser.get("/api/progress/").json()
        assert progress["task"] is None
        assert progress["finished"] == {
            "job_id": running["job_id"],
            "task": "training",
            "outcome": "failed",
            "code": "job_interrupted",
            "params": {"task": "training"},
        }
        result = browser.get("/api/training-result/")
        assert result.status_code == 409
        assert result.json()["code"] == "job_interrupted"

        again = browser.post("/api/train-models/", json=train_body(model_names=["GaussianNB"]))
        assert again.status_code == 200, again.text
        assert browser.get("/api/training-result/").status_code == 200
        assert browser.get("/api/progress/").json()["finished"]["outcome"] == "completed"
