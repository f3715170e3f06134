"""Text a spreadsheet would run as a formula, made inert for a CSV download.

A text cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return
(OWASP's list) is opened by Excel, LibreOffice and Google Sheets as a formula, one that
can run a command or send the sheet's data away. Such a cell gets a leading ``'``, which
spreadsheets show as text. Only text is changed: a number column keeps ``-3.5``, while a
text column's ``-3.5`` is text like any other cell of that column and gets the quote.
Column names are cells of the header row and get it too. Parquet keeps every value as is.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

TRIGGERS = ("=", "+", "-", "@", "\t", "\r")
QUOTE = "'"
_TRIGGER_SET = pa.array(TRIGGERS)


def inert_name(name: Hashable) -> str:
    text = str(name)
    return QUOTE + text if text.startswith(TRIGGERS) else text


def inert_cells(frame: pd.DataFrame) -> pd.DataFrame:
    """`frame` with each text cell that starts with a trigger quoted; the frame itself
    when none does. Vectorised per column: a million rows cost one string pass."""
    changed = {
        position: quoted
        for position in range(frame.shape[1])
        if (quoted := _inert_column(frame.iloc[:, position])) is not None
    }
    if not changed:
        return frame
    inert = frame.copy(deep=False)
    for position, quoted in changed.items():
        inert.isetitem(position, quoted.array)
    return inert


def _inert_column(column: pd.Series[Any]) -> pd.Series[Any] | None:
    """`column` with its text cells that start with a trigger quoted; None when it has
    none."""
    if isinstance(column.dtype, pd.CategoricalDtype):
        column = column.astype(object)
    elif not pd.api.types.is_string_dtype(column.dtype):
        return None
    starts = _trigger_starts(column)
    if starts is None or not starts.any():
        return None
    quoted = column.copy()
    quoted[starts] = QUOTE + column[starts].astype(str)
    return quoted


def _trigger_starts(column: pd.Series[Any]) -> npt.NDArray[np.bool_] | None:
    """Whether each cell of `column` is text that starts with a trigger; None for an
    object column that holds no text. Arrow-held text is looked at once, by its first
    character: pandas' ``startswith`` of the six triggers makes six passes, and took
    twice as long on a million rows."""
    if isinstance(column.dtype, pd.StringDtype) and column.dtype.storage == "pyarrow":
        first = pc.utf8_slice_codeunits(pa.array(column), 0, 1)
        return np.asarray(pc.is_in(first, value_set=_TRIGGER_SET), dtype=bool)
    try:
        return column.str.startswith(TRIGGERS, na=False).to_numpy(dtype=bool)
    except AttributeError:  # an object column that holds no text
        return None
