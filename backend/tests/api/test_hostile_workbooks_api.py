"""Workbooks crafted to make calamine allocate without bound are refused with a 4xx by
every endpoint that reads a file, and the server stays up.

A 4.7 KB .xlsx whose far cell the old size check missed (its reference in single quotes,
after a newline, or its sheet found through relations ElementTree refused) made calamine
ask for 512 GiB and abort the server. The files are sent to Lathe in its own process, so
a file that still kills it fails these tests instead of the test run."""

import io
import struct
import subprocess
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import xlwt
from distributed import LocalCluster

from tests.utils.datasets import mixed_classification
from tests.utils.live_server import lathe_process
from tests.utils.training import csv_bytes, train_body

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
PACKAGE = "http://schemas.openxmlformats.org/package/2006/relationships"
OFFICE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
RELATIONS = (
    f'<Relationships xmlns="{PACKAGE}"><Relationship Id="rId1" '
    f'Type="{OFFICE}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>'
)
HEADER = '<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row>'


def xlsx(
    sheet_data: str,
    *,
    relations: str = RELATIONS,
    before_data: str = "",
    shared_strings: str | None = None,
    sheet: str | None = None,
) -> bytes:
    """A workbook of one sheet holding `sheet_data` (or the whole `sheet` XML)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(
            "_rels/.rels",
            f'<Relationships xmlns="{PACKAGE}"><Relationship Id="rId1" '
            f'Type="{OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        )
        archive.writestr(
            "xl/workbook.xml",
            f'<workbook xmlns="{MAIN}" xmlns:r="{OFFICE}"><sheets>'
            '<sheet name="data" sheetId="1" r:id="rId1"/></sheets></workbook>',
        )
        archive.writestr("xl/_rels/workbook.xml.rels", relations)
        if shared_strings is not None:
            archive.writestr("xl/sharedStrings.xml", shared_strings)
        archive.writestr(
            "xl/worksheets/sheet1.xml",
            sheet
            or f'<worksheet xmlns="{MAIN}">{before_data}'
            f"<sheetData>{sheet_data}</sheetData></worksheet>",
        )
    return buffer.getvalue()


def far_xls() -> bytes:
    """An .xls whose number cell names row and column 65,535, though the format has 256
    columns: calamine reserved 128 GiB for its sheet."""
    book = xlwt.Workbook()
    sheet = book.add_sheet("data")
    for column, name in enumerate(["a", "b"]):
        sheet.write(0, column, name)
    sheet.write(1, 0, 1.0)
    sheet.write(1, 1, 123456.789)
    buffer = io.BytesIO()
    book.save(buffer)
    content = bytearray(buffer.getvalue())
    number = content.index(struct.pack("<d", 123456.789)) - 10  # type, size, row, column, format
    assert content[number : number + 2] == b"\x03\x02"
    content[number + 4 : number + 8] = struct.pack("<HH", 0xFFFF, 0xFFFF)
    return bytes(content)


LAUGHS = (
    '<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa">'
    '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
    f'<worksheet xmlns="{MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&b;</t>'
    "</is></c></row></sheetData></worksheet>"
)
HOSTILE = {
    "reference in single quotes": xlsx(
        HEADER + "<row r='1048576'><c r='XFD1048576'><v>1</v></c></row>"
    ),
    "newline before the reference": xlsx(
        HEADER + '<row\nr="1048576"><c\nr="XFD1048576"><v>1</v></c></row>'
    ),
    "prefixed elements, reference last": xlsx(
        "",
        sheet=f'<x:worksheet xmlns:x="{MAIN}"><x:sheetData><x:row r="1">'
        '<x:c t="n" s="0" r="A1"><x:v>1</x:v></x:c><x:c t="n"\tr="XFD1048576"><x:v>2</x:v></x:c>'
        "</x:row></x:sheetData></x:worksheet>",
    ),
    "relations ElementTree refuses": xlsx(
        HEADER + '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>',
        relations=RELATIONS + "<Relationships/>",
    ),
    "far cell KN100000": xlsx(HEADER + "<row r='100000'><c r='KN100000'><v>1</v></c></row>"),
    "dimension that lies": xlsx(HEADER, before_data='<dimension ref="A1:XFD1048576"/>'),
    "last row, cells without references": xlsx(
        HEADER + '<row r="1048576">' + "<c><v>1</v></c>" * 16 + "</row>"
    ),
    "entities": xlsx("", sheet=LAUGHS),
    "shared strings that claim a trillion": xlsx(
        HEADER,
        shared_strings=f'<sst xmlns="{MAIN}" count="1" uniqueCount="1000000000000">'
        "<si><t>a</t></si></sst>",
    ),
    "xls cell in column 65,535": far_xls(),
}


@dataclass
class Served:
    process: subprocess.Popen[bytes]
    browser: httpx.Client

    def assert_up(self) -> None:
        assert self.process.poll() is None, "the server died"
        assert self.browser.get("/health/").status_code == 200


@pytest.fixture(scope="module")
def served(tmp_path_factory, shared_cluster: LocalCluster) -> Iterator[Served]:
    """Lathe in its own process, with a session that holds a trained model."""
    folder = tmp_path_factory.mktemp("hostile")
    environment: dict[str, str | None] = {
        "LATHE_DATA_DIR": str(folder / "data"),
        "LATHE_STATIC_DIR": str(folder / "no-interface"),
        "LATHE_DASK_SCHEDULER": str(shared_cluster.scheduler_address),
    }
    with (
        lathe_process(environment) as server,
        httpx.Client(base_url=server.url, timeout=120) as browser,
    ):
        uploaded = browser.post(
            "/api/upload/",
            files={"file": ("customers.csv", csv_bytes(mixed_classification(200)))},
        )
        assert uploaded.status_code == 200, uploaded.text
        trained = browser.post(
            "/api/train-models/", json=train_body(model_names=["LogisticRegression"])
        )
        assert trained.status_code == 200, trained.text
        yield Served(server.process, browser)


def _send(served: Served, endpoint: str, name: str, content: bytes) -> httpx.Response:
    fields = {"selected_model": "LogisticRegression"} if endpoint == "/api/predict/" else {}
    return served.browser.post(endpoint, files={"file": (name, content)}, data=fields)


@pytest.mark.parametrize("endpoint", ["/api/upload/", "/api/predict/", "/api/apply-recipe/"])
@pytest.mark.parametrize("case", HOSTILE)
def test_a_hostile_workbook_is_refused_and_the_server_stays_up(served, case, endpoint):
    content = HOSTILE[case]
    name = "hostile.xls" if content.startswith(b"\xd0\xcf") else "hostile.xlsx"
    started = time.monotonic()
    try:
        response = _send(served, endpoint, name, content)
    except httpx.TransportError:
        pytest.fail(f"the server dropped the connection: {served.process.poll()=}")
    assert time.monotonic() - started < 30
    assert 400 <= response.status_code < 500, response.text
    assert response.json()["code"] in {"too_many_cells", "file_unreadable"}, response.text
    served.assert_up()


def test_the_session_survives_the_refusals(served):
    before = served.browser.get("/api/get-session-data/").json()
    _send(served, "/api/upload/", "hostile.xlsx", HOSTILE["reference in single quotes"])
    assert served.browser.get("/api/get-session-data/").json() == before


def test_a_well_formed_workbook_with_prefixes_and_quotes_still_reads(served, tmp_path: Path):
    rows = (
        '<x:row r="1"><x:c r=\'A1\' t="inlineStr"><x:is><x:t>a</x:t></x:is></x:c>'
        '<x:c t="inlineStr"><x:is><x:t>b</x:t></x:is></x:c></x:row>'
        + "".join(
            f"<x:row><x:c\nr='A{n}'><x:v>{n}</x:v></x:c><x:c><x:v>{n * 2}</x:v></x:c></x:row>"
            for n in range(2, 5)
        )
    )
    content = xlsx(
        "",
        sheet=f'<x:worksheet xmlns:x="{MAIN}"><x:dimension ref="A1:B4"/>'
        f"<x:sheetData>{rows}</x:sheetData></x:worksheet>",
    )
    response = _send(served, "/api/apply-recipe/", "fine.xlsx", content)
    assert response.status_code == 400, response.text  # read, then refused for its columns
    assert response.json()["code"] == "missing_columns"
    other = httpx.Client(base_url=served.browser.base_url, timeout=120)
    with other:
        uploaded = other.post("/api/upload/", files={"file": ("fine.xlsx", content)})
    assert uploaded.status_code == 200, uploaded.text
    assert uploaded.json()["columns"] == ["a", "b"]
    assert uploaded.json()["shape"] == [3, 2]
