"""Where a table starts below a title, an export date or notes.

Exports often open with lines that are not part of the table, then the header row. The
table's width is the most common number of fields, two or more, among its opening rows (in
a workbook, of filled cells: a header row fills more cells than rows with gaps); the
header row is the first at least that wide, provided most rows from it on are and every
row above holds at most half as many fields (one for a table of two or three). A first row
wider than that is the header: a header one field short of rows that end in a delimiter is
not taken for a title.
"""

from collections import Counter

OPENING_ROWS = 50


def header_index(widths: list[int]) -> int:
    """The position of the header row among rows of `widths` fields (0 for a blank row)."""
    counts = Counter(width for width in widths if width >= 2)
    if not counts:
        return 0
    table_width = counts.most_common(1)[0][0]
    for index, width in enumerate(widths):
        if width >= table_width:
            rows = [count for count in widths[index:] if count]
            wide = sum(count >= table_width for count in rows)
            return index if 2 * wide > len(rows) else 0
        if width > max(1, table_width // 2):
            return 0
    return 0
