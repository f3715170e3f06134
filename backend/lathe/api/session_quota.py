"""New sessions per client address and time window (`LATHE_MAX_NEW_SESSIONS_PER_CLIENT`
per `LATHE_NEW_SESSIONS_WINDOW_S`), so one client cannot fill the store with sessions.

Counted in the web process's memory: a restart forgets the counts. The address is the
connection's peer, which behind a proxy is the proxy's unless the server takes it from
the proxy's headers (uvicorn's `--proxy-headers` and `--forwarded-allow-ips`).
"""

import math
import threading
import time
from collections import defaultdict, deque
from collections.abc import Iterator
from contextlib import contextmanager

from fastapi import Request

from lathe.errors import ErrorCode, TooManyRequestsError


class NewSessionQuota:
    def __init__(self, limit: int, window_seconds: float) -> None:
        self.limit = limit
        self.window_seconds = window_seconds
        self._started: defaultdict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    @contextmanager
    def counting(self, client: str) -> Iterator[None]:
        """Count a new session of `client` (``take``) made in the block; one not made
        because the block failed is not counted."""
        self.take(client)
        try:
            yield
        except BaseException:
            self.give_back(client)
            raise

    def take(self, client: str, now: float | None = None) -> None:
        """Count a new session of `client`, or refuse it with 429 once the window holds
        `limit` of them."""
        if self.limit <= 0:
            return
        now = time.monotonic() if now is None else now
        with self._lock:
            started = self._started[client]
            while started and started[0] <= now - self.window_seconds:
                started.popleft()
            if len(started) >= self.limit:
                retry_after = math.ceil(started[0] + self.window_seconds - now)
                raise TooManyRequestsError(
                    f"This address has started {self.limit} sessions in the last "
                    f"{self.window_seconds:g} seconds; try again in {retry_after} seconds.",
                    ErrorCode.TOO_MANY_SESSIONS,
                    {
                        "limit": self.limit,
                        "window_s": self.window_seconds,
                        "retry_after_s": retry_after,
                    },
                    retry_after,
                )
            started.append(now)
            self._forget_quiet_clients(now)

    def give_back(self, client: str) -> None:
        if self.limit <= 0:
            return
        with self._lock:
            started = self._started.get(client)
            if started:
                started.pop()

    def _forget_quiet_clients(self, now: float) -> None:
        quiet = [
            client
            for client, started in self._started.items()
            if not started or started[-1] <= now - self.window_seconds
        ]
        for client in quiet:
            del self._started[client]


def session_quota_of(request: Request) -> NewSessionQuota:
    quota: NewSessionQuota = request.app.state.session_quota
    return quota
