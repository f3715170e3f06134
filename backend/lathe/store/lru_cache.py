"""A small thread-safe least-recently-used cache for values derived from a session."""

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Key = TypeVar("Key", bound=tuple[Hashable, ...])
Value = TypeVar("Value")


class LruCache(Generic[Key, Value]):
    """Keys are tuples whose first item is the session id, so a session can be forgotten.

    It keeps at most `size` values and, with `weigh`, values that weigh at most `budget`
    together; the newest value is kept whatever it weighs."""

    def __init__(
        self, size: int, weigh: Callable[[Value], int] | None = None, budget: int = 0
    ) -> None:
        self._size = size
        self._weigh = weigh
        self._budget = budget
        self._items: OrderedDict[Key, tuple[Value, int]] = OrderedDict()
        self._weight = 0
        self._lock = threading.Lock()

    def get(self, key: Key) -> Value | None:
        with self._lock:
            item = self._items.get(key)
            if item is None:
                return None
            self._items.move_to_end(key)
            return item[0]

    def put(self, key: Key, value: Value) -> None:
        if self._size <= 0:
            return
        weight = 0 if self._weigh is None else self._weigh(value)
        with self._lock:
            self._drop(key)
            self._items[key] = (value, weight)
            self._weight += weight
            while len(self._items) > self._size or (
                len(self._items) > 1 and self._weigh is not None and self._weight > self._budget
            ):
                self._drop(next(iter(self._items)))

    def forget(self, session_id: str) -> None:
        with self._lock:
            for key in [key for key in self._items if key[0] == session_id]:
                self._drop(key)

    def _drop(self, key: Key) -> None:
        item = self._items.pop(key, None)
        if item is not None:
            self._weight -= item[1]
