import pytest

from tests.utils.client import upload
from tests.utils.files import SMALL_CSV


@pytest.fixture
def uploaded(client):
    upload(client, "shop.csv", SMALL_CSV)
    return client


def test_drop_one_column(uploaded):
    response = uploaded.post("/api/drop-columns/", json={"columns": ["city"], "step_id": 1})
    body = response.json()
    assert response.status_code == 200
    assert body["columns"] == ["id", "price", "sold"]
    assert body["shape"] == [4, 3]
    assert body["data"][0] == [1, 10.5, True]
    assert body["dropped_columns"] == ["city"]
    assert body["message"] == 'Column "city" dropped.'
    assert uploaded.get("/api/get-session-data/").json()["columns"] == ["id", "price", "sold"]


def test_drop_several_columns(uploaded):
    body = uploaded.post("/api/drop-columns/", json={"columns": ["city", "price"]}).json()
    assert body["columns"] == ["id", "sold"]
    assert body["message"] == "2 columns dropped"


def test_drop_refuses_the_last_column_and_changes_nothing(uploaded):
    uploaded.post("/api/drop-columns/", json={"columns": ["city", "price", "sold"]})
    response = uploaded.post("/api/drop-columns/", json={"columns": ["id"]})
    assert response.status_code == 400
    assert response.json() == {"error": "You cannot drop the last column.", "code": "last_column"}
    assert uploaded.get("/api/get-session-data/").json()["columns"] == ["id"]


def test_drop_names_unknown_columns(uploaded):
    response = uploaded.post("/api/drop-columns/", json={"columns": ["city", "ghost", "nope"]})
    assert response.status_code == 400
    assert response.json()["error"] == "Unknown columns: ghost, nope"
    assert uploaded.get("/api/get-session-data/").json()["shape"] == [4, 4]


@pytest.mark.parametrize(
    ("body", "code"),
    [({"columns": []}, "no_columns"), ({"columns": ["city"], "step_id": 0}, "invalid_step_id")],
)
def test_drop_validation(uploaded, body, code):
    response = uploaded.post("/api/drop-columns/", json=body)
    assert response.status_code == 400
    assert response.json()["code"] == code


def test_drop_without_dataset(client):
    assert client.post("/api/drop-columns/", json={"columns": ["a"]}).json()["code"] == "no_dataset"


def test_snapshot_then_undo_restores_the_frame(uploaded):
    assert uploaded.post("/api/snapshot-step/", json={"step_id": 3}).json() == {
        "step_id": 3,
        "message": "Snapshot of step 3 taken.",
    }
    uploaded.post("/api/drop-columns/", json={"columns": ["city"], "step_id": 3})
    uploaded.post("/api/drop-columns/", json={"columns": ["price"], "step_id": 3})
    response = uploaded.post("/api/undo-step/", json={"step_id": 3})
    body = response.json()
    assert response.status_code == 200
    assert body["columns"] == ["id", "city", "price", "sold"]
    assert body["data"][0] == [1, "Paris", 10.5, True]
    assert body["message"] == "Undo completed — step restored."
    assert uploaded.get("/api/get-session-data/").json()["shape"] == [4, 4]


def test_a_drop_for_a_step_without_a_snapshot_takes_it_first(uploaded):
    uploaded.post("/api/drop-columns/", json={"columns": ["city"], "step_id": 2})
    uploaded.post("/api/drop-columns/", json={"columns": ["price"], "step_id": 2})
    assert uploaded.get("/api/get-session-data/").json()["snapshot_steps"] == [2]
    undo = uploaded.post("/api/undo-step/", json={"step_id": 2}).json()
    assert undo["columns"] == ["id", "city", "price", "sold"]


def test_a_refused_drop_takes_no_snapshot(uploaded):
    response = uploaded.post("/api/drop-columns/", json={"columns": ["ghost"], "step_id": 2})
    assert response.status_code == 400
    assert uploaded.get("/api/get-session-data/").json()["snapshot_steps"] == []


def test_a_drop_without_a_step_takes_no_snapshot(uploaded):
    uploaded.post("/api/drop-columns/", json={"columns": ["city"]})
    assert uploaded.get("/api/get-session-data/").json()["snapshot_steps"] == []


def test_undo_of_an_earlier_step_forgets_later_snapshots(uploaded):
    uploaded.post("/api/snapshot-step/", json={"step_id": 3})
    uploaded.post("/api/drop-columns/", json={"columns": ["city"]})
    uploaded.post("/api/snapshot-step/", json={"step_id": 4})
    uploaded.post("/api/drop-columns/", json={"columns": ["price"]})
    uploaded.post("/api/undo-step/", json={"step_id": 3})
    assert uploaded.post("/api/undo-step/", json={"step_id": 4}).json()["code"] == "no_snapshot"
    again = uploaded.post("/api/undo-step/", json={"step_id": 3})
    assert again.status_code == 200


@pytest.mark.parametrize("body", [{}, {"step_id": None}, {"step_id": 0}, {"step_id": -2}])
def test_undo_requires_a_valid_step(uploaded, body):
    response = uploaded.post("/api/undo-step/", json=body)
    assert response.status_code == 400
    assert response.json() == {"error": "Undo requires a valid step.", "code": "invalid_step"}


def test_undo_without_a_snapshot(uploaded):
    response = uploaded.post("/api/undo-step/", json={"step_id": 5})
    assert response.status_code == 400
    assert response.json()["error"] == "No snapshot exists for step 5."


@pytest.mark.parametrize("body", [{}, {"step_id": 0}])
def test_snapshot_requires_a_step(uploaded, body):
    response = uploaded.post("/api/snapshot-step/", json=body)
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_step_id"


def test_malformed_bodies_are_422_json(uploaded):
    response = uploaded.post("/api/undo-step/", json={"step_id": "three"})
    assert response.status_code == 422
    assert response.json()["code"] == "invalid_request"
    assert "step_id" in response.json()["error"]
    assert uploaded.post("/api/drop-columns/", content=b"not json").status_code == 422


def test_session_data_lists_the_steps_with_a_snapshot(uploaded):
    def snapshots():
        return uploaded.get("/api/get-session-data/").json()["snapshot_steps"]

    assert snapshots() == []
    for step in (5, 3, 7):
        uploaded.post("/api/snapshot-step/", json={"step_id": step})
    assert snapshots() == [3, 5, 7]
    uploaded.post("/api/undo-step/", json={"step_id": 5})
    assert snapshots() == [3, 5]
