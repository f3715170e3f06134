"""Read the table of an .xlsx or .xls workbook through calamine: its first sheet, or the
first that holds a table when that one does not."""

import re
import zipfile
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path
from xml.etree import ElementTree

import pandas as pd
from python_calamine import CalamineWorkbook

from lathe.errors import ErrorCode, UnreadableFileError
from lathe.io.headers import generated_names, normalize_headers
from lathe.io.read_notes import ReadNote, lines_above_table, sheet_read
from lathe.io.table_start import OPENING_ROWS, header_index
from lathe.io.text_cells import NULL_VALUES

_MAX_EXPANSION = 50
_MIN_EXPANDED_LIMIT = 256 * 1024 * 1024
MAX_CELLS = 10_000_000
"""Calamine holds the whole rectangle from the first to the last used cell, and pandas
then a Python object per cell, so the rectangle is what a workbook costs in memory."""

_CELL_REFERENCE = re.compile(rb' r="([A-Z]{1,3})([0-9]{1,7})"')
_ROW_NUMBER = re.compile(rb'<row\b[^>]*?\br="([0-9]{1,7})"')
_ROW_TAGS = (b"<row ", b"<row>", b"<row/")
_CELL_TAGS = (b"<c ", b"<c>", b"<c/")
_READ_BYTES = 1024 * 1024
_RELATIONSHIP = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"


@dataclass
class Sheet:
    frame: pd.DataFrame
    first_row: list[object]
    """The cells of the table's first row, the header row unless read without one."""
    notes: list[ReadNote]


def read_workbook(path: Path, is_xlsx: bool, header: bool = True) -> Sheet:
    """The table of the first sheet that holds one (two rows and two columns; a sheet of
    notes before the data is passed over), below any rows above it that are not part of it
    (a title, ``table_start``); its first row names the columns unless `header` is false
    (then they are col_1, col_2, ...)."""
    if is_xlsx:
        _check_zip(path)
    try:
        if not is_xlsx:
            _check_cells(_xls_cells(path, 0))
        sheet, name = _table_sheet(path, is_xlsx)
    except UnreadableFileError:
        raise
    except Exception as error:
        raise UnreadableFileError(
            "The spreadsheet could not be read; it may be damaged or password-protected.",
            ErrorCode.FILE_UNREADABLE,
            {"detail": str(error)[:300]},
        ) from error
    start = header_index(sheet.head(OPENING_ROWS).notna().sum(axis="columns").tolist())
    above = [" ".join(map(str, row.dropna())) for _, row in sheet.iloc[:start].iterrows()]
    sheet = sheet.iloc[start:].dropna(axis="columns", how="all")
    if sheet.empty:
        raise UnreadableFileError("Every sheet of the workbook is empty.", ErrorCode.EMPTY_FILE)
    first_row = sheet.iloc[0].tolist()
    if header:
        frame = sheet.iloc[1:].reset_index(drop=True)
        frame.columns = pd.Index(normalize_headers(first_row))
    else:
        frame = sheet.reset_index(drop=True)
        frame.columns = pd.Index(generated_names(sheet.shape[1]))
    notes = [] if name is None else [sheet_read(name)]
    return Sheet(frame, first_row, notes + lines_above_table(above))


def _table_sheet(path: Path, is_xlsx: bool) -> tuple[pd.DataFrame, str | None]:
    """The first sheet with a table, and its name when it is not the first sheet; the
    first sheet when none has one. A later sheet over the cell limit is passed over."""
    first = _filled_cells(path, 0)
    if _holds_table(first):
        return first, None
    names = CalamineWorkbook.from_path(str(path)).sheet_names
    for index in range(1, len(names)):
        if _cells(path, is_xlsx, index) > MAX_CELLS:
            continue
        sheet = _filled_cells(path, index)
        if _holds_table(sheet):
            return sheet, names[index]
    return first, None


def _filled_cells(path: Path, index: int) -> pd.DataFrame:
    """The sheet at `index`, without its empty rows and columns."""
    sheet = pd.read_excel(
        path, sheet_name=index, header=None, engine="calamine", na_values=NULL_VALUES
    )
    return sheet.dropna(how="all").dropna(axis="columns", how="all")


def _holds_table(sheet: pd.DataFrame) -> bool:
    return sheet.shape[0] >= 2 and sheet.shape[1] >= 2


