import codecs
import io
import zipfile
from datetime import date, datetime
from pathlib import Path

import numpy as np
import openpyxl
import pandas as pd
import pytest
import xlwt

from lathe.errors import LatheError
from lathe.io import delimited_reader
from lathe.io.delimited_reader import has_quotes
from lathe.io.readers import read_table
from lathe.io.type_inference import infer_types


def write(tmp_path: Path, name: str, content: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(content)
    return path


def read(tmp_path: Path, name: str, content: bytes):
    return read_table(write(tmp_path, name, content), name)


def test_comma_csv_types(tmp_path):
    content = (
        b"n,flag,word,bin,iso,eu,label\n"
        b"1.5,true,yes,0,2024-01-31,31/01/2024,a\n"
        b"2,false,No,1,2024-02-29,29/02/2024,b\n"
        b",TRUE,,1,,,\n"
    )
    frame = read(tmp_path, "t.csv", content).frame
    assert frame["n"].dtype == "float64"
    assert str(frame["flag"].dtype) == "boolean"
    assert frame["word"].tolist()[:2] == [True, False] and pd.isna(frame["word"][2])
    assert frame["bin"].dtype == "int64"
    assert pd.api.types.is_datetime64_any_dtype(frame["iso"])
    assert frame["eu"][0] == pd.Timestamp("2024-01-31")
    assert frame["eu"][1] == pd.Timestamp("2024-02-29")
    assert pd.api.types.is_string_dtype(frame["label"])
    assert frame["label"].isna().sum() == 1


def test_ambiguous_dates_read_day_first(tmp_path):
    frame = read(tmp_path, "d.csv", b"when\n03/04/2024\n05/06/2024\n").frame
    assert frame["when"].tolist() == [pd.Timestamp("2024-04-03"), pd.Timestamp("2024-06-05")]


def test_times_across_a_summer_time_change_read_in_utc(tmp_path):
    content = b"at\n2024-03-30T10:00:00+01:00\n2024-04-01T10:00:00+02:00\n\n"
    frame = read(tmp_path, "t.csv", content + b"2024-04-02T09:30:00+02:00\n").frame
    assert str(frame["at"].dtype).endswith("UTC]")
    assert frame["at"].tolist()[:2] == [
        pd.Timestamp("2024-03-30T09:00:00Z"),
        pd.Timestamp("2024-04-01T08:00:00Z"),
    ]


def test_month_first_when_day_first_cannot_parse(tmp_path):
    frame = read(tmp_path, "d.csv", b"when\n12/31/2024\n01/15/2024\n").frame
    assert frame["when"].tolist() == [pd.Timestamp("2024-12-31"), pd.Timestamp("2024-01-15")]


def test_semicolon_cp1252_with_decimal_comma(tmp_path):
    text = "Stadt;Preis;Größe\r\nMünchen;1.234,5;10\r\nKöln;2,75;€ 3\r\n"
    result = read(tmp_path, "de.csv", text.encode("cp1252"))
    frame = result.frame
    assert list(frame.columns) == ["Stadt", "Preis", "Größe"]
    assert frame["Stadt"].tolist() == ["München", "Köln"]
    assert frame["Preis"].tolist() == [1234.5, 2.75]
    assert frame["Größe"].tolist() == [10, 3]


def test_amounts_written_as_text_are_numbers(tmp_path):
    content = (
        "price,share,change,ref,label\n"
        '"$1,250.00",12%,(3.50),A1,a\n'
        "$999,12.5 %,-2,B2,b\n"
        ",,,,\n"
        '"£1,000,000",0%,+4,3,c\n'
    )
    frame = read(tmp_path, "amounts.csv", content.encode()).frame
    assert frame["price"].tolist()[:2] == [1250.0, 999.0]
    assert frame["price"][3] == 1_000_000.0 and pd.isna(frame["price"][2])
    assert frame["share"].tolist()[:2] == [12.0, 12.5] and frame["share"][3] == 0.0
    assert frame["change"].dtype == "float64"
    assert frame["change"].dropna().tolist() == [-3.5, -2.0, 4.0]
    assert pd.api.types.is_string_dtype(frame["ref"])


@pytest.mark.parametrize(
    "values",
    [["$5", "$6", "five dollars"], ["$5", "1,2,3", "$7"], ["$5", "$6", "(7"], ["1", "2", "3x"]],
)
def test_a_column_that_is_not_all_amounts_stays_text(tmp_path, values):
    content = "amount\n" + "\n".join(f'"{value}"' for value in values) + "\n"
    frame = read(tmp_path, "mixed.csv", content.encode()).frame
    assert frame["amount"].tolist() == values


def test_amounts_with_a_decimal_comma(tmp_path):
    content = "Preis;Anteil\n1.250,00 €;12,5%\n(3,50 €);-1 %\n1.000.000 €;0%\n"
    frame = read(tmp_path, "de.csv", content.encode()).frame
    assert frame["Preis"].tolist() == [1250.0, -3.5, 1_000_000.0]
    assert frame["Anteil"].tolist() == [12.5, -1.0, 0.0]


def test_amounts_grouped_by_spaces_with_a_decimal_comma(tmp_path):
    content = "prix;quantité\n1 250,00 €;2\u00a0000\n12,50 €;1\u202f000\n(3 000,5 €);7\n"
    frame = read(tmp_path, "fr.csv", content.encode()).frame
    assert frame["prix"].tolist() == [1250.0, 12.5, -3000.5]
    assert frame["quantité"].tolist() == [2000, 1000, 7]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_with_bom(tmp_path, encoding):
    text = "name\tscore\nÇağrı\t3\nZoë\t4\n"
    bom = {"utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE}.get(encoding, b"")
    frame = read(tmp_path, "u.tsv", bom + text.encode(encoding)).frame
    assert frame["name"].tolist() == ["Çağrı", "Zoë"]
    assert frame["score"].tolist() == [3, 4]


def test_utf8_bom_does_not_leak_into_first_header(tmp_path):
    frame = read(tmp_path, "b.csv", codecs.BOM_UTF8 + "ä,b\n1,2\n".encode()).frame
    assert list(frame.columns) == ["ä", "b"]


@pytest.mark.parametrize("delimiter", [",", ";", "\t", "|"])
def test_delimiter_is_sniffed(tmp_path, delimiter):
    rows = [["a", "b", "c"], ["1", "x y", "3"], ["4", "z", "6"]]
    content = "\n".join(delimiter.join(row) for row in rows).encode()
    frame = read(tmp_path, "s.txt", content).frame
    assert list(frame.columns) == ["a", "b", "c"]
    assert frame["b"].tolist() == ["x y", "z"]


def test_quoted_delimiters_and_newlines(tmp_path):
    content = b'a,b\n"x, y","line\nbreak"\n2,3\n'
    frame = read(tmp_path, "q.csv", content).frame
    assert frame["a"].tolist() == ["x, y", "2"]
    assert frame["b"].tolist() == ["line\nbreak", "3"]


def test_quoted_cells_spanning_lines_across_block_edges(tmp_path):
    """A file with quotes is cut into blocks only between rows, so a cell spanning lines
    at a block edge loses no row."""
    rows = [
        f'{i},"note {i}\nsecond line, with a comma\r\nthird",{i * 0.5}'
        if i % 3 == 0
        else f"{i},plain {i},{i * 0.5}"
        for i in range(60_000)
    ]
    content = ("id,note,value\n" + "\n".join(rows) + "\n").encode()
    assert len(content) > 2 * 1024 * 1024
    result = read(tmp_path, "notes.csv", content)
    frame = result.frame
    assert result.warnings == []
    assert len(frame) == 60_000 and frame["id"].tolist() == list(range(60_000))
    assert frame["note"][59_997] == "note 59997\nsecond line, with a comma\r\nthird"
    assert frame["note"][59_998] == "plain 59998"
    assert frame["value"].sum() == pytest.approx(0.5 * sum(range(60_000)))


def test_a_large_file_parsed_block_by_block_reads_as_a_small_one(tmp_path, monkeypatch):
    """Past ``STREAMED_BYTES`` the blocks are parsed one after another; the frame, its
    types and its notes are the same: quoted lines across block edges, a ragged row, a
    column of numbers that turns out to hold text two blocks in, a date column."""
    rows = [
        f'{i},"note {i}\nsecond",{i * 0.5},{"x" if i == 50_001 else i},2024-01-{i % 28 + 1:02d}'
        if i % 3 == 0
        else f"{i},plain {i},{i * 0.5},{i},2024-02-{i % 28 + 1:02d}"
        for i in range(60_000)
    ]
    rows[7] += ",extra"
    content = ("id,note,value,code,day\n" + "\n".join(rows) + "\n").encode()
    assert len(content) > 2 * 1024 * 1024
    whole = read(tmp_path, "whole.csv", content)
    monkeypatch.setattr(delimited_reader, "STREAMED_BYTES", 0)
    blocks = read(tmp_path, "blocks.csv", content)
    pd.testing.assert_frame_equal(blocks.frame, whole.frame)
    assert blocks.notes == whole.notes and len(whole.notes) == 1
    assert whole.frame["code"].dtype == "str" and len(whole.frame) == 59_999
    assert pd.api.types.is_datetime64_any_dtype(whole.frame["day"])


@pytest.mark.parametrize(
    ("content", "quoted"),
    [
        (b"a,b\n1,2\n3,4\n", False),
        (b'"a","b"\n1,2\n', False),
        (b'a,b\n1,"x"\n', True),
        (b'a,"b\nc"\n1,2\n', True),
        (b'a,b\r1,"x\ry"\r', True),
        (b"a,b", False),
        (b"", False),
    ],
)
def test_quotes_past_the_header_are_found(tmp_path, content, quoted):
    assert has_quotes(write(tmp_path, "q.csv", content)) is quoted


def test_blank_and_duplicate_headers_are_renamed(tmp_path):
    frame = read(tmp_path, "h.csv", b"price,,price,price\n1,2,3,4\n").frame
    assert list(frame.columns) == ["price", "col_2", "price_2", "price_3"]


def test_ragged_rows_are_skipped_and_reported(tmp_path):
    result = read(tmp_path, "r.csv", b"a,b,c\n1,2,3\n4,5\n6,7,8\n9,10,11,12\n")
    assert result.frame["a"].tolist() == [1, 6]
    assert result.warnings == [
        "2 rows had a different number of fields than the header and were skipped "
        '(for example "4,5").'
    ]


def test_one_megabyte_cell(tmp_path):
    big = "x" * 1_048_576
    frame = read(tmp_path, "big.csv", f"a,b\n1,{big}\n2,short\n".encode()).frame
    assert len(frame["b"][0]) == 1_048_576
    assert frame["a"].tolist() == [1, 2]


def test_type_inference_survives_a_late_odd_value(tmp_path):
    body = "".join(f"{i}\n" for i in range(400_000)) + "oops\n"
    frame = read(tmp_path, "late.csv", ("n\n" + body).encode()).frame
    assert len(frame) == 400_001
    assert frame["n"].iloc[-1] == "oops"


def test_mixed_encodings_fall_back_to_cp1252(tmp_path):
    content = "a\ncafé\n".encode() + "naïve\n".encode("cp1252")
    frame = read(tmp_path, "m.csv", content).frame
    assert frame["a"].tolist() == ["cafÃ©", "naïve"]


PAST_THE_SAMPLE = 40_000


@pytest.mark.parametrize(
    ("first", "late"),
    [
        # a text column: its later block holds a byte that is not UTF-8
        ("word{i}", "café"),
        # a number column read again as text, whose late cell is not UTF-8
        ("{i}", "naïve"),
    ],
)
def test_a_cell_past_the_sample_that_is_not_utf8_reads_the_file_as_cp1252(tmp_path, first, late):
    header = "ключ,value\n".encode()
    rows = "".join(f"{first.format(i=i)},{i}\n" for i in range(PAST_THE_SAMPLE)).encode()
    content = header + rows + f"{late},1\n".encode("cp1252")
    assert len(header + rows) > 256 * 1024
    frame = read(tmp_path, "late.csv", content).frame
    assert len(frame) == PAST_THE_SAMPLE + 1
    assert frame.iloc[-1, 0] == late
    # read as cp1252 throughout, as the whole file is: the UTF-8 header too
    assert frame.columns[0] == "ключ".encode().decode("cp1252")


def test_utf8_file_keeps_its_text(tmp_path):
    rows = "".join(f"ß{i},{i}\n" for i in range(PAST_THE_SAMPLE)).encode()
    frame = read(tmp_path, "u.csv", b"name,n\n" + rows + "ï,1\n".encode()).frame
    assert frame["name"].iloc[0] == "ß0" and frame["name"].iloc[-1] == "ï"


def test_header_only_gives_zero_rows_and_says_so(tmp_path):
    result = read(tmp_path, "h.csv", b"a,b,c\n")
    assert result.frame.shape == (0, 3)
    assert result.warnings == ["The file has a header but no data rows."]


@pytest.mark.parametrize(
    ("name", "content", "code"),
    [
        ("empty.csv", b"", "empty_file"),
        ("blank.csv", b"\n\n  \n", "empty_file"),
        ("junk.csv", bytes(range(256)) * 8, "unsupported_file"),
        ("paper.csv", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n", "unsupported_file"),
        ("data.json", b'{"a": 1}', "unsupported_file"),
        ("model.csv", b"\x80\x04\x95\x10\x00\x00\x00", "unsupported_file"),
        ("broken.xlsx", b"PK\x03\x04" + b"\x00" * 100, "file_unreadable"),
        ("broken.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100, "file_unreadable"),
        ("broken.parquet", b"PAR1" + bytes(range(256)) * 4, "file_unreadable"),
        ("table.feather", b"ARROW1\x00\x00", "unsupported_file"),
    ],
)
def test_bad_files_are_refused_with_a_code(tmp_path, name, content, code):
    with pytest.raises(LatheError) as refused:
        read(tmp_path, name, content)
    assert refused.value.code == code
    assert 400 <= refused.value.status < 500


def test_xlsx_first_sheet_with_types_and_header_fixes(tmp_path):
    path = tmp_path / "book.xlsx"
    with pd.ExcelWriter(path, engine="openpyxl") as writer:
        pd.DataFrame(
            {
                "qty": [1, 2, 3],
                "qty ": [1.5, np.nan, 2.0],
                "when": pd.to_datetime(["2024-01-01", "2024-02-01", "2024-03-01"]),
                "ok": [True, False, True],
                "label": ["a", "b", None],
            }
        ).to_excel(writer, sheet_name="first", index=False)
        pd.DataFrame({"other": [9]}).to_excel(writer, sheet_name="second", index=False)
    frame = read_table(path, "book.xlsx").frame
    assert list(frame.columns) == ["qty", "qty_2", "when", "ok", "label"]
    assert frame["qty"].dtype == "int64"
    assert frame["qty_2"].isna().tolist() == [False, True, False]
    assert pd.api.types.is_datetime64_any_dtype(frame["when"])
    assert str(frame["ok"].dtype) == "boolean"
    assert frame["label"].tolist()[:2] == ["a", "b"]


def test_xls_through_calamine(tmp_path):
    book = xlwt.Workbook()
    sheet = book.add_sheet("data")
    for col, header in enumerate(["name", "score", ""]):
        sheet.write(0, col, header)
    for row, (name, score, extra) in enumerate([("ann", 3.5, "x"), ("bob", 4, "y")], 1):
        sheet.write(row, 0, name)
        sheet.write(row, 1, score)
        sheet.write(row, 2, extra)
    buffer = io.BytesIO()
    book.save(buffer)
    frame = read(tmp_path, "old.xls", buffer.getvalue()).frame
    assert list(frame.columns) == ["name", "score", "col_3"]
    assert frame["score"].tolist() == [3.5, 4.0]
    assert frame["name"].tolist() == ["ann", "bob"]


def test_workbook_sent_with_a_csv_name_is_still_read(tmp_path):
    path = tmp_path / "real.xlsx"
    pd.DataFrame({"a": [1, 2]}).to_excel(path, index=False)
    frame = read_table(path.rename(tmp_path / "renamed.csv"), "renamed.csv").frame
    assert frame["a"].tolist() == [1, 2]


def test_zip_bomb_workbook_is_refused(tmp_path):
    path = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        with archive.open("xl/worksheets/sheet1.xml", "w") as member:
            block = b" " * 1_048_576
            for _ in range(300):
                member.write(block)
    assert path.stat().st_size < 2_000_000
    with pytest.raises(LatheError) as refused:
        read_table(path, "bomb.xlsx")
    assert refused.value.code == "file_unreadable"
    assert "expands" in refused.value.message


def test_zip_that_is_not_a_workbook_is_refused(tmp_path):
    path = tmp_path / "notes.xlsx"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("word/document.xml", "<w/>")
    with pytest.raises(LatheError) as refused:
        read_table(path, "notes.xlsx")
    assert refused.value.code == "file_unreadable"


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ("Jun 12 1998", "jan 3 2001", ["1998-06-12", "2001-01-03"]),
        ("June 12, 1998", "MAY 3, 2001", ["1998-06-12", "2001-05-03"]),
        ("12-Jun-1998", "03-JAN-2001", ["1998-06-12", "2001-01-03"]),
        ("12 Jun 1998 14:30", "3 Jan 2001 09:05", ["1998-06-12 14:30", "2001-01-03 09:05"]),
        (
            "Jun 12 1998 14:30:05",
            "Jan 3 2001 00:00:59",
            ["1998-06-12 14:30:05", "2001-01-03 00:00:59"],
        ),
        ("12 June 1998", "3 january 2001", ["1998-06-12", "2001-01-03"]),
        ("1998-Jun-12", "2001-Jan-03", ["1998-06-12", "2001-01-03"]),
        ("June 12 1998", "Sept 3 2001", ["1998-06-12", "2001-09-03"]),
        ("Jun 1998", "September 2001", ["1998-06-01", "2001-09-01"]),
    ],
)
def test_dates_with_month_names(tmp_path, first, second, expected):
    content = f'when,n\n"{first}",1\n,2\n"{second}",3\n'.encode()
    frame = read(tmp_path, "m.csv", content).frame
    assert pd.api.types.is_datetime64_any_dtype(frame["when"])
    assert frame["when"][0] == pd.Timestamp(expected[0])
    assert pd.isna(frame["when"][1])
    assert frame["when"][2] == pd.Timestamp(expected[1])


@pytest.mark.parametrize(
    "values",
    [
        ["Jun fair", "May be"],
        ["May 5 people", "Jun 12 1998"],
        ["Jane 5 1998", "Mary 6 1999"],
        ["Jun 12 1998", "12/06/1998"],
        ["Jun 31 1998", "Jun 12 1998"],
    ],
)
def test_text_that_is_not_all_month_name_dates_stays_text(tmp_path, values):
    content = ("note\n" + "".join(f"{value}\n" for value in values)).encode()
    frame = read(tmp_path, "t.csv", content).frame
    assert pd.api.types.is_string_dtype(frame["note"])
    assert frame["note"].tolist() == values


def test_a_late_value_without_a_month_name_keeps_the_column_text(tmp_path):
    rows = [f"{day} Jun 1998" for day in range(1, 31)] * 20 + ["soon"]
    frame = read(tmp_path, "l.csv", ("when\n" + "\n".join(rows)).encode()).frame
    assert pd.api.types.is_string_dtype(frame["when"])
    assert frame["when"].iloc[-1] == "soon"


def test_numeric_dates_stay_day_first_beside_month_names(tmp_path):
    content = b"a,b\n03/04/2024,Apr 3 2024\n05/06/2024,Jun 5 2024\n"
    frame = read(tmp_path, "d.csv", content).frame
    assert frame["a"].tolist() == frame["b"].tolist()
    assert frame["a"].tolist() == [pd.Timestamp("2024-04-03"), pd.Timestamp("2024-06-05")]


def test_xlsx_date_and_datetime_cells(tmp_path):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["day", "moment", "sparse", "mixed"])
    sheet.append(
        [date(2024, 1, 31), datetime(2024, 1, 31, 14, 30), date(2024, 2, 1), "Jun 12 1998"]
    )
    sheet.append([date(2024, 2, 29), datetime(1998, 6, 12, 9, 0, 5), None, date(2024, 2, 29)])
    sheet.append([date(1998, 6, 12), datetime(2001, 1, 3), date(2024, 3, 1), None])
    for cell in sheet["A"][1:]:
        cell.number_format = "DD-MMM-YYYY"
    path = tmp_path / "dates.xlsx"
    book.save(path)
    frame = read_table(path, "dates.xlsx").frame
    for name in frame.columns:
        assert pd.api.types.is_datetime64_any_dtype(frame[name]), name
    assert (
        frame["day"].tolist() == pd.to_datetime(["2024-01-31", "2024-02-29", "1998-06-12"]).tolist()
    )
    assert frame["moment"].tolist() == [
        pd.Timestamp("2024-01-31 14:30"),
        pd.Timestamp("1998-06-12 09:00:05"),
        pd.Timestamp("2001-01-03"),
    ]
    assert frame["sparse"][0] == pd.Timestamp("2024-02-01") and pd.isna(frame["sparse"][1])
    assert frame["sparse"][2] == pd.Timestamp("2024-03-01")
    assert frame["mixed"].tolist()[:2] == [pd.Timestamp("1998-06-12"), pd.Timestamp("2024-02-29")]
    assert pd.isna(frame["mixed"][2])


def test_xlsx_date_cells_beside_text_that_is_no_date_stay_text(tmp_path):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["when"])
    sheet.append([date(2024, 1, 31)])
    sheet.append(["unknown"])
    path = tmp_path / "t.xlsx"
    book.save(path)
    frame = read_table(path, "t.xlsx").frame
    assert frame["when"].tolist() == ["2024-01-31 00:00:00", "unknown"]


