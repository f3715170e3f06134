"""One client address may start `LATHE_MAX_NEW_SESSIONS_PER_CLIENT` sessions per
`LATHE_NEW_SESSIONS_WINDOW_S`; the next is refused with 429 and `Retry-After`, while its
sessions and other addresses go on."""

import pytest
from fastapi.testclient import TestClient

from lathe.api.session_quota import NewSessionQuota
from lathe.errors import LatheError
from lathe.main import create_app
from tests.utils.client import upload
from tests.utils.files import SMALL_CSV

FILE = {"file": ("small.csv", SMALL_CSV, "text/csv")}


def _sessions(settings) -> int:
    return len(list((settings.data_dir / "sessions").iterdir()))


def test_a_client_past_its_quota_of_new_sessions_gets_429(settings):
    settings.max_new_sessions_per_client = 3
    app = create_app(settings)
    with TestClient(app) as client, TestClient(app, client=("203.0.113.9", 4000)) as elsewhere:
        for _ in range(3):
            client.cookies.clear()
            upload(client, "small.csv", SMALL_CSV)
        client.cookies.clear()
        refused = client.post("/api/upload/", files=FILE)
        assert refused.status_code == 429
        assert refused.json()["code"] == "too_many_sessions"
        params = refused.json()["params"]
        assert params == {"limit": 3, "window_s": 3600.0, "retry_after_s": params["retry_after_s"]}
        assert 3590 <= params["retry_after_s"] <= 3600
        assert refused.headers["retry-after"] == str(params["retry_after_s"])
        assert "set-cookie" not in refused.headers
        assert _sessions(settings) == 3
        upload(elsewhere, "small.csv", SMALL_CSV)
        assert _sessions(settings) == 4


def test_an_upload_into_a_session_of_its_own_is_no_new_session(settings):
    settings.max_new_sessions_per_client = 1
    with TestClient(create_app(settings)) as client:
        upload(client, "small.csv", SMALL_CSV)
        upload(client, "other.csv", b"x\n1\n")
        assert client.get("/api/get-session-data/").json()["columns"] == ["x"]


def test_a_refused_upload_is_not_counted(settings):
    settings.max_new_sessions_per_client = 1
    with TestClient(create_app(settings)) as client:
        empty = client.post("/api/upload/", files={"file": ("empty.csv", b"", "text/csv")})
        assert empty.status_code == 400
        upload(client, "small.csv", SMALL_CSV)


def test_the_window_moves_on():
    quota = NewSessionQuota(limit=2, window_seconds=60)
    quota.take("a", now=0)
    quota.take("a", now=30)
    with pytest.raises(LatheError) as refused:
        quota.take("a", now=59)
    assert refused.value.status == 429 and refused.value.headers() == {"Retry-After": "1"}
    quota.take("a", now=60)
    with pytest.raises(LatheError):
        quota.take("a", now=61)


def test_zero_sets_no_quota():
    quota = NewSessionQuota(limit=0, window_seconds=60)
    for _ in range(1000):
        quota.take("a", now=0)