def _cells(path: Path, is_xlsx: bool, index: int) -> int:
    if not is_xlsx:
        return _xls_cells(path, index)
    with zipfile.ZipFile(path) as archive:
        member = _sheet_member(archive, index)
        return 0 if member is None else _sheet_cells(archive, member)


def _check_cells(cells: int) -> None:
    if cells > MAX_CELLS:
        raise UnreadableFileError(
            f"The first sheet spans {cells:,} cells (rows × columns from its first to its "
            f"last used cell), more than the {MAX_CELLS:,} a spreadsheet may have; save "
            "the data as CSV, or delete stray cells far from the table.",
            ErrorCode.TOO_MANY_CELLS,
            {"cells": cells, "max_cells": MAX_CELLS},
        )


def _xls_cells(path: Path, index: int) -> int:
    """The .xls format caps a sheet at 65,536 × 256 cells, so calamine can measure it."""
    sheet = CalamineWorkbook.from_path(str(path)).get_sheet_by_index(index)
    return int(sheet.height) * int(sheet.width)


def _check_zip(path: Path) -> None:
    """Refuse archives that are not workbooks, those that would expand without bound, and
    those whose first sheet spans more than `MAX_CELLS`."""
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
            if not any(member.filename.startswith("xl/") for member in members):
                raise UnreadableFileError(
                    "This archive is not an Excel workbook.", ErrorCode.FILE_UNREADABLE
                )
            expanded = sum(member.file_size for member in members)
            compressed = sum(member.compress_size for member in members)
            if expanded > max(_MIN_EXPANDED_LIMIT, _MAX_EXPANSION * compressed):
                raise UnreadableFileError(
                    "The workbook expands to far more data than its size suggests and was refused.",
                    ErrorCode.FILE_UNREADABLE,
                )
            sheet = _sheet_member(archive, 0)
            if sheet is not None:
                _check_cells(_sheet_cells(archive, sheet))
    except (zipfile.BadZipFile, OSError, EOFError) as error:
        raise UnreadableFileError(
            "The .xlsx file is damaged and could not be opened.", ErrorCode.FILE_UNREADABLE
        ) from error


def _sheet_member(archive: zipfile.ZipFile, index: int) -> str | None:
    """The archive member of the workbook's sheet at `index`, in calamine's order."""
    try:
        workbook = ElementTree.fromstring(archive.read("xl/workbook.xml"))
        relations = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    except (KeyError, ElementTree.ParseError):
        return None
    sheets = [node for node in workbook.iter() if node.tag.endswith("}sheet")]
    if index >= len(sheets):
        return None
    for relation in relations:
        if relation.get("Id") == sheets[index].get(_RELATIONSHIP):
            target = relation.get("Target", "").lstrip("/")
            return target if target.startswith("xl/") else f"xl/{target}"
    return None


def _sheet_cells(archive: zipfile.ZipFile, member: str) -> int:
    """Rows × columns from A1 to the sheet's last used row and column (at least what
    calamine will hold), read from its XML a block of whole rows at a time; stops once past
    `MAX_CELLS`."""
    extent = (0, 0)
    tail = b""
    with archive.open(member) as sheet:
        while True:
            block = sheet.read(_READ_BYTES)
            text = tail + block
            cut = text.rfind(b"<row") if block else len(text)
            rows, tail = (text[:cut], text[cut:]) if cut > 0 else (b"", text)
            extent = _extent(rows, extent)
            cells = extent[0] * extent[1]
            if cells > MAX_CELLS or not block:
                return cells


def _extent(rows: bytes, extent: tuple[int, int]) -> tuple[int, int]:
    """The last row and column in use once `rows` (whole `<row>` elements) are read after
    `extent`. A row or cell without a reference follows the previous one."""
    last_row, last_column = extent
    references = _CELL_REFERENCE.findall(rows)
    letters = set(map(itemgetter(0), references))
    numbers = set(map(itemgetter(1), references)) | set(_ROW_NUMBER.findall(rows))
    last_row = max(last_row + _count(_ROW_TAGS, rows), *map(int, numbers), 0)
    columns = max(map(_column_number, letters), default=0)
    if _count(_CELL_TAGS, rows) > len(references):
        columns += max(_count(_CELL_TAGS, row) for row in rows.split(b"<row"))
    return last_row, max(last_column, columns)


def _count(tags: tuple[bytes, ...], xml: bytes) -> int:
    return sum(xml.count(tag) for tag in tags)


def _column_number(letters: bytes) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + letter - ord("A") + 1
    return number
