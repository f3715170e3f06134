"""Read the table of an .xlsx or .xls workbook through calamine: its first sheet, or the
first that holds a table when that one does not."""

import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pandas as pd
from python_calamine import CalamineWorkbook

from lathe.errors import ErrorCode, UnreadableFileError
from lathe.io.column_names import generated_names, normalize_headers
from lathe.io.lines_above_table import OPENING_ROWS, header_index
from lathe.io.read_notes import ReadNote, lines_above_table, sheet_read
from lathe.io.text_cells import NULL_VALUES
from lathe.io.xls_probe import xls_sheet_cells
from lathe.io.xlsx_extent import shared_strings, sheet_cells, unreadable, workbook_parts

_MAX_EXPANSION = 50
_MIN_EXPANDED_LIMIT = 256 * 1024 * 1024
MAX_CELLS = 10_000_000
"""Calamine holds the whole rectangle from the first to the last used cell, and pandas
then a Python object per cell, so the rectangle is what a workbook costs in memory."""


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
        cells: Callable[[int], int] = partial(_xlsx_cells, path)
    else:
        cells = xls_sheet_cells(path).__getitem__
    try:
        _check_cells(cells(0))
        sheet, name = _table_sheet(path, cells)
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


def _table_sheet(path: Path, cells: Callable[[int], int]) -> tuple[pd.DataFrame, str | None]:
    """The first sheet with a table, and its name when it is not the first sheet; the
    first sheet when none has one. A later sheet over the cell limit is passed over."""
    first = _filled_cells(path, 0)
    if _holds_table(first):
        return first, None
    names = CalamineWorkbook.from_path(str(path)).sheet_names
    for index in range(1, len(names)):
        if cells(index) > MAX_CELLS:
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


def _xlsx_cells(path: Path, index: int) -> int:
    with zipfile.ZipFile(path) as archive:
        member = workbook_parts(archive).sheets[index]
        return 0 if member is None else sheet_cells(archive, member, MAX_CELLS)


def _check_cells(cells: int) -> None:
    if cells > MAX_CELLS:
        raise UnreadableFileError(
            f"The first sheet spans {cells:,} cells (rows × columns from its first to its "
            f"last used cell), more than the {MAX_CELLS:,} a spreadsheet may have; save "
            "the data as CSV, or delete stray cells far from the table.",
            ErrorCode.TOO_MANY_CELLS,
            {"cells": cells, "max_cells": MAX_CELLS},
        )


def _check_zip(path: Path) -> None:
    """Refuse archives that are not workbooks, those that would expand without bound and
    those that claim more shared strings than `MAX_CELLS` (``xlsx_extent``)."""
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
            if shared_strings(archive, workbook_parts(archive)) > MAX_CELLS:
                raise unreadable("shared strings count")
    except (zipfile.BadZipFile, OSError, EOFError) as error:
        raise UnreadableFileError(
            "The .xlsx file is damaged and could not be opened.", ErrorCode.FILE_UNREADABLE
        ) from error
