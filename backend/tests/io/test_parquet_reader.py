"""Parquet uploads: each column's type as the writer wrote it, names fixed as a CSV
header's are, and files that are damaged or would expand too far refused."""

import datetime
import decimal
import io
import os
import pickle

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from lathe.errors import LatheError
from lathe.io import parquet_reader
from lathe.io.readers import read_table


def written(tmp_path, table: pa.Table, name: str = "table.parquet"):
    path = tmp_path / name
    pq.write_table(table, path)
    return path


def typed_table() -> pa.Table:
    moment = datetime.datetime(2024, 3, 1, 12, 30, tzinfo=datetime.UTC)
    return pa.table(
        {
            "count": pa.array([1, 2, 3], pa.int32()),
            "gaps": pa.array([1, None, 3], pa.int64()),
            "ok": pa.array([True, False, True]),
            "maybe": pa.array([True, None, False]),
            "codes": pa.array(["001", "002", None]),
            "price": pa.array([decimal.Decimal("1.25"), None, decimal.Decimal("3.50")]),
            "level": pa.array(["low", "high", "low"]).dictionary_encode(),
            "day": pa.array([datetime.date(2024, 1, 1), None, datetime.date(2024, 2, 29)]),
            "seen": pa.array([moment, moment, None], pa.timestamp("us", tz="UTC")),
            "tags": pa.array([[1, 2], [], None], pa.list_(pa.int64())),
            "empty": pa.array([None, None, None], pa.null()),
        }
    )


def test_types_are_kept_as_written(tmp_path):
    frame = read_table(written(tmp_path, typed_table()), "table.parquet").frame
    dtypes = {name: str(dtype) for name, dtype in frame.dtypes.items()}
    assert dtypes == {
        "count": "int64",
        "gaps": "Int64",
        "ok": "bool",
        "maybe": "boolean",
        "codes": "str",
        "price": "float64",
        "level": "str",
        "day": "datetime64[s]",
        "seen": "datetime64[us, UTC]",
        "tags": "str",
        "empty": "float64",
    }
    # text that reads as numbers stays the text the writer chose
    assert frame["codes"].tolist()[:2] == ["001", "002"]
    assert frame["price"].tolist()[0] == 1.25
    assert frame["day"].iloc[2] == datetime.datetime(2024, 2, 29)
    assert frame["tags"].tolist()[:2] == ["[1, 2]", "[]"] and frame["tags"].isna().iloc[2]


def test_nullable_whole_numbers_and_booleans_keep_every_value(tmp_path):
    large = 2**53 + 1  # a float would make it 2**53
    table = pa.table(
        {
            "big": pa.array([large, None, -large], pa.int64()),
            "small": pa.array([None, 7, 255], pa.uint8()),
            "unsigned": pa.array([4_000_000_000, None, 0], pa.uint32()),
            "maybe": pa.array([None, True, False]),
        }
    )
    frame = read_table(written(tmp_path, table), "table.parquet").frame
    assert [str(dtype) for dtype in frame.dtypes] == ["Int64", "Int64", "Int64", "boolean"]
    assert frame["big"].tolist() == [large, pd.NA, -large]
    assert frame["small"].tolist() == [pd.NA, 7, 255]
    assert frame["unsigned"].tolist() == [4_000_000_000, pd.NA, 0]
    assert frame["maybe"].tolist() == [pd.NA, True, False]


def test_blank_and_repeated_names_are_fixed_as_a_header_is(tmp_path):
    table = pa.Table.from_arrays(
        [pa.array([1]), pa.array([2]), pa.array([3])], names=["a", "a", ""]
    )
    frame = read_table(written(tmp_path, table), "t.parquet").frame
    assert list(frame.columns) == ["a", "a_2", "col_3"]


def test_a_parquet_file_is_read_whatever_its_name_says(tmp_path):
    path = written(tmp_path, pa.table({"x": [1.5, 2.5]}), "export.csv")
    assert read_table(path, "export.csv").frame["x"].tolist() == [1.5, 2.5]


def test_a_table_of_no_rows_says_so(tmp_path):
    result = read_table(written(tmp_path, pa.table({"x": pa.array([], pa.int64())})), "t.parquet")
    assert result.frame.shape == (0, 1)
    assert result.warnings == ["The file has a header but no data rows."]


def test_a_file_that_would_expand_past_the_limit_is_refused_before_it_is_read(
    tmp_path, monkeypatch
):
    path = written(tmp_path, pa.table({"x": list(range(100)), "y": list(range(100))}))
    monkeypatch.setattr(parquet_reader, "MAX_CELLS", 199)
    with pytest.raises(LatheError) as refused:
        read_table(path, "t.parquet")
    assert refused.value.code == "too_many_parquet_cells"
    assert refused.value.params == {"cells": 200, "max_cells": 199}


def parquet_bytes(table: pa.Table) -> bytes:
    buffer = io.BytesIO()
    pq.write_table(table, buffer)
    return buffer.getvalue()


WHOLE = parquet_bytes(pa.table({"a": list(range(100)), "b": [str(n) for n in range(100)]}))


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (WHOLE[: len(WHOLE) // 2], "file_unreadable"),
        (WHOLE[:-10], "file_unreadable"),
        (b"PAR1", "file_unreadable"),
        (b"PAR1" + bytes(64) + b"PAR1", "file_unreadable"),
        (parquet_bytes(pa.table({})), "empty_file"),
        (pickle.dumps({"a": 1}), "unsupported_file"),
        (bytes(range(256)) * 8, "unsupported_file"),
    ],
    ids=["half", "footer cut", "magic", "no footer", "no columns", "pickle", "binary"],
)
def test_a_broken_or_foreign_file_named_parquet_is_refused_with_a_code(tmp_path, content, code):
    path = tmp_path / "t.parquet"
    path.write_bytes(content)
    with pytest.raises(LatheError) as refused:
        read_table(path, "t.parquet")
    assert refused.value.code == code


class MakesAFolder:
    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return (os.mkdir, (str(self.path),))


def test_a_column_that_names_a_pickled_type_is_read_without_unpickling(tmp_path):
    payload = pickle.dumps(MakesAFolder(tmp_path / "unpickled"))
    pickle.loads(payload)  # the payload runs when unpickled
    assert (tmp_path / "unpickled").is_dir()
    (tmp_path / "unpickled").rmdir()
    extension = {
        b"ARROW:extension:name": b"arrow.py_extension_type",
        b"ARROW:extension:metadata": payload,
    }
    schema = pa.schema([pa.field("x", pa.binary(), metadata=extension)])
    table = pa.Table.from_arrays([pa.array([b"a", b"b"])], schema=schema)
    frame = read_table(written(tmp_path, table), "t.parquet").frame
    assert not (tmp_path / "unpickled").exists()
    assert frame["x"].tolist() == ["b'a'", "b'b'"]
