"""A server killed while a training runs: after its restart the session says that job
was interrupted, and the training it had before is not shown as that job's result."""

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from tests.api.test_jobs_api import SLOW_MODEL
from tests.api.test_training_api import csv_bytes, train_body
from tests.dask_cluster import LOCAL, ROOT, free_port
from tests.ml.datasets import mixed_classification


@contextmanager
def lathe_server(data_dir: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """`python -m lathe` with its embedded cluster of one worker, in its own process
    group (its workers die with it, or with the group at the end)."""
    environment = {
        **os.environ,
        "PYTHONPATH": str(ROOT / "backend"),
        "LATHE_DATA_DIR": str(data_dir),
        "LATHE_PORT": str(port),
        "LATHE_DASK_WORKERS": "1",
    }
    environment.pop("LATHE_DASK_SCHEDULER", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "lathe"],
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 90
        while True:
            assert server.poll() is None and time.monotonic() < deadline
            try:
                if httpx.get(f"http://{LOCAL}:{port}/ready/").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            time.sleep(0.2)
        yield server
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


def wait_for_running(browser: httpx.Client) -> dict:
    deadline = time.monotonic() + 60
    while (progress := browser.get("/api/progress/").json())["done"] < 1:
        assert progress["task"] == "training" and time.monotonic() < deadline, progress
        time.sleep(0.1)
    return progress


def test_a_training_lost_in_a_crash_is_reported_interrupted_after_the_restart(tmp_path):
    data_dir, port = tmp_path / "data", free_port()
    base = f"http://{LOCAL}:{port}"
    with lathe_server(data_dir, port) as server, httpx.Client(base_url=base) as browser:
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
        running = wait_for_running(browser)
        os.kill(server.pid, signal.SIGKILL)
        server.wait(30)
        cookies = browser.cookies

    with (
        lathe_server(data_dir, port),
        httpx.Client(base_url=base, cookies=cookies, timeout=60) as browser,
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
