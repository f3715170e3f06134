"""Ten million rows through the API (``--part large``, ``--large-rows``).

A mixed frame of 20 columns (numbers, text, yes/no, dates, gaps, outliers) and a binary
target is generated in chunks and written as Parquet (a row group a chunk) and as CSV, never
held whole. A served app then walks it as a person would: the CSV and the Parquet file
uploaded, the analysis, steps 3 to 7 with their defaults, LightGBM, XGBoost and logistic
regression trained on a train/test split, each evaluated and exported as ONNX, and one
model's prediction of a new Parquet file of 1,000,000 rows.

Each stage prints its wall seconds, the web process's peak RSS (reset before the stage) as a
multiple of the uploaded frame's in-memory size, and the largest peak RSS of the cluster's
worker processes. Against the targets: the Parquet upload within 1.5x
``pyarrow.parquet.read_table`` of the same file, the analysis under 5 s, each step within 2x
one pandas pass over the columns it changes (the step's frame before and after read from the
store, the pass timed in this process, best of two), and no web peak above 2.5x the frame.
Beside the read and each pass, the same work into memory new to the process: what the
server pays while it holds the frame before (see ``_fresh_memory_seconds``).
A refusal or error is printed as a FAIL line and the walk goes on.
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from functools import partial
from pathlib import Path
from typing import Any, Protocol

import httpx
import numpy as np
import pandas as pd
import psutil
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq
from explain_and_download import current_frame
from mixed_dataset import mixed_frame
from training_speed import seconds_of

from lathe.io.parquet_reader import read_parquet

TARGET = "churned"
CHUNK_ROWS = 500_000
PREDICTED_ROWS = 1_000_000
MODELS = ("LogisticRegression", "XGBClassifier", "LGBMClassifier")
PREDICTED_MODEL = MODELS[-1]
CITIES = np.array([f"city_{number}" for number in range(300)])
UPLOAD_RATIO_TARGET = 1.5
ANALYZE_TARGET_SECONDS = 5.0
STEP_RATIO_TARGET = 2.0
WEB_PEAK_TARGET = 2.5
AUTO_ONEHOT_LEVELS = 10
"""The encoding step's default `max_categories`: the auto rule one-hot encodes up to it."""


class LatheServer(Protocol):
    process: subprocess.Popen[bytes]
    client: httpx.Client

    def reset_peak(self) -> int: ...

    def peak_kib(self) -> int: ...

    def stop(self) -> None: ...


def large_chunk(start: int, rows: int, seed: int) -> pd.DataFrame:
    """Rows `start` to `start + rows` of the large frame: the bench's mixed frame, its ids
    running on, and a 300-level city with 1 % missing as the twentieth column."""
    frame = mixed_frame(rows, seed=seed)
    frame["customer_id"] += start
    rng = np.random.default_rng(seed + 1_000_000)
    city = pd.Series(rng.choice(CITIES, rows)).where(rng.random(rows) > 0.01)
    frame.insert(len(frame.columns) - 1, "city", city)
    return frame


