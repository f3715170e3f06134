"""A browser that drops the request which started a job (a reload, a closed tab) does
not stop the job: it runs on, commits its result, and the session reads it back."""

import threading
import time
from collections.abc import Iterator

import httpx
import pytest
import uvicorn

from lathe.config import Settings
from lathe.main import create_app
from tests.utils.dask_cluster import LOCAL, free_port
from tests.utils.datasets import mixed_classification
from tests.utils.training import csv_bytes, train_body

ROWS = 6_000
"""Rows on which the training and the search below outlast the dropped request's 1.5 s
on a fast machine (on 1,500 rows a search of four forests could finish in time)."""


@pytest.fixture
def served(settings: Settings) -> Iterator[str]:
    """Lathe behind a real HTTP server, whose connections a client can close."""
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(settings), host=LOCAL, port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive()
        time.sleep(0.05)
    yield f"http://{LOCAL}:{port}"
    server.should_exit = True
    thread.join(30)


def wait_until_idle(browser: httpx.Client, timeout: float = 120) -> dict:
    deadline = time.monotonic() + timeout
    while (progress := browser.get("/api/progress/").json())["task"] is not None:
        assert time.monotonic() < deadline, progress
        time.sleep(0.1)
    return progress


def dropped(browser: httpx.Client, path: str, body: dict) -> dict:
    """Start the job at `path`, drop the request while it runs; the job's progress."""
    with pytest.raises(httpx.ReadTimeout):
        browser.post(path, json=body, timeout=httpx.Timeout(30, read=1.5))
    running = browser.get("/api/progress/").json()
    assert running["task"] is not None and running["job_id"] is not None
    return running


def test_jobs_go_on_and_commit_when_the_browser_drops_their_request(served):
    with httpx.Client(base_url=served, timeout=30) as browser:
        uploaded = browser.post(
            "/api/upload/",
            files={"file": ("customers.csv", csv_bytes(mixed_classification(ROWS)), "text/csv")},
        )
        assert uploaded.status_code == 200, uploaded.text
        assert browser.get("/api/optimization-result/").json()["models"] == []
        assert browser.get("/api/training-result/").json()["code"] == "no_training_results"

        body = train_body(
            model_names=["RandomForestClassifier", "LogisticRegression"],
            validation_method="cross_validation",
            cv_folds=5,
        )
        training = dropped(browser, "/api/train-models/", body)
        assert training["task"] == "training"
        assert wait_until_idle(browser)["finished"] == {
            "job_id": training["job_id"],
            "task": "training",
            "outcome": "completed",
            "code": None,
            "params": {},
        }
        stored = browser.get("/api/training-result/")
        assert stored.status_code == 200, stored.text
        assert stored.json()["trained_models"] == ["RandomForestClassifier", "LogisticRegression"]
        assert stored.json()["message"] == "Training completed successfully"
        assert browser.post("/api/evaluate-models/").json()["best_model"] is not None
        assert browser.get("/api/optimization-result/").json()["models"] == []

        search = {
            "selected_model": "RandomForestClassifier",
            "optimization_method": "random_search",
            "n_iterations": 4,
            "cv_folds": 3,
        }
        optimization = dropped(browser, "/api/optimize-model/", search)
        finished = wait_until_idle(browser)["finished"]
        assert finished["job_id"] == optimization["job_id"]
        assert finished["outcome"] == "completed"
        result = browser.get("/api/optimization-result/")
        assert result.status_code == 200, result.text
        [optimized] = result.json()["models"]
        assert optimized["model"] == "RandomForestClassifier"
        assert len(optimized["runs"][0]["trials"]) > 1
        exported = browser.post(
            "/api/export-model/",
            json={"selected_model": "RandomForestClassifier", "optimized": True},
        )
        assert exported.status_code == 200, exported.text
