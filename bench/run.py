"""`make bench`: time, peak memory and response size of Lathe's calls on large data.

Serves the real app in a child process and measures that process, so the numbers are the
server's own: wall time per call, the server's peak RSS (VmHWM) over its idle RSS, and the
bytes of each response. Then, in this process, the cost of the training pipeline: fitting a
model through the session's recipe against fitting the same estimator on the same
preprocessed matrix directly; every classifier's 5-fold training against a bare
``cross_val_score`` on shapes from 1,500 to 1,000,000 rows (``training_speed.py``); the
time of ``explain=true`` per model and the memory of a full data download
(``explain_and_download.py``); and jobs on the embedded Dask cluster: the web process's
latency while 50 sessions train, throughput and search time on 1 and 2 workers
(``jobs_bench.py``); and ``/health/`` while 45 explained predictions arrive at once
(``prediction_load.py``); the encoding and analysis of 1,000 one-hot columns
(``wide_frame.py``); and ten million rows walked from upload to prediction
(``large_data.py``). ``--part`` runs one part alone.

The server's peak RSS is the web process's: training and optimization run in the
cluster's worker processes.
"""

import argparse
import io
import json
import math
import os
import resource
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import joblib
import pandas as pd
import psutil
import pyarrow.csv
from bare_transfer import body_sink
from explain_and_download import download_memory, explain_timing
from jobs_bench import jobs_bench
from large_data import large_data_bench
from mixed_dataset import DATE_COLUMNS, mixed_frame, write_csv
from prediction_load import prediction_load
from training_speed import (
    FOLDS,
    SHAPES,
    WHOLE_CATALOGUE_TARGET,
    seconds_of,
    shaped_frame,
    training_speed,
)
from training_speed import TARGET as SHAPE_TARGET
from wide_frame import wide_frame_bench

from lathe.ml.catalog import ENTRIES
from lathe.ml.pipeline import training_pipeline
from lathe.ml.problem import learning_target
from lathe.ml.sampling import stratified_sample
from lathe.ml.training import validation_splits
from lathe.ml.training_config import TrainingConfig
from lathe.steps.recipe import RecipePipeline
from lathe.store.frame_files import SUFFIX, read_frame

BACKEND = Path(__file__).resolve().parents[1] / "backend"
TARGET = "churned"
TRAINED_MODELS = ("LGBMClassifier", "RandomForestClassifier", "LogisticRegression")
# each training replaces the session's trained models: the last one trained is the one
# left to predict with and to optimize
OPTIMIZED_MODEL = PREDICTED_MODEL = TRAINED_MODELS[-1]
PREDICTION_TARGET = 2.0
PREDICTION_RUNS = 5
OPTIMIZATION = {
    "selected_model": OPTIMIZED_MODEL,
    "optimization_method": "random_search",
    "cv_folds": 3,
    "n_iterations": 3,
}
RECIPE_CALLS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("/api/drop-columns/", {"columns": ["customer_id"]}),
    ("/api/handle-missing/", {}),
    ("/api/encode-features/", {"target_column": TARGET}),
    ("/api/scale-features/", {"target_column": TARGET}),
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _memory_kib(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise RuntimeError(f"{field} not found")


class Server:
    def __init__(self, data_dir: Path, environment: dict[str, str] | None = None) -> None:
        self.port = _free_port()
        env = {**os.environ, "LATHE_DATA_DIR": str(data_dir), "LATHE_PORT": str(self.port)}
        env.update(environment or {})
        env["LATHE_STATIC_DIR"] = str(data_dir / "no-interface")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "lathe"], cwd=BACKEND, env=env, stderr=subprocess.DEVNULL
        )
        self.client = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=600)
        for _ in range(600):
            try:
                self.client.get("/health/")
                return
            except httpx.TransportError:
                time.sleep(0.1)
        raise RuntimeError("server did not start")

    def reset_peak(self) -> int:
        Path(f"/proc/{self.process.pid}/clear_refs").write_text("5")
        return _memory_kib(self.process.pid, "VmRSS")

    def peak_kib(self) -> int:
        return _memory_kib(self.process.pid, "VmHWM")

    def stop(self) -> None:
        self.client.close()
        self.process.terminate()
        self.process.wait(timeout=30)