def test_a_file_whose_rows_are_all_ragged_is_refused(tmp_path):
    with pytest.raises(LatheError) as refused:
        read(tmp_path, "r.csv", b"a,b,c\n1,2\n3,4,5,6\n\n7\n")
    assert refused.value.code == "file_unreadable"
    assert refused.value.status == 422
    assert refused.value.params == {"rows": 3, "columns": 3, "example": "1,2"}
    assert "None of the 3 data rows has the 3 fields of the header" in refused.value.message


def test_workbook_text_of_bare_digits_stays_text_beside_amounts():
    cells = pd.DataFrame({"code": ["00123", "00456", None], "amount": ["$5", 1000, "1,000"]})
    frame = infer_types(cells.astype(object))
    assert frame["code"].tolist()[:2] == ["00123", "00456"]
    assert frame["amount"].tolist() == [5.0, 1000.0, 1000.0]


def test_workbook_numbers_typed_as_text_beside_number_cells_are_numbers(tmp_path):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["amount", "count", "code", "label", "empty_marks"])
    sheet.append([18.19, 3, "00501", 7, 2.5])
    sheet.append([" 12.50 ", "4", "02134", "A7", "-"])
    sheet.append([None, 5, "08001", 8, "?"])
    sheet.append(["1e3", 6, None, 9, 1.5])
    path = tmp_path / "typed.xlsx"
    book.save(path)
    frame = read_table(path, "typed.xlsx").frame
    assert frame["amount"].dtype == "float64"
    assert frame["amount"].tolist()[:2] == [18.19, 12.5]
    assert pd.isna(frame["amount"][2]) and frame["amount"][3] == 1000.0
    assert frame["count"].dtype == "int64" and frame["count"].tolist() == [3, 4, 5, 6]
    assert frame["code"].tolist()[:3] == ["00501", "02134", "08001"]
    assert frame["label"].tolist() == ["7", "A7", "8", "9"]
    assert frame["empty_marks"].dtype == "float64"
    assert frame["empty_marks"].isna().tolist() == [False, True, True, False]


