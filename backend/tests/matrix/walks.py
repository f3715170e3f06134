"""Walks: a messy data set taken through every step of the HTTP API with a recipe.

A walk uploads the file, analyzes it and chooses the target as Analyze does, sends its
recipe's steps, trains the whole catalogue for its problem type with its validation
method, evaluates, optimizes two models, exports the best one as joblib and ONNX and
predicts the uploaded file with every model, then runs the ONNX file with the usage code
Lathe gives and compares its predictions with Lathe's. Each stage's outcome is recorded: ok,
refused (an ONNX refusal docs/design.md documents, or a step refusal that is right for the
data) or failed, with the HTTP status and the error.
"""

import io
import os
import re
import tempfile
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import joblib
import onnxruntime
import pandas as pd
from fastapi.testclient import TestClient

from lathe.config import Settings
from lathe.main import create_app
from lathe.ml.optimization import NO_CLUSTERS
from tests.matrix.messy_data import DATA_SETS, DataSet
from tests.matrix.onnx_run import differences, prediction_column, usage_predictions
from tests.matrix.outcomes import STEP_PREFIX, WalkReport
from tests.matrix.recipes import RECIPES, Call, FrameView, Recipe

Validation = Literal["train_test", "cross_validation"]
VALIDATIONS: tuple[Validation, ...] = ("train_test", "cross_validation")
CV_FOLDS = 3
SEARCH = {"optimization_method": "random_search", "n_iterations": 2, "cv_folds": CV_FOLDS}
OPTIMIZED_MODELS = 2
MATRIX_VARIABLE = "LATHE_MATRIX"
ONNX_USAGE = "onnx:usage"
DOCUMENTED_ONNX_REFUSALS = (
    re.compile(r"forward and backward fill depend on row order"),
    re.compile(r"filled with the constant .*, which turns its dates into text"),
    re.compile(r"the scaling step uses non-numeric column"),
    re.compile(r"k-neighbours weighted by distance"),
)

DOCUMENTED_STEP_REFUSALS = ("no_rows_left",)
"""Step refusals that are right for the data: removing every row with an outlier in any of
a hundred questionnaire columns leaves no row."""


@dataclass(frozen=True)
class Walk:
    data_set: DataSet
    recipe: Recipe
    validation: Validation | None
    """None for clustering, which takes no validation method."""

    @property
    def name(self) -> str:
        parts = [self.data_set.name, self.recipe.name, self.validation]
        return "-".join(part for part in parts if part)


def _walks_of(data_set: DataSet) -> list[Walk]:
    validations: Sequence[Validation | None] = (
        (None,) if data_set.problem_type == "clustering" else VALIDATIONS
    )
    return [Walk(data_set, recipe, v) for recipe in RECIPES for v in validations]


ALL_WALKS: tuple[Walk, ...] = tuple(walk for data in DATA_SETS for walk in _walks_of(data))
WALKS_BY_NAME = {walk.name: walk for walk in ALL_WALKS}
SLICE: tuple[Walk, ...] = tuple(
    WALKS_BY_NAME[name]
    for name in (
        "penguins-typical-cross_validation",
        "cost-careful-train_test",
        "twelve_classes-columnwise-train_test",
        "weather-ordered-cross_validation",
        "weather_temp-back_fill-train_test",
        "clusters-skip",
        "listings-quick-cross_validation",
        "listings_furnished-ordered-train_test",
        "survey-quick-train_test",
        "bakery-quick-cross_validation",
        "shop_orders-typical-train_test",
        "passengers-careful-cross_validation",
        "wine_grades-typical-train_test",
        "used_cars-typical-train_test",
        "abalone-careful-cross_validation",
        "abalone_sex-columnwise-train_test",
    )
)
"""Every data set once (so every quirk), both validation methods and six of the recipes."""


def selected_walks() -> tuple[Walk, ...]:
    """The whole matrix when ``LATHE_MATRIX=all``, else the slice."""
    return ALL_WALKS if os.environ.get(MATRIX_VARIABLE) == "all" else SLICE


