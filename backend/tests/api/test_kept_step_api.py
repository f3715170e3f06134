"""A step answered 200 survives the server dying before its frame is written: the steps
are recorded in the session before the answer, and replayed when the server starts."""

import io
import os
import signal

import httpx
import numpy as np
import pandas as pd

from lathe.api.session_cookie import COOKIE_NAME
from tests.utils.live_server import live_server, session_data_after_restart

ROWS = 2_000_000


def _large_parquet() -> bytes:
    """A frame whose scaled copy takes long enough to write that a kill right after the
    answer lands before it is on disk."""
    rng = np.random.default_rng(3)
    frame = pd.DataFrame({f"x{i}": rng.normal(size=ROWS) for i in range(8)})
    frame["city"] = rng.choice(["Paris", "Rome", "Oslo"], size=ROWS)
    buffer = io.BytesIO()
    frame.to_parquet(buffer)
    return buffer.getvalue()


def test_an_answered_step_survives_a_kill_right_after_the_answer(settings):
    with live_server(settings) as server:
        client = httpx.Client(base_url=server.url, timeout=120)
        uploaded = client.post(
            "/api/upload/",
            files={"file": ("big.parquet", _large_parquet(), "application/octet-stream")},
        )
        assert uploaded.status_code == 200, uploaded.text
        assert client.get("/api/get-session-data/").status_code == 200  # the upload is stored
        scaled = client.post("/api/scale-features/", json={"method": "standard"})
        os.killpg(server.process.pid, signal.SIGKILL)
        server.process.wait()
    assert scaled.status_code == 200, scaled.text
    folder = settings.data_dir / "sessions" / uploaded.json()["session_id"]
    assert (folder / ".committing.json").exists(), "the frame was written before the kill"
    data = session_data_after_restart(settings, client.cookies[COOKIE_NAME])
    assert data.status_code == 200, data.text
    body = data.json()
    assert body["data"] == scaled.json()["data"]
    assert body["shape"] == [ROWS, 9] and body["dtypes"] == scaled.json()["dtypes"]
    assert not (folder / ".committing.json").exists()
