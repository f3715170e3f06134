"""Training, optimization and large predictions as jobs on Dask, through the API, on both
kinds of cluster: a real scheduler and two workers started with the `dask` CLI
(LATHE_DASK_SCHEDULER), and the embedded LocalCluster the app starts itself."""

import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest
from distributed import Client, get_task_stream
from fastapi.testclient import TestClient
from httpx import Response

from lathe.config import Settings
from lathe.jobs.board import WAITING
from lathe.main import create_app
from tests.utils.client import session_id_of, upload
from tests.utils.dask_cluster import LOCAL, dask_cluster
from tests.utils.datasets import mixed_classification
from tests.utils.jobs import SLOW_MODEL, in_background, wait_for_progress
from tests.utils.training import csv_bytes, train_body

JOB_ROWS = 1_000
"""Predictions of this many rows or more run as jobs here."""


def app_settings(data_dir: Path, scheduler: str | None, workers: int | None = None) -> Settings:
    """Two jobs a session, so a training can replace the model a prediction uses."""
    return Settings(
        data_dir=data_dir,
        dask_scheduler=scheduler,
        dask_workers=workers,
        prediction_job_rows=JOB_ROWS,
        max_jobs_per_session=2,
    )


@pytest.fixture(scope="module", params=["external", "embedded"])
def app_client(request, tmp_path_factory) -> Iterator[TestClient]:
    data_dir = tmp_path_factory.mktemp(request.param) / "data"
    if request.param == "external":
        with (
            dask_cluster(workers=2) as address,
            TestClient(create_app(app_settings(data_dir, address))) as client,
        ):
            yield client
    else:
        with TestClient(create_app(app_settings(data_dir, None, workers=2))) as client:
            yield client


@pytest.fixture
def lathe(app_client: TestClient) -> TestClient:
    """The app with no session yet: each test uploads its own."""
    app_client.cookies.clear()
    return app_client


@pytest.fixture
def observer(app_client: TestClient) -> Iterator[Client]:
    address = app_client.app.state.jobs.cluster.address  # type: ignore[attr-defined]
    with Client(address, set_as_default=False) as client:
        yield client


def session_state(client: TestClient) -> dict:
    """What a job could change: the manifest and the stored models' files."""
    store = client.app.state.store  # type: ignore[attr-defined]
    with store.reading(session_id_of(client)) as session:
        folder: Path = session.folder
        models = folder / "models"
        return {
            "manifest": session.manifest.model_dump(),
            "models": sorted(
                (path.name, path.stat().st_mtime_ns) for path in models.rglob("*") if path.is_file()
            ),
        }


def test_training_and_a_search_run_on_the_clusters_workers(lathe, observer):
    upload(lathe, "customers.csv", csv_bytes(mixed_classification()))
    workers = observer.nthreads()
    assert sorted(workers.values()) == [1, 1]
    # a training spreads its fits only over idle threads: the workers' warm-up ends first
    deadline = time.monotonic() + 60
    while any(observer.processing().values()):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert all(address.startswith(f"tcp://{LOCAL}:") for address in workers)

    with get_task_stream(client=observer) as stream:
        trained = lathe.post(
            "/api/train-models/",
            json=train_body(
                model_names=["GaussianNB", "DecisionTreeClassifier"],
                validation_method="cross_validation",
                cv_folds=3,
            ),
        )
        optimized = lathe.post(
            "/api/optimize-model/",
            json={
                "selected_model": "DecisionTreeClassifier",
                "optimization_method": "grid_search",
                "cv_folds": 3,
            },
        )
    assert trained.status_code == 200, trained.text
    assert trained.json()["trained_models"] == ["GaussianNB", "DecisionTreeClassifier"]
    assert optimized.status_code == 200, optimized.text
    assert lathe.post("/api/evaluate-models/").json()["best_model"]

    ran_on: dict[str, set[str]] = {}
    for record in stream.data:
        ran_on.setdefault(str(record["key"]).split("-")[0], set()).add(record["worker"])
    assert ran_on.keys() >= {"training", "fit", "optimization", "_scored_alone"}
    assert set().union(*ran_on.values()) <= set(workers)
    # each model's 3 folds and final fit, a task each
    assert sum(str(record["key"]).startswith("fit-") for record in stream.data) == 2 * 4
    trials = [record for record in stream.data if str(record["key"]).startswith("_scored_alone")]
    # a search on the training rows of each of the 3 folds, and a last one over every row
    assert len(trials) == 4 * len(optimized.json()["trials"]) > 4


