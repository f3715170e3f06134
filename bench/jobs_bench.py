"""Jobs on Dask, measured on a served app with its embedded cluster:

- the web process's answers while many sessions train: ``/health/`` p50 and p95, and a
  step endpoint's p95 (``/api/handle-missing/`` on a session of its own);
- the jobs' total throughput (trainings a minute) with 1 and with 2 worker processes;
- an optimization's wall time (grid search, its sets spread over the workers) on 1 and
  on 2 worker processes;
- one large prediction's wall time as a job and in the web process.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from mixed_dataset import mixed_frame

TRAINED = ["LogisticRegression", "DecisionTreeClassifier", "GaussianNB"]
SEARCHED = "RandomForestClassifier"
PREDICTED_ROWS = 200_000
PREDICTED_MODEL = "RandomForestClassifier"


def _csv(rows: int, seed: int) -> bytes:
    frame = mixed_frame(rows, seed=seed).drop(columns=["customer_id"])
    return frame.to_csv(index=False).encode()


def _session(base_url: str, data: bytes) -> httpx.Client:
    client = httpx.Client(base_url=base_url, timeout=1800)
    client.post("/api/upload/", files={"file": ("data.csv", data, "text/csv")}).raise_for_status()
    return client


def _train(client: httpx.Client, target: str) -> None:
    body = {
        "model_names": TRAINED,
        "target_column": target,
        "problem_type": "classification",
        "validation_method": "cross_validation",
        "cv_folds": 3,
    }
    client.post("/api/train-models/", json=body).raise_for_status()


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


@contextmanager
def _probing(call: Callable[[], httpx.Response]) -> Iterator[list[float]]:
    """`call` timed every 100 ms in a thread until the block ends."""
    seconds: list[float] = []
    stop = threading.Event()

    def probe() -> None:
        while not stop.is_set():
            started = time.perf_counter()
            call().raise_for_status()
            seconds.append(time.perf_counter() - started)
            stop.wait(0.1)

    thread = threading.Thread(target=probe)
    thread.start()
    try:
        yield seconds
    finally:
        stop.set()
        thread.join()


def _train_all(base_url: str, sessions: int, rows: int, target: str) -> float:
    """Seconds for `sessions` sessions to train their models at once."""
    with ThreadPoolExecutor(sessions) as pool:
        clients = list(pool.map(lambda seed: _session(base_url, _csv(rows, seed)), range(sessions)))
        started = time.perf_counter()
        list(pool.map(lambda client: _train(client, target), clients))
        seconds = time.perf_counter() - started
    for client in clients:
        client.close()
    return seconds


def jobs_bench(
    serve: Callable[[Path, dict[str, str]], Any],
    root: Path,
    target: str,
    sessions: int,
    rows: int,
) -> None:
    """`serve(data_dir, environment)` starts the app (a context manager yielding its
    base URL)."""
    print(f"\njobs on the embedded Dask cluster: {sessions} sessions of {rows:,} rows")
    with serve(root / "jobs-load", {"LATHE_DASK_WORKERS": "2"}) as base_url:
        probe = _session(base_url, _csv(rows, seed=10_000))
        health = httpx.Client(base_url=base_url, timeout=60)
        with (
            _probing(lambda: health.get("/health/")) as health_seconds,
            _probing(lambda: probe.post("/api/handle-missing/", json={})) as step_seconds,
        ):
            seconds = _train_all(base_url, sessions, rows, target)
        print(
            f"while {sessions} sessions train {len(TRAINED)} models each ({seconds:.1f} s): "
            f"/health/ p50 {statistics.median(health_seconds) * 1000:.0f} ms, "
            f"p95 {_percentile(health_seconds, 0.95) * 1000:.0f} ms; "
            f"handle-missing p95 {_percentile(step_seconds, 0.95) * 1000:.0f} ms (target < 1 s)"
        )
        probe.close()
        health.close()

    search = {
        "selected_model": SEARCHED,
        "optimization_method": "grid_search",
        "cv_folds": 3,
    }
    throughput, searched = {}, {}
    for workers in (1, 2):
        with serve(root / f"jobs-{workers}", {"LATHE_DASK_WORKERS": str(workers)}) as base_url:
            throughput[workers] = sessions * 60 / _train_all(base_url, sessions, rows, target)
            client = _session(base_url, _csv(rows, seed=20_000))
            trained = {"model_names": [SEARCHED], "target_column": target}
            client.post("/api/train-models/", json=trained).raise_for_status()
            started = time.perf_counter()
            client.post("/api/optimize-model/", json=search).raise_for_status()
            searched[workers] = time.perf_counter() - started
            client.close()
    print(
        f"throughput: {throughput[1]:.1f} trainings/min on 1 worker, {throughput[2]:.1f} on 2 "
        f"({throughput[2] / throughput[1]:.2f}x)"
    )
    print(
        f"grid search of {SEARCHED}: {searched[1]:.1f} s on 1 worker, {searched[2]:.1f} s on 2 "
        f"({searched[1] / searched[2]:.2f}x faster)"
    )
    prediction_bench(serve, root, target, rows)


def prediction_seconds(
    serve: Callable[[Path, dict[str, str]], Any],
    data_dir: Path,
    target: str,
    rows: int,
    job_rows: int,
) -> float:
    """Seconds of one ``POST /api/predict/`` of `PREDICTED_ROWS` rows on a served app
    whose predictions of `job_rows` rows or more run as jobs."""
    new_rows = mixed_frame(PREDICTED_ROWS, seed=30_000).drop(columns=["customer_id", target])
    upload = new_rows.to_csv(index=False).encode()
    environment = {"LATHE_DASK_WORKERS": "1", "LATHE_PREDICTION_JOB_ROWS": str(job_rows)}
    with serve(data_dir, environment) as base_url:
        client = _session(base_url, _csv(rows, seed=30_001))
        trained = {"model_names": [PREDICTED_MODEL], "target_column": target}
        client.post("/api/train-models/", json=trained).raise_for_status()
        started = time.perf_counter()
        client.post(
            "/api/predict/",
            data={"selected_model": PREDICTED_MODEL},
            files={"file": ("new.csv", upload, "text/csv")},
        ).raise_for_status()
        seconds = time.perf_counter() - started
        client.close()
    return seconds


def prediction_bench(
    serve: Callable[[Path, dict[str, str]], Any], root: Path, target: str, rows: int
) -> None:
    as_job = prediction_seconds(serve, root / "predict-job", target, rows, job_rows=1)
    in_process = prediction_seconds(
        serve, root / "predict-web", target, rows, job_rows=PREDICTED_ROWS + 1
    )
    print(
        f"prediction of {PREDICTED_ROWS:,} rows ({PREDICTED_MODEL}, trained on {rows:,}): "
        f"{as_job:.2f} s as a job, {in_process:.2f} s in the web process"
    )
