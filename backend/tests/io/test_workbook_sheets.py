"""Workbooks whose first sheet holds notes or nothing, the table on a later sheet."""

import io
from pathlib import Path

import pandas as pd
import pytest
import xlwt

from lathe.errors import LatheError
from lathe.io.readers import read_table

TABLE = pd.DataFrame({"sku": ["A1", "B2", "C3"], "count": [4, 5, 6], "price": [1.5, 2.0, 2.5]})


def xlsx(tmp_path: Path, sheets: dict[str, pd.DataFrame]) -> Path:
    buffer = io.BytesIO()
    with pd.ExcelWriter(buffer, engine="openpyxl") as writer:
        for name, frame in sheets.items():
            frame.to_excel(writer, sheet_name=name, index=False, header=name == "Data")
    path = tmp_path / "book.xlsx"
    path.write_bytes(buffer.getvalue())
    return path


NOTES = pd.DataFrame({"text": ["About this file", "Prices in euros", "Counts per shop"]})
EMPTY = pd.DataFrame()


@pytest.mark.parametrize("sheets", [[("Notes", NOTES)], [("Blank", EMPTY), ("Notes", NOTES)]])
def test_the_first_sheet_with_a_table_is_read(tmp_path, sheets):
    path = xlsx(tmp_path, {**dict(sheets), "Data": TABLE, "Other": TABLE.head(2)})
    table = read_table(path, "book.xlsx")
    pd.testing.assert_frame_equal(table.frame, TABLE)
    assert table.warnings == ['The sheet "Data" was read: the sheets before it hold no table.']


def test_a_workbook_of_notes_alone_is_read_as_before(tmp_path):
    table = read_table(xlsx(tmp_path, {"Notes": NOTES}), "book.xlsx")
    assert list(table.frame.columns) == ["About this file"]
    assert table.warnings == []


def test_a_workbook_of_empty_sheets_is_refused(tmp_path):
    with pytest.raises(LatheError) as refused:
        read_table(xlsx(tmp_path, {"Blank": EMPTY, "Also blank": EMPTY}), "book.xlsx")
    assert refused.value.code == "empty_file"


def test_an_xls_with_notes_first(tmp_path):
    book = xlwt.Workbook()
    book.add_sheet("Notes").write(0, 0, "About this file")
    data = book.add_sheet("Data")
    for column, name in enumerate(TABLE.columns):
        data.write(0, column, name)
        for row, value in enumerate(TABLE[name], 1):
            data.write(row, column, value)
    path = tmp_path / "book.xls"
    book.save(str(path))
    frame = read_table(path, "book.xls").frame
    assert frame["sku"].tolist() == ["A1", "B2", "C3"]
    assert frame["count"].tolist() == [4, 5, 6]
