"""Lathe's automatic path through its HTTP API on a data set's 80 %, scored on the 20 %
(runs with Lathe's venv, the app in this process on its own data directory).

`python lathe_run.py best|defaults SET_DIR BUDGET RESULT_JSON`: upload, the target,
Prepare automatically, then either Find the best model within BUDGET seconds or every
catalogue model of the problem type with its defaults, cross-validated; the best model
predicts the held-out file. The wall seconds run from the upload to the predictions.
"""

import io
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pandas as pd
from data_sets import BY_NAME, DataSet
from fastapi.testclient import TestClient
from held_out import score, write_result
from httpx import Response

from lathe.config import Settings
from lathe.main import create_app

CV_FOLDS = 5


def _ok(response: Response) -> Response:
    if response.status_code != 200:
        raise RuntimeError(
            f"{response.request.url.path} answered {response.status_code}: {response.text}"
        )
    return response


def _training_body(client: TestClient, mode: str, problem_type: str, budget: int) -> dict[str, Any]:
    if mode == "best":
        return {"mode": "best", "time_budget": budget, "cv_folds": CV_FOLDS}
    catalog = _ok(client.get("/api/model-catalog/")).json()["models"]
    return {
        "mode": "selected",
        "model_names": [
            model["name"] for model in catalog if model["problem_type"] == problem_type
        ],
        "validation_method": "cross_validation",
        "cv_folds": CV_FOLDS,
    }


def _print_leaderboard(board: dict[str, Any]) -> None:
    """The search's rows, into this run's log: what finished, what was skipped and why."""
    print(f"leaderboard after {board['elapsed_seconds']:.1f} s:")
    for row in board["rows"]:
        score = "" if row["score"] is None else f"{row['score']:.4f}"
        print(
            f"  {row['model']:<36} {row['status']:<17} {score:>8}  "
            f"{row['folds']} folds  {row['fit_seconds']:.1f} s"
        )


def automatic_path(
    client: TestClient, mode: str, data_set: DataSet, folder: Path, budget: int
) -> tuple[pd.Series, str]:
    """The held-out rows' predictions by the best model, and its name."""
    problem_type = "regression" if data_set.task == "regression" else "classification"
    with (folder / "train.csv").open("rb") as train:
        _ok(client.post("/api/upload/", files={"file": ("train.csv", train, "text/csv")}))
    _ok(client.put("/api/session-target/", json={"target_column": data_set.target}))
    _ok(client.post("/api/prepare-automatically/"))
    body = {
        **_training_body(client, mode, problem_type, budget),
        "target_column": data_set.target,
        "problem_type": problem_type,
    }
    best_model = _ok(client.post("/api/train-models/", json=body)).json()["best_model"]
    if mode == "best":
        _print_leaderboard(_ok(client.get("/api/leaderboard/")).json()["leaderboard"])
    features = pd.read_csv(folder / "test.csv").drop(columns=[data_set.target])
    predictions = _ok(
        client.post(
            "/api/predict/",
            files={"file": ("test.csv", features.to_csv(index=False).encode(), "text/csv")},
            data={"selected_model": best_model},
        )
    )
    return pd.read_csv(io.BytesIO(predictions.content))["prediction"], best_model


def main() -> None:
    mode, folder, budget, result = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    data_set = BY_NAME[folder.name]
    truth = pd.read_csv(folder / "test.csv")[data_set.target]
    with (
        tempfile.TemporaryDirectory(prefix="lathe-") as data_dir,
        TestClient(create_app(Settings(data_dir=Path(data_dir), dask_workers=2))) as client,
    ):
        started = time.monotonic()
        predicted, best_model = automatic_path(client, mode, data_set, folder, budget)
        seconds = time.monotonic() - started
    write_result(Path(result), score(data_set.task, truth, predicted), seconds, best_model)


if __name__ == "__main__":
    main()
