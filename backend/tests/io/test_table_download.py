"""The download's writers. CSV: Arrow's speed with the values pandas would write, across
every column type and batch boundaries. Parquet: the frame back whole, row group by row
group, with a dictionary only where values repeat."""

import io

import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pytest

from lathe.io import table_download
from lathe.io.formula_cells import inert_cells
from lathe.io.table_download import csv_batches, parquet_batches


def every_type(rows: int) -> pd.DataFrame:
    positions = np.arange(rows)
    return pd.DataFrame(
        {
            "number": positions / 3 - 5,
            "whole": pd.array([None if p % 7 == 0 else p for p in positions], dtype="Int64"),
            "flag": pd.Series(
                [None if p % 5 == 0 else p % 2 == 0 for p in positions], dtype=object
            ),
            "level": pd.Categorical(np.where(positions % 2 == 0, "odd, one", "even")),
            "text": [
                ["plain", 'with "quote"', "two\nlines", "=1+1", None][p % 5] for p in positions
            ],
            "day": pd.Timestamp("1969-12-30") + pd.to_timedelta(positions, unit="D"),
            "moment": pd.Timestamp("2024-02-28 23:59:58") + pd.to_timedelta(positions, unit="s"),
            "fine": pd.Timestamp("2024-01-01") + pd.to_timedelta(positions * 1.5, unit="ms"),
            "zoned": pd.date_range("2024-03-30", periods=rows, freq="h", tz="Europe/Berlin"),
            "span": pd.to_timedelta(positions, unit="min"),
            "mixed": [[1, "a", 2.5, True][p % 4] for p in positions],
            "a,b": positions,
        }
    )


def written(frame: pd.DataFrame) -> bytes:
    return b"".join(csv_batches(frame))


@pytest.mark.parametrize("rows", [0, 1, 23])
def test_the_csv_reads_back_as_pandas_own_csv_does(monkeypatch, rows):
    monkeypatch.setattr(table_download, "BATCH_ROWS", 10)
    frame = every_type(rows)
    ours = pd.read_csv(io.BytesIO(written(frame)), dtype=str, keep_default_na=False)
    expected = inert_cells(frame)
    pandas = pd.read_csv(
        io.StringIO(expected.to_csv(index=False)), dtype=str, keep_default_na=False
    )
    assert list(ours.columns) == list(frame.columns)
    numbers = ["number"]
    pd.testing.assert_frame_equal(ours.drop(columns=numbers), pandas.drop(columns=numbers))
    np.testing.assert_array_equal(ours["number"].astype(float), frame["number"])


def test_the_header_comes_once_and_is_quoted_only_where_needed(monkeypatch):
    monkeypatch.setattr(table_download, "BATCH_ROWS", 10)
    text = written(every_type(25)).decode()
    assert text.count("number,whole,") == 1
    assert text.splitlines()[0].endswith(',mixed,"a,b"')
    assert text.splitlines()[1].startswith("-5,,")


def test_the_parquet_file_reads_back_whole_with_dictionaries_only_for_repeated_values(
    monkeypatch,
):
    monkeypatch.setattr(table_download, "PARQUET_BATCH_ROWS", 10)
    frame = every_type(25).drop(columns=["mixed", "zoned", "span"])
    content = b"".join(parquet_batches(frame))
    pd.testing.assert_frame_equal(pd.read_parquet(io.BytesIO(content)), frame)
    metadata = pq.read_metadata(io.BytesIO(content))
    assert metadata.num_row_groups == 3
    first = metadata.row_group(0)
    encoded = {
        first.column(index).path_in_schema: first.column(index).has_dictionary_page
        for index in range(first.num_columns)
    }
    assert encoded == {
        "number": False,
        "whole": False,
        "flag": False,  # Parquet writes booleans as bits, never with a dictionary
        "level": True,
        "text": True,
        "day": False,
        "moment": False,
        "fine": False,
        "a,b": False,
    }
