"""Files whose first row is a row of values, and files whose first row only looks like one."""

import io
from pathlib import Path

import openpyxl
import pandas as pd
import pytest

from lathe.io.headerless_files import reads_as_generated
from lathe.io.readers import read_table

HEADERLESS_WARNING = (
    "The first row holds values rather than column names, so it was read as a row and the "
    "columns were named col_1 to col_{count}."
)


def read(tmp_path: Path, name: str, text: str | bytes, expected: list[str] | None = None):
    path = tmp_path / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return read_table(path, name, expected)


IRIS = (
    "5.1,3.5,1.4,0.2,Iris-setosa\n"
    "4.9,3.0,1.4,0.2,Iris-setosa\n"
    "7.0,3.2,4.7,1.4,Iris-versicolor\n"
    "6.4,3.2,4.5,1.5,Iris-versicolor\n"
    "6.3,3.3,6.0,2.5,Iris-virginica\n"
)


def test_a_file_of_values_keeps_its_first_row_and_names_columns_by_position(tmp_path):
    table = read(tmp_path, "iris.csv", IRIS)
    frame = table.frame
    assert list(frame.columns) == ["col_1", "col_2", "col_3", "col_4", "col_5"]
    assert len(frame) == 5
    assert frame.iloc[0].tolist() == [5.1, 3.5, 1.4, 0.2, "Iris-setosa"]
    assert frame["col_1"].dtype == "float64"
    assert table.warnings == [HEADERLESS_WARNING.format(count=5)]


@pytest.mark.parametrize(
    ("name", "text", "first"),
    [
        # only numbers, the class first (wine.data)
        ("wine.csv", "1,14.23,1.71\n1,13.2,1.78\n2,13.16,2.36\n", [1, 14.23, 1.71]),
        # cells written after ", " and "?" for a missing one (adult.data)
        (
            "adult.csv",
            "39, ?, 77516, Male, <=50K\n50, Private, 83311, Male, <=50K\n"
            "38, Private, 215646, Female, >50K\n53, Private, 234721, Male, <=50K\n",
            [39, None, 77516, "Male", "<=50K"],
        ),
        # dates and yes/no words
        (
            "visits.csv",
            "2024-01-03,yes,5\n2024-01-04,no,6\n2024-02-05,yes,7\n",
            [pd.Timestamp("2024-01-03"), True, 5],
        ),
        # semicolons and decimal commas
        ("weights.csv", "1,5;2;x\n2,5;3;x\n3,5;4;y\n", [1.5, 2, "x"]),
        # a measure written with its unit
        (
            "cars.csv",
            "2014,18.2 kmpl,Petrol\n2015,17.1 kmpl,Diesel\n2016,19.0 kmpl,Petrol\n",
            [2014, 18.2, "Petrol"],
        ),
    ],
)
def test_files_without_a_header_row_are_read_whole(tmp_path, name, text, first):
    table = read(tmp_path, name, text)
    frame = table.frame
    assert list(frame.columns) == [f"col_{position}" for position in range(1, len(first) + 1)]
    assert len(frame) == text.count("\n")
    assert [None if pd.isna(value) else value for value in frame.iloc[0]] == first
    assert table.warnings == [HEADERLESS_WARNING.format(count=len(first))]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("a,b,c\n1,2,x\n3,4,y\n", ["a", "b", "c"]),
        # pandas' names of a frame without any, and its index column
        ("0,1,2\n1.5,2.5,3.5\n4.5,5.5,6.5\n", ["0", "1", "2"]),
        (",0,1\n0,1.5,2.5\n1,4.5,5.5\n", ["col_1", "0", "1"]),
        # a table with a column per year
        ("country,1990,2000\nPeru,1,2\nChile,3,4\n", ["country", "1990", "2000"]),
        ("1990,2000,2010\n1,2,3\n4,5,6\n", ["1990", "2000", "2010"]),
        # a name over a text column that never holds it
        ("7,name,3\n1,ann,2\n2,bob,5\n", ["7", "name", "3"]),
        # a number over a text column, a word over a number column
        ("2,3\nx,4\ny,5\n", ["2", "3"]),
        ("2,size\n1,4\n3,5\n", ["2", "size"]),
        # only text: nothing to tell by
        ("north,yes\nnorth,no\nsouth,yes\n", ["north", "yes"]),
    ],
)
def test_a_header_row_stays_a_header(tmp_path, text, names):
    table = read(tmp_path, "named.csv", text)
    assert list(table.frame.columns) == names
    assert len(table.frame) == text.count("\n") - 1
    assert table.warnings == []


def test_a_workbook_without_a_header_row(tmp_path):
    book = openpyxl.Workbook()
    sheet = book.active
    for row in ([5.1, 3.5, "setosa"], [4.9, 3.0, "setosa"], [7.0, 3.2, "versicolor"]):
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    table = read(tmp_path, "iris.xlsx", buffer.getvalue())
    assert list(table.frame.columns) == ["col_1", "col_2", "col_3"]
    assert table.frame["col_3"].tolist() == ["setosa", "setosa", "versicolor"]
    assert table.frame["col_1"].tolist() == [5.1, 4.9, 7.0]
    assert table.warnings == [HEADERLESS_WARNING.format(count=3)]


def test_a_file_to_predict_follows_the_models_columns(tmp_path):
    # one row only, and a level the file holds once: on its own it would keep a header
    row = "6.0,2.2,rare\n"
    assert list(read(tmp_path, "one.csv", row).frame.columns) == ["6.0", "2.2", "rare"]
    generated = read(tmp_path, "one.csv", row, ["col_1", "col_2", "col_3"])
    assert list(generated.frame.columns) == ["col_1", "col_2", "col_3"]
    assert len(generated.frame) == 1
    assert generated.warnings == []
    # a file that does name the columns, and a model of named columns
    named = "col_1,col_2,col_3\n6.0,2.2,rare\n"
    assert len(read(tmp_path, "named.csv", named, ["col_1", "col_3"]).frame) == 1
    assert read(tmp_path, "iris.csv", IRIS, ["x", "y"]).frame.columns[0] == "5.1"


@pytest.mark.parametrize(
    ("expected", "cells", "generated"),
    [
        (["col_1", "col_3"], ["5.1", "3.5", "x"], True),
        (["col_1", "col_3"], ["col_1", "b", "col_3"], False),
        # a blank name is col_<position>, as the reader names it
        (["col_2"], ["a", " ", "c"], False),
        (["col_1", "size"], ["5.1", "3.5"], False),
        ([], ["5.1"], False),
    ],
)
def test_reads_as_generated(expected, cells, generated):
    assert reads_as_generated(expected, cells) is generated
