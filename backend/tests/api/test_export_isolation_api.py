"""A session's exported model holds no byte of another session: fragments of one session's
column names, left in the padding of another session's stored trees as a worker shared
by both leaves them, never reach the second session's exports, however many run at once."""

from concurrent.futures import ThreadPoolExecutor

import joblib
import numpy as np
from sklearn.tree._tree import NODE_DTYPE

from tests.utils.client import upload
from tests.utils.datasets import mixed_classification
from tests.utils.training import csv_bytes, session_folder, train_body
from tests.utils.tree_padding import PADDING, trees

FIRST_NAMES = {"x1": "qzvj_wombat_income", "x2": "qzvj_wombat_tenure", "colour": "qzvj_tint"}
EXPORTS = 50


def fragments() -> set[bytes]:
    """Every five bytes of the first session's column names."""
    return {
        name.encode()[start : start + 5]
        for name in FIRST_NAMES.values()
        for start in range(len(name) - 4)
    }


def train_forest(client) -> None:
    response = client.post(
        "/api/train-models/", json=train_body(model_names=["RandomForestClassifier"])
    )
    assert response.status_code == 200, response.text


def leave_in_padding(path, content: bytes) -> None:
    """The pipeline stored at `path` with `content` in every node's padding."""
    pipeline = joblib.load(path)
    for tree in trees(pipeline):
        state = tree.__getstate__()
        nodes = state["nodes"].copy()
        padding = nodes.view(np.uint8).reshape(len(nodes), NODE_DTYPE.itemsize)[:, PADDING]
        padding[:] = np.frombuffer(content, dtype=np.uint8)
        tree.__setstate__({**state, "nodes": nodes})
    joblib.dump(pipeline, path)


def test_exports_under_load_hold_no_fragment_of_another_sessions_names(client, settings):
    first = mixed_classification().rename(columns=FIRST_NAMES)
    upload(client, "first.csv", csv_bytes(first))
    train_forest(client)

    client.cookies.clear()
    upload(client, "second.csv", csv_bytes(mixed_classification(seed=4)))
    train_forest(client)
    stored = session_folder(client, settings) / "models" / "RandomForestClassifier.joblib"
    leave_in_padding(stored, FIRST_NAMES["x1"].encode()[:7])
    assert FIRST_NAMES["x1"].encode()[:7] in stored.read_bytes()

    def export(number: int) -> bytes:
        body = {
            "selected_model": "RandomForestClassifier",
            "format": "joblib" if number % 2 else "pkl",
            "model_name": f"second_{number}",
        }
        response = client.post("/api/export-model/", json=body)
        assert response.status_code == 200, response.text
        return response.content

    with ThreadPoolExecutor(max_workers=8) as pool:
        exported = list(pool.map(export, range(EXPORTS)))

    assert len(exported) == EXPORTS
    for content in exported:
        assert not [fragment for fragment in fragments() if fragment in content]
