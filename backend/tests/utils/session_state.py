"""What a refused request must leave as it was: the session's data as the API shows it and
its manifest on disk, byte for byte."""

from pathlib import Path

from fastapi.testclient import TestClient

from tests.utils.client import session_id_of


def manifest_path(client: TestClient, data_dir: Path) -> Path:
    session_id = session_id_of(client)
    found = [path for path in data_dir.rglob("manifest.json") if path.parent.name == session_id]
    assert len(found) == 1, found
    return found[0]


def session_state(client: TestClient, data_dir: Path) -> tuple[bytes, bytes]:
    response = client.get("/api/get-session-data/")
    assert response.status_code == 200, response.text
    return response.content, manifest_path(client, data_dir).read_bytes()
