"""A spreadsheet is capped by the cells its first sheet spans, not only by how much it
expands: a tiny workbook with two far-apart cells made calamine reserve memory for every
cell between them (a 1.4 KB file aborted the server), and a 0.87 MB one took 3 GB."""

import io
import time
import zipfile

import pytest
import xlwt

from lathe.io.excel_reader import MAX_CELLS
from tests.utils.client import upload
from tests.utils.files import SMALL_CSV

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships"
OFFICE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def workbook(rows_xml: str, first_sheet: str = "sheet1.xml") -> bytes:
    """A minimal .xlsx whose first sheet holds `rows_xml`; a second, empty sheet comes first
    in the archive so the first sheet must be found through the workbook's relations."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(
            "[Content_Types].xml",
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/'
            'vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/>'
            '<Override PartName="/xl/workbook.xml" ContentType="application/'
            'vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
            "</Types>",
        )
        archive.writestr(
            "_rels/.rels",
            f'<Relationships xmlns="{RELATIONSHIPS}"><Relationship Id="rId1" '
            f'Type="{OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        )
        archive.writestr(
            "xl/workbook.xml",
            f'<workbook xmlns="{MAIN}" xmlns:r="{OFFICE}"><sheets>'
            '<sheet name="data" sheetId="1" r:id="rId2"/>'
            '<sheet name="empty" sheetId="2" r:id="rId1"/></sheets></workbook>',
        )
        archive.writestr(
            "xl/_rels/workbook.xml.rels",
            f'<Relationships xmlns="{RELATIONSHIPS}">'
            f'<Relationship Id="rId1" Type="{OFFICE}/worksheet" Target="worksheets/empty.xml"/>'
            f'<Relationship Id="rId2" Type="{OFFICE}/worksheet" Target="worksheets/{first_sheet}"/>'
            "</Relationships>",
        )
        for name, rows in (("empty.xml", ""), (first_sheet, rows_xml)):
            archive.writestr(
                f"xl/worksheets/{name}",
                f'<worksheet xmlns="{MAIN}"><sheetData>{rows}</sheetData></worksheet>',
            )
    return buffer.getvalue()


HEADER = '<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row>'
FAR_APART = {
    "last cell of the sheet": HEADER + '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>',
    "a cell row beyond its row": HEADER + '<row r="2"><c r="CV200000"><v>1</v></c></row>',
    "cells without references": HEADER + '<row r="2000000">' + "<c><v>1</v></c>" * 6 + "</row>",
}


@pytest.mark.parametrize("case", FAR_APART)
def test_a_tiny_workbook_spanning_too_many_cells_is_refused(client, settings, case):
    content = workbook(FAR_APART[case])
    assert len(content) < 2000
    started = time.monotonic()
    response = client.post(
        "/api/upload/", files={"file": ("far.xlsx", content, "application/octet-stream")}
    )
    assert time.monotonic() - started < 5
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["code"] == "too_many_cells"
    assert body["params"]["max_cells"] == MAX_CELLS
    assert body["params"]["cells"] > MAX_CELLS
    assert "save the data as CSV" in body["error"]
    assert list((settings.data_dir / "sessions").iterdir()) == []


def test_a_refused_workbook_keeps_the_session(client):
    upload(client, "small.csv", SMALL_CSV)
    before = client.get("/api/get-session-data/").json()
    response = client.post(
        "/api/upload/", files={"file": ("far.xlsx", workbook(FAR_APART["last cell of the sheet"]))}
    )
    assert response.json()["code"] == "too_many_cells"
    assert client.get("/api/get-session-data/").json() == before


def test_the_first_sheet_under_the_cap_is_read(client):
    rows = HEADER + "".join(f'<row r="{n}"><c r="A{n}"><v>{n}</v></c></row>' for n in (2, 3))
    body = upload(client, "fine.xlsx", workbook(rows, first_sheet="data.xml"))
    assert body["columns"] == ["a"]
    assert body["shape"] == [2, 1]


def test_an_xls_spanning_too_many_cells_is_refused(client):
    book = xlwt.Workbook()
    sheet = book.add_sheet("data")
    sheet.write(0, 0, "a")
    sheet.write(65535, 255, 1)
    buffer = io.BytesIO()
    book.save(buffer)
    response = client.post("/api/upload/", files={"file": ("far.xls", buffer.getvalue())})
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "too_many_cells"
    assert response.json()["params"]["cells"] == 65536 * 256
