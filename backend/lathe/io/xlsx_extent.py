"""What an .xlsx would make calamine allocate, measured with a real XML parser before
calamine opens the file.

calamine holds a sheet as the whole rectangle up to its last cell, and reserves room for
as many shared strings as the workbook claims: a 4.7 KB file that named the cell
XFD1048576 made it ask for 512 GiB and abort the process. Every part is read here with
expat, as calamine finds it (``_rels/.rels``, ``workbook.xml`` and its relations, the
sheet), refusing a document type declaration (so no entity can expand) and whatever the
parser cannot read, rather than passing it to calamine.
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from xml.parsers import expat

from lathe.errors import ErrorCode, UnreadableFileError

_READ_BYTES = 1024 * 1024
_CELL = re.compile(r"([A-Za-z]{1,3})([0-9]{1,7})")
_ROW = re.compile(r"[0-9]{1,7}")
_OFFICE_DOCUMENT = "/relationships/officeDocument"
_PACKAGE_RELATIONS = "_rels/.rels"

StartHandler = Callable[[str, dict[str, str]], None]


class _Enough(Exception):
    """Raised from a handler to stop reading a part once it has told what was needed."""


class _Declaration(Exception):
    """A document type declaration or an entity: refused, so nothing can expand."""


def unreadable(what: str) -> UnreadableFileError:
    return UnreadableFileError(
        f"The workbook's {what} could not be read, so the file was refused.",
        ErrorCode.FILE_UNREADABLE,
        {"detail": what},
    )


def _local(name: str) -> str:
    """An element's or attribute's name without its prefix, as calamine matches names
    (namespaces are not resolved: a prefix is not checked either)."""
    return name.rpartition(":")[2]


def _refuse_declarations(*_: object) -> None:
    raise _Declaration


def _parse(archive: zipfile.ZipFile, member: str, on_start: StartHandler) -> None:
    """Feed `member` to expat a block at a time, `on_start` seeing each element; a
    document type declaration, an entity or XML that is not well formed is refused."""
    parser = expat.ParserCreate()
    parser.StartDoctypeDeclHandler = _refuse_declarations
    parser.EntityDeclHandler = _refuse_declarations
    parser.StartElementHandler = on_start
    try:
        with archive.open(member) as part:
            while block := part.read(_READ_BYTES):
                parser.Parse(block, False)
            parser.Parse(b"", True)
    except _Enough:
        pass
    except (_Declaration, expat.ExpatError, ValueError, zipfile.BadZipFile, EOFError) as error:
        raise unreadable(member) from error


def _elements(archive: zipfile.ZipFile, member: str, local: str) -> list[dict[str, str]]:
    """The attributes of every element named `local` in `member`."""
    found: list[dict[str, str]] = []

    def on_start(name: str, attributes: dict[str, str]) -> None:
        if _local(name) == local:
            found.append(attributes)

    _parse(archive, member, on_start)
    return found


class _Members:
    """The archive's members looked up as calamine does: without case, `\\` as `/`."""

    def __init__(self, archive: zipfile.ZipFile) -> None:
        self._names = {name.replace("\\", "/").lower(): name for name in archive.namelist()}

    def get(self, path: str) -> str | None:
        return self._names.get(path.lower())


@dataclass(frozen=True)
class WorkbookParts:
    folder: str
    """Where ``workbook.xml`` lies, ``xl/`` in every common file."""
    sheets: list[str | None]
    """The member of each sheet in calamine's order; None where calamine finds none."""


