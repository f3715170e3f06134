"""The Arrow array behind a text column that Arrow holds, for work Arrow does in place of
pandas (its null count, its fill)."""

from typing import Any

import pandas as pd
import pyarrow as pa


def arrow_text(column: "pd.Series[Any]") -> pa.ChunkedArray | None:
    """The column's Arrow array when it is text Arrow holds; None for any other column."""
    dtype = column.dtype
    if isinstance(dtype, pd.StringDtype) and dtype.storage == "pyarrow":
        return column.array.__arrow_array__()
    return None
