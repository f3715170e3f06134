import errno
import json
import os
import shutil
import threading
import time
from contextlib import contextmanager

import numpy as np
import pandas as pd
import pytest

from lathe.api.session_changes import replay_recorded
from lathe.errors import LatheError
from lathe.steps.recipe_step import recipe_step
from lathe.store import frame_files, session_store
from lathe.store.session_store import SessionStore, is_session_id, new_session_id

DROP = [recipe_step("drop_columns", columns=["x"])]


@pytest.fixture
def store(tmp_path):
    return SessionStore(tmp_path / "data", ttl_hours=1, cache_size=2)


def frame(**columns):
    return pd.DataFrame(columns)


def test_session_ids_are_long_random_and_validated():
    ids = {new_session_id() for _ in range(100)}
    assert len(ids) == 100
    assert all(is_session_id(value) for value in ids)
    for bad in (None, "", "../../etc", "a" * 31, "a" * 33, "x/" + "a" * 30):
        assert not is_session_id(bad)


def test_reading_an_unknown_or_malformed_session_says_no_dataset(store):
    for sid in (None, "../secret", new_session_id()):
        with pytest.raises(LatheError) as refused, store.reading(sid):
            pass
        assert refused.value.code == "no_dataset"


def test_commit_snapshot_restore_keeps_frame_and_recipe_together(store):
    sid = new_session_id()
    store.start(sid, frame(a=[1, 2], b=[3, 4], c=[5, 6]), "f.csv").result()
    with store.changing(sid) as session:
        session.snapshot(3)
        session.commit(
            session.frame.drop(columns=["a"]), [recipe_step("drop_columns", columns=["x"])]
        )
        session.snapshot(4)
        session.commit(
            session.frame.drop(columns=["b"]), [recipe_step("drop_columns", columns=["x"])]
        )
    with store.reading(sid) as session:
        assert list(session.frame.columns) == ["c"]
        assert len(session.manifest.recipe) == 2
    with store.changing(sid) as session:
        session.restore(3)
    with store.reading(sid) as session:
        assert list(session.frame.columns) == ["a", "b", "c"]
        assert session.manifest.recipe == []
        assert set(session.manifest.snapshots) == {3}
        assert list(session.raw_frame().columns) == ["a", "b", "c"]


def test_unreferenced_frames_are_deleted_and_versions_never_repeat(store):
    sid = new_session_id()
    store.start(sid, frame(a=[1], b=[2]), "f.csv").result()
    with store.changing(sid) as session:
        session.snapshot(3)
        session.commit(
            session.frame.drop(columns=["a"]), [recipe_step("drop_columns", columns=["x"])]
        )
        session.restore(3)
        session.commit(
            session.frame.drop(columns=["b"]), [recipe_step("drop_columns", columns=["x"])]
        )
        assert session.manifest.version == 3
    files = sorted(p.name for p in (store.sessions / sid).glob("frame-*"))
    assert files == ["frame-1.arrow", "frame-3.arrow"]


def test_a_new_upload_resets_history(store):
    sid = new_session_id()
    store.start(sid, frame(a=[1], b=[2]), "one.csv").result()
    with store.changing(sid) as session:
        session.snapshot(3)
        session.commit(
            session.frame.drop(columns=["a"]), [recipe_step("drop_columns", columns=["x"])]
        )
    store.start(sid, frame(z=[9]), "two.csv").result()
    with store.reading(sid) as session:
        assert list(session.frame.columns) == ["z"]
        assert session.manifest.recipe == [] and session.manifest.snapshots == {}
        assert session.manifest.filename == "two.csv"


def test_every_dtype_we_produce_survives_the_frame_file_round_trip(tmp_path):
    original = pd.DataFrame(
        {
            "ints": pd.Series([1, 2, 3], dtype="int64"),
            "nullable_ints": pd.Series([1, None, 3], dtype="Int64"),
            "floats": [1.5, float("nan"), 2.0],
            "text": pd.Series(["a", None, "c"], dtype="str"),
            "category": pd.Series(["x", "y", "x"], dtype="category"),
            "flags": pd.Series([True, None, False], dtype="boolean"),
            "plain_bool": [True, False, True],
            "when": pd.to_datetime(pd.Series(["2024-01-01", None, "2024-03-01"])),
            "aware": pd.to_datetime(pd.Series(["2024-01-01", "2024-01-02", None])).dt.tz_localize(
                "UTC"
            ),
        }
    )
    store = SessionStore(tmp_path, ttl_hours=1, cache_size=0)
    sid = new_session_id()
    store.start(sid, original, "f.csv").result()
    with store.reading(sid) as session:
        pd.testing.assert_frame_equal(session.frame, original)


