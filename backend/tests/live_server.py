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

from lathe.config import Settings
from tests.dask_cluster import LOCAL, ROOT, free_port


@dataclass
class LiveServer:
    process: subprocess.Popen[bytes]
    url: str


@contextmanager
def live_server(settings: Settings, **environment: str) -> Iterator[LiveServer]:
    """Serve `settings`' data folder, interface folder and Dask scheduler, with more
    LATHE_* `environment`; stopped on leaving if still running."""
    port = free_port()
    url = f"http://{LOCAL}:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "lathe"],
        env={
            **os.environ,
            "PYTHONPATH": str(ROOT / "backend"),
            "LATHE_HOST": LOCAL,
            "LATHE_PORT": str(port),
            "LATHE_DATA_DIR": str(settings.data_dir),
            "LATHE_STATIC_DIR": str(settings.static_dir),
            "LATHE_DASK_SCHEDULER": str(settings.dask_scheduler),
            **environment,
        },
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, "the server stopped while starting"
            assert time.monotonic() < deadline, "the server did not start in 60 s"
            try:
                if httpx.get(f"{url}/health/").status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        yield LiveServer(server, url)
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()
