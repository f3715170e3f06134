"""The `Server-Timing` header (W3C Server Timing): how long each stage of a request took,
shown by the browser's developer tools and read by the bench."""

import time
from collections.abc import Iterator
from contextlib import contextmanager


class ServerTiming:
    def __init__(self) -> None:
        self._stages: list[tuple[str, float]] = []

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            self._stages.append((name, time.perf_counter() - started))

    def header(self) -> str:
        return ", ".join(f"{name};dur={seconds * 1000:.1f}" for name, seconds in self._stages)
