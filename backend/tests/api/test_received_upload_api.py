"""The three routes that take a file receive it through one routine: whatever they answer
once it is received, the file does not stay in the store's incoming/ folder."""

import pytest

from tests.utils.client import upload
from tests.utils.files import SMALL_CSV

UNREADABLE = b"\x00\x01\x02 not a table \xff\xfe"


def _incoming(settings) -> list[str]:
    return sorted(path.name for path in (settings.data_dir / "incoming").iterdir())


@pytest.mark.parametrize(
    ("path", "file", "fields", "status", "code"),
    [
        ("/api/upload/", UNREADABLE, {}, 400, "unsupported_file"),
        ("/api/predict/", SMALL_CSV, {}, 400, "model_required"),
        ("/api/apply-recipe/", b"a,b\n1,2\n", {}, 400, "missing_columns"),
        ("/api/apply-recipe/", SMALL_CSV, {"format": "xlsx"}, 400, "unknown_format"),
    ],
)
def test_a_refused_file_leaves_nothing_in_incoming(
    client, settings, path, file, fields, status, code
):
    upload(client, "small.csv", SMALL_CSV)
    response = client.post(path, files={"file": ("new.csv", file, "text/csv")}, data=fields)
    assert response.status_code == status, response.text
    assert response.json()["code"] == code
    assert _incoming(settings) == []


def test_an_answered_apply_recipe_leaves_nothing_in_incoming(client, settings):
    upload(client, "small.csv", SMALL_CSV)
    response = client.post("/api/apply-recipe/", files={"file": ("new.csv", SMALL_CSV)})
    assert response.status_code == 200, response.text
    assert _incoming(settings) == []