@contextmanager
def serve(data_dir: Path, environment: dict[str, str]) -> Iterator[str]:
    server = Server(data_dir, environment)
    try:
        yield f"http://127.0.0.1:{server.port}"
    finally:
        server.stop()


def measure(server: Server, label: str, call: Callable[[], httpx.Response]) -> httpx.Response:
    before = server.reset_peak()
    started = time.perf_counter()
    response = call()
    seconds = time.perf_counter() - started
    peak = server.peak_kib()
    response.raise_for_status()
    print(
        f"{label:<28} {seconds:8.2f} s   peak RSS {peak / 1024:8.1f} MiB "
        f"(+{(peak - before) / 1024:7.1f} over idle)   response {len(response.content):>9,} B"
    )
    return response


def upload(server: Server, path: Path) -> httpx.Response:
    return post_file(server.client, path)


def post_file(client: httpx.Client, path: Path) -> httpx.Response:
    with path.open("rb") as handle:
        response: httpx.Response = client.post(
            "/api/upload/", files={"file": (path.name, handle, "text/csv")}
        )
        return response


def idle_cpu(server: Server, seconds: float = 10.0) -> None:
    """The share of a core the idle server and its workers take."""
    time.sleep(5)
    root = psutil.Process(server.process.pid)
    processes = [root, *root.children(recursive=True)]
    before = sum(sum(process.cpu_times()[:2]) for process in processes)
    time.sleep(seconds)
    after = sum(sum(process.cpu_times()[:2]) for process in processes)
    print(f"idle server with its embedded cluster: {(after - before) / seconds:.1%} of a core")


def upload_against_pyarrow(server: Server, dataset: Path) -> None:
    runs = [settled_upload(server, dataset) for _ in range(3)]
    uploaded = min(seconds for seconds, _, _ in runs)
    read = _best_seconds(partial(pyarrow.csv.read_csv, dataset), runs=3)
    quoted = pyarrow.csv.ParseOptions(newlines_in_values=True)
    _, read_cpu = _best_run(partial(pyarrow.csv.read_csv, dataset, parse_options=quoted))
    with body_sink() as address, httpx.Client(base_url=address, timeout=600) as client:
        bare, transfer_cpu = _best_run(partial(post_file, client, dataset))
    floor = (read_cpu + transfer_cpu) / (os.cpu_count() or 1)
    _, stages, waited = runs[-1]
    print(
        f"upload 1M x 20 (best of 3): {uploaded:.2f} s; pyarrow.csv.read_csv of the "
        f"same file {read:.2f} s; {uploaded / read:.2f}x (target 1.5x)\n"
        f"  the server's stages of the last upload: {stages}\n"
        f"  its frame is written after the answer: a request sent on the answer waited "
        f"{waited:.2f} s\n"
        f"  the same form posted to a socket that only reads it: {bare:.2f} s; that and "
        f"pyarrow's read alone are {(bare + read) / read:.2f}x, which leaves "
        f"{1.5 * read - bare - read:.2f} s of a 1.5x upload for parsing the form, "
        f"typing the columns and answering\n"
        f"  processor time, on every core: pyarrow's read of this quoted file with quoted "
        f"line breaks allowed, as Lathe must read it, {read_cpu:.2f} s, and the bare "
        f"transfer (client and socket) {transfer_cpu:.2f} s; spread over "
        f"{os.cpu_count()} cores without a gap they take {floor:.2f} s, "
        f"{floor / read:.2f}x pyarrow's read, the least any server can upload this file in "
        f"on this machine"
    )


