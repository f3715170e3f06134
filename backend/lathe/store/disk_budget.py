"""A total disk budget for the store (`LATHE_MAX_STORE_GB`): the least recently used idle
sessions make room first, and a session used in the last `IDLE_SECONDS` is never removed
for room, so a burst of uploads cannot push out the people working."""

import time
from dataclasses import dataclass, field
from pathlib import Path

from lathe.errors import ErrorCode, InsufficientStorageError
from lathe.store.session_store import SessionStore, last_touched

IDLE_SECONDS = 10 * 60
_GB = 1024**3


@dataclass
class Room:
    fits: bool
    removed: list[str] = field(default_factory=list)


def used_bytes(folder: Path) -> int:
    total = 0
    for path in folder.rglob("*"):
        try:
            total += path.stat().st_size if path.is_file() else 0
        except FileNotFoundError:
            continue
    return total


def make_room(store: SessionStore, limit_gb: float, needed: int, now: float | None = None) -> Room:
    """Remove idle sessions, least recently used first, until the store and `needed` more
    bytes fit in `limit_gb`; say whether they do."""
    limit = limit_gb * _GB
    idle_before = (now if now is not None else time.time()) - IDLE_SECONDS
    used = used_bytes(store.root)
    removed: list[str] = []
    if used + needed > limit:
        for session in store.idle_sessions():
            if used + needed <= limit or last_touched(session.folder) > idle_before:
                break
            used -= used_bytes(session.folder)
            store.remove(session.folder)
            removed.append(session.folder.name)
    return Room(used + needed <= limit, removed)


def require_room(store: SessionStore, limit_gb: float, needed: int) -> None:
    """Make room for `needed` bytes, or refuse with 507 when idle sessions cannot give it."""
    if not make_room(store, limit_gb, needed).fits:
        raise InsufficientStorageError(
            f"The server's storage for sessions is full (its {limit_gb:g} GB budget) and "
            "every session in it is in use; try again in a few minutes.",
            ErrorCode.STORE_FULL,
            {"limit_gb": limit_gb},
        )