def test_cells_written_with_spaces_after_the_delimiter_are_trimmed(tmp_path):
    rows = [
        "age, fnlwgt, workclass, sex, charges, note",
        "39, 77516, State-gov, Male, 29.85, a b",
        "50, 83311, ?, Female, , -",
        "38, 215646, Private, Male ,1889.5, c",
    ]
    frame = read(tmp_path, "adult.csv", "\n".join(rows).encode()).frame
    assert frame["fnlwgt"].dtype == "int64"
    assert frame["fnlwgt"].tolist() == [77516, 83311, 215646]
    assert frame["charges"].dtype == "float64"
    assert frame["charges"].isna().tolist() == [False, True, False]
    assert frame["workclass"].tolist()[0::2] == ["State-gov", "Private"]
    assert pd.isna(frame["workclass"][1])
    assert frame["sex"].tolist() == ["Male", "Female", "Male"]
    assert frame["note"].tolist()[0::2] == ["a b", "c"] and pd.isna(frame["note"][1])


def test_a_column_without_spaces_around_its_cells_keeps_them_as_written(tmp_path):
    frame = read(tmp_path, "t.csv", b"code,word\n00501,d e\n02134,f/g\n").frame
    assert frame["code"].tolist() == [501, 2134]
    assert frame["word"].tolist() == ["d e", "f/g"]


def test_padded_decimal_comma_numbers_and_year_months(tmp_path):
    content = b"month;amount;level\n1949-01; 1,5 ; x\n1949-02;2.000,25; y\n"
    frame = read(tmp_path, "t.csv", content).frame
    assert frame["amount"].tolist() == [1.5, 2000.25]
    assert frame["month"].tolist() == [pd.Timestamp("1949-01-01"), pd.Timestamp("1949-02-01")]
    assert frame["level"].tolist() == ["x", "y"]


def test_a_spreadsheets_failed_formulas_are_missing(tmp_path):
    content = b"n,fee,label\n1.5,$1.00,a\n#N/A,#VALUE!,b\n#DIV/0!,$2.50,#REF!\n4,$3.00,#NAME?\n"
    frame = read(tmp_path, "t.csv", content).frame
    assert frame["n"].dtype == "float64" and frame["n"].isna().tolist() == [
        False,
        True,
        True,
        False,
    ]
    assert frame["fee"].dtype == "float64" and frame["fee"].isna().sum() == 1
    assert frame["label"].isna().sum() == 2
