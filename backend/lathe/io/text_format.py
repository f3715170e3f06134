"""Sniff the encoding, the delimiter and the opening of a delimited text file.

The table starts at its first character that is not white space: blank lines and spaces
before the header are passed over. Lines may end with LF, CRLF or a lone CR.
"""

import codecs
import csv
import io
import re
from collections import Counter
from pathlib import Path

from lathe.errors import ErrorCode, UnreadableFileError
from lathe.io.lines_above_table import OPENING_ROWS, header_index

DELIMITERS = (",", ";", "\t", "|")
_CHUNK = 4 * 1024 * 1024
_SAMPLE_BYTES = 256 * 1024
SAMPLE_KIB = _SAMPLE_BYTES // 1024
_BLANK = b" \t\r\n\x0b\x0c"
_CP1252_UNDEFINED = re.compile(rb"[\x81\x8d\x8f\x90\x9d]")


def bom_encoding(path: Path) -> str | None:
    """utf-8-sig or utf-16 when the file opens with their BOM."""
    with path.open("rb") as handle:
        head = handle.read(4)
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    return None


def opens_as_utf8(path: Path, start: int = 0) -> bool:
    """Whether the sample the header is read from is UTF-8 (a character cut at its end
    allowed). The rest of the file is checked by the parser as it reads each cell."""
    with path.open("rb") as handle:
        handle.seek(start)
        raw = handle.read(_SAMPLE_BYTES)
    try:
        codecs.getincrementaldecoder("utf-8")().decode(raw)
    except UnicodeDecodeError:
        return False
    return True


def single_byte_encoding(path: Path) -> str:
    """cp1252 unless a byte it leaves undefined occurs; then latin-1, which maps every byte."""
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            if _CP1252_UNDEFINED.search(chunk):
                return "latin-1"
    return "cp1252"


def text_start(path: Path) -> int:
    """The offset of the first byte that is not white space (past a UTF-8 BOM); the file's
    length when it is all white space. UTF-16 text starts at 0: pyarrow reads its BOM."""
    with path.open("rb") as handle:
        head = handle.read(2)
        if head in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
            return 0
        handle.seek(0)
        offset = len(codecs.BOM_UTF8) if handle.read(3) == codecs.BOM_UTF8 else 0
        handle.seek(offset)
        while chunk := handle.read(_CHUNK):
            stripped = len(chunk) - len(chunk.lstrip(_BLANK))
            offset += stripped
            if stripped < len(chunk):
                break
    return offset


def read_sample(path: Path, encoding: str, start: int = 0) -> str:
    """The opening of the table as text, cut at the last complete line when the file is
    longer; refused when not even the header row ends within the sample."""
    with path.open("rb") as handle:
        handle.seek(start)
        raw = handle.read(_SAMPLE_BYTES + 1)
    truncated = len(raw) > _SAMPLE_BYTES
    text = raw[:_SAMPLE_BYTES].decode(encoding, errors="ignore")
    if truncated:
        end = max(text.rfind("\n"), text.rfind("\r"))
        if end < 0:
            raise UnreadableFileError(
                f"The header row is longer than {SAMPLE_KIB} KiB, so the file cannot be read "
                "as a table. Check that it has line breaks and a header row of column names.",
                ErrorCode.HEADER_TOO_LONG,
                {"limit_kib": SAMPLE_KIB},
            )
        text = text[:end]
    return text


def detect_delimiter(sample: str) -> str:
    """The candidate that splits the opening lines into the most consistent number of fields."""
    best, best_score = ",", (0.0, 0, 0)
    for delimiter in DELIMITERS:
        widths = [len(row) for row in _rows(sample, delimiter) if row]
        if not widths:
            continue
        width, count = Counter(widths).most_common(1)[0]
        if width < 2:
            continue
        header_agrees = int(widths[0] == width)
        score = (count / len(widths), header_agrees, width)
        if score > best_score:
            best, best_score = delimiter, score
    return best


def lines_before_table(sample: str, delimiter: str) -> list[str]:
    """The lines above the header row that are not part of the table (``header_index``),
    blank ones included, so their length is where the header row starts. None when a
    quote opens above the header row, where rows and lines may part."""
    lines = sample.splitlines(keepends=True)[:OPENING_ROWS]
    try:
        widths = [len(row) for row in csv.reader(lines, delimiter=delimiter)]
    except csv.Error:
        return []
    above = lines[: header_index(widths)]
    return [] if '"' in "".join(above) else above


def read_header(sample: str, delimiter: str) -> list[str]:
    for row in _rows(sample, delimiter):
        return row
    return []


def _rows(sample: str, delimiter: str) -> list[list[str]]:
    reader = csv.reader(io.StringIO(sample, newline=""), delimiter=delimiter)
    rows: list[list[str]] = []
    try:
        for row in reader:
            rows.append(row)
            if len(rows) >= OPENING_ROWS:
                break
    except csv.Error:
        pass
    return rows