@dataclass(frozen=True)
class Reply:
    status: int
    payload: Any
    content: bytes
    error: str


def _raised(error: Exception) -> str:
    """The exception and the innermost line of Lathe's code it came through."""
    frames = [
        frame
        for frame in traceback.extract_tb(error.__traceback__)
        if f"{os.sep}lathe{os.sep}" in frame.filename
    ]
    where = ""
    if frames:
        path = frames[-1].filename.split(f"{os.sep}lathe{os.sep}", 1)[1]
        where = f" (at lathe/{path}:{frames[-1].lineno})"
    return f"{type(error).__name__}: {error}{where}"


def send(client: TestClient, method: str, path: str, **kwargs: Any) -> Reply:
    """The answer to a request; an exception the server let through is a 500 with the
    exception's text."""
    try:
        response = client.request(method, path, **kwargs)
    except Exception as raised:
        return Reply(500, None, b"", _raised(raised))
    is_json = response.headers.get("content-type", "").startswith("application/json")
    payload = response.json() if is_json else None
    error = ""
    if response.status_code != 200:
        error = (
            f"{payload.get('error')} [{payload.get('code')}]"
            if isinstance(payload, dict)
            else response.text[:500]
        )
    return Reply(response.status_code, payload, response.content, error)


class Walker:
    """One walk through the API with one client; the outcomes go to `report`."""

    def __init__(self, client: TestClient, walk: Walk) -> None:
        self.client = client
        self.walk = walk
        self.data = walk.data_set
        self.csv = walk.data_set.csv()
        self.file = walk.data_set.file()
        self.report = WalkReport(walk.name)

    def run(self) -> WalkReport:
        frame = self.upload()
        if frame is None:
            return self.report
        self.apply_recipe(self.analyze(frame))
        trained = self.train()
        best = self.evaluate() if trained else None
        if best is None:
            return self.report
        optimized = self.optimize([best, *(model for model in trained if model != best)])
        onnx = self.export(best, best in optimized)
        predicted = self.predict(trained, optimized)
        lathe_predictions = predicted.get((best, best in optimized))
        if onnx is not None and lathe_predictions is not None:
            self.run_onnx(best, onnx, lathe_predictions)
        return self.report

    def _post(self, stage: str, path: str, model: str | None = None, **kwargs: Any) -> Reply:
        reply = send(self.client, "POST", path, **kwargs)
        self.record(stage, reply, model)
        return reply

    def upload(self) -> FrameView | None:
        reply = self._post("upload", "/api/upload/", files={"file": self.file})
        if reply.status != 200:
            return None
        empty: dict[str, Any] = {}
        return FrameView((), empty, empty, empty, self.data.target).after(reply.payload)

    def analyze(self, frame: FrameView) -> FrameView:
        """The profile with the target, which Analyze's selector makes the session target."""
        target = self.data.target
        params = {"target": target} if target else {}
        reply = send(self.client, "GET", "/api/analyze/", params=params)
        self.record("analyze", reply)
        if target:
            body = {"target_column": target}
            self.record("analyze", send(self.client, "PUT", "/api/session-target/", json=body))
        if reply.status != 200:
            return frame
        levels = reply.payload["unique_counts"]
        return FrameView(frame.columns, frame.dtypes, frame.missing, levels, target)

    def record(self, stage: str, reply: Reply, model: str | None = None) -> None:
        if reply.status == 200:
            self.report.ok(stage, model)
        elif stage.startswith(STEP_PREFIX) and is_documented_step_refusal(reply):
            self.report.refused(stage, reply.status, reply.error, model)
        else:
            self.report.failed(stage, reply.status, reply.error, model)

    def apply_recipe(self, frame: FrameView) -> None:
        for call in self.walk.recipe.calls:
            frame = self.step(call, frame)

    def step(self, call: Call, frame: FrameView) -> FrameView:
        body = call.body(frame)
        if body is None:
            return frame
        stage = f"{STEP_PREFIX}{call.stage}"
        reply = self._post(stage, call.path, json=body)
        if reply.status != 200:
            return frame
        frame = frame.after(reply.payload)
        follow_up = call.follow_up(frame, reply.payload) if call.follow_up else None
        if follow_up is None:
            return frame
        reply = self._post(f"{stage}:apply", call.path, json=follow_up)
        return frame.after(reply.payload) if reply.status == 200 else frame

    def catalogue(self) -> list[str]:
        reply = send(self.client, "GET", "/api/model-catalog/")
        if reply.status != 200:
            self.report.failed("train", reply.status, f"model catalogue: {reply.error}")
            return []
        return [
            model["name"]
            for model in reply.payload["models"]
            if model["problem_type"] == self.data.problem_type
        ]

    def train_body(self, models: list[str]) -> dict[str, Any]:
        body: dict[str, Any] = {"model_names": models, "problem_type": self.data.problem_type}
        if self.data.problem_type != "clustering":
            body |= {
                "target_column": self.data.target,
                "validation_method": self.walk.validation,
                "cv_folds": CV_FOLDS,
            }
        return body

    def train(self) -> list[str]:
        """The models trained, in catalogue order."""
        models = self.catalogue()
        if not models:
            return []
        reply = send(self.client, "POST", "/api/train-models/", json=self.train_body(models))
        if reply.status != 200:
            self.report.failed("train", reply.status, reply.error)
            return []
        for failed in reply.payload["failed_models"]:
            self.report.failed("train", 200, failed["error"], failed["model"])
        trained: list[str] = reply.payload["trained_models"]
        for model in trained:
            self.report.ok("train", model)
        return trained

    def evaluate(self) -> str | None:
        """The best model."""
        reply = self._post("evaluate", "/api/evaluate-models/")
        if reply.status != 200:
            return None
        best: str | None = reply.payload["best_model"]
        if best is None:
            self.report.failed("evaluate", 200, "no best model among the trained ones")
        return best

    def optimize(self, candidates: list[str]) -> set[str]:
        """The models whose optimized pipeline was stored."""
        optimized: set[str] = set()
        for model in candidates[:OPTIMIZED_MODELS]:
            body = {"selected_model": model, **SEARCH}
            reply = self._post("optimize", "/api/optimize-model/", model, json=body)
            if reply.status == 200:
                self.trial_errors(model, reply.payload["trials"])
                optimized.add(model)
        return optimized

    def trial_errors(self, model: str, trials: list[dict[str, Any]]) -> None:
        """A searched set that failed is a failure of the optimization; a clustering set
        with fewer than two clusters, which has no silhouette, is not."""
        errors = {trial["error"] for trial in trials if trial["error"] not in (None, NO_CLUSTERS)}
        for error in sorted(errors):
            self.report.failed("optimize", 200, f"searched set failed: {error}", model)

    def export(self, model: str, optimized: bool) -> bytes | None:
        """The ONNX file, when it was exported and opens."""
        self.exported(model, optimized, "joblib")
        return self.exported(model, optimized, "onnx")

    def exported(self, model: str, optimized: bool, export_format: str) -> bytes | None:
        body = {"selected_model": model, "format": export_format, "optimized": optimized}
        reply = send(self.client, "POST", "/api/export-model/", json=body)
        loads = self.record_export(f"export:{export_format}", model, reply)
        return reply.content if loads else None

    def record_export(self, stage: str, model: str, reply: Reply) -> bool:
        """True when the file was exported and loads."""
        if reply.status == 200:
            problem = exported_file_problem(stage, reply.content)
            if not problem:
                self.report.ok(stage, model)
                return True
            self.report.failed(stage, 200, problem, model)
        elif stage == "export:onnx" and is_documented_refusal(reply):
            self.report.refused(stage, reply.status, reply.error, model)
        else:
            self.report.failed(stage, reply.status, reply.error, model)
        return False

    def run_onnx(self, model: str, onnx: bytes, lathe_predictions: pd.Series) -> None:
        """The usage code Lathe gives for the ONNX file, run on the uploaded file (a
        workbook's rows saved as CSV): its predictions must be Lathe's."""
        params = {"model_name": model, "format": "onnx"}
        reply = send(self.client, "GET", "/api/usage-code/", params=params)
        if reply.status != 200:
            self.report.failed(ONNX_USAGE, reply.status, reply.error, model)
            return
        code, file_name = reply.payload["code"], reply.payload["file_name"]
        onnx_predictions = usage_predictions(code, file_name, onnx, self.data.text_file())
        continuous = self.data.problem_type == "regression"
        problem = (
            onnx_predictions
            if isinstance(onnx_predictions, str)
            else differences(onnx_predictions, lathe_predictions, continuous)
        )
        if problem:
            self.report.failed(ONNX_USAGE, None, problem, model)
        else:
            self.report.ok(ONNX_USAGE, model)

    def predict(self, trained: list[str], optimized: set[str]) -> dict[tuple[str, bool], pd.Series]:
        """Each model's predictions of the uploaded file, by model and optimized flag."""
        predicted: dict[tuple[str, bool], pd.Series] = {}
        runs = [(model, False) for model in trained]
        runs += [(model, True) for model in trained if model in optimized]
        for model, use_optimized in runs:
            label = f"{model} (optimized)" if use_optimized else model
            reply = send(
                self.client,
                "POST",
                "/api/predict/",
                files={"file": self.file},
                data={"selected_model": model, "optimized": str(use_optimized).lower()},
            )
            problem = reply.error or predictions_problem(reply.content, self.csv)
            if problem:
                self.report.failed("predict", reply.status, problem, label)
            else:
                self.report.ok("predict", label)
                predicted[(model, use_optimized)] = prediction_column(reply.content)
        return predicted