def test_a_cancelled_optimization_leaves_the_session_as_before(lathe):
    upload(lathe, "customers.csv", csv_bytes(mixed_classification(3000)))
    trained = lathe.post("/api/train-models/", json=train_body(model_names=[SLOW_MODEL]))
    assert trained.status_code == 200, trained.text
    before = session_state(lathe)
    evaluation = lathe.post("/api/evaluate-models/").json()

    search = {"selected_model": SLOW_MODEL, "optimization_method": "grid_search", "cv_folds": 3}
    optimizing = in_background(lathe, "/api/optimize-model/", search)
    running = wait_for_progress(lathe, "optimization")
    assert running["job_id"] and running["queue_position"] is None
    cancelled = lathe.post("/api/cancel-task/")
    asked = time.monotonic()
    assert cancelled.json() == {
        "cancelled": ["optimization"],
        "message": "Cancelling the optimization.",
    }

    refused = optimizing.result(timeout=60)
    assert time.monotonic() - asked < 15
    assert refused.status_code == 409 and refused.json()["code"] == "task_cancelled"
    assert session_state(lathe) == before
    assert lathe.post("/api/evaluate-models/").json() == evaluation
    progress = lathe.get("/api/progress/").json()
    assert progress["task"] is None
    assert progress["finished"] == {
        "job_id": running["job_id"],
        "task": "optimization",
        "outcome": "cancelled",
        "code": "task_cancelled",
        "params": {"task": "optimization"},
    }
    assert lathe.post("/api/cancel-task/").json()["code"] == "no_task_running"


def test_a_training_whose_data_changes_stops_within_seconds(lathe):
    upload(lathe, "customers.csv", csv_bytes(mixed_classification(3000)))
    body = train_body(
        model_names=[SLOW_MODEL, "ExtraTreesClassifier"],
        validation_method="cross_validation",
        cv_folds=10,
    )
    training = in_background(lathe, "/api/train-models/", body)
    wait_for_progress(lathe, "training", done=1)
    assert lathe.post("/api/drop-columns/", json={"columns": ["flag"]}).status_code == 200
    changed = time.monotonic()

    refused = training.result(timeout=120)
    assert time.monotonic() - changed < 5
    assert refused.status_code == 409
    assert refused.json()["code"] == "data_changed_during_training"
    assert lathe.post("/api/evaluate-models/").json()["code"] == "no_training_results"
    progress = lathe.get("/api/progress/").json()
    assert progress["task"] is None
    assert progress["finished"]["outcome"] == "failed"
    assert progress["finished"]["code"] == "data_changed_during_training"


def test_a_queued_job_shows_its_place_and_is_dropped_when_cancelled(app_client):
    sessions = []
    for rows in (20_000, 20_000, 3000):
        client = TestClient(app_client.app)
        upload(client, "customers.csv", csv_bytes(mixed_classification(rows)))
        sessions.append(client)
    body = train_body(model_names=[SLOW_MODEL], validation_method="cross_validation", cv_folds=10)
    # a training's fits go before a later one's, so the first would end alone in seconds
    slow = {**body, "model_names": [SLOW_MODEL, "SVC"]}
    busy = [in_background(client, "/api/train-models/", slow) for client in sessions[:2]]
    for client in sessions[:2]:
        wait_for_progress(client, "training")
    waiting_client = sessions[2]
    waiting = in_background(waiting_client, "/api/train-models/", body)
    deadline = time.monotonic() + 30
    while (progress := waiting_client.get("/api/progress/").json())["task"] is None:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert progress["queue_position"] == 1 and progress["message"] == WAITING

    assert waiting_client.post("/api/cancel-task/").status_code == 200
    dropped = waiting.result(timeout=10)
    assert dropped.json()["code"] == "task_cancelled"
    for client, job in zip(sessions[:2], busy, strict=True):
        assert client.post("/api/cancel-task/").status_code == 200
        assert job.result(timeout=60).json()["code"] == "task_cancelled"


