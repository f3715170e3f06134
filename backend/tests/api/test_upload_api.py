import pandas as pd
from fastapi.testclient import TestClient

from lathe.config import Settings
from lathe.main import create_app
from tests.utils.client import upload
from tests.utils.files import SMALL_CSV


def test_health(client):
    assert client.get("/health/").json() == {"status": "ok", "ready": True}


def test_upload_returns_preview_types_and_sets_an_httponly_cookie(client):
    response = client.post("/api/upload/", files={"file": ("shop.csv", SMALL_CSV, "text/csv")})
    assert response.status_code == 200
    body = response.json()
    assert body["columns"] == ["id", "city", "price", "sold"]
    assert body["shape"] == [4, 4]
    assert body["data"][1] == [2, "Rome", None, False]
    assert body["missing_values"] == {"id": 0, "city": 1, "price": 1, "sold": 0}
    assert body["dtypes"] == {"id": "int64", "city": "str", "price": "float64", "sold": "boolean"}
    assert body["filename"] == "shop.csv"
    assert body["warnings"] == []
    cookie = response.headers["set-cookie"]
    assert f"lathe_session={body['session_id']}." in cookie
    assert "HttpOnly" in cookie and "samesite=lax" in cookie.lower()
    assert len(body["session_id"]) == 32


def test_upload_times_its_stages_in_server_timing(client):
    response = client.post("/api/upload/", files={"file": ("shop.csv", SMALL_CSV, "text/csv")})
    stages = [part.split(";dur=") for part in response.headers["server-timing"].split(", ")]
    assert [name for name, _ in stages] == ["receive", "read", "store"]
    assert all(float(milliseconds) >= 0 for _, milliseconds in stages)


def test_session_data_follows_the_cookie(client):
    upload(client, "shop.csv", SMALL_CSV)
    body = client.get("/api/get-session-data/").json()
    assert body["columns"] == ["id", "city", "price", "sold"]
    assert body["shape"] == [4, 4]
    assert body["filename"] == "shop.csv"


def test_session_data_describes_the_upload_as_it_was_before_the_steps(client):
    upload(client, "shop.csv", SMALL_CSV)
    dropped = client.post("/api/drop-columns/", json={"columns": ["city"], "step_id": 3})
    assert dropped.status_code == 200, dropped.text
    body = client.get("/api/get-session-data/").json()
    assert body["shape"] == [4, 3]
    assert body["uploaded"] == {
        "shape": [4, 4],
        "column_kinds": {
            "id": "numeric",
            "city": "categorical",
            "price": "numeric",
            "sold": "boolean",
        },
        "missing_values": {"id": 0, "city": 1, "price": 1, "sold": 0},
    }


def test_no_dataset_before_upload(client):
    response = client.get("/api/get-session-data/")
    assert response.status_code == 400
    assert response.json() == {"error": "No dataset uploaded.", "code": "no_dataset"}


def test_preview_is_bounded_but_shape_is_full(settings):
    settings.preview_rows = 500
    rows = "".join(f"{i},{i * 2}\n" for i in range(5000))
    with TestClient(create_app(settings)) as client:
        body = upload(client, "many.csv", ("a,b\n" + rows).encode())
    assert len(body["data"]) == 500
    assert body["shape"] == [5000, 2]


def test_huge_cells_are_cut_in_the_preview_only(client, settings):
    big = "y" * 1_048_576
    body = upload(client, "big.csv", f"a,b\n1,{big}\n".encode())
    cell = body["data"][0][1]
    assert len(cell) == settings.preview_cell_chars and cell.endswith("…")


def test_header_only_upload_is_allowed_and_says_so(client):
    body = upload(client, "head.csv", b"a,b\n")
    assert body["shape"] == [0, 2]
    assert body["data"] == []
    assert body["warnings"] == ["The file has a header but no data rows."]


def test_a_refused_upload_keeps_the_previous_data(client):
    first = upload(client, "shop.csv", SMALL_CSV)
    for name, content in [
        ("e.csv", b""),
        ("x.pdf", b"%PDF-1.4"),
        ("p.csv", b"%PDF-1.4\n..."),
        ("b.xlsx", b"PK\x03\x04broken"),
        ("n.bin", b"\x00\x01"),
    ]:
        response = client.post("/api/upload/", files={"file": (name, content, "text/csv")})
        assert 400 <= response.status_code < 500, (name, response.text)
        assert set(response.json()) >= {"error", "code"}
    body = client.get("/api/get-session-data/").json()
    assert body["columns"] == first["columns"] and body["shape"] == first["shape"]


