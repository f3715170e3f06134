"""Where `POST /api/predict/` computes: explained predictions, and any prediction while
another is in flight, run as jobs on the cluster; a session's predictions sent together
all get their answer, one after the other."""

import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient
from httpx import Response

from tests.utils.client import upload
from tests.utils.datasets import mixed_classification
from tests.utils.training import csv_bytes, train_body

MODEL = "LogisticRegression"
SLOW_MODEL = "RandomForestClassifier"


def trained_session(client: TestClient, model: str, rows: int = 300) -> TestClient:
    upload(client, "customers.csv", csv_bytes(mixed_classification(rows)))
    response = client.post("/api/train-models/", json=train_body(model_names=[model]))
    assert response.status_code == 200, response.text
    return client


@pytest.fixture
def trained(client: TestClient) -> TestClient:
    return trained_session(client, MODEL)


def predict(client: TestClient, explain: bool, model: str = MODEL, rows: int = 30) -> Response:
    frame = mixed_classification(rows, seed=7).drop(columns=["label"])
    return client.post(
        "/api/predict/",
        data={"selected_model": model, "explain": str(explain).lower()},
        files={"file": ("march.csv", csv_bytes(frame), "text/csv")},
    )


def last_job(client: TestClient) -> dict | None:
    finished: dict | None = client.get("/api/progress/").json()["finished"]
    return finished


def test_an_explained_prediction_runs_as_a_job(trained):
    training = last_job(trained)
    plain = predict(trained, explain=False)
    assert plain.status_code == 200, plain.text
    assert last_job(trained) == training

    explained = predict(trained, explain=True)
    assert explained.status_code == 200, explained.text
    assert b"top_1_column" in explained.content.splitlines()[0]
    job = last_job(trained)
    assert job is not None and job["job_id"]
    assert (job["task"], job["outcome"]) == ("prediction", "completed")


def test_predictions_sent_together_in_one_session_all_get_their_answer(trained):
    alone = {explain: predict(trained, explain).content for explain in (False, True)}
    asked = [True, False] * 4
    with ThreadPoolExecutor(len(asked)) as pool:
        answers = list(pool.map(lambda explain: predict(trained, explain), asked))
    for explain, answer in zip(asked, answers, strict=True):
        assert answer.status_code == 200, answer.text
        assert answer.content == alone[explain]
    assert trained.get("/api/progress/").json()["task"] is None


def test_a_prediction_while_another_is_in_flight_runs_as_a_job(client, settings):
    busy = trained_session(client, SLOW_MODEL, rows=3000)
    other = trained_session(TestClient(client.app), MODEL)
    with ThreadPoolExecutor(1) as pool:
        slow = pool.submit(predict, busy, True, SLOW_MODEL, 2000)
        deadline = time.monotonic() + 60
        while busy.get("/api/progress/").json()["task"] != "prediction":
            assert time.monotonic() < deadline
            time.sleep(0.05)

        training = last_job(other)
        small = predict(other, explain=False)
        assert small.status_code == 200, small.text
        job = last_job(other)
        assert job is not None and job != training
        assert (job["task"], job["outcome"]) == ("prediction", "completed")

        assert busy.post("/api/cancel-task/").status_code == 200
        assert slow.result(timeout=60).json()["code"] == "task_cancelled"
