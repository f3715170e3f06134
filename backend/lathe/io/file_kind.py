"""Recognise what an uploaded file really is from its first bytes, whatever its name says."""

from enum import Enum
from pathlib import Path

from lathe.errors import ErrorCode, LatheError

ACCEPTED_SUFFIXES = (".csv", ".tsv", ".txt", ".xlsx", ".xls", ".parquet")

_ZIP_MAGIC = b"PK\x03\x04"
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_PARQUET_MAGIC = b"PAR1"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_REFUSED_MAGIC = {
    b"%PDF": "a PDF document",
    b"\x89PNG": "a PNG image",
    b"\xff\xd8\xff": "a JPEG image",
    b"GIF8": "a GIF image",
    b"\x1f\x8b": "a gzip archive",
    b"\x80\x04\x95": "a Python pickle",
    b"\x80\x05\x95": "a Python pickle",
}


class FileKind(Enum):
    TEXT = "text"
    XLSX = "xlsx"
    XLS = "xls"
    PARQUET = "parquet"


def check_suffix(filename: str) -> None:
    if Path(filename).suffix.lower() not in ACCEPTED_SUFFIXES:
        raise LatheError(
            "Unsupported file type. Upload a .csv, .tsv, .txt, .xlsx, .xls or .parquet file.",
            ErrorCode.UNSUPPORTED_FILE,
            {"filename": filename},
        )


def detect_kind(head: bytes) -> FileKind:
    """The kind of file the bytes start, refusing binary formats that are not spreadsheets."""
    if not head.strip():
        raise LatheError("The file is empty.", ErrorCode.EMPTY_FILE)
    if head.startswith(_ZIP_MAGIC):
        return FileKind.XLSX
    if head.startswith(_OLE_MAGIC):
        return FileKind.XLS
    if head.startswith(_PARQUET_MAGIC):
        return FileKind.PARQUET
    for magic, what in _REFUSED_MAGIC.items():
        if head.startswith(magic):
            raise LatheError(
                f"This file is {what}, not a CSV or spreadsheet.",
                ErrorCode.UNSUPPORTED_FILE,
                {"detected": what},
            )
    if not head.startswith(_UTF16_BOMS) and _looks_binary(head):
        raise LatheError(
            "This file does not look like text or a spreadsheet.", ErrorCode.UNSUPPORTED_FILE
        )
    return FileKind.TEXT


def _looks_binary(head: bytes) -> bool:
    if b"\x00" in head:
        return True
    control = sum(1 for byte in head if byte < 32 and byte not in (9, 10, 12, 13))
    return control > len(head) * 0.01
