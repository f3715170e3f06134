"""A frame written as CSV or Parquet in row batches, for a streamed download.

Each batch of ``BATCH_ROWS`` rows is converted and handed on before the next, so a
download holds the frame and one batch's text or Arrow table, never a second copy of the
frame. CSV batches are written by Arrow, at its writer's speed (pandas' is eight times
slower), with pandas' values (no index, the header once, a date column in one format
decided on the whole column, booleans as True and False), with text a spreadsheet would
run as a formula made inert. Parquet batches are row groups of one file, with the schema
of the whole frame, a dictionary only for columns of repeated values.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any, Literal, get_args

import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

from lathe.errors import ErrorCode, LatheError
from lathe.io.formula_cells import inert_cells, inert_name

DownloadFormat = Literal["csv", "parquet"]
BATCH_ROWS = 20_000
PARQUET_BATCH_ROWS = 131_072
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


DAYS, SECONDS, MICROSECONDS = pa.date32(), pa.timestamp("s"), pa.timestamp("us")
"""What a date column is cut to; Arrow writes each as pandas' ``%Y-%m-%d``,
``%Y-%m-%d %H:%M:%S`` and ``%Y-%m-%d %H:%M:%S.%f`` do, thirty times faster."""
CSV_OPTIONS = pacsv.WriteOptions(include_header=False)


def date_formats(frame: pd.DataFrame) -> dict[str, pa.DataType]:
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
            formats[str(name)] = DAYS
        elif bool((known == known.dt.floor("s")).all()):
            formats[str(name)] = SECONDS
        else:
            formats[str(name)] = MICROSECONDS
    return formats


def _as_text(column: pd.Series[Any]) -> pa.Array:
    """Each value as pandas writes it in a CSV, missing values empty."""
    return pa.array(column.astype(str).where(column.notna(), None), pa.string())


def _csv_column(column: pd.Series[Any], date_format: pa.DataType | None) -> pa.Array:
    """`column` as Arrow writes it the way pandas' CSV does: dates in `date_format`,
    booleans as True and False, categories as their values, a column Arrow cannot
    hold (mixed objects, time zones, durations) as pandas' text of each value."""
    if date_format is not None:
        cut = pa.array(column).cast(
            pa.timestamp("s") if date_format == DAYS else date_format, safe=False
        )
        return cut.cast(date_format).cast(pa.string())
    if isinstance(column.dtype, pd.DatetimeTZDtype) or pd.api.types.is_timedelta64_dtype(
        column.dtype
    ):
        return _as_text(column)
    try:
        array = pa.array(column, from_pandas=True)
    except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
        return _as_text(column)
    if pa.types.is_dictionary(array.type):
        array = array.dictionary_decode()
    if pa.types.is_boolean(array.type):
        return pc.if_else(array, "True", "False")
    return array


class CsvText:
    """Rows of a frame with `columns` as CSV text, written by Arrow: every text value
    quoted, numbers as their shortest exact text, missing values empty, text a spreadsheet
    would run as a formula made inert (``formula_cells``), each date column in its format of
    `date_formats` (``date_formats`` of the whole frame)."""

    def __init__(self, columns: pd.Index, date_formats: dict[str, pa.DataType]) -> None:
        self.columns = columns
        self.formats = date_formats
        self.names = [inert_name(name) for name in columns]

    def header(self) -> bytes:
        return (",".join(_header_cell(name) for name in self.names) + "\n").encode("utf-8")

    def arrow_columns(self, frame: pd.DataFrame) -> list[pa.Array]:
        """`frame`'s columns (those of this text, in its order) as Arrow writes them."""
        inert = inert_cells(frame)
        return [
            _csv_column(inert.iloc[:, position], self.formats.get(str(name)))
            for position, name in enumerate(self.columns)
        ]

    def text(self, columns: list[pa.Array]) -> bytes:
        """The rows of `columns` (``arrow_columns``, in this text's order)."""
        sink = pa.BufferOutputStream()
        pacsv.write_csv(pa.Table.from_arrays(columns, names=self.names), sink, CSV_OPTIONS)
        return bytes(sink.getvalue().to_pybytes())

    def rows(self, frame: pd.DataFrame) -> Iterator[bytes]:
        """The text of `frame`'s rows, in batches of ``BATCH_ROWS``."""
        for start in range(0, len(frame), BATCH_ROWS):
            yield self.text(self.arrow_columns(frame.iloc[start : start + BATCH_ROWS]))


def csv_batches(frame: pd.DataFrame) -> Iterator[bytes]:
    """`frame` as CSV (``CsvText``): the header, then its rows in batches."""
    text = CsvText(frame.columns, date_formats(frame))
    yield text.header()
    yield from text.rows(frame)


def _header_cell(name: str) -> str:
    """A header cell, quoted only when its text needs it, as pandas writes it."""
    if not any(special in name for special in ',"\n\r'):
        return name
    return '"' + name.replace('"', '""') + '"'


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


def _dictionary_columns(head: pd.DataFrame) -> list[str]:
    """The columns worth a dictionary: at most half of `head`'s values distinct. Encoding
    one of mostly distinct values costs twice the whole write, and Arrow's writer would
    drop its dictionary anyway once it outgrew a page in a row group of a million rows."""
    return [str(name) for name in head.columns if head[name].nunique() <= len(head) // 2]


def parquet_batches(frame: pd.DataFrame) -> Iterator[bytes]:
    """`frame` as one Parquet file, a row group of `PARQUET_BATCH_ROWS` rows at a time."""
    schema = pa.Schema.from_pandas(frame, preserve_index=False)
    sink = _Collected()
    dictionary = _dictionary_columns(frame.iloc[:PARQUET_BATCH_ROWS])
    with pq.ParquetWriter(sink, schema, use_dictionary=dictionary) as writer:
        for start in range(0, len(frame), PARQUET_BATCH_ROWS):
            batch = frame.iloc[start : start + PARQUET_BATCH_ROWS]
            writer.write_table(pa.Table.from_pandas(batch, schema=schema, preserve_index=False))
            yield sink.take()
    yield sink.take()


def file_batches(frame: pd.DataFrame, file_format: DownloadFormat) -> Iterator[bytes]:
    return csv_batches(frame) if file_format == "csv" else parquet_batches(frame)
