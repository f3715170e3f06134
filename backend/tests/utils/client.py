"""What the tests send through a TestClient and read back: an upload, a training with one
model, the id of the session the cookie opens."""

from fastapi.testclient import TestClient

from lathe.api.session_cookie import COOKIE_NAME


def upload(client: TestClient, name: str, content: bytes) -> dict:
    response = client.post("/api/upload/", files={"file": (name, content, "text/csv")})
    assert response.status_code == 200, response.text
    return response.json()


def session_id_of(client: TestClient) -> str:
    """The id of the session the client's cookie opens."""
    session_id = client.app.state.store.session_of(client.cookies.get(COOKIE_NAME))  # type: ignore[attr-defined]
    assert session_id is not None
    return session_id


def train(client: TestClient, model: str, target: str, problem_type: str) -> dict:
    """The session's data trained with one model, as the Training screen sends it."""
    body = {"model_names": [model], "target_column": target, "problem_type": problem_type}
    response = client.post("/api/train-models/", json=body)
    assert response.status_code == 200, response.text
    return response.json()
