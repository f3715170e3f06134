"""The cells of a table parsed from text, put right before they are typed.

Cells written after ", " ("39, Private, Male") are trimmed: one left empty or a
missing-value marker is missing, and a column left all whole or decimal numbers is read as
numbers, as the parser reads cells without spaces. A column with no such space is left as
it is (a check of 10 ms per 1,000,000 cells).
"""

import math

import pyarrow as pa
import pyarrow.compute as pc

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
        table = table.set_column(index, table.field(index).name, as_numbers(cells))
    return table


def plain_number(text: str) -> float | None:
    """The finite number `text` writes plainly (12, -3.5, 1e3), else None."""
    try:
        number = float(text)
    except ValueError:
        return None
    return number if math.isfinite(number) else None


def _text_bytes(column: pa.ChunkedArray) -> int:
    return int(pc.sum(pc.binary_length(column)).as_py() or 0)


def as_numbers(cells: pa.ChunkedArray) -> pa.ChunkedArray:
    for kind in (pa.int64(), pa.float64()):
        try:
            return pc.cast(cells, kind)
        except pa.ArrowInvalid:
            continue
    return cells
