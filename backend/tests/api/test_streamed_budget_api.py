"""The disk budget holds for a body sent in chunks without a Content-Length: its bytes
count as they arrive, idle sessions are removed only when that makes room, and an upload
that does not fit is refused with 507 and leaves nothing behind."""

import os
import time
from collections.abc import Iterator

import httpx

from lathe.api.session_cookie import COOKIE_NAME
from lathe.store.disk_budget import IDLE_SECONDS, used_bytes
from tests.utils.files import SMALL_CSV
from tests.utils.live_server import live_server

GB = 1024**3
KB = 1024
BOUNDARY = "lathe-test-boundary"


def _chunked_upload(size: int) -> Iterator[bytes]:
    """A multipart upload of a CSV of about `size` bytes, made as it is sent."""
    yield (
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; '
        'filename="streamed.csv"\r\nContent-Type: text/csv\r\n\r\n'
    ).encode()
    yield b"a,b\n"
    row = b"12345,67890\n"
    for _ in range(size // (16 * KB)):
        yield row * (16 * KB // len(row))
    yield f"\r\n--{BOUNDARY}--\r\n".encode()


def _post(url: str, body: bytes | Iterator[bytes], cookie: str | None = None) -> httpx.Response:
    headers = {"content-type": f"multipart/form-data; boundary={BOUNDARY}"}
    cookies = {COOKIE_NAME: cookie} if cookie else None
    return httpx.post(f"{url}/api/upload/", content=body, headers=headers, cookies=cookies)


def _small_upload() -> bytes:
    return b"".join(
        [
            f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="file"; '
            'filename="small.csv"\r\nContent-Type: text/csv\r\n\r\n'.encode(),
            SMALL_CSV,
            f"\r\n--{BOUNDARY}--\r\n".encode(),
        ]
    )


def _stored(url: str, body: bytes | Iterator[bytes]) -> str:
    """Upload `body` into a new session, once its frame is written; its id."""
    answer = _post(url, body)
    assert answer.status_code == 200, answer.text
    cookies = {COOKIE_NAME: answer.cookies[COOKIE_NAME]}
    assert httpx.get(f"{url}/api/get-session-data/", cookies=cookies).status_code == 200
    session_id: str = answer.json()["session_id"]
    return session_id


def _new_sessions(url: str, count: int) -> list[str]:
    return [_stored(url, _small_upload()) for _ in range(count)]


def _idle(settings, sid: str) -> None:
    then = time.time() - IDLE_SECONDS - 60
    os.utime(settings.data_dir / "sessions" / sid / "manifest.json", (then, then))


def _sessions(settings) -> set[str]:
    return {folder.name for folder in (settings.data_dir / "sessions").iterdir()}


def _incoming(settings) -> list[str]:
    return [path.name for path in (settings.data_dir / "incoming").iterdir()]


def test_a_chunked_upload_past_the_budget_is_refused_and_removed(settings):
    limit = 256 * KB
    with live_server(settings, LATHE_MAX_STORE_GB=str(limit / GB)) as server:
        kept = set(_new_sessions(server.url, 2))
        refused = _post(server.url, _chunked_upload(1024 * KB))
        assert refused.status_code == 507, refused.text
        assert refused.json()["code"] == "store_full"
        assert "set-cookie" not in refused.headers
        assert _incoming(settings) == []
        assert _sessions(settings) == kept
        assert used_bytes(settings.data_dir) <= limit


def test_idle_sessions_make_room_for_a_chunked_upload_as_its_bytes_arrive(settings):
    with live_server(settings) as server:
        idle = _stored(server.url, _chunked_upload(128 * KB))
        recent = _new_sessions(server.url, 1)[0]
    room = used_bytes(settings.data_dir) + 100 * KB
    with live_server(settings, LATHE_MAX_STORE_GB=str(room / GB)) as server:
        _idle(settings, idle)
        stored = _post(server.url, _chunked_upload(160 * KB))
        assert stored.status_code == 200, stored.text
        assert stored.json()["shape"][0] > 10_000
        assert _sessions(settings) == {recent, stored.json()["session_id"]}


def test_a_declared_upload_that_would_not_fit_without_the_idle_sessions_removes_none(settings):
    limit = 256 * KB
    with live_server(settings, LATHE_MAX_STORE_GB=str(limit / GB)) as server:
        sessions = set(_new_sessions(server.url, 3))
        for sid in sessions:
            _idle(settings, sid)
        declared = b"".join(_chunked_upload(1024 * KB))
        refused = _post(server.url, declared)
        assert refused.status_code == 507, refused.text
        assert _sessions(settings) == sessions
        assert _incoming(settings) == []
