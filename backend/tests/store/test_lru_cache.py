"""The cache keeps its newest values within its count and, when they are weighed, within
its budget; the newest is kept whatever it weighs."""

import pandas as pd

from lathe.store.lru_cache import LruCache
from lathe.store.session_store import frame_bytes


def cached(cache: LruCache[tuple[str, int], bytes], keys: range) -> list[int]:
    return [key for key in keys if cache.get(("s", key)) is not None]


def test_a_count_alone_keeps_the_most_recently_used():
    cache: LruCache[tuple[str, int], bytes] = LruCache(2)
    for key in range(3):
        cache.put(("s", key), b"x" * 1000)
        cache.get(("s", 0))
    assert cached(cache, range(3)) == [0, 2]


def test_weighed_values_stay_within_the_budget_but_the_newest_always_stays():
    cache: LruCache[tuple[str, int], bytes] = LruCache(5, len, budget=250)
    cache.put(("s", 0), b"x" * 100)
    cache.put(("s", 1), b"x" * 100)
    assert cached(cache, range(2)) == [0, 1]
    cache.put(("s", 2), b"x" * 100)  # 300 > 250: the oldest goes
    assert cached(cache, range(3)) == [1, 2]
    cache.put(("s", 3), b"x" * 1000)  # past the budget alone
    assert cached(cache, range(4)) == [3]
    cache.put(("s", 3), b"x" * 10)  # replaced, its old weight no longer counted
    cache.put(("s", 4), b"x" * 200)
    assert cached(cache, range(5)) == [3, 4]


def test_a_forgotten_session_frees_its_weight():
    cache: LruCache[tuple[str, int], bytes] = LruCache(5, len, budget=250)
    cache.put(("a", 0), b"x" * 200)
    cache.forget("a")
    cache.put(("b", 0), b"x" * 200)
    cache.put(("b", 1), b"x" * 50)
    assert cache.get(("b", 0)) is not None and cache.get(("b", 1)) is not None


def test_a_frame_weighs_its_values_buffers():
    frame = pd.DataFrame({"number": range(1000), "text": ["abc"] * 1000}).astype(
        {"number": "float64", "text": "str"}
    )
    assert frame_bytes(frame) == 8000 + frame["text"].array.nbytes
    assert frame_bytes(frame) > 8000 + 3000
