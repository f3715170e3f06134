"""Turn an uploaded file into a typed frame, whatever its format."""

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from lathe.io.delimited_reader import read_delimited
from lathe.io.excel_reader import read_workbook
from lathe.io.file_kind import FileKind, check_suffix, detect_kind
from lathe.io.headerless_files import first_row_is_data, reads_as_generated
from lathe.io.parquet_reader import read_parquet
from lathe.io.read_notes import NO_DATA_ROWS, ReadNote, no_header_row
from lathe.io.text_format import text_start
from lathe.io.type_inference import infer_types


@dataclass
class ReadTable:
    frame: pd.DataFrame
    notes: list[ReadNote] = field(default_factory=list)

    @property
    def warnings(self) -> list[str]:
        """The notes in English."""
        return [note.text for note in self.notes]


@dataclass
class _Read:
    frame: pd.DataFrame
    first_row: Sequence[object]
    decimal_comma: bool
    notes: list[ReadNote]


def read_table(path: Path, filename: str, expected: Sequence[str] | None = None) -> ReadTable:
    """The file's table. Its first row names the columns unless it holds values like the
    rows below (``header_row``); for a file to predict, whose `expected` columns the model
    knows, unless the model's columns are col_1, col_2, ... and that row names none. A
    Parquet file names its columns itself."""
    check_suffix(filename)
    start = text_start(path)
    with path.open("rb") as handle:
        handle.seek(start)
        kind = detect_kind(handle.read(4096))
    if kind is FileKind.PARQUET:
        frame = read_parquet(path)
        return ReadTable(frame, [NO_DATA_ROWS] if len(frame) == 0 else [])
    read = _read(path, start, kind, header=True)
    if expected is not None:
        headerless = reads_as_generated(expected, read.first_row)
    else:
        headerless = first_row_is_data(read.first_row, read.frame, read.decimal_comma)
    notes: list[ReadNote] = []
    if headerless:
        del read  # one frame at a time: the file is read again in full
        read = _read(path, start, kind, header=False)
        if expected is None:
            notes.append(no_header_row(read.frame.shape[1]))
    notes.extend(read.notes)
    if len(read.frame) == 0:
        notes.append(NO_DATA_ROWS)
    return ReadTable(read.frame, notes)


def _read(path: Path, start: int, kind: FileKind, header: bool) -> _Read:
    if kind is FileKind.TEXT:
        text = read_delimited(path, start, header)
        decimal_comma = text.delimiter != ","
        frame = infer_types(text.frame, decimal_comma=decimal_comma)
        return _Read(frame, text.header, decimal_comma, text.notes)
    sheet = read_workbook(path, kind is FileKind.XLSX, header)
    return _Read(infer_types(sheet.frame), sheet.first_row, False, sheet.notes)
