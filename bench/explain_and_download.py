"""Bench parts of explanations and data downloads.

- ``explain_timing``: every supervised classifier of the catalogue fitted through a recipe
  on the mixed dataset, then the prediction of new rows with and without ``explain`` (the
  time budget of ``explain=true`` per model), and the held-out explanation Evaluation asks
  for (its job's explanation part).
- ``download_memory``: the session's current frame downloaded as CSV and Parquet from the
  server, every row counted, the server's peak memory growth against the frame's size;
  the download, like the bare writer, the fastest of ``DOWNLOADS`` runs, the growth the
  largest, and every run's rows counted.
"""

import io
import json
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import httpx
import pandas as pd
import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

from lathe.ml.catalog import ENTRIES
from lathe.ml.explanations import PREDICTION_EXPLANATION_SECONDS, explanation_summary
from lathe.ml.pipeline import training_pipeline
from lathe.ml.prediction import prediction_frame
from lathe.steps.recipe_step import RecipeStep
from lathe.store.frame_files import SUFFIX, read_frame

FRAME_GROWTH_TARGET = 2.0
WRITER_TARGET = {"csv": 2.0, "parquet": 1.5}
DOWNLOADS = 2


def _seconds(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def explain_timing(
    frame: pd.DataFrame, recipe: list[RecipeStep], target: str, predicted_rows: int
) -> None:
    fit_rows = frame.iloc[: len(frame) - predicted_rows]
    new_rows = frame.iloc[len(frame) - predicted_rows :].drop(columns=[target])
    features, labels = fit_rows.drop(columns=[target]), fit_rows[target]
    print(
        f"explain=true on {predicted_rows:,} new rows, models fitted on {len(fit_rows):,} rows "
        "(held-out summary: the explanation job Evaluation asks for)"
    )
    for entry in ENTRIES.values():
        if entry.problem_type != "classification":
            continue
        pipeline = training_pipeline(recipe, entry, target).fit(features, labels)
        plain = _seconds(partial(prediction_frame, pipeline, new_rows))
        started = time.perf_counter()
        predicted = prediction_frame(pipeline, new_rows, features)
        explained = time.perf_counter() - started
        rows = int(predicted["top_1_column"].notna().sum())
        started = time.perf_counter()
        summary = explanation_summary(pipeline, new_rows, features)
        held_out = time.perf_counter() - started
        print(
            f"  {entry.name:<24} predict {plain:6.2f} s   explain=true {explained:7.2f} s, "
            f"{rows:,} of {predicted_rows:,} rows explained within "
            f"{PREDICTION_EXPLANATION_SECONDS:.0f} s "
            f"({(explained - plain) / max(rows, 1) * 1000:7.2f} s per 1,000 rows, "
            f"{summary['method']})   held-out summary {held_out:5.2f} s, "
            f"{summary['rows']:,} rows"
        )


def current_frame(client: httpx.Client, data_dir: Path) -> pd.DataFrame:
    """The session's current frame as the store keeps it, once its write has landed (a
    step's frame is written behind its answer; a request after it waits for the write)."""
    client.get("/api/get-session-data/").raise_for_status()
    (manifest_file,) = (data_dir / "sessions").glob("*/manifest.json")
    version = json.loads(manifest_file.read_text())["version"]
    return read_frame(manifest_file.parent / f"frame-{version}{SUFFIX}")


def writer_seconds(frame: pd.DataFrame, file_format: str) -> float:
    """The best of ``DOWNLOADS`` bare pyarrow writes of `frame` (dates written as ISO
    text)."""
    table = pa.Table.from_pandas(frame, preserve_index=False)
    write = pacsv.write_csv if file_format == "csv" else pq.write_table
    return min(_seconds(partial(write, table, pa.BufferOutputStream())) for _ in range(DOWNLOADS))


def _rows_of(content: bytes, file_format: str) -> int:
    if file_format == "parquet":
        return int(pq.read_metadata(io.BytesIO(content)).num_rows)
    return content.count(b"\n") - 1


def download_memory(
    client: httpx.Client, reset_peak: Callable[[], int], peak_kib: Callable[[], int], data_dir: Path
) -> None:
    frame = current_frame(client, data_dir)
    rows, frame_bytes = len(frame), int(frame.memory_usage(deep=True).sum())
    print(f"download-data of the current frame: {rows:,} rows, {frame_bytes / 2**20:.1f} MiB")
    for file_format in ("csv", "parquet"):
        runs = []
        for _ in range(DOWNLOADS):
            before = reset_peak()
            started = time.perf_counter()
            response = client.get("/api/download-data/", params={"format": file_format})
            seconds = time.perf_counter() - started
            response.raise_for_status()
            growth = (peak_kib() - before) * 1024
            runs.append((seconds, growth, _rows_of(response.content, file_format)))
        seconds = min(run[0] for run in runs)
        growth = max(run[1] for run in runs)
        counts = {run[2] for run in runs}
        bare = writer_seconds(frame, file_format)
        print(
            f"  {file_format:<8} {seconds:6.2f} s = {seconds / bare:.2f}x pyarrow's {bare:.2f} s "
            f"(target {WRITER_TARGET[file_format]}x)   {len(response.content) / 2**20:7.1f} MiB   "
            f"{min(counts):,} rows{'' if counts == {rows} else ' (ROWS MISSING)'}   "
            f"peak growth {growth / 2**20:7.1f} MiB = {growth / frame_bytes:.2f}x the frame "
            f"(target < {FRAME_GROWTH_TARGET:.0f}x)"
        )
