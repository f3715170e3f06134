"""Read the first sheet of an .xlsx or .xls workbook through calamine."""

import zipfile
from pathlib import Path

import pandas as pd

from lathe.errors import UnreadableFileError
from lathe.io.headers import normalize_headers

_MAX_EXPANSION = 50
_MIN_EXPANDED_LIMIT = 256 * 1024 * 1024


def read_workbook(path: Path, is_xlsx: bool) -> pd.DataFrame:
    if is_xlsx:
        _check_zip(path)
    try:
        sheet = pd.read_excel(path, sheet_name=0, header=None, engine="calamine")
    except Exception as error:
        raise UnreadableFileError(
            "The spreadsheet could not be read; it may be damaged or password-protected.",
            "file_unreadable",
            {"detail": str(error)[:300]},
        ) from error
    sheet = sheet.dropna(how="all").dropna(axis="columns", how="all")
    if sheet.empty:
        raise UnreadableFileError("The first sheet of the workbook is empty.", "empty_file")
    frame = sheet.iloc[1:].reset_index(drop=True)
    frame.columns = pd.Index(normalize_headers(sheet.iloc[0].tolist()))
    return frame


def _check_zip(path: Path) -> None:
    """Refuse archives that are not workbooks, and those that would expand without bound."""
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError) as error:
        raise UnreadableFileError(
            "The .xlsx file is damaged and could not be opened.", "file_unreadable"
        ) from error
    if not any(member.filename.startswith("xl/") for member in members):
        raise UnreadableFileError("This archive is not an Excel workbook.", "file_unreadable")
    expanded = sum(member.file_size for member in members)
    compressed = sum(member.compress_size for member in members)
    if expanded > max(_MIN_EXPANDED_LIMIT, _MAX_EXPANSION * compressed):
        raise UnreadableFileError(
            "The workbook expands to far more data than its size suggests and was refused.",
            "file_unreadable",
        )
