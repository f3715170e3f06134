"""Sessions on disk: a folder each, immutable versioned Arrow frames, a JSON manifest.

A mutation writes a new frame version and then replaces the manifest, which is the commit
point; a snapshot only records a version, so taking one costs nothing and undo is a manifest
change. Versions never repeat within a session, so anything cached per version stays valid.
Trained models belong to the data and recipe they were trained on: a new upload, a new
step and an undo that changes the recipe remove them.
"""

import errno
import fcntl
import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import shutil
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, TypeGuard

import pandas as pd

from lathe.config import FRAME_CACHE_MB
from lathe.errors import ErrorCode, LatheError, no_dataset, step_not_stored, upload_not_stored
from lathe.store.atomic import write_atomically, write_text_atomically
from lathe.store.frame_files import SUFFIX, frame_columns, frame_files, read_frame, write_frame
from lathe.store.job_records import JobRecords
from lathe.store.lru_cache import LruCache
from lathe.store.manifest import Manifest, Snapshot
from lathe.store.trained_models import PipelineStamp, TrainedModels

FrameCache = LruCache[tuple[str, int], pd.DataFrame]

log = logging.getLogger(__name__)

_SESSION_ID = re.compile(r"[A-Za-z0-9_-]{32}")
_MANIFEST = "manifest.json"
ARRIVING = ".arriving"
"""Marks a session whose first upload is being written (``SessionStore.start``)."""
_KEY = ".key"
"""The SHA-256 of the session's secret (``credential``)."""
_KEPT_UPLOAD = ".upload"
_KEPT_UPLOAD_NAME = ".upload.json"
"""An answered upload whose frame is not yet written: the received file and its name,
read again at start-up when the server stopped before writing it."""
_UNSTORED = ".unstored.json"
"""An answered upload whose frame could not be written: its file name and whether the disk
was full. Every use of the session says so (``upload_not_stored``) until the next upload,
so data the person was shown is never silently the data before it, or none."""
_DISK_FULL = (errno.ENOSPC, errno.EDQUOT)

ReadUpload = Callable[[Path, str], pd.DataFrame]
"""Reads a received file (path, file name) as its frame."""
_COMMITTING = ".committing.json"
"""Commits answered before their frames are written (``Session.commit`` with `behind`):
the version they follow, each one's version and steps, and the manifest they make; they
are replayed at start-up when the server stopped before writing them."""
ReplaySteps = Callable[[pd.DataFrame, Sequence[Mapping[str, Any]]], pd.DataFrame]
"""Applies recorded recipe steps to a frame, as the commit that recorded them did."""


@dataclass
class _Unwritten:
    version: int
    frame: pd.DataFrame
    steps: list[dict[str, Any]]


def frame_bytes(frame: pd.DataFrame) -> int:
    """The frame's size in memory, its values' buffers (text in Python objects counted
    as its pointers: measuring those would take seconds)."""
    return int(frame.memory_usage(index=False, deep=False).sum())


def new_session_id() -> str:
    return secrets.token_urlsafe(24)


def new_secret() -> str:
    return secrets.token_urlsafe(24)


def credential(session_id: str, secret: str) -> str:
    """What opens the session: its id, which may be shown, and its secret, which may not."""
    return f"{session_id}.{secret}"


def is_session_id(value: str | None) -> TypeGuard[str]:
    return value is not None and _SESSION_ID.fullmatch(value) is not None