def test_a_new_upload_replaces_data_and_keeps_the_session(client):
    first = upload(client, "shop.csv", SMALL_CSV)
    client.post("/api/snapshot-step/", json={"step_id": 3})
    second = upload(client, "other.csv", b"x,y\n1,2\n")
    assert second["session_id"] == first["session_id"]
    assert client.get("/api/get-session-data/").json()["columns"] == ["x", "y"]
    undo = client.post("/api/undo-step/", json={"step_id": 3})
    assert undo.json()["code"] == "no_snapshot"


def test_upload_needs_a_multipart_file_field(client):
    assert client.post("/api/upload/", json={}).json()["code"] == "invalid_request"
    wrong_field = client.post("/api/upload/", files={"data": ("a.csv", b"a\n1\n", "text/csv")})
    assert wrong_field.json()["code"] == "no_file"


def test_two_files_are_refused(client):
    response = client.post(
        "/api/upload/",
        files=[
            ("file", ("a.csv", b"a\n1\n", "text/csv")),
            ("file", ("b.csv", b"b\n2\n", "text/csv")),
        ],
    )
    assert response.status_code == 400
    assert response.json()["code"] == "too_many_files"


def test_upload_limit_is_enforced_while_streaming(settings):
    settings.max_upload_mb = 1
    content = b"a\n" + b"1\n" * 600_000
    with TestClient(create_app(settings)) as client:
        response = client.post("/api/upload/", files={"file": ("big.csv", content, "text/csv")})
    assert response.status_code == 413
    assert response.json() == {
        "error": "The file is larger than the 1 MB upload limit.",
        "code": "upload_too_large",
        "params": {"limit_mb": 1},
    }
    assert list((settings.data_dir / "incoming").iterdir()) == []


def test_excel_uploads(client, tmp_path):
    path = tmp_path / "book.xlsx"
    pd.DataFrame({"a": [1, 2], "b": ["x", "y"]}).to_excel(path, index=False)
    body = upload(client, "book.xlsx", path.read_bytes())
    assert body["columns"] == ["a", "b"]
    assert body["data"] == [[1, "x"], [2, "y"]]


def test_cookies_isolate_sessions(settings):
    app = create_app(settings)
    with TestClient(app) as alice, TestClient(app) as bob:
        upload(alice, "a.csv", b"alice_col\n1\n")
        upload(bob, "b.csv", b"bob_col,other\n2,3\n")
        assert alice.get("/api/get-session-data/").json()["columns"] == ["alice_col"]
        assert bob.get("/api/get-session-data/").json()["columns"] == ["bob_col", "other"]
        bob.post("/api/drop-columns/", json={"columns": ["other"]})
        assert alice.get("/api/get-session-data/").json()["columns"] == ["alice_col"]


def test_a_forged_cookie_is_no_session(client):
    upload(client, "a.csv", SMALL_CSV)
    client.cookies.set("lathe_session", "../../../etc/passwd")
    assert client.get("/api/get-session-data/").json()["code"] == "no_dataset"


def test_a_restarted_server_serves_the_session(settings):
    with TestClient(create_app(settings)) as first:
        upload(first, "shop.csv", SMALL_CSV)
        first.post("/api/snapshot-step/", json={"step_id": 3})
        first.post("/api/drop-columns/", json={"columns": ["city"], "step_id": 3})
    restarted = Settings(
        data_dir=settings.data_dir,
        static_dir=settings.static_dir,
        dask_scheduler=settings.dask_scheduler,
    )
    with TestClient(create_app(restarted)) as second:
        second.cookies.set("lathe_session", first.cookies["lathe_session"])
        assert second.get("/api/get-session-data/").json()["columns"] == ["id", "price", "sold"]
        undo = second.post("/api/undo-step/", json={"step_id": 3}).json()
        assert undo["columns"] == ["id", "city", "price", "sold"]


def test_unknown_paths_answer_json(client):
    response = client.get("/api/nope/")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_upload_limit_holds_without_a_content_length(settings):
    settings.max_upload_mb = 1
    boundary = "lathe-test-boundary"

    def body():
        yield (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
            f'filename="big.csv"\r\nContent-Type: text/csv\r\n\r\na\n'
        ).encode()
        for _ in range(40):
            yield b"1\n" * 32_768
        yield f"\r\n--{boundary}--\r\n".encode()

    with TestClient(create_app(settings)) as client:
        response = client.post(
            "/api/upload/",
            content=body(),
            headers={"content-type": f"multipart/form-data; boundary={boundary}"},
        )
        assert response.status_code == 413
        assert client.get("/api/get-session-data/").json()["code"] == "no_dataset"
