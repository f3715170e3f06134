"""CSV files that spreadsheet programs and old systems write are read: lines ending in a
lone CR, blank lines or kilobytes of white space before the header. A header row too long
to be one is refused with a reason, and the session keeps its data."""

import pytest

from lathe.io.text_format import SAMPLE_KIB
from tests.utils.client import upload
from tests.utils.files import SMALL_CSV

TABLE = b"name,price\nalpha,1.5\nbeta,2\ngamma,3.25\n"
READABLE = {
    "cr_line_endings": TABLE.replace(b"\n", b"\r"),
    "blank_lines_before_the_header": b"\n\r\n\n" + TABLE,
    "white_space_before_the_header": b" " * 3000 + b"\n\t \n" + b" " * 2000 + TABLE,
    "utf8_bom_then_blank_lines": b"\xef\xbb\xbf\n\n" + TABLE,
    "many_blank_lines": b"\n" * 300_000 + TABLE,
}


@pytest.mark.parametrize("content", READABLE.values(), ids=READABLE.keys())
def test_a_readable_csv_is_read(client, content):
    body = upload(client, "odd.csv", content)
    assert body["columns"] == ["name", "price"]
    assert body["shape"] == [3, 2]
    assert body["data"] == [["alpha", 1.5], ["beta", 2.0], ["gamma", 3.25]]
    assert body["warnings"] == []


def test_a_header_longer_than_the_sample_is_refused_by_name(client):
    upload(client, "small.csv", SMALL_CSV)
    before = client.get("/api/get-session-data/").json()
    columns = SAMPLE_KIB * 1024 // 10 + 1000
    header = ",".join(f"col_{i:05d}" for i in range(columns)).encode()
    content = header + b"\n" + b",".join([b"1"] * columns) + b"\n"
    response = client.post("/api/upload/", files={"file": ("wide.csv", content, "text/csv")})
    assert response.status_code == 422
    assert response.json()["code"] == "header_too_long"
    assert f"{SAMPLE_KIB} KiB" in response.json()["error"]
    assert client.get("/api/get-session-data/").json() == before


def test_white_space_alone_is_an_empty_file(client):
    response = client.post("/api/upload/", files={"file": ("blank.csv", b" \n" * 5000, "text/csv")})
    assert response.status_code in (400, 422)
    assert response.json()["code"] == "empty_file"
