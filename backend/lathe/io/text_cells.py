"""The cells of a table parsed from text, put right before they are typed.

Cells written after ", " ("39, Private, Male") are trimmed: one left empty or a
missing-value marker is missing, and a column left all whole or decimal numbers is read as
numbers, as the parser reads cells without spaces. A column with no such space is left as
it is (a check of 10 ms per 1,000,000 cells).

Rows that repeat the header row, as in files joined end to end with their headers, are
dropped: one such row made every number column text ("age" among the ages) and added a
level named after each text column. A row repeats the header when every cell holds its
column's name, missing under a blank name. A column the parser typed cannot hold a name,
so a file with a name over such a column is told at once; the text columns are checked
first. The text columns left all numbers are then read as numbers.
"""

import math

import pyarrow as pa
import pyarrow.compute as pc

from lathe.io.headers import cell_text

EXCEL_ERRORS = [
    "#N/A",
    "#N/A N/A",
    "#NA",
    "#DIV/0!",
    "#VALUE!",
    "#REF!",
    "#NAME?",
    "#NUM!",
    "#NULL!",
]
"""What a spreadsheet writes for a formula that failed, in its files as in its cells."""
NULL_VALUES = [
    *["", "NA", "N/A", "n/a", "NaN", "nan", "NULL", "null", "None", "none", "-", "?"],
    *EXCEL_ERRORS,
]


def trimmed_text(table: pa.Table) -> pa.Table:
    """`table` with the text of its padded columns trimmed, markers missing, numbers read."""
    markers = pa.array(NULL_VALUES)
    for index, kind in enumerate(table.schema.types):
        if not pa.types.is_string(kind):
            continue
        column = table.column(index)
        trimmed = pc.utf8_trim_whitespace(column)
        if _text_bytes(trimmed) == _text_bytes(column):
            continue
        cells = pc.if_else(pc.is_in(trimmed, value_set=markers), None, trimmed)
        table = table.set_column(index, table.field(index).name, _as_numbers(cells))
    return table


def without_repeated_header(table: pa.Table, first_row: list[str]) -> tuple[pa.Table, int]:
    """`table` without the rows that repeat its header `first_row`, and how many there were."""
    names = [cell_text(cell) for cell in first_row]
    kinds = table.schema.types
    if table.num_rows == 0 or len(names) != len(kinds):
        return table, 0
    text = [index for index, kind in enumerate(kinds) if pa.types.is_string(kind)]
    others = [index for index in range(len(kinds)) if index not in text]
    # a column the parser typed holds no word: a name over it means no row repeats them
    if not text or any(names[index] and plain_number(names[index]) is None for index in others):
        return table, 0
    first, *rest = [*text, *others]
    repeats = _holds_name(table.column(first), names[first])
    for index in rest:
        if not pc.any(repeats).as_py():
            break
        repeats = pc.and_(repeats, _holds_name(table.column(index), names[index]))
    count = int(pc.sum(repeats).as_py() or 0)
    if count == 0:
        return table, 0
    kept = table.filter(pc.invert(repeats))
    for index, kind in enumerate(kinds):
        if pa.types.is_string(kind):
            kept = kept.set_column(index, kept.field(index).name, _as_numbers(kept.column(index)))
    return kept, count


def plain_number(text: str) -> float | None:
    """The finite number `text` writes plainly (12, -3.5, 1e3), else None."""
    try:
        number = float(text)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def _holds_name(column: pa.ChunkedArray, name: str) -> pa.ChunkedArray:
    """Where `column` holds `name`, its column's header."""
    if name == "":
        return pc.is_null(column)
    if pa.types.is_string(column.type):
        return pc.fill_null(pc.equal(column, name), False)
    return pc.fill_null(pc.equal(pc.cast(column, pa.string()), name), False)


def _text_bytes(column: pa.ChunkedArray) -> int:
    return int(pc.sum(pc.binary_length(column)).as_py() or 0)


def _as_numbers(cells: pa.ChunkedArray) -> pa.ChunkedArray:
    for kind in (pa.int64(), pa.float64()):
        try:
            return pc.cast(cells, kind)
        except pa.ArrowInvalid:
            continue
    return cells