def write_large(rows: int, parquet: Path, csv: Path | None, seed: int) -> None:
    """The large frame in chunks of `CHUNK_ROWS`, each a row group of `parquet` and appended
    to `csv`; with `csv` None, Parquet only and without the target (new rows to predict)."""
    schema: pa.Schema | None = None
    parquet_writer: pq.ParquetWriter | None = None
    csv_writer: pacsv.CSVWriter | None = None
    try:
        for start in range(0, rows, CHUNK_ROWS):
            frame = large_chunk(start, min(CHUNK_ROWS, rows - start), seed + start // CHUNK_ROWS)
            if csv is None:
                frame = frame.drop(columns=[TARGET])
            table = pa.Table.from_pandas(frame, schema=schema, preserve_index=False)
            if schema is None:
                schema = table.schema
                parquet_writer = pq.ParquetWriter(parquet, schema)
                csv_writer = None if csv is None else pacsv.CSVWriter(csv, schema)
            assert parquet_writer is not None
            parquet_writer.write_table(table, row_group_size=CHUNK_ROWS)
            if csv_writer is not None:
                csv_writer.write_table(table)
    finally:
        if parquet_writer is not None:
            parquet_writer.close()
        if csv_writer is not None:
            csv_writer.close()


def _best_seconds(work: Callable[[], object]) -> float:
    """The faster of two runs: the first pays for cold memory."""
    return min(seconds_of(work) for _ in range(2))


def _fresh_memory_seconds(work: Callable[[], object]) -> float:
    """A run of `work` while the result of the one before is held, so that what it
    allocates is new to the process, as a server's is while it holds the frame before.
    On a virtual machine whose host takes back the guest's free memory, the first touch
    of such memory costs up to two seconds a GiB."""
    held = work()
    seconds = seconds_of(work)
    del held
    return seconds


def _status_kib(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def _workers(server: LatheServer) -> list[psutil.Process]:
    """The server's child processes but multiprocessing's resource tracker: the embedded
    cluster's workers, where jobs (training, large predictions) run."""
    workers = []
    for child in psutil.Process(server.process.pid).children(recursive=True):
        with suppress(psutil.Error):
            if "resource_tracker" not in " ".join(child.cmdline()):
                workers.append(child)
    return workers


def _reset_workers(server: LatheServer) -> dict[int, int]:
    """Each worker's peak reset to its RSS, which is returned (KiB by process id)."""
    resident = {}
    for worker in _workers(server):
        with suppress(OSError):
            Path(f"/proc/{worker.pid}/clear_refs").write_text("5")
            resident[worker.pid] = _status_kib(worker.pid, "VmRSS")
    return resident


def _workers_peak_kib(server: LatheServer, resident: dict[int, int]) -> tuple[int, int]:
    """The largest worker peak since `_reset_workers`, and the largest growth of one."""
    peaks = {}
    for worker in _workers(server):
        with suppress(OSError):
            peaks[worker.pid] = _status_kib(worker.pid, "VmHWM")
    return max(peaks.values(), default=0), max(
        (peak - resident.get(pid, 0) for pid, peak in peaks.items()), default=0
    )


class Walk:
    """One session's stages on a served app, each timed and its memory measured."""

    def __init__(self, server: LatheServer, data_dir: Path, frame_bytes: int) -> None:
        self.server = server
        self.data_dir = data_dir
        self.frame_bytes = frame_bytes
        self.failures: list[str] = []

    def stage(
        self, label: str, call: Callable[[], httpx.Response], note: str = ""
    ) -> tuple[httpx.Response | None, float]:
        resident = _reset_workers(self.server)
        before = self.server.reset_peak()
        started = time.perf_counter()
        response = call()
        seconds = time.perf_counter() - started
        web = self.server.peak_kib() * 1024
        workers, growth = _workers_peak_kib(self.server, resident)
        if response.is_error:
            error = response.text[:300]
            self.failures.append(f"{label}: {response.status_code} {error}")
            print(f"FAIL {label}: {response.status_code} after {seconds:.2f} s: {error}")
            return None, seconds
        ratio = web / self.frame_bytes
        verdict = "PASS" if ratio <= WEB_PEAK_TARGET else "OVER"
        print(
            f"{label:<30} {seconds:8.2f} s   web peak {web / 2**20:7.0f} MiB "
            f"(+{(web - before * 1024) / 2**20:6.0f}) = {ratio:5.2f}x frame {verdict}   "
            f"workers' peak {workers / 1024:6.0f} MiB (+{growth / 1024:5.0f})   "
            f"{len(response.content):>11,} B" + (f"\n  {note}" if note else "")
        )
        return response, seconds

    def post(self, label: str, path: str, body: dict[str, Any]) -> httpx.Response | None:
        return self.stage(label, lambda: self.server.client.post(path, json=body))[0]

    def step(
        self,
        label: str,
        path: str,
        body: dict[str, Any],
        reference: Callable[[pd.DataFrame, list[str]], object],
    ) -> None:
        """A step timed against `reference`, one pandas pass of its work over the columns
        it changes (or reads, for a step that changes none) on the frame it started from."""
        before = current_frame(self.server.client, self.data_dir)
        response, seconds = self.stage(label, lambda: self.server.client.post(path, json=body))
        if response is None:
            return
        # the frame is written after the answer, and the session's next request waits
        waited = seconds_of(lambda: self.server.client.get("/api/get-session-data/"))
        after = current_frame(self.server.client, self.data_dir)
        changed = changed_columns(before, after)
        columns = changed or list(before.columns)
        pandas_seconds = _best_seconds(lambda: reference(before, columns))
        fresh = _fresh_memory_seconds(lambda: reference(before, columns))
        ratio = seconds / pandas_seconds
        print(
            f"  changes {len(changed)} of {len(before.columns)} columns; one pandas pass "
            f"{pandas_seconds:.2f} s ({fresh:.2f} s into memory new to the process); "
            f"{ratio:.2f}x (target {STEP_RATIO_TARGET:.0f}x) "
            f"{'PASS' if ratio <= STEP_RATIO_TARGET else 'OVER'}; the next request (session "
            f"data), which waits for the frame's write, {waited:.2f} s"
        )


def changed_columns(before: pd.DataFrame, after: pd.DataFrame) -> list[str]:
    """The columns of `before` a step replaced, dropped or changed (all when it removed
    rows)."""
    if len(before) != len(after):
        return list(before.columns)
    return [
        column
        for column in before.columns
        if column not in after.columns or not before[column].equals(after[column])
    ]


def _numbers(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.select_dtypes("number").drop(columns=[TARGET], errors="ignore")


def fill_gaps(frame: pd.DataFrame, columns: list[str]) -> list[pd.Series]:
    """The default fill: the mean of a number, the most frequent value of anything else."""
    filled = []
    for column in columns:
        values = frame[column]
        if pd.api.types.is_numeric_dtype(values) and not pd.api.types.is_bool_dtype(values):
            filled.append(values.fillna(values.mean()))
        else:
            filled.append(values.fillna(values.mode().iloc[0]))
    return filled


def iqr_bounds(frame: pd.DataFrame, _: list[str]) -> tuple[pd.Series, pd.Series]:
    numbers = _numbers(frame)
    low, high = numbers.quantile(0.25), numbers.quantile(0.75)
    return low - 1.5 * (high - low), high + 1.5 * (high - low)


def remove_outside(frame: pd.DataFrame, columns: list[str]) -> pd.DataFrame:
    low, high = iqr_bounds(frame, columns)
    numbers = _numbers(frame)
    inside = (numbers.isna() | ((numbers >= low) & (numbers <= high))).all(axis=1)
    return frame[inside]


def encode_auto(frame: pd.DataFrame, columns: list[str]) -> pd.DataFrame:
    """The auto rule: two levels as codes, up to ten one-hot, more by the target's mean."""
    target = frame[TARGET].astype("float64")
    parts: list[pd.Series | pd.DataFrame] = []
    for column in columns:
        values = frame[column]
        levels = values.nunique(dropna=False)
        if levels <= 2:
            parts.append(values.astype("category").cat.codes)
        elif levels <= AUTO_ONEHOT_LEVELS:
            parts.append(pd.get_dummies(values, prefix=column, dummy_na=True))
        else:
            parts.append(values.map(target.groupby(values).mean()))
    return pd.concat(parts, axis=1)


def correlate(frame: pd.DataFrame, _: list[str]) -> pd.DataFrame:
    return _numbers(frame).corr()


def standardize(frame: pd.DataFrame, columns: list[str]) -> pd.DataFrame:
    values = frame[columns]
    return (values - values.mean()) / values.std(ddof=0)


@contextmanager
def _large_files(root: Path, rows: int) -> Iterator[tuple[Path, Path, Path]]:
    parquet, csv, new_rows = root / "large.parquet", root / "large.csv", root / "new.parquet"
    started = time.perf_counter()
    write_large(rows, parquet, csv, seed=0)
    write_large(PREDICTED_ROWS, new_rows, None, seed=50_000)
    print(
        f"generated in {time.perf_counter() - started:.0f} s: {rows:,} rows x 20 columns and "
        f"a target as Parquet {parquet.stat().st_size / 2**20:,.0f} MiB and CSV "
        f"{csv.stat().st_size / 2**20:,.0f} MiB; {PREDICTED_ROWS:,} new rows as Parquet "
        f"{new_rows.stat().st_size / 2**20:,.0f} MiB"
    )
    yield parquet, csv, new_rows


def _upload(client: httpx.Client, path: Path) -> httpx.Response:
    with path.open("rb") as handle:
        return client.post(
            "/api/upload/", files={"file": (path.name, handle, "application/octet-stream")}
        )


def _predict(client: httpx.Client, path: Path, model: str) -> httpx.Response:
    with path.open("rb") as handle:
        return client.post(
            "/api/predict/",
            data={"selected_model": model},
            files={"file": (path.name, handle, "application/octet-stream")},
        )


def large_data_bench(
    start_server: Callable[[Path, dict[str, str]], LatheServer], root: Path, rows: int
) -> bool:
    """Whether the walk had no refusal; prints every stage. `start_server(data_dir,
    environment)` serves the app."""
    print(f"\nlarge data: {rows:,} rows through the API")
    with _large_files(root, rows) as (parquet, csv, new_rows):
        frame = read_parquet(parquet)
        frame_bytes = int(frame.memory_usage(deep=True).sum())
        del frame
        read_table = _best_seconds(lambda: pq.read_table(parquet))
        fresh_read = _fresh_memory_seconds(lambda: pq.read_table(parquet))
        print(
            f"the frame in memory (Lathe's reader): {frame_bytes / 2**20:,.0f} MiB; "
            f"pyarrow.parquet.read_table {read_table:.2f} s, into memory new to the "
            f"process {fresh_read:.2f} s"
        )
        upload_mb = max(1024, int(csv.stat().st_size / 2**20) + 64)
        data_dir = root / "data"
        server = start_server(data_dir, {"LATHE_MAX_UPLOAD_MB": str(upload_mb)})
        server.client.timeout = httpx.Timeout(7200)
        try:
            print(
                f"LATHE_MAX_UPLOAD_MB {upload_mb}; {len(_workers(server))} worker processes; "
                f"targets: web peak <= {WEB_PEAK_TARGET}x the frame"
            )
            walk = Walk(server, data_dir, frame_bytes)
            _walk(walk, parquet, csv, new_rows, (read_table, fresh_read))
        finally:
            server.stop()
        stored = sum(path.stat().st_size for path in data_dir.rglob("*") if path.is_file())
        print(f"the store held {stored / 2**20:,.0f} MiB at the end")
    print(f"{len(walk.failures)} refused or failed" + "".join(f"\n  {f}" for f in walk.failures))
    return not walk.failures


def _walk(
    walk: Walk, parquet: Path, csv: Path, new_rows: Path, read_table: tuple[float, float]
) -> None:
    client = walk.server.client
    walk.stage("upload CSV", lambda: _upload(client, csv))
    # the CSV's frame is written behind its answer: the Parquet upload starts once it is
    client.get("/api/get-session-data/")
    uploaded, seconds = walk.stage("upload Parquet", lambda: _upload(client, parquet))
    if uploaded is not None:
        warm, fresh = read_table
        ratio = seconds / warm
        print(
            f"  {ratio:.2f}x pyarrow.parquet.read_table (target {UPLOAD_RATIO_TARGET}x) "
            f"{'PASS' if ratio <= UPLOAD_RATIO_TARGET else 'OVER'}; "
            f"{seconds / fresh:.2f}x its read into memory new to the process"
        )
    walk.stage("frame stored after the answer", lambda: client.get("/api/get-session-data/"))
    for label, params in (("analyze", {}), (f"analyze, target {TARGET}", {"target": TARGET})):
        analysis, seconds = walk.stage(label, partial(client.get, "/api/analyze/", params=params))
        if analysis is not None:
            passed = seconds < ANALYZE_TARGET_SECONDS
            print(f"  target < {ANALYZE_TARGET_SECONDS:.0f} s {'PASS' if passed else 'OVER'}")
    with_target = {"target_column": TARGET}
    walk.step("handle-missing", "/api/handle-missing/", {}, fill_gaps)
    walk.step("detect-outliers", "/api/detect-outliers/", {}, iqr_bounds)
    walk.step("remove-outliers", "/api/remove-outliers/", {}, remove_outside)
    walk.step("encode-features", "/api/encode-features/", with_target, encode_auto)
    walk.step("correlation-analysis", "/api/correlation-analysis/", {}, correlate)
    walk.step("scale-features", "/api/scale-features/", with_target, standardize)
    for model in MODELS:
        body = {
            "model_names": [model],
            "target_column": TARGET,
            "problem_type": "classification",
            "validation_method": "train_test",
        }
        trained = walk.post(f"train {model}", "/api/train-models/", body)
        if trained is None:
            continue
        print(f"  {trained.json()['sampling'][model] or 'every training row'}")
        evaluated = walk.post("evaluate-models", "/api/evaluate-models/", {})
        if evaluated is not None:
            (result,) = evaluated.json()["results"]
            print(
                f"  fit {result['train_seconds']:.2f} s, "
                f"accuracy {result['metrics']['accuracy']:.4f}"
            )
        onnx = {"selected_model": model, "model_name": model, "format": "onnx"}
        walk.post(f"export {model} ONNX", "/api/export-model/", onnx)
    walk.stage(
        f"predict {PREDICTED_ROWS:,} rows",
        lambda: _predict(client, new_rows, PREDICTED_MODEL),
        note=f"with {PREDICTED_MODEL}",
    )
