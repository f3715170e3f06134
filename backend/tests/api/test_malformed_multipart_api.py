"""A malformed or truncated multipart body is a 4xx that says so, never a 500, and it
changes nothing: no session is created or changed and nothing stays in incoming/."""

import pytest

from tests.utils.client import upload
from tests.utils.files import SMALL_CSV

BOUNDARY = "lathe-boundary"
CONTENT_TYPE = f"multipart/form-data; boundary={BOUNDARY}"
GOOD_PART = (
    f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="new.csv"\r\n'
    "Content-Type: text/csv\r\n\r\nx,y\n1,2\n"
)
MODEL_PART = (
    f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="selected_model"\r\n\r\nGaussianNB\r\n'
)

MALFORMED = {
    "garbage": b"\x00\xffnot a multipart body at all\r\n\r\n",
    "header without a colon": (
        f"--{BOUNDARY}\r\nContent-Disposition form-data\r\n\r\nx,y\n1,2\n\r\n--{BOUNDARY}--\r\n"
    ).encode(),
    "space in a header name": (
        f'--{BOUNDARY}\r\nContent Disposition: form-data; name="file"; filename="a.csv"\r\n'
        f"\r\nx,y\n1,2\n\r\n--{BOUNDARY}--\r\n"
    ).encode(),
    "wrong boundary": (
        b'--other\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n'
        b"\r\nx,y\n1,2\n\r\n--other--\r\n"
    ),
    "part header over 4 KiB": (
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; '
        f'filename="{"a" * 5000}.csv"\r\n\r\nx,y\n1,2\n\r\n--{BOUNDARY}--\r\n'
    ).encode(),
    "no closing boundary": GOOD_PART.encode(),
    "cut inside the headers": f"--{BOUNDARY}\r\nContent-Disposition: form-da".encode(),
}


def _post(client, path: str, body: bytes, with_model: bool):
    prefix = MODEL_PART.encode() if with_model else b""
    return client.post(path, content=prefix + body, headers={"content-type": CONTENT_TYPE})


def _incoming(settings) -> list[str]:
    return sorted(path.name for path in (settings.data_dir / "incoming").iterdir())


@pytest.mark.parametrize("case", MALFORMED)
def test_a_malformed_upload_creates_no_session(client, settings, case):
    response = _post(client, "/api/upload/", MALFORMED[case], with_model=False)
    assert response.status_code == 400, response.text
    assert response.json()["code"] == "malformed_upload"
    assert "malformed or incomplete" in response.json()["error"]
    assert "set-cookie" not in response.headers
    assert list((settings.data_dir / "sessions").iterdir()) == []
    assert _incoming(settings) == []


@pytest.mark.parametrize("case", MALFORMED)
def test_a_malformed_upload_keeps_the_session_as_it_was(client, settings, case):
    upload(client, "small.csv", SMALL_CSV)
    before = client.get("/api/get-session-data/").json()
    response = _post(client, "/api/upload/", MALFORMED[case], with_model=False)
    assert response.status_code == 400, response.text
    assert response.json()["code"] == "malformed_upload"
    assert client.get("/api/get-session-data/").json() == before
    assert _incoming(settings) == []


@pytest.mark.parametrize("case", MALFORMED)
def test_a_malformed_prediction_file_is_refused(client, settings, case):
    upload(client, "small.csv", SMALL_CSV)
    before = client.get("/api/get-session-data/").json()
    response = _post(client, "/api/predict/", MALFORMED[case], with_model=True)
    assert response.status_code == 400, response.text
    assert response.json()["code"] == "malformed_upload"
    assert client.get("/api/get-session-data/").json() == before
    assert _incoming(settings) == []


def test_a_complete_body_still_uploads(client):
    body = (GOOD_PART + f"\r\n--{BOUNDARY}--\r\n").encode()
    response = _post(client, "/api/upload/", body, with_model=False)
    assert response.status_code == 200, response.text
    assert response.json()["columns"] == ["x", "y"]