def test_a_second_store_over_the_same_folder_serves_the_session(tmp_path):
    sid = new_session_id()
    SessionStore(tmp_path, ttl_hours=1, cache_size=2).start(sid, frame(a=[1, 2]), "f.csv")
    with SessionStore(tmp_path, ttl_hours=1, cache_size=2).reading(sid) as session:
        assert session.frame["a"].tolist() == [1, 2]


def test_sweep_removes_only_idle_sessions(store):
    idle, fresh = new_session_id(), new_session_id()
    store.start(idle, frame(a=[1]), "f.csv").result()
    store.start(fresh, frame(a=[1]), "f.csv").result()
    old = time.time() - 2 * 3600
    os.utime(store.sessions / idle / "manifest.json", (old, old))
    assert store.sweep() == [idle]
    assert not store.has_data(idle) and store.has_data(fresh)


def test_a_failed_write_leaves_the_previous_state(store, monkeypatch):
    sid = new_session_id()
    store.start(sid, frame(a=[1], b=[2]), "f.csv").result()

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(session_store, "write_frame", broken)
    with pytest.raises(OSError), store.changing(sid) as session:
        session.commit(
            session.frame.drop(columns=["a"]), [recipe_step("drop_columns", columns=["x"])]
        )
    monkeypatch.undo()
    fresh = SessionStore(store.root, ttl_hours=1, cache_size=0)
    with fresh.reading(sid) as session:
        assert list(session.frame.columns) == ["a", "b"]
        assert session.manifest.recipe == []
    assert not [p for p in (store.sessions / sid).iterdir() if p.name.endswith(".tmp")]


def test_a_session_written_with_parquet_frames_is_still_read(store):
    sid = new_session_id()
    store.start(sid, frame(a=[1, 2], b=["x", None]), "f.csv").result()
    folder = store.sessions / sid
    (arrow,) = folder.glob("frame-*.arrow")
    pd.read_feather(arrow).to_parquet(arrow.with_suffix(".parquet"))
    arrow.unlink()
    fresh = SessionStore(store.root, ttl_hours=1, cache_size=0)
    with fresh.changing(sid) as session:
        assert session.frame["b"].tolist()[0] == "x"
        session.commit(session.frame.drop(columns=["a"]), DROP)
    assert sorted(p.name for p in folder.glob("frame-*")) == ["frame-1.parquet", "frame-2.arrow"]


def _held_writes(monkeypatch):
    """Frame writes that wait until the returned event is set."""
    release = threading.Event()
    write = frame_files.write_frame

    def held(*args, **kwargs):
        assert release.wait(30)
        write(*args, **kwargs)

    monkeypatch.setattr(session_store, "write_frame", held)
    return release


def _seen_once_written(store, sid, release, look):
    """What a reader from another store sees of the session (`look`): it waits for the
    held write until `release` lets it land."""
    seen = []

    def read_from_another_store():
        with SessionStore(store.root, ttl_hours=1, cache_size=0).reading(sid) as session:
            seen.append(look(session))

    reader = threading.Thread(target=read_from_another_store)
    reader.start()
    reader.join(0.3)
    assert reader.is_alive() and seen == []
    release.set()
    reader.join(30)
    return seen


def test_an_upload_is_answered_before_its_frame_is_written_and_every_use_waits(store, monkeypatch):
    sid = new_session_id()
    release = _held_writes(monkeypatch)
    written = store.start(sid, frame(a=[1, 2]), "f.csv")
    assert not written.done() and store.has_data(sid)
    assert not (store.sessions / sid / "manifest.json").exists()
    assert _seen_once_written(store, sid, release, lambda s: s.frame["a"].tolist()) == [[1, 2]]
    assert written.result(30) is None
    assert not (store.sessions / sid / ".arriving").exists()


def _unstorable(monkeypatch, error: OSError) -> None:
    def broken(*args, **kwargs):
        raise error

    monkeypatch.setattr(session_store, "write_frame", broken)


@pytest.mark.parametrize(
    ("error", "status", "code"),
    [
        (OSError(errno.ENOSPC, "No space left on device"), 507, "disk_full"),
        (OSError(errno.EIO, "Input/output error"), 500, "upload_not_stored"),
    ],
)
def test_an_answered_upload_that_cannot_be_written_is_said_by_every_use_until_the_next(
    store, monkeypatch, error, status, code
):
    sid, fresh = new_session_id(), new_session_id()
    store.start(sid, frame(a=[1]), "one.csv").result()
    _unstorable(monkeypatch, error)
    for session_id in (sid, fresh):
        with pytest.raises(OSError):
            store.start(session_id, frame(z=[9]), "two.csv").result(30)
        assert store.has_data(session_id)
        for _ in range(2):
            with pytest.raises(LatheError) as refused, store.reading(session_id):
                pass
            assert (refused.value.status, refused.value.code) == (status, code)
            assert refused.value.params == {"filename": "two.csv"}
    monkeypatch.undo()
    store.start(sid, frame(b=[2]), "three.csv").result(30)
    with store.reading(sid) as session:
        assert list(session.frame.columns) == ["b"] and session.manifest.filename == "three.csv"
    assert not [p for p in (store.sessions / sid).glob(".*") if p.name not in {".lock", ".key"}]


