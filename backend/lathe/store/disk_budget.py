"""A total disk budget for the store (`LATHE_MAX_STORE_GB`): the least recently used idle
sessions make room first, and a session used in the last `IDLE_SECONDS` is never removed
for room, so a burst of uploads cannot push out the people working. An upload removes
sessions only when that makes it fit."""

import asyncio
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from lathe.errors import ErrorCode, InsufficientStorageError
from lathe.store.session_store import SessionStore, last_touched

IDLE_SECONDS = 10 * 60
_GB = 1024**3


@dataclass
class Room:
    fits: bool
    used: int
    """The bytes the store holds once the sessions are removed."""
    removed: list[str] = field(default_factory=list)


def used_bytes(folder: Path) -> int:
    total = 0
    for path in folder.rglob("*"):
        try:
            total += path.stat().st_size if path.is_file() else 0
        except FileNotFoundError:
            continue
    return total


def make_room(
    store: SessionStore,
    limit_gb: float,
    needed: int,
    now: float | None = None,
    only_if_it_fits: bool = True,
) -> Room:
    """Remove idle sessions, least recently used first, until the store and `needed` more
    bytes fit in `limit_gb`, and say whether they do. When even every idle session would
    not make room, none is removed, unless not `only_if_it_fits`."""
    limit = limit_gb * _GB
    idle_before = (now if now is not None else time.time()) - IDLE_SECONDS
    used = used_bytes(store.root)
    if used + needed <= limit:
        return Room(True, used)
    with ExitStack() as held:
        chosen: list[Path] = []
        freed = 0
        for folder in store.folders_by_use():
            if used - freed + needed <= limit or last_touched(folder) > idle_before:
                break
            if held.enter_context(store.holding_if_idle(folder)) is not None:
                chosen.append(folder)
                freed += used_bytes(folder)
        fits = used - freed + needed <= limit
        if not fits and only_if_it_fits:
            return Room(False, used)
        for folder in chosen:
            store.remove(folder)
    return Room(fits, used - freed, [folder.name for folder in chosen])


class UploadRoom:
    """Room in the store for an upload, taken as its bytes arrive: the store and the bytes
    received so far stay within the budget, idle sessions making room when that is
    enough, so a body without a declared length is held to the budget too."""

    def __init__(self, store: SessionStore, limit_gb: float, declared: int) -> None:
        """Make room for the `declared` length of the body (0 when unknown) now."""
        self.store = store
        self.limit_gb = limit_gb
        room = make_room(store, limit_gb, declared)
        if not room.fits:
            raise store_full(limit_gb)
        self.used = room.used

    async def take(self, received: int) -> None:
        """Refuse the upload with 507 once `received` bytes do not fit, even with idle
        sessions removed."""
        if self.used + received > self.limit_gb * _GB:
            room = await asyncio.to_thread(make_room, self.store, self.limit_gb, 0)
            if not room.fits:
                raise store_full(self.limit_gb)
            # what the store holds now counts the bytes received in the upload's own file
            self.used = room.used - received


def store_full(limit_gb: float) -> InsufficientStorageError:
    return InsufficientStorageError(
        f"The server's storage for sessions is full (its {limit_gb:g} GB budget) and "
        "every session in it is in use; try again in a few minutes.",
        ErrorCode.STORE_FULL,
        {"limit_gb": limit_gb},
    )
