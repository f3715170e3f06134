"""Rows that repeat the header row, as in files joined end to end with their headers, are
dropped: one such row made every number column text ("age" among the ages) and added a
level named after each text column. A row repeats the header when every cell holds its
column's name, missing under a blank name. A column the parser typed cannot hold a name,
so a file with a name over such a column is told at once; the text columns are checked
first. The text columns left all numbers are then read as numbers.
"""

import pyarrow as pa
import pyarrow.compute as pc

from lathe.io.column_names import cell_text
from lathe.io.text_cells import as_numbers, plain_number


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
            kept = kept.set_column(index, kept.field(index).name, as_numbers(kept.column(index)))
    return kept, count


def _holds_name(column: pa.ChunkedArray, name: str) -> pa.ChunkedArray:
    """Where `column` holds `name`, its column's header."""
    if name == "":
        return pc.is_null(column)
    if pa.types.is_string(column.type):
        return pc.fill_null(pc.equal(column, name), False)
    return pc.fill_null(pc.equal(pc.cast(column, pa.string()), name), False)