def predict_in(client: TestClient, rows: int, model: str, explain: bool) -> Response:
    frame = mixed_classification(rows, seed=7).drop(columns=["label"])
    return client.post(
        "/api/predict/",
        data={"selected_model": model, "explain": str(explain).lower()},
        files={"file": ("march.csv", csv_bytes(frame), "text/csv")},
    )


def predicting_in_background(client: TestClient, rows: int, model: str) -> Future[Response]:
    pool = ThreadPoolExecutor(1)
    future = pool.submit(predict_in, client, rows, model, explain=True)
    pool.shutdown(wait=False)
    return future


def temp_files(client: TestClient) -> list[Path]:
    return list(client.app.state.store.incoming.iterdir())  # type: ignore[attr-defined]


def with_slow_explanations(client: TestClient) -> TestClient:
    """A session whose forest takes about a minute to explain 2,000 rows."""
    upload(client, "customers.csv", csv_bytes(mixed_classification(3000)))
    trained = client.post("/api/train-models/", json=train_body(model_names=[SLOW_MODEL]))
    assert trained.status_code == 200, trained.text
    return client


def test_a_large_prediction_runs_on_the_workers_and_sends_what_the_web_process_would(
    lathe, observer
):
    upload(lathe, "customers.csv", csv_bytes(mixed_classification(3000)))
    trained = lathe.post("/api/train-models/", json=train_body(model_names=["LogisticRegression"]))
    assert trained.status_code == 200, trained.text
    settings = lathe.app.state.settings

    with get_task_stream(client=observer) as stream:
        as_jobs = [predict_in(lathe, 2 * JOB_ROWS, "LogisticRegression", e) for e in (False, True)]
    settings.prediction_job_rows = 10 * JOB_ROWS
    try:
        in_process = [
            predict_in(lathe, 2 * JOB_ROWS, "LogisticRegression", e) for e in (False, True)
        ]
    finally:
        settings.prediction_job_rows = JOB_ROWS

    for job, local in zip(as_jobs, in_process, strict=True):
        assert job.status_code == local.status_code == 200, job.text
        assert job.headers["content-disposition"] == 'attachment; filename="march_predictions.csv"'
        assert job.headers["content-disposition"] == local.headers["content-disposition"]
        assert job.content == local.content
    assert b"top_1_column" in as_jobs[1].content.splitlines()[0]
    ran = [record for record in stream.data if str(record["key"]).startswith("prediction-")]
    assert len(ran) == 2
    assert {record["worker"] for record in ran} <= set(observer.nthreads())
    assert temp_files(lathe) == []


def test_a_large_prediction_reports_its_rows_and_is_cancelled_with_the_one_waiting(lathe):
    with_slow_explanations(lathe)
    predicting = predicting_in_background(lathe, 2 * JOB_ROWS, SLOW_MODEL)
    running = wait_for_progress(lathe, "prediction")
    assert running["message"] == "Explaining rows" and running["total"] == 2 * JOB_ROWS
    assert running["job_id"] and running["queue_position"] is None
    waiting = predicting_in_background(lathe, JOB_ROWS, SLOW_MODEL)
    deadline = time.monotonic() + 30
    while lathe.app.state.predictions.in_flight < 2:
        assert time.monotonic() < deadline
        time.sleep(0.05)

    cancelled = lathe.post("/api/cancel-task/")
    asked = time.monotonic()
    assert cancelled.json()["cancelled"] == ["prediction"]
    for request in (predicting, waiting):
        refused = request.result(timeout=60)
        assert refused.status_code == 409 and refused.json()["code"] == "task_cancelled"
    assert time.monotonic() - asked < 15
    assert temp_files(lathe) == []
    assert lathe.get("/api/progress/").json()["task"] is None


def test_a_training_that_replaces_the_model_stops_a_running_prediction(lathe):
    with_slow_explanations(lathe)
    predicting = predicting_in_background(lathe, 2 * JOB_ROWS, SLOW_MODEL)
    wait_for_progress(lathe, "prediction")
    retrained = lathe.post("/api/train-models/", json=train_body(model_names=[SLOW_MODEL]))
    assert retrained.status_code == 200, retrained.text
    replaced = time.monotonic()

    refused = predicting.result(timeout=60)
    assert time.monotonic() - replaced < 5
    assert refused.status_code == 409
    assert refused.json()["code"] == "data_changed_during_prediction"
    assert temp_files(lathe) == []
