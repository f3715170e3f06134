"""Whether a file's first row names its columns or is its first row of values.

Files saved by programs that write no header (the UCI repository's iris, wine and adult
files among them) open with a row of values. Read as a header, that row becomes column
names such as "5.1" and "Iris-setosa", and the row is lost. The first row is read as
values when it looks like the rows below it: every number column has a number above it,
every date column a date, every yes/no column a yes/no word and every text column one of
its own values, with at least one number or date among them. A first cell that is blank
or a missing-value marker tells nothing.

A row whose numbers count up (0,1,2 as pandas writes a frame without names, or years
1990,2000,2010) is a header. So is a first row whose text a column does not hold again,
a name or a level seen once: such a file keeps its first row as names, as before.

A model trained on such a file knows its columns as col_1, col_2, ...; a file to predict
whose first row names none of them is read the same way, whatever its values look like.
"""

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

import pandas as pd

from lathe.io.column_names import cell_text, generated_name
from lathe.io.text_cells import NULL_VALUES, plain_number
from lathe.io.type_inference import BOOLEAN_WORDS, looks_like_date, written_number

_GENERATED = re.compile(r"col_\d+")


def first_row_is_data(cells: Sequence[object], frame: pd.DataFrame, decimal_comma: bool) -> bool:
    """Whether the header `cells` read above `frame` (its columns in the same order,
    typed) are values like the ones below them. Text columns are looked into last, and
    only when every other column already agrees: a file with a header is told in a few
    cells."""
    if frame.empty or len(cells) != frame.shape[1]:
        return False
    row = _FirstRow(decimal_comma)
    for position, raw in enumerate(cells):
        text = cell_text(raw)
        if text == "" or text in NULL_VALUES:
            continue
        if not row.agrees(text, frame.iloc[:, position]):
            return False
    if (row.dates == 0 and not row.numbers) or _counts_up(row.numbers):
        return False
    return all(_one_of_its_values(text, column) for text, column in row.text_columns)


@dataclass
class _FirstRow:
    """The first row's cells read so far against their columns' types."""

    decimal_comma: bool
    numbers: list[float] = field(default_factory=list)
    dates: int = 0
    text_columns: list[tuple[str, pd.Series]] = field(default_factory=list)
    """Text cells with their columns, looked into last."""

    def agrees(self, text: str, column: pd.Series) -> bool:
        """Whether `text` could be a value of the bool, date or number `column`; a text
        column's cell is kept for later."""
        dtype = column.dtype
        if pd.api.types.is_bool_dtype(dtype):
            return text.lower() in BOOLEAN_WORDS
        if pd.api.types.is_datetime64_any_dtype(dtype):
            self.dates += 1
            return looks_like_date(text)
        if pd.api.types.is_numeric_dtype(dtype):
            number = _number(text, self.decimal_comma)
            if number is not None:
                self.numbers.append(number)
            return number is not None
        self.text_columns.append((text, column))
        return True


def reads_as_generated(expected: Sequence[str], cells: Sequence[object]) -> bool:
    """Whether a file to predict whose first row is `cells` is read without a header: the
    model's columns are all col_<position> and that row names none of them."""
    if not expected or not all(_GENERATED.fullmatch(name) for name in expected):
        return False
    texts = {cell_text(raw) or generated_name(position) for position, raw in enumerate(cells, 1)}
    return not texts & set(expected)


def _number(text: str, decimal_comma: bool) -> float | None:
    number = plain_number(text)
    if number is None and written_number(text, decimal_comma):
        # an amount ($1,250.00) or a measure (12 kg) is a number, though not one a header
        # row counts with
        return math.nan
    return number


def _one_of_its_values(text: str, column: pd.Series) -> bool:
    return bool((column.dropna().astype("str").str.strip() == text).any())


def _counts_up(numbers: list[float]) -> bool:
    """Whole numbers rising by one step: by one, or by any step over three or more."""
    if len(numbers) < 2 or not all(number.is_integer() for number in numbers):
        return False
    steps = {later - earlier for earlier, later in pairwise(numbers)}
    if len(steps) != 1:
        return False
    step = steps.pop()
    return step == 1 or (step > 0 and len(numbers) >= 3)
