import threading
import time

import pytest

from lathe.ml import threads
from lathe.ml.catalog import ENTRIES
from lathe.ml.threads import (
    SIDE_BY_SIDE_ROWS,
    SINGLE_THREAD_ROWS,
    column_map,
    fit_threads,
    fold_workers,
    side_by_side,
    thread_params,
)


def test_small_fits_run_on_one_thread_and_large_ones_on_every_core():
    assert fit_threads(SINGLE_THREAD_ROWS - 1) == 1
    assert fit_threads(SINGLE_THREAD_ROWS) == -1
    assert thread_params(ENTRIES["LGBMClassifier"], 3_000) == {"n_jobs": 1}
    assert thread_params(ENTRIES["CatBoostClassifier"], 10**6) == {"thread_count": -1}
    assert thread_params(ENTRIES["LogisticRegression"], 3_000) == {}


def test_the_folds_of_a_model_without_threads_run_side_by_side_at_any_size():
    many = fold_workers(100)
    assert fold_workers(10**6, ENTRIES["GaussianNB"]) == many
    assert fold_workers(10**6, ENTRIES["LogisticRegression"]) == many
    assert fold_workers(10**6, ENTRIES["LGBMClassifier"]) == 1
    assert fold_workers(100, ENTRIES["LGBMClassifier"]) == many


def test_folds_of_small_fits_run_side_by_side_in_order():
    assert fold_workers(SINGLE_THREAD_ROWS) == 1
    workers = fold_workers(100)
    seen: set[int] = set()
    barrier = threading.Barrier(2, timeout=5) if workers > 1 else None

    def work(number: int) -> int:
        seen.add(threading.get_ident())
        if barrier is not None and number < 2:
            barrier.wait()  # both first folds run at once, or this times out
        return number * 10

    assert side_by_side(work, [(n,) for n in range(4)], workers) == [0, 10, 20, 30]
    assert len(seen) == min(workers, 2) or workers == 1


def test_a_failing_fit_is_raised_and_the_work_not_yet_started_is_dropped():
    started: list[int] = []

    def work(number: int) -> int:
        started.append(number)
        if number == 0:
            raise ValueError("fold 0 failed")
        time.sleep(0.2)
        return number

    with pytest.raises(ValueError, match="fold 0 failed"):
        side_by_side(work, [(n,) for n in range(8)], 2)
    assert 0 in started and len(started) < 8


def test_a_large_frames_columns_run_side_by_side_in_order_but_not_inside_a_fold(monkeypatch):
    monkeypatch.setattr(threads, "_cores", 2)
    main = threading.current_thread().name
    names: list[str] = []

    def work(column: str) -> str:
        names.append(threading.current_thread().name)
        return column.upper()

    columns = [f"c{i}" for i in range(9)]
    assert column_map(SIDE_BY_SIDE_ROWS + 1, work, columns) == [c.upper() for c in columns]
    assert main not in names
    names.clear()
    assert column_map(SIDE_BY_SIDE_ROWS, work, columns) == [c.upper() for c in columns]
    assert names == [main] * len(columns)

    def fold(number: int) -> list[str]:
        before = len(names)
        column_map(SIDE_BY_SIDE_ROWS + 1, work, columns)
        return names[before : before + len(columns)]

    names.clear()
    for seen in side_by_side(fold, [(0,), (1,)], 2):
        assert len(set(seen)) == 1  # a fold's columns stay on the fold's thread
    assert column_map(SIDE_BY_SIDE_ROWS + 1, work, []) == []


def test_a_columns_error_reaches_the_caller(monkeypatch):
    monkeypatch.setattr(threads, "_cores", 2)

    def work(column: str) -> str:
        if column == "bad":
            raise ValueError(column)
        return column

    with pytest.raises(ValueError, match="bad"):
        column_map(SIDE_BY_SIDE_ROWS + 1, work, ["a", "bad", "c"])
