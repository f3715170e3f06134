"""A full disk never silently loses what the person was shown: an upload the disk
certainly cannot take is refused with 507 and changes nothing; an upload answered 200 whose
frame then fails to be written makes every use of the session say so, until the next
upload; a step answered 200 whose frame fails to be written is kept, every use says so,
and the first use that finds room writes it."""

import errno
import shutil
import threading

from lathe.store import session_store
from tests.utils.client import upload
from tests.utils.files import SMALL_CSV

OTHER_CSV = b"a,b\n1,x\n2,y\n3,z\n"


def _disk_full(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_an_answered_upload_the_disk_could_not_take_is_said_until_the_next(client, monkeypatch):
    upload(client, "small.csv", SMALL_CSV)
    monkeypatch.setattr(session_store, "write_frame", _disk_full)
    upload(client, "other.csv", OTHER_CSV)
    for path in ("/api/get-session-data/", "/api/analyze/"):
        response = client.get(path)
        assert response.status_code == 507, response.text
        assert response.json()["code"] == "disk_full"
        assert response.json()["params"] == {"filename": "other.csv"}
        assert "other.csv could not be stored" in response.json()["error"]
    monkeypatch.undo()
    upload(client, "other.csv", OTHER_CSV)
    data = client.get("/api/get-session-data/")
    assert data.status_code == 200 and data.json()["filename"] == "other.csv"


def test_an_upload_the_disk_certainly_cannot_take_is_refused_and_changes_nothing(
    client, monkeypatch
):
    upload(client, "small.csv", SMALL_CSV)
    real = shutil.disk_usage
    monkeypatch.setattr(shutil, "disk_usage", lambda path: real(path)._replace(free=0))
    response = client.post("/api/upload/", files={"file": ("other.csv", OTHER_CSV, "text/csv")})
    assert response.status_code == 507
    assert response.json()["code"] == "disk_full"
    data = client.get("/api/get-session-data/")
    assert data.status_code == 200 and data.json()["filename"] == "small.csv"


def test_an_answered_step_the_disk_could_not_take_is_kept_and_written_once_there_is_room(
    client, monkeypatch
):
    upload(client, "small.csv", SMALL_CSV)
    failed = threading.Event()

    def disk_full_once_seen(*args, **kwargs):
        failed.set()
        _disk_full()

    monkeypatch.setattr(session_store, "write_frame", disk_full_once_seen)
    scaled = client.post("/api/scale-features/", json={"method": "minmax", "columns": ["price"]})
    assert scaled.status_code == 200, scaled.text
    assert failed.wait(30)
    refused = client.get("/api/get-session-data/")
    assert refused.status_code == 507, refused.text
    assert refused.json()["code"] == "step_not_stored"
    monkeypatch.undo()
    data = client.get("/api/get-session-data/")
    assert data.status_code == 200
    assert data.json()["data"] == scaled.json()["data"]
