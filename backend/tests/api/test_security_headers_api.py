"""Every answer carries a Content-Security-Policy that forbids framing and code from
elsewhere, and `X-Content-Type-Options: nosniff`; state-changing requests from another
origin are refused with 403, those from the app's own origin, an origin
`LATHE_ALLOWED_ORIGINS` lists, or no browser pass."""

import pytest
from fastapi.testclient import TestClient

from lathe.api.security_headers import INTERFACE_POLICY
from lathe.main import create_app
from tests.utils.client import upload
from tests.utils.files import SMALL_CSV

FILE = {"file": ("small.csv", SMALL_CSV, "text/csv")}


def _assert_protected(response) -> None:
    policy = response.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy
    assert response.headers["x-content-type-options"] == "nosniff"


def test_every_answer_carries_the_headers(client):
    _assert_protected(client.get("/health/"))
    _assert_protected(client.get("/api/get-session-data/"))
    _assert_protected(client.get("/api/nope/"))
    _assert_protected(client.post("/api/drop-columns/", content=b"x" * (2 * 1024 * 1024)))
    _assert_protected(client.post("/api/upload/", files=FILE))
    _assert_protected(client.post("/api/upload/", files=FILE, headers={"origin": "https://x.io"}))


def test_the_interface_runs_only_its_own_scripts(settings, tmp_path):
    settings.static_dir = tmp_path / "interface"
    settings.static_dir.mkdir()
    (settings.static_dir / "index.html").write_text("<!doctype html><title>Lathe</title>")
    with TestClient(create_app(settings)) as client:
        page = client.get("/")
    assert page.headers["content-security-policy"] == INTERFACE_POLICY
    assert "script-src 'self';" in INTERFACE_POLICY and "unsafe-eval" not in INTERFACE_POLICY
    _assert_protected(page)


def test_the_api_pages_load_their_scripts(client):
    policy = client.get("/docs").headers["content-security-policy"]
    assert "https://cdn.jsdelivr.net" in policy and "frame-ancestors 'none'" in policy


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "https://evil.example"},
        {"origin": "null"},
        {"origin": "http://testserver.evil.example"},
        {"referer": "https://evil.example/form.html"},
        {"referer": "not a url"},
    ],
)
def test_a_cross_origin_upload_is_refused_and_changes_nothing(client, headers):
    upload(client, "small.csv", SMALL_CSV)
    before = client.get("/api/get-session-data/").json()
    response = client.post(
        "/api/upload/", files={"file": ("x.csv", b"evil\n1\n", "text/csv")}, headers=headers
    )
    assert response.status_code == 403
    assert response.json()["code"] == "cross_origin_request"
    assert "set-cookie" not in response.headers
    assert client.get("/api/get-session-data/").json() == before


def test_every_changing_method_is_checked_and_reading_is_not(client):
    upload(client, "small.csv", SMALL_CSV)
    evil = {"origin": "https://evil.example"}
    assert (
        client.put("/api/session-target/", json={"target_column": "id"}, headers=evil).status_code
        == 403
    )
    assert (
        client.post("/api/drop-columns/", json={"columns": ["id"]}, headers=evil).status_code == 403
    )
    assert client.delete("/api/upload/", headers=evil).status_code == 403
    assert client.get("/api/get-session-data/", headers=evil).status_code == 200


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"origin": "http://testserver"},
        {"origin": "https://TestServer"},
        {"referer": "http://testserver/upload"},
    ],
)
def test_the_apps_own_origin_and_clients_without_one_pass(client, headers):
    response = client.post("/api/upload/", files=FILE, headers=headers)
    assert response.status_code == 200, response.text


def test_an_allowed_origin_may_change_data_and_read_the_answers(settings):
    settings.allowed_origins = "https://ui.example.org/, https://other.example.org"
    with TestClient(create_app(settings)) as client:
        allowed = {"origin": "https://ui.example.org"}
        response = client.post("/api/upload/", files=FILE, headers=allowed)
        assert response.status_code == 200, response.text
        assert response.headers["access-control-allow-origin"] == "https://ui.example.org"
        assert response.headers["access-control-allow-credentials"] == "true"
        preflight = client.options(
            "/api/session-target/",
            headers={**allowed, "access-control-request-method": "PUT"},
        )
        assert preflight.status_code == 200
        assert preflight.headers["access-control-allow-origin"] == "https://ui.example.org"
        other = client.post("/api/upload/", files=FILE, headers={"origin": "https://x.example"})
        assert other.status_code == 403
        assert "access-control-allow-origin" not in other.headers


def test_no_origin_is_allowed_across_origins_by_default(client):
    response = client.get("/health/", headers={"origin": "https://ui.example.org"})
    assert "access-control-allow-origin" not in response.headers