def settled_upload(server: Server, path: Path) -> tuple[float, str, float]:
    """One upload's seconds and `Server-Timing` stages, and how long a request sent on its
    answer waited for its frame to be written, so the next upload finds the server idle
    rather than writing the last one."""
    started = time.perf_counter()
    response = upload(server, path).raise_for_status()
    seconds = time.perf_counter() - started
    waited = seconds_of(lambda: server.client.get("/api/get-session-data/").raise_for_status())
    parts = (part.split(";dur=") for part in response.headers["server-timing"].split(", "))
    stages = ", ".join(f"{name} {float(ms) / 1000:.2f} s" for name, ms in parts)
    return seconds, stages, waited


def upload_part(rows: int) -> None:
    with tempfile.TemporaryDirectory(prefix="lathe-bench-") as scratch:
        dataset = Path(scratch) / "mixed.csv"
        write_csv(mixed_frame(rows), dataset)
        server = Server(Path(scratch) / "data")
        try:
            idle_cpu(server)
            upload_against_pyarrow(server, dataset)
        finally:
            server.stop()


def frame_bytes(data_dir: Path) -> int:
    (frame_file,) = (data_dir / "sessions").glob(f"*/frame-*{SUFFIX}")
    return int(read_frame(frame_file).memory_usage(deep=True).sum())


def train_model(server: Server, model: str) -> httpx.Response:
    body = {"model_names": [model], "target_column": TARGET, "problem_type": "classification"}
    response: httpx.Response = server.client.post("/api/train-models/", json=body)
    return response


class _FitInput:
    """Stands in for a model to keep the matrix and labels the pipeline fits it on."""

    def fit(self, matrix: Any, labels: Any) -> "_FitInput":
        self.matrix, self.labels = matrix, labels
        return self


def _best_run(work: Callable[[], object], runs: int = 3) -> tuple[float, float]:
    """The wall and processor seconds (of every thread of this process) of the fastest
    of `runs` runs."""

    def run() -> tuple[float, float]:
        started, used = time.perf_counter(), _processor_seconds()
        work()
        return time.perf_counter() - started, _processor_seconds() - used

    return min(run() for _ in range(runs))


def _processor_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _best_seconds(work: Callable[[], object], runs: int = 2) -> float:
    """The fastest of `runs` runs: the first pays for lazy imports and cold memory."""
    return _best_run(work, runs)[0]


def pipeline_overhead(data_dir: Path) -> None:
    """Each model fitted on the training rows of the session's uploaded frame (its sample
    of them above its row limit, as training takes it) through the recipe, against the
    same estimator fitted directly on the matrix the pipeline hands it at fit time
    (target encodings cross-fitted, as at fit).

    Two ratios: against the bare fit (the recipe's own work counted as overhead), and
    against the recipe's steps plus the bare fit done one after the other (what the
    pipeline adds to the work itself). Each time is the best of two runs."""
    (manifest_file,) = (data_dir / "sessions").glob("*/manifest.json")
    manifest = json.loads(manifest_file.read_text())
    raw = read_frame(manifest_file.parent / f"frame-{manifest['raw_version']}{SUFFIX}")
    target = learning_target(raw[TARGET], "classification")
    entries = tuple(ENTRIES[name] for name in TRAINED_MODELS)
    config = TrainingConfig(entries, "classification", TARGET)
    train_rows = validation_splits(target, config)[0][0]
    print(f"pipeline overhead, {len(train_rows):,} training rows (target within 1.3x)")
    for entry in entries:
        rows = train_rows
        if entry.row_limit is not None:
            rows = train_rows[stratified_sample(target.to_numpy()[train_rows], entry.row_limit)]
        features, labels = raw.drop(columns=[TARGET]).iloc[rows], target.iloc[rows]
        pipeline = training_pipeline(manifest["recipe"], entry, TARGET)
        through_pipeline = _best_seconds(partial(pipeline.fit, features, labels))
        recipe_part = RecipePipeline(steps=pipeline.steps[:-1], target_column=TARGET)
        recipe_steps = _best_seconds(partial(recipe_part.fit, features, labels))
        fit_input = _FitInput()
        pipeline.steps[-1][1].estimator = fit_input
        pipeline.fit(features, labels)
        direct = _best_seconds(partial(entry.build().fit, fit_input.matrix, fit_input.labels))
        print(
            f"  {entry.name:<24} {len(rows):>9,} rows   pipeline {through_pipeline:6.2f} s   "
            f"recipe steps {recipe_steps:5.2f} s   bare fit {direct:6.2f} s   "
            f"vs bare fit {through_pipeline / direct:5.2f}x   "
            f"vs steps + bare fit {through_pipeline / (recipe_steps + direct):5.2f}x"
        )


