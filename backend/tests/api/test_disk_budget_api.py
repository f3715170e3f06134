"""The store has a disk budget (LATHE_MAX_STORE_GB): a new upload first removes the least
recently used idle sessions, and is refused with 507 while the store is full of sessions
in use; the periodic sweep holds the store to the budget the same way."""

import os
import time

from fastapi.testclient import TestClient

from lathe.main import create_app
from lathe.store.disk_budget import IDLE_SECONDS, used_bytes
from lathe.store.sweep import sweep_store
from tests.utils.client import upload
from tests.utils.files import SMALL_CSV

GB = 1024**3


def _new_session(client) -> str:
    client.cookies.clear()
    return upload(client, "small.csv", SMALL_CSV)["session_id"]


def _new_session_cookie(client) -> tuple[str, str]:
    """A new session's id and its cookie."""
    sid = _new_session(client)
    return sid, client.cookies["lathe_session"]


def _idle_since(settings, sid: str, seconds_ago: float) -> None:
    then = time.time() - seconds_ago
    os.utime(settings.data_dir / "sessions" / sid / "manifest.json", (then, then))


def _budget_of(settings, sessions: float) -> None:
    """Set the budget to `sessions` times what one session of SMALL_CSV takes."""
    with TestClient(create_app(settings)) as client:
        _new_session(client)
    one = used_bytes(settings.data_dir)
    for folder in (settings.data_dir / "sessions").iterdir():
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()
    settings.max_store_gb = sessions * one / GB


def _sessions(settings) -> set[str]:
    return {folder.name for folder in (settings.data_dir / "sessions").iterdir()}


def test_a_store_full_of_sessions_in_use_refuses_uploads_with_507(settings):
    _budget_of(settings, 2.5)
    with TestClient(create_app(settings)) as client:
        kept = {_new_session(client) for _ in range(3)}
        client.cookies.clear()
        response = client.post("/api/upload/", files={"file": ("small.csv", SMALL_CSV, "text/csv")})
        assert response.status_code == 507
        body = response.json()
        assert body["code"] == "store_full"
        assert body["params"] == {"limit_gb": settings.max_store_gb}
        assert "full" in body["error"] and "try again" in body["error"]
        assert "set-cookie" not in response.headers
    assert _sessions(settings) == kept
    assert list((settings.data_dir / "incoming").iterdir()) == []


def test_the_oldest_idle_session_makes_room_first(settings):
    _budget_of(settings, 2.5)
    with TestClient(create_app(settings)) as client:
        (oldest, oldest_cookie), (older, older_cookie), (recent, _) = (
            _new_session_cookie(client) for _ in range(3)
        )
        _idle_since(settings, oldest, IDLE_SECONDS + 600)
        _idle_since(settings, older, IDLE_SECONDS + 300)
        newest = _new_session(client)
        assert _sessions(settings) == {older, recent, newest}
        client.cookies.set("lathe_session", oldest_cookie)
        assert client.get("/api/get-session-data/").json()["code"] == "no_dataset"
        client.cookies.set("lathe_session", older_cookie)
        assert client.get("/api/get-session-data/").json()["shape"] == [4, 4]


def test_a_session_used_recently_is_never_removed_for_room(settings):
    _budget_of(settings, 2.5)
    with TestClient(create_app(settings)) as client:
        sessions = [_new_session(client) for _ in range(3)]
        _idle_since(settings, sessions[0], IDLE_SECONDS - 120)
        client.cookies.clear()
        response = client.post("/api/upload/", files={"file": ("s.csv", SMALL_CSV, "text/csv")})
        assert response.status_code == 507
    assert _sessions(settings) == set(sessions)


def test_the_periodic_sweep_holds_the_store_to_its_budget(settings):
    _budget_of(settings, 3.5)
    with TestClient(create_app(settings)) as client:
        sessions = [_new_session(client) for _ in range(3)]
    settings.max_store_gb = settings.max_store_gb / 3.5 * 1.5
    for age, sid in zip((3000, 2000, 1000), sessions, strict=True):
        _idle_since(settings, sid, IDLE_SECONDS + age)
    store = create_app(settings).state.store
    assert sweep_store(store, settings.max_store_gb) == sessions[:2]
    assert _sessions(settings) == {sessions[2]}
