"""A full disk never silently loses an upload: one the disk certainly cannot take is
refused with 507 and changes nothing; one answered 200 whose frame then fails to be
written makes every use of the session say so, until the next upload."""

import errno
import shutil

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
