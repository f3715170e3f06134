"""Request bodies other than uploads are capped (LATHE_MAX_JSON_KB) while they are read:
past the cap the answer is 413 and the rest of the body is never read."""

import asyncio
import json

from fastapi.testclient import TestClient

from lathe.main import create_app
from tests.utils.client import upload
from tests.utils.files import SMALL_CSV

CHUNK = 64 * 1024


def _huge_step_body(size: int) -> bytes:
    return json.dumps({"columns": ["city"], "step_id": 3, "padding": "x" * size}).encode()


def test_a_step_body_over_the_limit_is_a_413_and_changes_nothing(client):
    upload(client, "small.csv", SMALL_CSV)
    before = client.get("/api/get-session-data/").json()
    response = client.post(
        "/api/drop-columns/",
        content=_huge_step_body(2 * 1024 * 1024),
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413
    assert response.json() == {
        "error": "The request body is larger than the 1024 KB limit.",
        "code": "body_too_large",
        "params": {"limit_kb": 1024},
    }
    assert client.get("/api/get-session-data/").json() == before


def test_a_body_without_a_length_stops_being_read_at_the_limit(settings):
    """Driven as a server would: 64 KiB chunks without a Content-Length, 20 MB in all."""
    app = create_app(settings)
    received: list[int] = []
    sent: list[dict] = []

    async def receive():
        received.append(CHUNK)
        return {"type": "http.request", "body": b"x" * CHUNK, "more_body": len(received) < 320}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/drop-columns/",
        "raw_path": b"/api/drop-columns/",
        "root_path": "",
        "query_string": b"",
        "headers": [(b"content-type", b"application/json")],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 8000),
    }
    asyncio.run(app(scope, receive, send))
    assert sent[0]["status"] == 413
    assert json.loads(sent[1]["body"])["code"] == "body_too_large"
    assert sum(received) <= 1024 * 1024 + CHUNK


def test_the_limit_follows_the_setting_and_spares_uploads(settings):
    settings.max_json_kb = 1
    with TestClient(create_app(settings)) as client:
        big_csv = b"a,b\n" + b"1,2\n" * 10_000
        upload(client, "big.csv", big_csv)
        small = client.post("/api/drop-columns/", json={"columns": ["b"]})
        assert small.status_code == 200, small.text
        refused = client.post(
            "/api/session-target/",
            content=json.dumps({"target_column": "a" * 2000}),
            headers={"content-type": "application/json"},
        )
        assert refused.status_code == 413
        assert refused.json()["params"] == {"limit_kb": 1}
