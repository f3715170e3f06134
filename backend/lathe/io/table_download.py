"""A frame written as CSV or Parquet in row batches, for a streamed download.

Each batch of ``BATCH_ROWS`` rows is converted and handed on before the next, so a
download holds the frame and one batch's text or Arrow table, never a second copy of the
frame. CSV batches are written as pandas writes a whole frame (no index, the header once,
a date column in one format decided on the whole column), with text a spreadsheet would
run as a formula made inert. Parquet batches are row groups
of one file, with the schema of the whole frame.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any, Literal, get_args

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from lathe.errors import ErrorCode, LatheError
from lathe.io.formula_cells import inert_cells, inert_name

DownloadFormat = Literal["csv", "parquet"]
BATCH_ROWS = 20_000
MEDIA_TYPES: dict[DownloadFormat, str] = {
    "csv": "text/csv",
    "parquet": "application/vnd.apache.parquet",
}


def download_format(value: str) -> DownloadFormat:
    """`value` as a download format; an unknown one is refused."""
    for known in get_args(DownloadFormat):
        if value == known:
            return known  # type: ignore[no-any-return]
    raise LatheError(
        f"Unknown file format '{value}'; choose csv or parquet.",
        ErrorCode.UNKNOWN_FORMAT,
        {"format": value, "formats": "csv, parquet"},
    )


def _date_formats(frame: pd.DataFrame) -> dict[str, str]:
    """The format of each time-zone naive date column, decided on the whole column as
    pandas decides it: dates alone when every value is a midnight, else with the time
    (and microseconds when a value has a fraction of a second)."""
    formats = {}
    for name in frame.columns:
        series = frame[name]
        if not pd.api.types.is_datetime64_any_dtype(series.dtype) or series.dt.tz is not None:
            continue
        known = series.dropna()
        if bool((known == known.dt.normalize()).all()):
            formats[str(name)] = "%Y-%m-%d"
        elif bool((known == known.dt.floor("s")).all()):
            formats[str(name)] = "%Y-%m-%d %H:%M:%S"
        else:
            formats[str(name)] = "%Y-%m-%d %H:%M:%S.%f"
    return formats


def csv_batches(frame: pd.DataFrame) -> Iterator[bytes]:
    """`frame` as CSV, its text a spreadsheet would run as a formula made inert
    (``formula_cells``)."""
    formats = _date_formats(frame)
    header = [inert_name(name) for name in frame.columns]
    for start in range(0, max(len(frame), 1), BATCH_ROWS):
        batch = frame.iloc[start : start + BATCH_ROWS]
        if formats:
            dates = {name: batch[name].dt.strftime(form) for name, form in formats.items()}
            batch = batch.assign(**dates)
        text = inert_cells(batch).to_csv(index=False, header=header if start == 0 else False)
        yield text.encode("utf-8")


class _Collected(io.RawIOBase):
    """A write-only file that keeps what was written until it is taken."""

    def __init__(self) -> None:
        self._parts: list[bytes] = []
        self._position = 0

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        chunk = bytes(data)
        self._parts.append(chunk)
        self._position += len(chunk)
        return len(chunk)

    def tell(self) -> int:
        return self._position

    def take(self) -> bytes:
        taken = b"".join(self._parts)
        self._parts.clear()
        return taken


def parquet_batches(frame: pd.DataFrame) -> Iterator[bytes]:
    schema = pa.Schema.from_pandas(frame, preserve_index=False)
    sink = _Collected()
    with pq.ParquetWriter(sink, schema) as writer:
        for start in range(0, len(frame), BATCH_ROWS):
            batch = frame.iloc[start : start + BATCH_ROWS]
            writer.write_table(pa.Table.from_pandas(batch, schema=schema, preserve_index=False))
            yield sink.take()
    yield sink.take()


def file_batches(frame: pd.DataFrame, file_format: DownloadFormat) -> Iterator[bytes]:
    return csv_batches(frame) if file_format == "csv" else parquet_batches(frame)