@contextmanager
def recipe_session(rows: int) -> Iterator[tuple[Server, Path]]:
    """A served session of a `rows`-row mixed frame through the bench recipe, and the
    server's data folder."""
    with tempfile.TemporaryDirectory(prefix="lathe-bench-") as scratch:
        root = Path(scratch)
        dataset = root / "mixed.csv"
        write_csv(mixed_frame(rows), dataset)
        server = Server(root / "data")
        try:
            upload(server, dataset).raise_for_status()
            for path, body in RECIPE_CALLS:
                server.client.post(path, json=body).raise_for_status()
            # the steps are written behind their answers: a request waits for the writes
            server.client.get("/api/get-session-data/").raise_for_status()
            yield server, root / "data"
        finally:
            server.stop()


def explain_part(rows: int, explained_rows: int) -> None:
    """explain=true per classifier on a frame of `rows` rows, through the bench recipe."""
    with recipe_session(rows) as (_, data_dir):
        (manifest_file,) = (data_dir / "sessions").glob("*/manifest.json")
        manifest = json.loads(manifest_file.read_text())
        raw = read_frame(manifest_file.parent / f"frame-{manifest['raw_version']}{SUFFIX}")
    explain_timing(raw, manifest["recipe"], TARGET, min(explained_rows, rows // 2))


def download_part(rows: int) -> None:
    """The download of a `rows`-row frame after the bench recipe."""
    with recipe_session(rows) as (server, data_dir):
        download_memory(server.client, server.reset_peak, server.peak_kib, data_dir)


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--upload-mb", type=int, default=200, help="size of the upload test")
    parser.add_argument(
        "--training-rows",
        type=int,
        default=1_000_000,
        help="largest shape of the training-speed table",
    )
    parser.add_argument("--part", choices=list(PARTS), default="all")
    parser.add_argument("--explained-rows", type=int, default=1_000)
    parser.add_argument("--jobs-sessions", type=int, default=50, help="sessions training at once")
    parser.add_argument("--jobs-rows", type=int, default=2_000, help="rows of each such session")
    parser.add_argument("--predictions", type=int, default=45, help="explained predictions at once")
    parser.add_argument("--predict-sessions", type=int, default=5, help="sessions sending them")
    parser.add_argument("--predict-rows", type=int, default=500, help="rows of each prediction")
    parser.add_argument("--predict-model", default="LogisticRegression")
    parser.add_argument(
        "--large-rows", type=int, default=10_000_000, help="rows of the large-data walk"
    )
    return parser.parse_args()


def main() -> None:
    args = _arguments()
    PARTS[args.part](args)


def every_part(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="lathe-bench-") as scratch:
        root = Path(scratch)
        dataset = root / "mixed.csv"
        write_csv(mixed_frame(args.rows), dataset)
        size_mb = dataset.stat().st_size / 2**20
        print(f"dataset: {args.rows:,} rows x 20 columns, {size_mb:.0f} MiB CSV")
        big_upload(root, math.ceil(args.rows * args.upload_mb / size_mb))
        request_timings(root / "data", dataset)
        pipeline_overhead(root / "data")
    explain_part(min(args.rows, 20_000), args.explained_rows)
    training_part(args)
    jobs_part(args)
    predict_load_part(args)
    wide_part(args)
    large_part(args)


def big_upload(root: Path, rows: int) -> None:
    """The time and memory of uploading a file of `rows` rows."""
    big = root / "upload.csv"
    write_csv(mixed_frame(rows, seed=1), big)
    print(f"upload test file: {rows:,} rows, {big.stat().st_size / 2**20:.0f} MiB CSV")
    server = Server(root / "upload-data")
    try:
        idle = server.reset_peak()
        label = f"upload {big.stat().st_size / 2**20:.0f} MiB CSV"
        measure(server, label, lambda: upload(server, big))
        # the frame is written behind the answer: a request after it waits for the write
        measure(server, "frame stored", lambda: server.client.get("/api/get-session-data/"))
        frame = frame_bytes(root / "upload-data")
        growth = (server.peak_kib() - idle) * 1024
        print(
            f"  frame in memory {frame / 2**20:.1f} MiB; upload peak growth "
            f"{growth / frame:.2f}x the frame (target < 4x)"
        )
    finally:
        server.stop()


def request_timings(data_dir: Path, dataset: Path) -> None:
    """Each request of a session on `dataset`, from upload to optimization, timed."""
    server = Server(data_dir)
    try:
        idle_cpu(server)
        upload_against_pyarrow(server, dataset)
        measure(server, "get-session-data", lambda: server.client.get("/api/get-session-data/"))
        measure(server, "analyze", lambda: server.client.get("/api/analyze/"))
        measure(server, "analyze (cached)", lambda: server.client.get("/api/analyze/"))
        measure(
            server,
            "analyze, target churned",
            lambda: server.client.get("/api/analyze/", params={"target": TARGET}),
        )
        for path, body in RECIPE_CALLS:
            measure(
                server,
                path.strip("/").split("/")[-1],
                partial(server.client.post, path, json=body),
            )
        download_memory(server.client, server.reset_peak, server.peak_kib, data_dir)
        training_timings(server, dataset)
    finally:
        server.stop()


def predictions_against_bare(server: Server, dataset: Path, model: str) -> None:
    """`/api/predict/` of every row of `dataset` against the bare fitted pipeline's
    predict plus a pyarrow CSV write of the rows with their predictions: the best of
    ``PREDICTION_RUNS`` calls and of as many bare runs (the bare predict alone takes
    0.56-2.2 s from run to run in one process; the first job on each of the two workers
    also loads the model's libraries)."""
    features = pd.read_csv(dataset, parse_dates=list(DATE_COLUMNS)).drop(columns=[TARGET])
    rows = dataset.with_name("new-rows.csv")
    features.to_csv(rows, index=False)

    def predict() -> None:
        # streamed from disk, as a browser sends a file: handed 187 MiB of bytes in
        # memory, the client took a second before the server had the body
        with rows.open("rb") as upload:
            server.client.post(
                "/api/predict/",
                files={"file": (rows.name, upload, "text/csv")},
                data={"selected_model": model},
            ).raise_for_status()

    seconds = _best_seconds(predict, runs=PREDICTION_RUNS)
    exported = server.client.post(
        "/api/export-model/",
        json={"selected_model": model, "model_name": model, "format": "joblib"},
    )
    exported.raise_for_status()
    pipeline = joblib.load(io.BytesIO(exported.content))

    def bare() -> None:
        predicted = features.assign(prediction=pipeline.predict(features))
        table = pyarrow.Table.from_pandas(predicted, preserve_index=False)
        pyarrow.csv.write_csv(table, pyarrow.BufferOutputStream())

    bare_seconds = _best_seconds(bare, runs=PREDICTION_RUNS)
    print(
        f"predict {len(features):,} rows with {model}: {seconds:.2f} s = "
        f"{seconds / bare_seconds:.2f}x the bare predict and pyarrow write's {bare_seconds:.2f} s "
        f"(target {PREDICTION_TARGET:.0f}x)"
    )


def training_timings(server: Server, dataset: Path) -> None:
    for model in TRAINED_MODELS:
        trained = measure(server, f"train {model}", partial(train_model, server, model))
        print(f"  {trained.json()['sampling'][model] or 'every training row'}")
        evaluation = measure(
            server, "evaluate-models", lambda: server.client.post("/api/evaluate-models/")
        )
        (result,) = evaluation.json()["results"]
        print(
            f"  fit {result['train_seconds']:.2f} s, accuracy {result['metrics']['accuracy']:.4f}"
        )
    predictions_against_bare(server, dataset, PREDICTED_MODEL)
    optimized = measure(
        server,
        f"optimize {OPTIMIZED_MODEL}",
        partial(server.client.post, "/api/optimize-model/", json=OPTIMIZATION),
    ).json()
    print(
        f"  {len(optimized['trials'])} sets, best {optimized['best_score']:.4f} "
        f"(baseline {optimized['baseline_score']:.4f}), {optimized['sampling']}"
    )


def jobs_part(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="lathe-bench-") as scratch:
        jobs_bench(serve, Path(scratch), TARGET, args.jobs_sessions, args.jobs_rows)


def wide_part(_: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="lathe-bench-") as scratch:
        wide_frame_bench(serve, Path(scratch) / "wide")


def predict_load_part(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="lathe-bench-") as scratch:
        prediction_load(
            serve,
            Path(scratch) / "predict-load",
            TARGET,
            predictions=args.predictions,
            sessions=args.predict_sessions,
            rows=args.predict_rows,
            model=args.predict_model,
        )


def training_part(args: argparse.Namespace) -> None:
    training_speed(tuple(shape for shape in SHAPES if shape.rows <= args.training_rows))
    catalogue_through_api()


def catalogue_through_api() -> None:
    """The whole classifier catalogue on the first training shape as a person trains it:
    one request to the served app, whose job runs on its cluster of a worker per core.
    Trained twice: right after start-up, when the first job waits for the workers'
    imports, and again, as on a server that has been up."""
    shape = SHAPES[0]
    with tempfile.TemporaryDirectory(prefix="lathe-bench-") as scratch:
        root = Path(scratch)
        data = root / "catalogue.csv"
        shaped_frame(shape, shape.rows).to_csv(data, index=False)
        server = Server(root / "data")
        try:
            post_file(server.client, data).raise_for_status()
            catalog = server.client.get("/api/model-catalog/").json()["models"]
            names = [model["name"] for model in catalog]
            body = {
                "model_names": [n for n in names if ENTRIES[n].problem_type == "classification"],
                "problem_type": "classification",
                "target_column": SHAPE_TARGET,
                "validation_method": "cross_validation",
                "cv_folds": FOLDS,
            }

            def trained() -> None:
                server.client.post("/api/train-models/", json=body).raise_for_status()

            first = seconds_of(trained)
            again = seconds_of(trained)
        finally:
            server.stop()
    print(
        f"  whole classifier catalogue through the API, {shape.name}: {first:.1f} s right "
        f"after start-up, {again:.1f} s again (target {WHOLE_CATALOGUE_TARGET:.0f} s)"
    )


def large_part(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="lathe-bench-") as scratch:
        large_data_bench(Server, Path(scratch), args.large_rows)


PARTS: dict[str, Callable[[argparse.Namespace], None]] = {
    "all": every_part,
    "upload": lambda args: upload_part(args.rows),
    "explain": lambda args: explain_part(args.rows, args.explained_rows),
    "download": lambda args: download_part(args.rows),
    "jobs": jobs_part,
    "predict-load": predict_load_part,
    "wide": wide_part,
    "large": large_part,
    "training": training_part,
}


if __name__ == "__main__":
    main()