def workbook_parts(archive: zipfile.ZipFile) -> WorkbookParts:
    """The sheets' members, found through ``_rels/.rels``, ``workbook.xml`` and its
    relations exactly as calamine finds them."""
    members = _Members(archive)
    folder = _document_folder(archive, members)
    workbook = members.get(f"{folder}workbook.xml")
    relations_member = members.get(f"{folder}_rels/workbook.xml.rels")
    if workbook is None or relations_member is None:
        raise unreadable("workbook.xml")
    relations = {
        found.get("Id", ""): found.get("Target", "")
        for found in _elements(archive, relations_member, "Relationship")
    }
    sheets: list[str | None] = []
    for sheet in _elements(archive, workbook, "sheet"):
        ids = [value for name, value in sheet.items() if _local(name) == "id"]
        if not ids or ids[-1] not in relations:
            raise unreadable(f"{workbook} sheet relation")
        target = relations[ids[-1]]
        path = target[1:] if target.startswith("/") else f"{folder}{target}"
        sheets.append(members.get(path))
    return WorkbookParts(folder, sheets)


def _document_folder(archive: zipfile.ZipFile, members: _Members) -> str:
    relations = members.get(_PACKAGE_RELATIONS)
    if relations is None:
        raise unreadable(_PACKAGE_RELATIONS)
    target = None
    for relation in _elements(archive, relations, "Relationship"):
        if relation.get("Type", "").endswith(_OFFICE_DOCUMENT) and "Target" in relation:
            target = relation["Target"]
    if target is None:
        raise unreadable(_PACKAGE_RELATIONS)
    return target[: target.rfind("/") + 1].removeprefix("/")


def shared_strings(archive: zipfile.ZipFile, parts: WorkbookParts) -> int:
    """How many shared strings the workbook says it holds: calamine reserves room for that
    many before it reads one."""
    member = _Members(archive).get(f"{parts.folder}sharedStrings.xml")
    if member is None:
        return 0
    count = 0

    def on_start(name: str, attributes: dict[str, str]) -> None:
        nonlocal count
        if _local(name) == "sst":
            claimed = attributes.get("uniqueCount", "0")
            count = int(claimed) if claimed.isdigit() and len(claimed) < 20 else 0
            raise _Enough

    _parse(archive, member, on_start)
    return count


class _Extent:
    """The last row and column a sheet names, counted from A1: in its ``<dimension>``,
    ``<row r>`` and ``<c r>``; a row or cell without a reference follows the previous
    one, as calamine places it."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.rows = 0
        self.columns = 0
        self._row = 0
        self._column = 0

    @property
    def cells(self) -> int:
        return self.rows * self.columns

    def on_start(self, name: str, attributes: dict[str, str]) -> None:
        # called for every element of the sheet: a name without a prefix is taken as it is
        local = _local(name) if ":" in name else name
        if local == "c":
            reference = attributes.get("r")
            if reference is None:
                self._column += 1
                row = max(self._row, 1)
            else:
                row, self._column = _cell(reference)
            if row > self.rows or self._column > self.columns:
                self._reach(row, self._column)
        elif local == "row":
            number = attributes.get("r")
            if number is not None and not _ROW.fullmatch(number):
                raise unreadable(f"row number {number[:20]}")
            self._row = self._row + 1 if number is None else int(number)
            self._column = 0
            self._reach(self._row, 0)
        elif local == "dimension":
            for corner in attributes.get("ref", "").split(":"):
                self._reach(*_cell(corner))

    def _reach(self, row: int, column: int) -> None:
        self.rows = max(self.rows, row)
        self.columns = max(self.columns, column)
        if self.cells > self.limit:
            raise _Enough


def sheet_cells(archive: zipfile.ZipFile, member: str, limit: int) -> int:
    """Rows × columns from A1 to the last row and column the sheet names (never less than
    calamine will hold); counting stops once past `limit`."""
    extent = _Extent(limit)
    _parse(archive, member, extent.on_start)
    return extent.cells


def _cell(reference: str) -> tuple[int, int]:
    """The row and column numbers of a reference such as ``B12``."""
    match = _CELL.fullmatch(reference)
    if match is None:
        raise unreadable(f"cell reference {reference[:20]}")
    return int(match.group(2)), _column_number(match.group(1))


@cache
def _column_number(letters: str) -> int:
    column = 0
    for letter in letters.upper():
        column = column * 26 + ord(letter) - ord("A") + 1
    return column
