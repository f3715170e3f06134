"""Find the best model through the API: a live leaderboard that survives a reload, every
finished row kept as a trained model within the time budget, an ensemble that exports
like any model, and a cancel that keeps what finished."""

import io
import time

import joblib
import pytest

from tests.ml.onnx_export.frames import onnx_outputs
from tests.utils.client import upload
from tests.utils.datasets import quirky_frame
from tests.utils.jobs import in_background
from tests.utils.training import csv_bytes, trained_pipeline

BUDGET = 30


def best_body(**changes):
    return {
        "mode": "best",
        "time_budget": BUDGET,
        "problem_type": "classification",
        "cv_folds": 3,
        **changes,
    }


@pytest.fixture
def prepared(client):
    upload(client, "customers.csv", csv_bytes(quirky_frame()))
    client.put("/api/session-target/", json={"target_column": "label"})
    assert client.post("/api/prepare-automatically/").status_code == 200
    return client


def finished_rows(board):
    return [row["model"] for row in board["rows"] if row["status"] == "finished"]


def wait_for_rows(client, training, count: int, timeout: float = 120) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert not training.done(), training.result().text
        board = client.get("/api/leaderboard/").json()["leaderboard"]
        if board is not None and board["running"] and len(finished_rows(board)) >= count:
            return board
        time.sleep(0.1)
    raise AssertionError(f"fewer than {count} finished rows within {timeout} s")


def test_the_search_fills_a_live_leaderboard_and_keeps_every_finished_row(prepared):
    assert prepared.get("/api/leaderboard/").json() == {"leaderboard": None}
    training = in_background(prepared, "/api/train-models/", best_body())
    live = wait_for_rows(prepared, training, 2)
    response = training.result(timeout=BUDGET * 3)
    body = response.json()
    assert response.status_code == 200, body

    board = body["search"]
    assert board["elapsed_seconds"] <= BUDGET * 1.1
    assert not board["running"] and not board["stopped"]
    assert board["time_budget"] == BUDGET and board["primary_metric"] == "accuracy"
    assert set(finished_rows(live)) <= set(finished_rows(board))
    assert body["trained_models"] == finished_rows(board)
    assert body["validation_method"] == "cross_validation" and body["cv_folds"] == 3
    scores = [row["score"] for row in board["rows"] if row["status"] == "finished"]
    assert scores == sorted(scores, reverse=True)
    assert body["best_model"] == board["rows"][0]["model"]
    results = prepared.post("/api/evaluate-models/").json()["results"]
    for result in results:
        row = next(row for row in board["rows"] if row["model"] == result["model"])
        assert result["metrics"]["accuracy"] == pytest.approx(row["score"])
        assert len(result["fold_metrics"]) == 3
    assert prepared.get("/api/leaderboard/").json()["leaderboard"] == board

    if board["ensemble"]:
        weights = {member["model"]: member["weight"] for member in board["ensemble"]}
        assert sum(weights.values()) == pytest.approx(1.0)
        ensemble = next(r for r in results if r["model"] == "Ensemble")
        members = [r for r in results if r["model"] in weights]
        assert ensemble["metrics"]["accuracy"] > max(m["metrics"]["accuracy"] for m in members)
    exports_agree(prepared, body["best_model"])


def exports_agree(client, model):
    """The model's joblib and ONNX exports predict raw rows as Lathe does."""
    rows = quirky_frame().drop(columns=["label"]).head(60)
    exported = {}
    for export_format in ("joblib", "onnx"):
        answer = client.post(
            "/api/export-model/", json={"selected_model": model, "format": export_format}
        )
        assert answer.status_code == 200, answer.text
        exported[export_format] = answer.content
    expected = trained_pipeline(client, model).predict(rows).tolist()
    assert joblib.load(io.BytesIO(exported["joblib"])).predict(rows).tolist() == expected
    assert onnx_outputs(exported["onnx"], rows)["prediction"].tolist() == expected


def test_a_cancel_keeps_every_finished_row(prepared):
    started = time.monotonic()
    training = in_background(prepared, "/api/train-models/", best_body(time_budget=600))
    live = wait_for_rows(prepared, training, 3)
    assert prepared.post("/api/cancel-task/").json()["cancelled"] == ["training"]
    response = training.result(timeout=120)
    body = response.json()
    assert response.status_code == 200, body
    assert time.monotonic() - started < 120
    board = body["search"]
    assert board["stopped"] and not board["running"]
    assert set(finished_rows(live)) <= set(body["trained_models"])
    assert prepared.get("/api/progress/").json()["finished"]["outcome"] == "completed"
    evaluated = prepared.post("/api/evaluate-models/").json()
    assert [r["model"] for r in evaluated["results"]] == body["trained_models"]


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"time_budget": 29}, "time_budget_out_of_range"),
        ({"time_budget": 3601}, "time_budget_out_of_range"),
        ({"problem_type": "clustering"}, "target_required"),
    ],
)
def test_the_search_settings_are_checked(prepared, changes, code):
    response = prepared.post("/api/train-models/", json=best_body(**changes))
    assert response.status_code == 400 and response.json()["code"] == code
    assert prepared.get("/api/leaderboard/").json() == {"leaderboard": None}