class Session:
    """One session's manifest and frames, used while its lock is held."""

    def __init__(self, folder: Path, manifest: Manifest, cache: FrameCache) -> None:
        self.folder = folder
        self.manifest = manifest
        self.models = TrainedModels(folder)
        self.jobs = JobRecords(folder)
        self._cache = cache
        self.unwritten: list[_Unwritten] = []
        """Commits whose frames are not yet on disk, oldest first."""
        self._written_version = manifest.version

    @property
    def frame(self) -> pd.DataFrame:
        """The current frame. Shared with the cache: derive new frames, never edit it in place."""
        return self._frame(self.manifest.version)

    def raw_frame(self) -> pd.DataFrame:
        return self._frame(self.manifest.raw_version)

    def column_names(self, uploaded: bool = False) -> list[str]:
        """The current (or the uploaded) frame's column names, without reading its values."""
        frame = self._cached(self._version(uploaded))
        if frame is not None:
            return list(frame.columns)
        return frame_columns(self._frame_path(self._version(uploaded)))

    def columns(self, names: Sequence[str], uploaded: bool = False) -> pd.DataFrame:
        """Those of `names` the current (or the uploaded) frame has, read alone when the
        cache does not hold the frame: a check of the target reads one column, not them all."""
        present = set(self.column_names(uploaded))
        wanted = [name for name in names if name in present]
        frame = self._cached(self._version(uploaded))
        if frame is not None:
            return frame[wanted]
        return (
            read_frame(self._frame_path(self._version(uploaded)), wanted)
            if wanted
            else pd.DataFrame()
        )

    @property
    def target(self) -> str | None:
        """The session target while the current frame has it."""
        target = self.manifest.target
        return target if target is not None and target in self.column_names() else None

    def choose_target(self, column: str | None) -> None:
        """Make `column` (a column of the uploaded and the current frame) the session target;
        ``None`` clears it. Saved with the next save."""
        if column is not None:
            for uploaded in (False, True):
                if column not in self.column_names(uploaded):
                    raise LatheError(
                        f"Unknown target column: {column}",
                        ErrorCode.UNKNOWN_TARGET,
                        {"column": column},
                    )
        self.manifest.target = column

    def save_target(self, column: str | None) -> None:
        self.choose_target(column)
        self._save()

    def commit(
        self, frame: pd.DataFrame, steps: Sequence[Mapping[str, Any]], behind: bool = False
    ) -> None:
        """Make `frame` current and append the steps that produced it (JSON objects) to
        the recipe. `behind`: the frame and the manifest are written once the session is
        let go of, by a thread that holds its lock until they are on disk
        (``SessionStore.changing``), so a step at ten million rows is answered without
        waiting a second and a half for the disk; `frame` must be the steps applied to the
        current frame, which is how the commit is replayed should the server stop first."""
        recorded = [dict(step) for step in steps]
        if behind:
            version = self.manifest.latest_version + 1
            self.manifest.latest_version = version
            self._cache.put((self.manifest.session_id, version), frame)
            self.unwritten.append(_Unwritten(version, frame, recorded))
        else:
            version = self._write_frame(frame)
        self.manifest.version = version
        self.manifest.recipe.extend(recorded)
        self.models.forget()
        if not behind:
            self._save()

    def start_over(self, frame: pd.DataFrame) -> None:
        """Make `frame` both the uploaded and the current frame, with an empty history."""
        version = self._write_frame(frame)
        self.manifest.raw_version = self.manifest.version = version
        self.manifest.recipe = []
        self.manifest.snapshots = {}
        self.models.forget()
        self._save()

    def snapshot(self, step_id: int) -> None:
        self.manifest.snapshots[step_id] = Snapshot(
            version=self.manifest.version, recipe=list(self.manifest.recipe)
        )
        self._save()

    def restore(self, step_id: int) -> None:
        """Return frame and recipe to the snapshot of `step_id`; later steps' snapshots go."""
        snapshot = self.manifest.snapshots.get(step_id)
        if snapshot is None:
            raise LatheError(
                f"No snapshot exists for step {step_id}.",
                ErrorCode.NO_SNAPSHOT,
                {"step_id": step_id},
            )
        if snapshot.recipe != self.manifest.recipe:
            self.models.forget()
        self.manifest.version = snapshot.version
        self.manifest.recipe = list(snapshot.recipe)
        self.manifest.snapshots = {
            step: kept for step, kept in self.manifest.snapshots.items() if step <= step_id
        }
        self._save()

    def _version(self, uploaded: bool) -> int:
        return self.manifest.raw_version if uploaded else self.manifest.version

    def _cached(self, version: int) -> pd.DataFrame | None:
        for commit in self.unwritten:
            if commit.version == version:
                return commit.frame
        return self._cache.get((self.manifest.session_id, version))

    def _frame(self, version: int) -> pd.DataFrame:
        frame = self._cached(version)
        if frame is None:
            frame = read_frame(self._frame_path(version))
            self._cache.put((self.manifest.session_id, version), frame)
        return frame

    def _write_frame(self, frame: pd.DataFrame) -> int:
        version = self.manifest.latest_version + 1
        self._write_version(version, frame)
        self.manifest.latest_version = version
        self._cache.put((self.manifest.session_id, version), frame)
        return version

    def _write_version(self, version: int, frame: pd.DataFrame) -> None:
        write_atomically(self._frame_path(version), lambda temp: write_frame(frame, temp))

    def _frame_path(self, version: int) -> Path:
        return self.folder / f"frame-{version}{SUFFIX}"

    def _save(self) -> None:
        while self.unwritten:
            self._write_version(self.unwritten[0].version, self.unwritten[0].frame)
            self.unwritten.pop(0)
        write_text_atomically(self.folder / _MANIFEST, self.manifest.model_dump_json(indent=1))
        self._written_version = self.manifest.version
        self.forget_unreferenced_frames()

    def keep_unwritten(self) -> None:
        """Record the unwritten commits (``_COMMITTING``) before they are answered."""
        record = {
            "after": self._written_version,
            "commits": [{"version": c.version, "steps": c.steps} for c in self.unwritten],
            "manifest": self.manifest.model_dump(mode="json"),
        }
        write_text_atomically(self.folder / _COMMITTING, json.dumps(record))

    def save_unwritten(self) -> None:
        """Write the unwritten commits' frames and the manifest, then forget their record."""
        self._save()
        (self.folder / _COMMITTING).unlink(missing_ok=True)

    def replay_kept(self, replay: ReplaySteps) -> bool:
        """Commit again the commits `keep_unwritten` recorded, each by `replay` of its
        steps, when the session is still where they left it; whether it was."""
        record = json.loads((self.folder / _COMMITTING).read_text(encoding="utf-8"))
        commits = record["commits"]
        if self.manifest.version != record["after"] or any(
            commit["version"] <= self.manifest.latest_version for commit in commits
        ):
            return False
        frame = self.frame
        for commit in commits:
            frame = replay(frame, commit["steps"])
            self._cache.put((self.manifest.session_id, commit["version"]), frame)
            self.unwritten.append(_Unwritten(commit["version"], frame, commit["steps"]))
        self.manifest = Manifest.model_validate(record["manifest"])
        self._save()
        return True

    def forget_unreferenced_frames(self) -> None:
        keep = {self._frame_path(v).stem for v in self.manifest.referenced_versions()}
        for path in frame_files(self.folder):
            if path.stem not in keep:
                path.unlink(missing_ok=True)