def test_an_upload_the_disk_certainly_cannot_take_is_refused_at_once_and_changes_nothing(
    store, monkeypatch
):
    sid = new_session_id()
    store.start(sid, frame(a=[1]), "one.csv").result()
    big = frame(x=np.zeros(1000), t=["text"] * 1000)
    needed = int(big.memory_usage(index=False).sum())
    free = needed - 1
    real = shutil.disk_usage

    def nearly_full(path):
        return real(path)._replace(free=free)

    monkeypatch.setattr(shutil, "disk_usage", nearly_full)
    with pytest.raises(LatheError) as refused:
        store.start(sid, big, "big.csv")
    assert (refused.value.status, refused.value.code) == (507, "disk_full")
    with pytest.raises(LatheError):
        store.start(new_session_id(), big, "big.csv")
    assert len(list(store.sessions.iterdir())) == 1
    with store.reading(sid) as session:
        assert session.manifest.filename == "one.csv"
    free = needed
    store.start(sid, big, "big.csv").result(30)


def test_an_upload_whose_session_cannot_be_locked_fails_at_once(store, monkeypatch):
    @contextmanager
    def unlockable(*args, **kwargs):
        raise PermissionError("lock file")
        yield

    monkeypatch.setattr(store, "_locked", unlockable)
    with pytest.raises(PermissionError):
        store.start(new_session_id(), frame(a=[1]), "f.csv")


def test_a_manifest_written_with_warnings_still_opens_and_loses_them(store):
    sid = new_session_id()
    store.start(sid, frame(a=[1, 2]), "f.csv").result()
    manifest_file = store.sessions / sid / "manifest.json"
    old = json.loads(manifest_file.read_text())
    manifest_file.write_text(json.dumps({**old, "warnings": ["Dropped 1 empty row."]}))
    with store.changing(sid) as session:
        assert list(session.frame.columns) == ["a"] and session.manifest.filename == "f.csv"
        session.save_target("a")
    assert "warnings" not in json.loads(manifest_file.read_text())


@pytest.mark.parametrize("suffix", [".arrow", ".parquet"])
def test_a_session_reads_some_columns_or_their_names_without_the_frame(store, monkeypatch, suffix):
    sid = new_session_id()
    store.start(sid, frame(a=[1, 2, 3], b=["x", None, "z"], c=[0.5, 1.5, 2.5]), "f.csv").result()
    with store.changing(sid) as session:
        # rows removed: the current frame's index is no longer a range
        session.commit(session.frame.drop(index=[1]), DROP)
    if suffix == ".parquet":
        for arrow in (store.sessions / sid).glob("frame-*.arrow"):
            pd.read_feather(arrow).to_parquet(arrow.with_suffix(".parquet"))
            arrow.unlink()
    fresh = SessionStore(store.root, ttl_hours=1, cache_size=2)
    whole: list[None] = []
    monkeypatch.setattr(session_store, "read_frame", spy(whole, frame_files.read_frame))
    with fresh.reading(sid) as session:
        assert session.column_names() == ["a", "b", "c"]
        assert session.column_names(uploaded=True) == ["a", "b", "c"]
        assert session.columns(["b", "gone"], uploaded=True)["b"].fillna("-").tolist() == [
            "x",
            "-",
            "z",
        ]
        assert session.columns(["c"]).to_dict("list") == {"c": [0.5, 2.5]}
        assert session.columns(["gone"]).columns.tolist() == []
        assert whole == [] and session.target is None
        assert session.frame["a"].tolist() == [1, 3]
        assert whole == [None]
        assert session.columns(["a"])["a"].tolist() == [1, 3]
        assert whole == [None]


def spy(calls, read):
    def reading(path, columns=None):
        if columns is None:
            calls.append(None)
        return read(path, columns)

    return reading


