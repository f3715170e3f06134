import numpy as np
from fastapi.testclient import TestClient

from lathe.analysis.profile import analyze_frame
from lathe.main import create_app
from tests.utils.client import upload

CSV = b"a,b,c,city,flag\n1,2.0,1,x,yes\n2,4.0,1,y,no\n3,6.0,,x,yes\n4,8.1,1,,no\n5,9.9,1,y,yes\n"


def test_analyze_returns_the_profile_and_preview(client):
    upload(client, "f.csv", CSV)
    response = client.get("/api/analyze/")
    assert response.status_code == 200
    body = response.json()
    assert body["shape"] == [5, 5]
    assert body["columns"] == ["a", "b", "c", "city", "flag"]
    assert len(body["data"]) == 5
    assert body["missing_values"] == {"a": 0, "b": 0, "c": 1, "city": 1, "flag": 0}
    assert body["column_types"] == {
        "numeric": ["a", "b", "c"],
        "categorical": ["city"],
        "boolean": ["flag"],
        "datetime": [],
    }
    assert body["feature_target_assoc"] is None and body["target"] is None
    assert body["sampled_rows"] is None
    assert body["quality"]["rows"] == 5
    assert set(body["vif"]) == {"a", "b"}
    assert body["missing_patterns"]["row_missing_hist"] == [[0, 3], [1, 2]]


def test_singular_vif_is_null_and_flagged(client):
    upload(client, "f.csv", b"x,y,z\n1,2,5\n2,4,3\n3,6,8\n4,8,1\n")
    body = client.get("/api/analyze/").json()
    assert body["vif"]["x"] is None and body["vif"]["y"] is None
    assert set(body["vif_infinite"]) >= {"x", "y"}


def test_target_adds_feature_target_association(client):
    upload(client, "f.csv", CSV)
    body = client.get("/api/analyze/", params={"target": "flag"}).json()
    assert body["target"] == "flag"
    assert body["feature_target_assoc"]["city"]["test"] == "chi2"


def test_unknown_target_is_refused(client):
    upload(client, "f.csv", CSV)
    response = client.get("/api/analyze/", params={"target": "ghost"})
    assert response.status_code == 400
    assert response.json()["code"] == "unknown_target"


def test_results_are_cached_per_version_and_target(client, monkeypatch):
    upload(client, "f.csv", CSV)
    calls = []

    def counting(*args, **kwargs):
        calls.append(args[1])
        return analyze_frame(*args, **kwargs)

    monkeypatch.setattr("lathe.api.routes.analyze.analyze_frame", counting)
    client.get("/api/analyze/")
    client.get("/api/analyze/")
    client.get("/api/analyze/", params={"target": "flag"})
    client.post("/api/drop-columns/", json={"columns": ["city"]})
    after_drop = client.get("/api/analyze/").json()
    assert calls == [None, "flag", None]
    assert "city" not in after_drop["columns"]


def test_large_frames_use_a_sample_for_costly_statistics(settings, tmp_path):
    settings.analysis_sample_rows = 1000
    rng = np.random.default_rng(0)
    rows = "".join(f"{rng.normal():.4f},{rng.integers(0, 3)}\n" for _ in range(3000))
    with TestClient(create_app(settings)) as client:
        upload(client, "big.csv", ("v,k\n" + rows).encode())
        body = client.get("/api/analyze/").json()
    assert body["sampled_rows"] == 1000
    assert body["shape"] == [3000, 2]
    assert len(body["data"]) == 500


def test_analyze_without_data(client):
    assert client.get("/api/analyze/").json()["code"] == "no_dataset"
