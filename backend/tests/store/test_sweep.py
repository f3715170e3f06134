"""Crash leftovers are swept at start-up and periodically: partial uploads in incoming/,
temp files and unreferenced frames in session folders, models a training cut short, and
folders that are no session. What a manifest references, and what is recent, stays."""

import fcntl
import os
import time

import pandas as pd
import pytest
from fastapi.testclient import TestClient

from lathe.main import create_app
from lathe.store.session_store import SessionStore, new_session_id
from lathe.store.sweep import LEFTOVER_AGE_SECONDS, sweep_leftovers, sweep_store
from lathe.store.trained_models import TrainedModels

OLD = time.time() - LEFTOVER_AGE_SECONDS - 60


@pytest.fixture
def store(tmp_path):
    return SessionStore(tmp_path / "data", ttl_hours=72, cache_size=2)


def _aged(path, content=b"x" * 1000):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    os.utime(path, (OLD, OLD))
    return path


def _session(store):
    sid = new_session_id()
    store.start(sid, pd.DataFrame({"a": [1, 2]}), "f.csv").result()
    return sid, store.sessions / sid


def test_old_partial_uploads_go_and_recent_ones_stay(store):
    partial = _aged(store.incoming / "upload-0123456789abcdef", b"a,b\n" * 10_000)
    prediction = _aged(store.incoming / "predictions-0123456789abcdef.csv")
    recent = store.incoming / "upload-fedcba9876543210"
    recent.write_bytes(b"a,b\n1,2\n")
    sweep_leftovers(store)
    assert not partial.exists() and not prediction.exists()
    assert recent.exists()


def test_temp_files_and_unreferenced_frames_go_and_the_session_stays(store):
    sid, folder = _session(store)
    kept = sorted(path.name for path in folder.iterdir())
    leftovers = [
        _aged(folder / ".frame-2.parquet.k3j4h5.tmp"),
        _aged(folder / ".manifest.json.a1b2c3.tmp"),
        _aged(folder / "frame-7.parquet"),
    ]
    sweep_leftovers(store)
    assert not any(path.exists() for path in leftovers)
    assert sorted(path.name for path in folder.iterdir()) == kept
    with store.reading(sid) as session:
        assert session.frame["a"].tolist() == [1, 2]


def test_a_recent_temp_file_stays(store):
    _, folder = _session(store)
    temp = folder / ".frame-2.parquet.k3j4h5.tmp"
    temp.write_bytes(b"being written")
    sweep_leftovers(store)
    assert temp.exists()


def test_models_without_results_go_and_trained_ones_stay(store):
    _, cut_short = _session(store)
    _aged(cut_short / "models" / "GaussianNB.joblib")
    _, trained = _session(store)
    TrainedModels(trained).save({"results": []}, {"GaussianNB": {"fitted": True}})
    _aged(trained / "models" / ".RandomForest.joblib.x1y2.tmp")
    sweep_leftovers(store)
    assert not (cut_short / "models").exists()
    assert sorted(path.name for path in (trained / "models").iterdir()) == [
        "GaussianNB.joblib",
        "results.json",
    ]


def test_folders_that_are_no_session_go_once_old(store):
    without_manifest = store.sessions / new_session_id()
    _aged(without_manifest / "frame-1.parquet")
    crashed_while_written = store.sessions / new_session_id()
    _aged(crashed_while_written / ".arriving")
    assert store.has_data(crashed_while_written.name)
    newline = store.sessions / (new_session_id() + "\n")
    _aged(newline / "frame-1.parquet")
    fresh = store.sessions / new_session_id()
    fresh.mkdir()
    for folder in (without_manifest, newline, crashed_while_written):
        os.utime(folder, (OLD, OLD))
    sweep_leftovers(store)
    assert not without_manifest.exists() and not newline.exists()
    assert not crashed_while_written.exists()
    assert fresh.exists()


def test_a_session_in_use_is_left_alone(store):
    _, folder = _session(store)
    temp = _aged(folder / ".frame-2.parquet.k3j4h5.tmp")
    with (folder / ".lock").open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_SH)
        sweep_leftovers(store)
        assert temp.exists()
        fcntl.flock(handle, fcntl.LOCK_UN)
    sweep_leftovers(store)
    assert not temp.exists()


def test_the_sweep_keeps_the_expiry_of_idle_sessions(store):
    idle, idle_folder = _session(store)
    fresh, _ = _session(store)
    expired = time.time() - 73 * 3600
    os.utime(idle_folder / "manifest.json", (expired, expired))
    assert sweep_store(store, limit_gb=20) == [idle]
    assert not store.has_data(idle) and store.has_data(fresh)


def test_leftovers_are_swept_when_the_server_starts(settings):
    store = SessionStore(settings.data_dir, 72, 2)
    partial = _aged(store.incoming / "upload-0123456789abcdef")
    _, folder = _session(store)
    temp = _aged(folder / ".frame-2.parquet.k3j4h5.tmp")
    with TestClient(create_app(settings)) as client:
        assert client.get("/health/").status_code == 200
        assert not partial.exists() and not temp.exists()


def test_a_damaged_session_does_not_stop_the_server_starting(settings):
    store = SessionStore(settings.data_dir, 72, 2)
    _, folder = _session(store)
    (folder / "manifest.json").write_text("{not json")
    with TestClient(create_app(settings)) as client:
        assert client.get("/health/").status_code == 200
