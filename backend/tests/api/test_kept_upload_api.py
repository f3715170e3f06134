"""An upload answered 200 survives the server dying before its frame is written: the
received file is kept in the session until then, and read again when the server starts."""

import os
import signal

import httpx
import numpy as np
import pandas as pd

from lathe.api.session_cookie import COOKIE_NAME
from tests.utils.live_server import live_server, session_data_after_restart

ROWS = 400_000


def _large_csv() -> bytes:
    """A file whose frame takes long enough to write that a kill right after the answer
    lands before it is on disk."""
    rng = np.random.default_rng(7)
    frame = pd.DataFrame({f"x{i}": rng.normal(size=ROWS) for i in range(8)})
    frame["city"] = rng.choice(["Paris", "Rome", "Oslo"], size=ROWS)
    return frame.to_csv(index=False).encode()


def test_an_answered_upload_survives_a_kill_right_after_the_answer(settings):
    content = _large_csv()
    with live_server(settings) as server:
        answer = httpx.post(
            f"{server.url}/api/upload/",
            files={"file": ("big.csv", content, "text/csv")},
            timeout=120,
        )
        os.killpg(server.process.pid, signal.SIGKILL)
        server.process.wait()
    assert answer.status_code == 200, answer.text
    data = session_data_after_restart(settings, answer.cookies[COOKIE_NAME])
    assert data.status_code == 200, data.text
    body = data.json()
    assert body["shape"] == [ROWS, 9]
    assert body["filename"] == "big.csv"
    folder = settings.data_dir / "sessions" / answer.json()["session_id"]
    assert sorted(path.name for path in folder.iterdir() if path.name.startswith(".upload")) == []
