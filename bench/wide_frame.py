"""A frame of a thousand one-hot columns against a served app (``--part wide``): 5,000
rows of five text columns of 200 levels each, one-hot encoded through the API, then
analysed without and with a target. Prints each answer's time and bytes, with a pass or
fail against the targets."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import pandas as pd

ROWS = 5_000
TEXT_COLUMNS = 5
LEVELS = 200
ANALYZE_TARGET_SECONDS = 5.0
ANSWER_TARGET_BYTES = 512 * 1024
TARGET = "churned"


def wide_csv() -> bytes:
    rng = np.random.default_rng(0)
    frame = pd.DataFrame(
        {
            f"code{i}": [f"L{level}" for level in rng.integers(0, LEVELS, ROWS)]
            for i in range(TEXT_COLUMNS)
        }
    )
    frame["amount"] = rng.normal(size=ROWS)
    frame[TARGET] = ((frame["code0"] == "L7") | (rng.random(ROWS) < 0.2)).astype(int)
    return frame.to_csv(index=False).encode()


def _timed(label: str, call: Callable[[], httpx.Response], seconds_target: float | None) -> bool:
    started = time.perf_counter()
    response = call().raise_for_status()
    seconds = time.perf_counter() - started
    size = len(response.content)
    passed = size < ANSWER_TARGET_BYTES and (seconds_target is None or seconds < seconds_target)
    target = f", target < {seconds_target:.0f} s" if seconds_target is not None else ""
    print(
        f"  {label:<30} {seconds:6.2f} s {size:>10,} B (target < {ANSWER_TARGET_BYTES:,} B"
        f"{target}): {'PASS' if passed else 'FAIL'}"
    )
    return passed


def wide_frame_bench(serve: Callable[[Path, dict[str, str]], Any], data_dir: Path) -> bool:
    print(f"\n{ROWS:,} rows x {TEXT_COLUMNS * LEVELS:,} one-hot columns")
    with serve(data_dir, {}) as base_url, httpx.Client(base_url=base_url, timeout=600) as client:
        client.post(
            "/api/upload/", files={"file": ("wide.csv", wide_csv(), "text/csv")}
        ).raise_for_status()
        body = {"default_strategy": "onehot", "max_categories": LEVELS, "target_column": TARGET}
        results = [
            _timed(
                "encode-features (one-hot)",
                lambda: client.post("/api/encode-features/", json=body),
                None,
            ),
            _timed("analyze", lambda: client.get("/api/analyze/"), ANALYZE_TARGET_SECONDS),
            _timed(
                f"analyze, target {TARGET}",
                lambda: client.get("/api/analyze/", params={"target": TARGET}),
                ANALYZE_TARGET_SECONDS,
            ),
        ]
    return all(results)