class SessionStore:
    def __init__(
        self, root: Path, ttl_hours: float, cache_size: int, cache_mb: int = FRAME_CACHE_MB
    ) -> None:
        self.root = root
        self.sessions = root / "sessions"
        self.incoming = root / "incoming"
        self.sessions.mkdir(parents=True, exist_ok=True)
        self.incoming.mkdir(parents=True, exist_ok=True)
        self.ttl_hours = ttl_hours
        self._ttl_seconds = ttl_hours * 3600
        self._cache: FrameCache = LruCache(cache_size, frame_bytes, cache_mb * 2**20)
        self._unsaved: dict[str, Session] = {}
        """Sessions whose answered steps failed to be written, by id, holding them."""
        self._unsaved_lock = threading.Lock()

    def temp_path(self, kind: str, suffix: str = "") -> Path:
        """A new file name in the store's ``incoming`` folder (received uploads, files
        being sent), unique, swept with stale sessions; the caller removes it."""
        return self.incoming / f"{kind}-{secrets.token_hex(8)}{suffix}"

    def start(
        self,
        session_id: str,
        frame: pd.DataFrame,
        filename: str,
        received: Path | None = None,
        secret: str | None = None,
    ) -> Future[None]:
        """Give the session a freshly uploaded frame, replacing whatever it had.

        The frame is written behind: a thread takes the session's lock before this returns
        and holds it until frame and manifest are on disk, so an upload is answered without
        waiting for the disk while every other use of the session waits for it. The
        `received` file the frame was read from is moved into the session before this
        returns and removed once the frame is written, so a server stopped in between
        reads it again at start-up (``recover_uploads``). A `secret` (``new_secret``)
        replaces the session's, before this returns. The future ends with the write."""
        if shutil.disk_usage(self.sessions).free < _least_frame_bytes(frame):
            raise upload_not_stored(filename, disk_full=True)
        folder = self._folder(session_id)
        folder.mkdir(exist_ok=True)
        written: Future[None] = Future()
        locked = threading.Event()

        def write() -> None:
            arriving = folder / ARRIVING
            try:
                with self._locked(folder, exclusive=True):
                    arriving.touch()
                    if secret is not None:
                        write_text_atomically(folder / _KEY, _digest(secret))
                    if received is not None:
                        _keep_upload(folder, received, filename)
                    locked.set()
                    try:
                        self._start_over(folder, session_id, frame, filename)
                    except BaseException as error:
                        _record_unstored(folder, filename, error)
                        raise
                    finally:
                        _forget_kept_upload(folder)
                        arriving.unlink(missing_ok=True)
                written.set_result(None)
            except BaseException as error:
                log.exception("the upload of session %s could not be stored", session_id)
                written.set_exception(error)
            finally:
                locked.set()

        threading.Thread(target=write, name="lathe-store-upload").start()
        locked.wait()
        if written.done():
            written.result()  # a write that failed at once fails the upload
        return written

    def _start_over(
        self,
        folder: Path,
        session_id: str,
        frame: pd.DataFrame,
        filename: str,
    ) -> None:
        previous = self._load_manifest(folder)
        latest = previous.latest_version if previous else 0
        manifest = Manifest(
            session_id=session_id,
            filename=filename,
            raw_version=latest,
            version=latest,
            latest_version=latest,
        )
        Session(folder, manifest, self._cache).start_over(frame)
        (folder / _UNSTORED).unlink(missing_ok=True)
        self._forget_unsaved(session_id)

    def let_go_of_frames(self, session_id: str | None) -> None:
        """Drop the session's frames from the cache (none for a new session), as an
        upload about to replace them is read: the frame it replaces was held through the
        read, 1.7 GiB of the web process's peak at ten million rows. Should the upload
        fail, they are read again."""
        if session_id is not None:
            self._cache.forget(session_id)

    def recover_uploads(self, read: ReadUpload) -> list[str]:
        """Write the frames of uploads answered but not written when the server stopped,
        reading their kept files again with `read`; return their session ids. A kept file
        that no longer reads leaves its session as it was."""
        recovered = []
        for folder in self.sessions.iterdir():
            name_file = folder / _KEPT_UPLOAD_NAME
            if not is_session_id(folder.name) or not name_file.exists():
                continue
            with self._locked(folder, exclusive=True):
                try:
                    if (folder / _KEPT_UPLOAD).exists():
                        filename = json.loads(name_file.read_text(encoding="utf-8"))["filename"]
                        frame = read(folder / _KEPT_UPLOAD, filename)
                        self._start_over(folder, folder.name, frame, filename)
                        recovered.append(folder.name)
                except Exception:
                    log.exception("the kept upload of session %s could not be read", folder.name)
                finally:
                    _forget_kept_upload(folder)
                    (folder / ARRIVING).unlink(missing_ok=True)
        return recovered

    def session_of(self, credential: str | None) -> str | None:
        """The id of the session `credential` (``credential``) opens, if any."""
        session_id, _, secret = (credential or "").partition(".")
        if not is_session_id(session_id) or not secret:
            return None
        try:
            stored = (self._folder(session_id) / _KEY).read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        return session_id if hmac.compare_digest(stored, _digest(secret)) else None

    @contextmanager
    def reading(self, session_id: str | None) -> Iterator[Session]:
        with self._open(session_id, exclusive=False) as session:
            yield session

    @contextmanager
    def changing(self, session_id: str | None) -> Iterator[Session]:
        with self._open(session_id, exclusive=True) as session:
            yield session

    def data_version(self, session_id: str) -> tuple[int, str] | None:
        """The session's ``Manifest.data_version``, read without its lock (a manifest is
        replaced whole, never edited), so a running job can look between fits; None when
        the session is gone."""
        if not self.has_data(session_id):
            return None
        try:
            manifest = self._load_manifest(self._folder(session_id))
        except FileNotFoundError:
            return None
        return None if manifest is None else manifest.data_version()

    def pipeline_stamp(self, session_id: str, model: str, optimized: bool) -> PipelineStamp | None:
        """``TrainedModels.stamp`` of the session's `model`, read without its lock."""
        return TrainedModels(self._folder(session_id)).stamp(model, optimized)

    def has_data(self, session_id: str | None) -> TypeGuard[str]:
        """Whether the session holds data, is being given its first (``start``) or has an
        upload it could not store."""
        if not is_session_id(session_id):
            return False
        folder = self._folder(session_id)
        return any((folder / name).exists() for name in (_MANIFEST, ARRIVING, _UNSTORED))

    def sweep(self, now: float | None = None) -> list[str]:
        """Delete sessions untouched for longer than the TTL; return their ids."""
        cutoff = (now if now is not None else time.time()) - self._ttl_seconds
        swept = []
        for folder in self.sessions.iterdir():
            if last_touched(folder) < cutoff:
                self.remove(folder)
                swept.append(folder.name)
        return swept

    def remove(self, folder: Path) -> None:
        shutil.rmtree(folder, ignore_errors=True)
        self._cache.forget(folder.name)
        self._forget_unsaved(folder.name)

    def idle_sessions(self) -> Iterator[Session]:
        """Every session no request is using, least recently used first, each locked
        exclusively while the caller holds it."""
        for folder in self.folders_by_use():
            with self.holding_if_idle(folder) as session:
                if session is not None:
                    yield session

    def folders_by_use(self) -> list[Path]:
        """The session folders, least recently used first."""
        return sorted(self.sessions.iterdir(), key=last_touched)

    @contextmanager
    def holding_if_idle(self, folder: Path) -> Iterator[Session | None]:
        """The session of `folder` locked exclusively, or None when a request is using it
        or it holds no data."""
        if not self.has_data(folder.name):
            yield None
            return
        with self._locked(folder, exclusive=True, wait=False) as idle:
            manifest = self._load_manifest(folder) if idle else None
            yield None if manifest is None else Session(folder, manifest, self._cache)

    @contextmanager
    def _open(self, session_id: str | None, exclusive: bool) -> Iterator[Session]:
        if not is_session_id(session_id) or not self.has_data(session_id):
            raise no_dataset()
        folder = self._folder(session_id)
        with self._locked(folder, exclusive) as lock:
            assert lock is not None  # waited for
            _refuse_unstored(folder)
            self._save_unsaved(session_id)
            manifest = self._load_manifest(folder)
            if manifest is None:
                raise no_dataset()
            (folder / _MANIFEST).touch()
            session = Session(folder, manifest, self._cache)
            try:
                yield session
            finally:
                if session.unwritten:
                    self._save_behind(session, lock)

    def _save_behind(self, session: Session, lock: "_Lock") -> None:
        """Record the session's unwritten commits, then write them on a thread that holds
        the session's `lock` until they are on disk. Should the write fail, the session
        keeps the commits in memory and the next use writes them first
        (``_save_unsaved``); the record replays them should the server stop before. Should
        the record fail, the request fails with it and nothing is written."""
        session.keep_unwritten()
        lock.hand_over()

        def save() -> None:
            try:
                session.save_unwritten()
            except BaseException:
                log.exception("the step of session %s could not be stored", session.folder.name)
                with self._unsaved_lock:
                    self._unsaved[session.folder.name] = session
            finally:
                lock.release()

        threading.Thread(target=save, name="lathe-store-commit").start()

    def _forget_unsaved(self, session_id: str) -> None:
        with self._unsaved_lock:
            self._unsaved.pop(session_id, None)

    def _save_unsaved(self, session_id: str) -> None:
        """Write the answered steps of the session that failed to be written, or refuse
        its use while they still cannot be: a step the person was shown is never
        silently undone."""
        if session_id not in self._unsaved:  # every request passes here: no lock for none
            return
        with self._unsaved_lock:
            unsaved = self._unsaved.get(session_id)
            if unsaved is None:
                return
            try:
                unsaved.save_unwritten()
            except Exception as error:
                raise step_not_stored(_is_disk_full(error)) from error
            del self._unsaved[session_id]

    def recover_commits(self, replay: ReplaySteps) -> list[str]:
        """Commit again, by `replay` of their steps, the steps answered but not written
        when the server stopped (``Session.commit`` with `behind`); return their session
        ids. A record that no longer applies (the session moved on) is dropped."""
        recovered = []
        for folder in self.sessions.iterdir():
            if not is_session_id(folder.name) or not (folder / _COMMITTING).exists():
                continue
            with self._locked(folder, exclusive=True):
                try:
                    manifest = self._load_manifest(folder)
                    session = None if manifest is None else Session(folder, manifest, self._cache)
                    if session is not None and session.replay_kept(replay):
                        recovered.append(folder.name)
                except Exception:
                    log.exception("the kept steps of session %s could not be replayed", folder.name)
                finally:
                    (folder / _COMMITTING).unlink(missing_ok=True)
        return recovered

    def _folder(self, session_id: str) -> Path:
        if not is_session_id(session_id):
            raise ValueError("malformed session id")
        return self.sessions / session_id

    @staticmethod
    def _load_manifest(folder: Path) -> Manifest | None:
        path = folder / _MANIFEST
        if not path.exists():
            return None
        return Manifest.model_validate_json(path.read_text(encoding="utf-8"))

    @staticmethod
    @contextmanager
    def _locked(folder: Path, exclusive: bool, wait: bool = True) -> Iterator["_Lock | None"]:
        """Hold the session's lock; without `wait`, yield None at once when it is taken.
        A lock handed over (``_Lock.hand_over``) is kept past the block."""
        handle = (folder / ".lock").open("a")
        lock = _Lock(handle)
        try:
            mode = fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH
            try:
                fcntl.flock(handle, mode if wait else mode | fcntl.LOCK_NB)
            except BlockingIOError:
                yield None
                return
            yield lock
        finally:
            if not lock.handed_over:
                lock.release()


