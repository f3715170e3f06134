"""What the periodic sweep removes: expired sessions, what a crash left behind, and idle
sessions past the disk budget. It runs at start-up and then every few minutes."""

import time
from pathlib import Path

from lathe.store.atomic import TEMP_SUFFIX
from lathe.store.disk_budget import make_room
from lathe.store.session_store import ARRIVING, Session, SessionStore

LEFTOVER_AGE_SECONDS = 15 * 60
"""Older than any upload still being read: its file is written until the body ends."""


def sweep_store(store: SessionStore, limit_gb: float, now: float | None = None) -> list[str]:
    """Sweep the store; return the ids of the sessions removed."""
    now = now if now is not None else time.time()
    expired = store.sweep(now)
    sweep_leftovers(store, now)
    return expired + make_room(store, limit_gb, 0, now, only_if_it_fits=False).removed


def sweep_leftovers(store: SessionStore, now: float | None = None) -> None:
    """Remove, once older than `LEFTOVER_AGE_SECONDS`: files in `incoming/`, session
    folders without a manifest (an upload cut short, or a name that is no session id; the
    marker of a first upload being written goes first, as a crash may leave it) and,
    in each idle session, temp files of unfinished writes, frames its manifest does not
    reference and models without results (a training cut short)."""
    cutoff = (now if now is not None else time.time()) - LEFTOVER_AGE_SECONDS
    for leftover in store.incoming.iterdir():
        if _older(leftover, cutoff):
            leftover.unlink(missing_ok=True)
    for folder in store.sessions.iterdir():
        if _older(folder, cutoff):
            _sweep_old_folder(store, folder, cutoff)
    for session in store.idle_sessions():
        _sweep_idle_session(session, cutoff)


def _sweep_old_folder(store: SessionStore, folder: Path, cutoff: float) -> None:
    marker = folder / ARRIVING
    if _older(marker, cutoff):  # left by a crash: no upload is written for that long
        marker.unlink(missing_ok=True)
    if not store.has_data(folder.name):
        store.remove(folder)


def _sweep_idle_session(session: Session, cutoff: float) -> None:
    for temp in session.folder.rglob(f"*{TEMP_SUFFIX}"):
        if _older(temp, cutoff):
            temp.unlink(missing_ok=True)
    session.forget_unreferenced_frames()
    if session.models.results() is None:
        session.models.forget()


def _older(path: Path, cutoff: float) -> bool:
    try:
        return path.stat().st_mtime < cutoff
    except FileNotFoundError:
        return False
