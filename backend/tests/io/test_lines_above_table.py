"""Exports that open with a title, an export date or "# ..." notes above the header row."""

import codecs
import io
from datetime import datetime
from pathlib import Path

import openpyxl
import pandas as pd
import pytest

from lathe.io.readers import read_table
from lathe.io.text_format import lines_before_table


def read(tmp_path: Path, content: bytes):
    path = tmp_path / "export.csv"
    path.write_bytes(content)
    return read_table(path, "export.csv")


def days(rows: int, delimiter: str = ",") -> str:
    return "".join(f"{day}{delimiter}{day * 3}\n" for day in range(1, rows + 1))


def test_a_title_and_an_export_date_above_the_header_are_passed_over(tmp_path):
    text = (
        "Sales export\nGenerated: 2024-01-01\n\n"
        "date,region,amount\n2024-01-01,north,5\n2024-01-02,south,7\n2024-01-03,north,9\n"
    )
    table = read(tmp_path, text.encode())
    assert list(table.frame.columns) == ["date", "region", "amount"]
    assert table.frame["amount"].tolist() == [5, 7, 9]
    assert table.frame["date"].tolist() == list(pd.date_range("2024-01-01", periods=3))
    assert table.warnings == [
        "2 lines above the header row were not part of the table and were skipped "
        '(the first: "Sales export").'
    ]


def test_a_single_title_line_is_named(tmp_path):
    table = read(tmp_path, f"Users per day\nDay,Users\n{days(5)}".encode())
    assert len(table.frame) == 5
    assert table.warnings == [
        '1 line above the header row was not part of the table and was skipped: "Users per day".'
    ]
    assert [(note.code, note.params) for note in table.notes] == [
        ("lines_above_table", {"count": 1, "first": "Users per day"})
    ]


def test_notes_above_a_two_column_table(tmp_path):
    notes = "# ----\n# All Web Site Data\n# Audience Overview\n# 20240101-20240131\n# ----\n\n"
    table = read(tmp_path, f"{notes}Day Index,Users\n{days(31)}".encode())
    assert list(table.frame.columns) == ["Day Index", "Users"]
    assert len(table.frame) == 31
    assert table.frame["Users"].sum() == 3 * sum(range(1, 32))


@pytest.mark.parametrize(
    ("encoding", "bom"), [("utf-8", codecs.BOM_UTF8), ("utf-8", b""), ("cp1252", b"")]
)
def test_the_table_starts_after_lines_of_any_encoding(tmp_path, encoding, bom):
    # "Umsätze" is two bytes longer in UTF-8 than in Windows-1252: the header must still
    # start where the lines above end
    rows = "".join(f"{day};{day * 3};Köln;{day},5;ja\n" for day in range(1, 7))
    text = f"Umsätze März;Filiale Köln\nStand;31.03.2024\n\nTag;Menge;Filiale;Preis;Bar\n{rows}"
    table = read(tmp_path, bom + text.encode(encoding))
    assert list(table.frame.columns) == ["Tag", "Menge", "Filiale", "Preis", "Bar"]
    assert table.frame["Tag"].tolist() == list(range(1, 7))
    assert table.frame["Preis"].tolist() == [day + 0.5 for day in range(1, 7)]
    assert "Umsätze März" in table.warnings[0]


@pytest.mark.parametrize(
    "text",
    [
        # a plain file
        "a,b,c\n1,2,3\n4,5,6\n",
        # a header of fewer fields than rows that end in a delimiter: more than half
        "a,b,c\n1,2,3,\n4,5,6,\n7,8,9,\n",
        # one column, a comma in some of its text
        "comment\nhello, world\nfine\nthanks, bye\nok\n",
        # a quote above: a cell may span lines there
        '"Sales\nexport"\ndate,region,amount\n1,north,5\n2,south,7\n',
        # rows of the table's width are too few to call it one
        "title\nx,y\n1\n2\n3\n",
    ],
)
def test_no_lines_are_passed_over_without_a_table_below(text):
    assert lines_before_table(text, ",") == []


def test_two_fields_above_a_table_of_five(tmp_path):
    text = "Report,Stock\nDate,2024-01-01\nsku,shop,count,price,weight\n" + "".join(
        f"A{n},north,{n},{n}.5,{n * 2}\n" for n in range(8)
    )
    frame = read(tmp_path, text.encode()).frame
    assert list(frame.columns) == ["sku", "shop", "count", "price", "weight"]
    pd.testing.assert_series_equal(frame["count"], pd.Series(range(8), name="count", dtype="int64"))


def workbook(rows: list[list[object]]) -> bytes:
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def test_title_rows_above_a_workbooks_table_are_passed_over(tmp_path):
    rows: list[list[object]] = [["Stock report"], [datetime(2024, 1, 1)], []]
    rows.append(["sku", "shop", "count", "price"])
    rows.extend([f"A{n}", "north", n, n + 0.5] for n in range(6))
    path = tmp_path / "stock.xlsx"
    path.write_bytes(workbook(rows))
    table = read_table(path, "stock.xlsx")
    assert list(table.frame.columns) == ["sku", "shop", "count", "price"]
    assert table.frame["count"].tolist() == list(range(6))
    assert table.frame["price"].dtype == "float64"
    assert table.warnings == [
        "2 lines above the header row were not part of the table and were skipped "
        '(the first: "Stock report").'
    ]


def test_a_title_over_its_own_column_leaves_no_empty_column(tmp_path):
    rows: list[list[object]] = [["Stock report"], [None, "sku", "count", "price"]]
    rows.extend([None, f"A{n}", n, n * 2.0] for n in range(5))
    path = tmp_path / "stock.xlsx"
    path.write_bytes(workbook(rows))
    frame = read_table(path, "stock.xlsx").frame
    assert list(frame.columns) == ["sku", "count", "price"]
    assert frame["price"].tolist() == [n * 2.0 for n in range(5)]
