"""A client cannot choose its session id: an upload without a session the server holds
gets a fresh id, and an id with anything around its 32 characters is no id. The cookie is
the only credential: every upload gives the session a new one, and the `session_id` of
the answer only names the session."""

import pytest
from fastapi.testclient import TestClient

from lathe.main import create_app
from lathe.store.session_store import is_session_id, new_session_id
from tests.utils.client import upload
from tests.utils.files import SMALL_CSV


def _sessions(settings) -> list[str]:
    return [folder.name for folder in (settings.data_dir / "sessions").iterdir()]


def test_an_invented_well_formed_id_is_not_adopted(client, settings):
    invented = new_session_id()
    response = client.post(
        "/api/upload/",
        files={"file": ("small.csv", SMALL_CSV, "text/csv")},
        headers={"cookie": f"lathe_session={invented}"},
    )
    assert response.status_code == 200, response.text
    sid = response.json()["session_id"]
    assert sid != invented and is_session_id(sid)
    assert response.headers["set-cookie"].startswith(f"lathe_session={sid}.")
    assert _sessions(settings) == [sid]


def test_an_existing_session_keeps_its_id(client):
    first = upload(client, "small.csv", SMALL_CSV)
    assert upload(client, "other.csv", b"x\n1\n")["session_id"] == first["session_id"]


def test_an_upload_gives_the_session_a_new_cookie(client):
    upload(client, "small.csv", SMALL_CSV)
    before = client.cookies["lathe_session"]
    upload(client, "other.csv", b"x\n1\n")
    after = client.cookies["lathe_session"]
    assert after != before
    assert client.get("/api/get-session-data/").json()["columns"] == ["x"]
    client.cookies.set("lathe_session", before)
    assert client.get("/api/get-session-data/").json()["code"] == "no_dataset"


def test_a_planted_cookie_does_not_read_the_next_upload(settings):
    app = create_app(settings)
    with TestClient(app) as attacker, TestClient(app) as victim:
        upload(attacker, "bait.csv", SMALL_CSV)
        planted = attacker.cookies["lathe_session"]
        victim.cookies.set("lathe_session", planted)
        upload(victim, "salaries.csv", b"name,salary\nAda,100\n")
        assert victim.get("/api/get-session-data/").json()["columns"] == ["name", "salary"]
        assert attacker.get("/api/get-session-data/").json()["code"] == "no_dataset"
        assert attacker.get("/api/analyze/").json()["code"] == "no_dataset"


def test_the_answers_session_id_opens_nothing(client):
    sid = upload(client, "small.csv", SMALL_CSV)["session_id"]
    secret = client.cookies["lathe_session"].partition(".")[2]
    assert client.cookies["lathe_session"] == f"{sid}.{secret}"
    for forged in (sid, f"{sid}.", f"{sid}.{secret[:-1]}", f"{sid}.{secret}x", f".{secret}"):
        client.cookies.set("lathe_session", forged)
        assert client.get("/api/get-session-data/").json()["code"] == "no_dataset", forged


@pytest.mark.parametrize("around", ["\n", "\r\n", " ", "\x00"])
def test_an_id_with_a_trailing_character_is_refused(around):
    assert not is_session_id(new_session_id() + around)
    assert not is_session_id(around + new_session_id())


def test_a_cookie_ending_in_a_newline_creates_no_folder_of_that_name(client, settings):
    """A quoted cookie value is unescaped, so `\\012` arrives as a trailing newline."""
    invented = new_session_id()
    header = f'lathe_session="{invented}\\012"'
    response = client.post(
        "/api/upload/",
        files={"file": ("small.csv", SMALL_CSV, "text/csv")},
        headers={"cookie": header},
    )
    assert response.status_code == 200, response.text
    assert response.json()["session_id"] not in (invented, invented + "\n")
    assert _sessions(settings) == [response.json()["session_id"]]


def test_the_newline_id_of_an_existing_session_is_not_that_session(client):
    upload(client, "small.csv", SMALL_CSV)
    cookie = client.cookies["lathe_session"]
    client.cookies.clear()
    response = client.get(
        "/api/get-session-data/", headers={"cookie": f'lathe_session="{cookie}\\012"'}
    )
    assert response.json()["code"] == "no_dataset"
