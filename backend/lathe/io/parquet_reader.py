"""Read a Parquet file with pyarrow, its columns' types kept as written.

Whole numbers stay whole numbers (``Int64`` where some are missing), yes/no columns
booleans, text text (never re-read as numbers or dates: the writer chose), dates and
time stamps dates (time zones kept), decimals floats, and dictionary-encoded text its
values. Types a table of Lathe cannot hold (times of day, durations, bytes, lists,
structs) become their text. Column names go through the same rule as a CSV's header.

The file's own metadata says its rows and columns before anything is decompressed, so a
file that would expand past ``MAX_CELLS``, or that has no columns, is refused before it
is read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from lathe.errors import ErrorCode, UnreadableFileError
from lathe.io.column_names import normalize_headers

MAX_CELLS = 250_000_000
"""Ten million rows of 25 columns."""


_MASKED: dict[pa.DataType, Any] = {
    **dict.fromkeys(
        (pa.int8(), pa.int16(), pa.int32(), pa.int64(), pa.uint8(), pa.uint16(), pa.uint32()),
        pd.Int64Dtype(),
    ),
    pa.bool_(): pd.BooleanDtype(),
}
"""The nullable dtype a column of each type with missing values becomes (not uint64,
whose values may pass Int64's)."""


def _check_size(file: pq.ParquetFile) -> None:
    if not file.schema_arrow.names:
        raise UnreadableFileError("The Parquet file has no columns.", ErrorCode.EMPTY_FILE)
    cells = file.metadata.num_rows * file.metadata.num_columns
    if cells > MAX_CELLS:
        raise UnreadableFileError(
            f"The Parquet file holds {cells:,} cells (rows × columns), more than the "
            f"{MAX_CELLS:,} Lathe reads.",
            ErrorCode.TOO_MANY_PARQUET_CELLS,
            {"cells": cells, "max_cells": MAX_CELLS},
        )


def _as_text(column: pa.ChunkedArray) -> pd.Series[Any]:
    values = [None if value is None else str(value) for value in column.to_pylist()]
    return pd.Series(values, dtype="str")


def column_series(column: pa.ChunkedArray) -> pd.Series[Any]:
    """One Parquet column as the pandas column Lathe's steps expect of its type."""
    kind = column.type
    if pa.types.is_dictionary(kind):
        return column_series(column.cast(kind.value_type))
    if pa.types.is_floating(kind) or pa.types.is_decimal(kind) or pa.types.is_null(kind):
        column = column.cast(pa.float64())
    elif pa.types.is_date(kind):
        column = column.cast(pa.timestamp("s"))
    elif not (
        pa.types.is_integer(kind)
        or pa.types.is_boolean(kind)
        or pa.types.is_string(kind)
        or pa.types.is_large_string(kind)
        or pa.types.is_timestamp(kind)
    ):
        return _as_text(column)
    masked = _MASKED.get(kind) if column.null_count > 0 else None
    if masked is not None:
        # straight into the nullable column: through pandas' objects (or floats) took
        # seconds at ten million rows, and integers past 2**53 lost their last digits
        nullable: pd.Series[Any] = column.to_pandas(types_mapper=lambda _: masked)
        return nullable
    series: pd.Series[Any] = column.to_pandas()
    if pa.types.is_integer(kind):
        return series.astype("Int64" if column.null_count else "int64")
    if pa.types.is_boolean(kind):
        return series.astype("bool")
    if pa.types.is_string(kind) or pa.types.is_large_string(kind):
        return series.astype("str")
    return series


def read_parquet(path: Path) -> pd.DataFrame:
    """The file's table."""
    try:
        file = pq.ParquetFile(path)
        _check_size(file)
        table = file.read()
    except (pa.ArrowException, OSError) as error:
        raise UnreadableFileError(
            "The Parquet file is damaged and could not be read.",
            ErrorCode.FILE_UNREADABLE,
            {"detail": str(error)[:300]},
        ) from error
    names = normalize_headers(table.column_names)
    rows, arrow_columns = table.num_rows, table.columns
    del table
    # each Arrow column is let go once converted, so that the table and the frame are
    # never both whole in memory (3.1 times the frame at the peak of an upload of ten
    # million rows)
    columns = {name: column_series(arrow_columns.pop(0)) for name in names}
    # copy=False keeps a block per column rather than copying them into one per type
    return pd.DataFrame(columns, index=pd.RangeIndex(rows), copy=False)
