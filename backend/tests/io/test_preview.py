"""The counts every response carries, against pandas' own."""

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from lathe.io import preview
from lathe.io.preview import missing_counts


@pytest.mark.parametrize("chunk_rows", [4, 1 << 20])
def test_missing_counts_equal_pandas_for_every_kind_of_column(monkeypatch, chunk_rows):
    monkeypatch.setattr(preview, "MISSING_CHUNK_ROWS", chunk_rows)
    chunked = pd.Series(
        pd.arrays.ArrowStringArray(pa.chunked_array([["a", None], [None, "b"], ["c", None]])),
        index=[5, 3, 1, 0, 2, 4],
    )
    frame = pd.DataFrame(
        {
            "whole": np.arange(6),
            "yes": np.array([True, False] * 3),
            "float": [1.0, np.nan, 2.0, np.nan, np.nan, 0.0],
            "text": pd.Series(["a", None, "b", None, None, "c"], dtype="str"),
            "chunked": chunked.reset_index(drop=True),
            "python_text": pd.Series(["a", None, "b", "c", "d", None], dtype="string[python]"),
            "objects": pd.Series(["a", None, 3, np.nan, "e", "f"], dtype=object),
            "nullable": pd.array([1, None, 3, None, 5, 6], dtype="Int64"),
            "flags": pd.array([True, None, False, None, None, True], dtype="boolean"),
            "dates": pd.to_datetime(pd.Series(["2024-01-01", None, "2024-01-03"] + [None] * 3)),
            "levels": pd.Categorical(["x", None, "y", "x", None, "y"]),
            "durations": pd.to_timedelta(pd.Series(["1D", None, "2h", None, "3s", None])),
            "small_floats": np.array([np.nan, 1, 2, 3, 4, np.nan], dtype=np.float32),
        }
    )
    expected = {name: int(count) for name, count in frame.isna().sum().items()}
    assert missing_counts(frame) == expected
    assert expected["chunked"] == 3 and expected["whole"] == 0
