"""How many threads a fit uses, by the size of its work.

Threads pay off on large fits and cost dearly on small ones: with OpenMP threads that
wait passively (``lathe/__init__.py``), LightGBM on 3,200 rows ran ten times slower on
two threads than on one. A fit of fewer than ``SINGLE_THREAD_ROWS`` rows runs on one
thread and the cores go to folds instead, fitted side by side (``fold_workers``), as
are the folds of a model with no threads of its own at any size; a larger fit of a
threaded model uses every core and its folds run one after the other.

On a Dask worker the cores are the worker's threads (one in Lathe's clusters), not the
machine's: a job calls ``use_cores`` first, so its folds run one after the other and a
large fit keeps to its thread while the other workers use the other cores.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

from threadpoolctl import threadpool_limits

from lathe.ml.catalog import CatalogEntry

SINGLE_THREAD_ROWS = 50_000
SIDE_BY_SIDE_ROWS = 65_536
THREAD_SETTINGS = ("n_jobs", "thread_count")
MACHINE_CORES = os.cpu_count() or 1
_cores = MACHINE_CORES

Result = TypeVar("Result")
Item = TypeVar("Item")
_beside = threading.local()


def use_cores(count: int) -> None:
    """Fit with `count` cores from now on in this process (a Dask worker's threads)."""
    global _cores
    _cores = max(1, count)


def fit_threads(rows: int) -> int:
    """1 for a small fit; for a large one every core (-1) or the worker's threads."""
    if rows < SINGLE_THREAD_ROWS:
        return 1
    return -1 if _cores == MACHINE_CORES else _cores


def thread_params(entry: CatalogEntry, rows: int) -> dict[str, int]:
    """The entry's thread settings for a fit of `rows` rows."""
    threads = fit_threads(rows)
    return {name: threads for name in THREAD_SETTINGS if name in entry.settings}


def fold_workers(rows: int, entry: CatalogEntry | None = None) -> int:
    """Folds fitted at once: every core for single-threaded fits (small ones, or any of a
    model without threads of its own, like naive Bayes), else one."""
    single = fit_threads(rows) == 1 or (entry is not None and not thread_params(entry, rows))
    return _cores if single else 1


@contextmanager
def single_threaded_libraries(workers: int) -> Iterator[None]:
    """BLAS and OpenMP limited to one thread while `workers` fits run side by side."""
    if workers == 1:
        yield
        return
    with threadpool_limits(limits=1):
        yield


def side_by_side(
    work: Callable[..., Result], arguments: Sequence[tuple[Any, ...]], workers: int
) -> list[Result]:
    """`work` on each argument tuple, `workers` at a time in threads (the fits release the
    GIL), results in order; the first failure is raised and the work not yet started is
    dropped. A plain thread pool: joblib's waits by polling, which cost small fits a
    tenth of a second a call."""
    if workers == 1 or len(arguments) < 2:
        return [work(*args) for args in arguments]
    with single_threaded_libraries(workers):
        pool = ThreadPoolExecutor(workers, thread_name_prefix="lathe-fit")
        try:
            return list(pool.map(lambda args: _beside_others(work, args), arguments))
        finally:
            pool.shutdown(cancel_futures=True)


def _beside_others(work: Callable[..., Result], arguments: tuple[Any, ...]) -> Result:
    _beside.active = True
    return work(*arguments)


def column_map(rows: int, work: Callable[[Item], Result], columns: Iterable[Item]) -> list[Result]:
    """`work` of each of `columns` of a frame of `rows` rows, in their order, side by side
    on the cores above ``SIDE_BY_SIDE_ROWS`` rows unless already beside other work; the
    first error is raised."""
    chosen = [(column,) for column in columns]
    alone = rows > SIDE_BY_SIDE_ROWS and not getattr(_beside, "active", False)
    return side_by_side(work, chosen, _cores if alone else 1)
