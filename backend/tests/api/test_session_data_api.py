"""The session data every screen reads does not read the uploaded frame again."""

from fastapi.testclient import TestClient

from lathe.config import Settings
from lathe.io.readers import read_table
from lathe.main import create_app
from lathe.store.frame_files import read_frame
from tests.utils.client import session_id_of, upload
from tests.utils.files import SMALL_CSV


def test_the_uploaded_summary_is_read_once_and_the_current_frame_stays_cached(
    settings: Settings, monkeypatch
):
    reads: list[str] = []

    def counted(path, *arguments):
        reads.append(path.name)
        return read_frame(path, *arguments)

    monkeypatch.setattr("lathe.store.session_store.read_frame", counted)
    # one frame cached: reading the uploaded one would push the current one out
    with TestClient(create_app(settings.model_copy(update={"frame_cache_size": 1}))) as client:
        upload(client, "shop.csv", SMALL_CSV)
        client.post("/api/drop-columns/", json={"columns": ["city"]}).raise_for_status()
        reads.clear()
        answers = [client.get("/api/get-session-data/").json() for _ in range(3)]
        client.post("/api/drop-columns/", json={"columns": ["price"]}).raise_for_status()
    assert [answer["uploaded"]["shape"] for answer in answers] == [[4, 4]] * 3
    assert [answer["shape"] for answer in answers] == [[4, 3]] * 3
    # the uploaded frame once, then the current one once more; never again
    assert len(reads) == 2


def test_a_new_upload_is_read_without_the_frames_it_replaces_held(settings: Settings, monkeypatch):
    held: list[bool] = []

    def watched(*arguments):
        with store.reading(sid) as session:
            held.append(session._cached(session.manifest.version) is not None)
        return read_table(*arguments)

    with TestClient(create_app(settings)) as client:
        upload(client, "shop.csv", SMALL_CSV)
        client.post("/api/drop-columns/", json={"columns": ["city"]}).raise_for_status()
        store, sid = client.app.state.store, session_id_of(client)  # type: ignore[attr-defined]
        with store.reading(sid) as session:
            assert session._cached(session.manifest.version) is not None
        monkeypatch.setattr("lathe.api.upload_stream.read_table", watched)
        upload(client, "shop.csv", SMALL_CSV)
    assert held == [False]