def is_documented_step_refusal(reply: Reply) -> bool:
    payload = reply.payload if isinstance(reply.payload, Mapping) else {}
    return reply.status == 400 and payload.get("code") in DOCUMENTED_STEP_REFUSALS


def is_documented_refusal(reply: Reply) -> bool:
    payload = reply.payload if isinstance(reply.payload, Mapping) else {}
    reason = str((payload.get("params") or {}).get("reason", ""))
    return (
        reply.status == 400
        and payload.get("code") == "onnx_unsupported"
        and any(pattern.search(reason) for pattern in DOCUMENTED_ONNX_REFUSALS)
    )


def exported_file_problem(stage: str, content: bytes) -> str:
    """What is wrong with an exported file: it must load (joblib) or open in onnxruntime."""
    try:
        if stage == "export:onnx":
            onnxruntime.InferenceSession(content, providers=["CPUExecutionProvider"])
        elif not hasattr(joblib.load(io.BytesIO(content)), "predict"):
            return "the exported joblib file holds no model"
    except Exception as error:
        return f"the exported file does not load: {type(error).__name__}: {error}"
    return ""


def predictions_problem(content: bytes, sent: bytes) -> str:
    """What is wrong with a prediction file: every row sent, each with a prediction."""
    rows = len(pd.read_csv(io.BytesIO(sent)))
    try:
        result = pd.read_csv(io.BytesIO(content))
    except Exception as error:
        return f"the predictions do not read as CSV: {type(error).__name__}: {error}"
    if "prediction" not in result.columns:
        return "the predictions have no prediction column"
    if len(result) != rows:
        return f"{len(result)} predictions for {rows} rows"
    missing = int(result["prediction"].isna().sum())
    return f"{missing} of {rows} predictions are missing" if missing else ""


def run_walk(client: TestClient, walk: Walk) -> WalkReport:
    return Walker(client, walk).run()


def run_walk_in_new_app(walk: Walk, scheduler: str) -> WalkReport:
    """The walk on an app of its own, its data in a temporary folder, its jobs on the
    Dask cluster at `scheduler`."""
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            data_dir=Path(folder) / "data",
            static_dir=Path(folder) / "none",
            dask_scheduler=scheduler,
        )
        with TestClient(create_app(settings)) as client:
            return run_walk(client, walk)
