"""Requests left running in the background and the progress they report."""

import time
from concurrent.futures import Future, ThreadPoolExecutor

import httpx
from fastapi.testclient import TestClient
from httpx import Response

SLOW_MODEL = "RandomForestClassifier"
"""A model whose fit takes long enough to be seen running."""


def in_background(client: TestClient, path: str, body: dict) -> Future[Response]:
    pool = ThreadPoolExecutor(1)
    future = pool.submit(client.post, path, json=body)
    pool.shutdown(wait=False)
    return future


def wait_for_progress(client: httpx.Client, task: str, done: int = 1, timeout: float = 60) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        progress = client.get("/api/progress/").json()
        if progress["task"] == task and progress["done"] >= done:
            return progress
        time.sleep(0.05)
    raise AssertionError(f"no {task} progress within {timeout} s")
