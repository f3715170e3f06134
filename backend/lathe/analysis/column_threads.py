"""A frame's columns worked on side by side, a thread per core, once the frame has more
than ``SIDE_BY_SIDE_ROWS`` rows: what a column's work spends its time in (numpy's sorts
and arithmetic, Arrow's hashing and fills) lets go of the interpreter, and below that
size starting the threads costs more than they give."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

SIDE_BY_SIDE_ROWS = 65_536

T = TypeVar("T")
R = TypeVar("R")


def column_map(rows: int, work: Callable[[T], R], columns: Iterable[T]) -> list[R]:
    """`work` of each of `columns` (of a frame of `rows` rows), in their order; the first
    error raised is raised here."""
    chosen = list(columns)
    workers = min(os.cpu_count() or 1, len(chosen)) if rows > SIDE_BY_SIDE_ROWS else 1
    if workers <= 1:
        return [work(column) for column in chosen]
    with ThreadPoolExecutor(workers, thread_name_prefix="lathe-columns") as pool:
        return list(pool.map(work, chosen))
