"""TRACE and unknown methods answer 405 with a JSON error and an `Allow` header listing the
methods the path accepts."""

import pytest
from fastapi.testclient import TestClient

from lathe.main import create_app

PATHS = [
    ("/api/upload/", {"POST"}),
    ("/api/get-session-data/", {"GET"}),
    ("/api/session-target/", {"PUT"}),
    ("/health/", {"GET"}),
]


def _allowed(response) -> set[str]:
    return {method.strip() for method in response.headers["allow"].split(",")}


@pytest.mark.parametrize("method", ["TRACE", "FOO", "DELETE", "PATCH"])
@pytest.mark.parametrize(("path", "allowed"), PATHS, ids=[path for path, _ in PATHS])
def test_a_method_the_path_does_not_take_is_a_405_with_allow(client, method, path, allowed):
    response = client.request(method, path)
    assert response.status_code == 405
    assert response.json() == {"error": "Method Not Allowed", "code": "method_not_allowed"}
    assert _allowed(response) == allowed


def test_the_interface_allows_get_and_head(tmp_path, settings):
    static = tmp_path / "interface"
    static.mkdir()
    (static / "index.html").write_text("<html></html>")
    with TestClient(create_app(settings.model_copy(update={"static_dir": static}))) as client:
        response = client.request("TRACE", "/")
        assert response.status_code == 405
        assert response.json()["code"] == "method_not_allowed"
        assert _allowed(response) == {"GET", "HEAD"}
        assert _allowed(client.request("TRACE", "/api/upload/")) == {"POST"}