class _Lock:
    """A session's lock file, held (flock) from an open file: whichever thread has it
    may release it."""

    def __init__(self, handle: IO[str]) -> None:
        self.handle = handle
        self.handed_over = False

    def hand_over(self) -> None:
        """Keep the lock past its block, for whoever releases it."""
        self.handed_over = True

    def release(self) -> None:
        fcntl.flock(self.handle, fcntl.LOCK_UN)
        self.handle.close()


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _keep_upload(folder: Path, received: Path, filename: str) -> None:
    write_text_atomically(folder / _KEPT_UPLOAD_NAME, json.dumps({"filename": filename}))
    os.replace(received, folder / _KEPT_UPLOAD)


def _forget_kept_upload(folder: Path) -> None:
    (folder / _KEPT_UPLOAD).unlink(missing_ok=True)
    (folder / _KEPT_UPLOAD_NAME).unlink(missing_ok=True)


def _least_frame_bytes(frame: pd.DataFrame) -> int:
    """Bytes the frame's file certainly takes: its columns of fixed width, as written."""
    sizes = frame.memory_usage(index=False, deep=False)
    fixed = [not pd.api.types.is_object_dtype(kind) for kind in frame.dtypes]
    return int(sum(size for size, counted in zip(sizes, fixed, strict=True) if counted))


def _is_disk_full(error: BaseException) -> bool:
    return isinstance(error, OSError) and error.errno in _DISK_FULL


def _record_unstored(folder: Path, filename: str, error: BaseException) -> None:
    disk_full = _is_disk_full(error)
    try:
        write_text_atomically(
            folder / _UNSTORED, json.dumps({"filename": filename, "disk_full": disk_full})
        )
    except OSError:
        log.exception("session %s could not record its unstored upload", folder.name)


def _refuse_unstored(folder: Path) -> None:
    try:
        record = json.loads((folder / _UNSTORED).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return
    raise upload_not_stored(record["filename"], record["disk_full"])


def last_touched(folder: Path) -> float:
    """When the session was last used: its manifest is touched on every open."""
    marker = folder / _MANIFEST
    try:
        return marker.stat().st_mtime if marker.exists() else folder.stat().st_mtime
    except FileNotFoundError:
        return 0.0
