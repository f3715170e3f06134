"""Lathe in its own process (`python -m lathe`) on a free port of 127.0.0.1, for what only a
real server shows: a request body sent in chunks as it is made, a server killed mid-work."""

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import httpx

from lathe.api.session_cookie import COOKIE_NAME
from lathe.config import Settings
from tests.utils.dask_cluster import LOCAL, ROOT, free_port


@dataclass
class LiveServer:
    process: subprocess.Popen[bytes]
    url: str


@contextmanager
def lathe_process(
    environment: dict[str, str | None], *, port: int | None = None, ready_path: str = "/health/"
) -> Iterator[LiveServer]:
    """`python -m lathe` with these LATHE_* settings (None removes one from the inherited
    environment), in its own process group so its workers go with it; started once
    `ready_path` answers 200, stopped on leaving if still running."""
    port = port or free_port()
    url = f"http://{LOCAL}:{port}"
    merged = {
        **os.environ,
        "PYTHONPATH": str(ROOT / "backend"),
        "LATHE_HOST": LOCAL,
        "LATHE_PORT": str(port),
        **environment,
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "lathe"],
        env={name: value for name, value in merged.items() if value is not None},
        cwd=ROOT / "backend",
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        _wait_until_ready(server, f"{url}{ready_path}")
        yield LiveServer(server, url)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


def _wait_until_ready(server: subprocess.Popen[bytes], url: str) -> None:
    deadline = time.monotonic() + 90
    while True:
        assert server.poll() is None, "the server stopped while starting"
        assert time.monotonic() < deadline, "the server did not start in 90 s"
        try:
            if httpx.get(url).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)


@contextmanager
def live_server(settings: Settings, **environment: str) -> Iterator[LiveServer]:
    """Serve `settings`' data folder, interface folder and Dask scheduler, with more
    LATHE_* `environment`."""
    with lathe_process(
        {
            "LATHE_DATA_DIR": str(settings.data_dir),
            "LATHE_STATIC_DIR": str(settings.static_dir),
            "LATHE_DASK_SCHEDULER": str(settings.dask_scheduler),
            **environment,
        }
    ) as server:
        yield server


def session_data_after_restart(settings: Settings, cookie: str) -> httpx.Response:
    """`GET /api/get-session-data/` of the session `cookie` opens, from a server started
    anew on `settings`' data folder."""
    with live_server(settings) as restarted:
        return httpx.get(
            f"{restarted.url}/api/get-session-data/", cookies={COOKIE_NAME: cookie}, timeout=60
        )
