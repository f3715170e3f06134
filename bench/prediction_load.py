"""Many explained predictions at once against a served app (``--part predict-load``):
``/health/`` p50, p95 and max while `predictions` explained predictions of `rows` rows
each are sent together, spread over `sessions` sessions (127.0.0.1 only), with a pass or
fail against the 1 s target. Every prediction must answer 200."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
from jobs_bench import _csv, _percentile, _probing, _session
from mixed_dataset import mixed_frame

HEALTH_TARGET_SECONDS = 1.0
TRAINING_ROWS = 2_000


def _trained_session(base_url: str, seed: int, target: str, model: str) -> httpx.Client:
    client = _session(base_url, _csv(TRAINING_ROWS, seed))
    body = {"model_names": [model], "target_column": target, "problem_type": "classification"}
    client.post("/api/train-models/", json=body).raise_for_status()
    return client


def _predict(client: httpx.Client, upload: bytes, model: str) -> int:
    response = client.post(
        "/api/predict/",
        data={"selected_model": model, "explain": "true"},
        files={"file": ("new.csv", upload, "text/csv")},
    )
    return response.status_code


def prediction_load(
    serve: Callable[[Path, dict[str, str]], Any],
    data_dir: Path,
    target: str,
    *,
    predictions: int,
    sessions: int,
    rows: int,
    model: str,
) -> bool:
    """Whether `/health/`'s p95 stayed under the target; prints the numbers."""
    new_rows = mixed_frame(rows, seed=40_000).drop(columns=["customer_id", target])
    upload = new_rows.to_csv(index=False).encode()
    with serve(data_dir, {"LATHE_DASK_WORKERS": "2"}) as base_url:
        with ThreadPoolExecutor(sessions) as pool:
            clients = list(
                pool.map(
                    lambda seed: _trained_session(base_url, seed, target, model), range(sessions)
                )
            )
        health = httpx.Client(base_url=base_url, timeout=600)
        with (
            _probing(lambda: health.get("/health/")) as health_seconds,
            ThreadPoolExecutor(predictions) as pool,
        ):
            started = time.perf_counter()
            statuses = list(
                pool.map(
                    lambda n: _predict(clients[n % sessions], upload, model), range(predictions)
                )
            )
            seconds = time.perf_counter() - started
        health.close()
        for client in clients:
            client.close()
    p95 = _percentile(health_seconds, 0.95)
    passed = p95 < HEALTH_TARGET_SECONDS and all(status == 200 for status in statuses)
    answered = sum(status == 200 for status in statuses)
    print(
        f"{predictions} explained predictions of {rows:,} rows ({model}) at once over "
        f"{sessions} sessions: {answered} answered 200 in {seconds:.1f} s; /health/ p50 "
        f"{statistics.median(health_seconds) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, max "
        f"{max(health_seconds) * 1000:.0f} ms over {len(health_seconds)} probes: "
        f"{'PASS' if passed else 'FAIL'} (p95 target < {HEALTH_TARGET_SECONDS:.0f} s)"
    )
    return passed