def test_a_step_is_answered_before_its_frame_is_written_and_every_use_waits(store, monkeypatch):
    sid = new_session_id()
    store.start(sid, frame(a=[1, 2], x=[3, 4]), "f.csv").result()
    release = _held_writes(monkeypatch)
    with store.changing(sid) as session:
        session.commit(session.frame.drop(columns=["x"]), DROP, behind=True)
        assert list(session.frame.columns) == ["a"]
        assert session.column_names() == ["a"]
    folder = store.sessions / sid
    on_disk = json.loads((folder / "manifest.json").read_text())
    assert on_disk["version"] == 1 and on_disk["recipe"] == []
    assert json.loads((folder / ".committing.json").read_text())["after"] == 1
    seen = _seen_once_written(
        store, sid, release, lambda s: (list(s.frame.columns), s.manifest.recipe)
    )
    assert seen == [(["a"], [dict(step) for step in DROP])]
    assert not (folder / ".committing.json").exists()
    assert sorted(p.name for p in folder.glob("frame-*")) == ["frame-1.arrow", "frame-2.arrow"]


def _on_disk(store):
    """Another store over the same folder, as the server is after a restart."""
    return SessionStore(store.root, ttl_hours=1, cache_size=0)


def _failed_step(store, monkeypatch, sid):
    """A step answered behind whose write then fails: the disk is full until the caller's
    ``monkeypatch.undo()``."""
    store.start(sid, frame(a=[1, 2], x=[3, 4]), "f.csv").result()
    failed = threading.Event()

    def broken(*args, **kwargs):
        failed.set()
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(session_store, "write_frame", broken)
    with store.changing(sid) as session:
        session.choose_target("a")
        session.commit(session.frame.drop(columns=["x"]), DROP, behind=True)
    assert failed.wait(30)
    with _on_disk(store).reading(sid):  # waits for the failed write to let go
        pass


def test_a_step_whose_write_fails_is_refused_until_it_is_written_and_never_undone(
    store, monkeypatch
):
    sid = new_session_id()
    _failed_step(store, monkeypatch, sid)
    for _ in range(2):
        with pytest.raises(LatheError) as refused, store.reading(sid):
            pass
        assert (refused.value.status, refused.value.code) == (507, "step_not_stored")
    with _on_disk(store).reading(sid) as session:
        assert list(session.frame.columns) == ["a", "x"] and session.manifest.recipe == []
    monkeypatch.undo()
    with store.reading(sid) as session:
        assert session.frame.to_dict("list") == {"a": [1, 2]} and session.target == "a"
        assert session.manifest.recipe == [dict(step) for step in DROP]
    with _on_disk(store).reading(sid) as session:
        assert list(session.frame.columns) == ["a"] and session.manifest.version == 2
    assert not (store.sessions / sid / ".committing.json").exists()


def test_an_upload_replaces_a_step_that_could_not_be_written(store, monkeypatch):
    sid = new_session_id()
    _failed_step(store, monkeypatch, sid)
    monkeypatch.undo()
    store.start(sid, frame(z=[5]), "new.csv").result(30)
    with store.reading(sid) as session:
        assert session.frame.to_dict("list") == {"z": [5]} and session.manifest.recipe == []


def test_a_step_answered_but_not_written_is_replayed_at_start(store, monkeypatch):
    sid, moved_on = new_session_id(), new_session_id()
    _failed_step(store, monkeypatch, sid)
    monkeypatch.undo()
    _failed_step(store, monkeypatch, moved_on)
    monkeypatch.undo()
    with _on_disk(store).changing(moved_on) as session:
        session.save_target(None)
        session.commit(session.frame.assign(b=1), [])
    restarted = _on_disk(store)
    assert restarted.recover_commits(replay_recorded) == [sid]
    with restarted.reading(sid) as session:
        assert session.frame.to_dict("list") == {"a": [1, 2]}
        assert session.manifest.recipe == [dict(step) for step in DROP]
        assert session.target == "a" and session.manifest.version == 2
    with restarted.reading(moved_on) as session:
        assert list(session.frame.columns) == ["a", "x", "b"] and session.target is None
    assert not list(store.sessions.glob("*/.committing.json"))


def test_a_step_whose_record_cannot_be_written_fails_and_changes_nothing(store, monkeypatch):
    sid = new_session_id()
    store.start(sid, frame(a=[1, 2], x=[3, 4]), "f.csv").result()

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(session_store, "write_text_atomically", broken)
    with pytest.raises(OSError), store.changing(sid) as session:
        session.commit(session.frame.drop(columns=["x"]), DROP, behind=True)
    monkeypatch.undo()
    with store.changing(sid) as session:
        assert list(session.frame.columns) == ["a", "x"] and session.manifest.recipe == []
        session.commit(session.frame.assign(b=1), [], behind=True)
    with SessionStore(store.root, ttl_hours=1, cache_size=0).reading(sid) as session:
        assert list(session.frame.columns) == ["a", "x", "b"]
