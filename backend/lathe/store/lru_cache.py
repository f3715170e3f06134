"""A small thread-safe least-recently-used cache for values derived from a session."""

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

Key = TypeVar("Key", bound=tuple[Hashable, ...])
Value = TypeVar("Value")


class LruCache(Generic[Key, Value]):
    """Keys are tuples whose first item is the session id, so a session can be forgotten."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[Key, Value] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Key) -> Value | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: Key, value: Value) -> None:
        if self._size <= 0:
            return
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def forget(self, session_id: str) -> None:
        with self._lock:
            for key in [key for key in self._items if key[0] == session_id]:
                del self._items[key]
