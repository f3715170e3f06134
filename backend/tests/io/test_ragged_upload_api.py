"""A file none of whose rows can be read is refused over HTTP and leaves the session as it was."""

from tests.utils.client import upload
from tests.utils.files import SMALL_CSV


def test_an_all_ragged_upload_is_refused_and_keeps_the_previous_data(client):
    first = upload(client, "shop.csv", SMALL_CSV)
    ragged = b"id,city,price,sold\n1,Paris\n2,Rome,3,no,extra\n3\n"
    response = client.post("/api/upload/", files={"file": ("ragged.csv", ragged, "text/csv")})
    assert response.status_code == 422
    body = response.json()
    assert body["code"] == "file_unreadable"
    assert body["error"].startswith("None of the 3 data rows has the 4 fields of the header")
    assert body["params"] == {"rows": 3, "columns": 4, "example": "1,Paris"}
    session = client.get("/api/get-session-data/").json()
    assert session["filename"] == "shop.csv"
    assert session["columns"] == first["columns"] and session["shape"] == first["shape"]
    assert session["data"] == first["data"]
