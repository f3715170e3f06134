"""Columns side by side: the results in the columns' order, on threads only for large
frames, and a column's error raised to the caller."""

import threading

import pytest

from lathe.analysis import column_threads
from lathe.analysis.column_threads import SIDE_BY_SIDE_ROWS, column_map


def test_large_frames_take_their_columns_side_by_side_in_order(monkeypatch):
    monkeypatch.setattr(column_threads.os, "cpu_count", lambda: 2)
    threads = []

    def work(column: str) -> str:
        threads.append(threading.current_thread().name)
        return column.upper()

    columns = [f"c{i}" for i in range(9)]
    assert column_map(SIDE_BY_SIDE_ROWS + 1, work, columns) == [c.upper() for c in columns]
    assert all(name.startswith("lathe-columns") for name in threads)
    threads.clear()
    assert column_map(SIDE_BY_SIDE_ROWS, work, columns) == [c.upper() for c in columns]
    assert threads == [threading.current_thread().name] * len(columns)
    assert column_map(SIDE_BY_SIDE_ROWS + 1, work, []) == []


def test_a_columns_error_reaches_the_caller(monkeypatch):
    monkeypatch.setattr(column_threads.os, "cpu_count", lambda: 2)

    def work(column: str) -> str:
        if column == "bad":
            raise ValueError(column)
        return column

    with pytest.raises(ValueError, match="bad"):
        column_map(SIDE_BY_SIDE_ROWS + 1, work, ["a", "bad", "c"])
