"""A wall-clock end for the fits that run under it (``fits_end_by``): CatBoost, whose
rounds cost in proportion to the classes (500 rounds of 32 classes took minutes on 1,900
rows), stops at it, and its fit fails with ``FitOutOfTime``, so that no single fit can
overrun a time budget. Outside ``fits_end_by`` a fit has no end."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

_END: ContextVar[float | None] = ContextVar("fit_end", default=None)


class FitOutOfTime(Exception):
    """A fit reached the end ``fits_end_by`` set before it finished."""

    def __init__(self) -> None:
        super().__init__("The fit did not finish in the time left.")


@contextmanager
def fits_end_by(end: float) -> Iterator[None]:
    """Fits in this block stop at `end` (a ``time.time()``)."""
    token = _END.set(end)
    try:
        yield
    finally:
        _END.reset(token)


class RoundsUntilEnd:
    """A CatBoost callback that ends the training at the end in force, and says so."""

    def __init__(self, end: float) -> None:
        self.end = end
        self.reached = False

    def after_iteration(self, info: Any) -> bool:
        self.reached = time.time() >= self.end
        return not self.reached

    def check(self) -> None:
        if self.reached:
            raise FitOutOfTime


def rounds_until_end() -> RoundsUntilEnd | None:
    """The callback for the end in force, or None when there is none."""
    end = _END.get()
    return None if end is None else RoundsUntilEnd(end)
