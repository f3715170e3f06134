"""Step 8: training the chosen models, and the progress of the running task."""

from typing import Annotated

from fastapi import APIRouter, Query

from lathe.api.responses import ERRORS
from lathe.api.routes_common import Progress, SessionId, Store
from lathe.api.training_schemas import (
    DetectedProblemType,
    ModelError,
    ProgressResponse,
    TrainModelsRequest,
    TrainModelsResponse,
)
from lathe.errors import LatheError
from lathe.ml.problem import detect_problem_type
from lathe.ml.training import train
from lathe.ml.training_config import target_values, training_config
from lathe.store.trained_models import save_training

router = APIRouter(tags=["training"], responses=ERRORS)


@router.post("/api/train-models/")
def train_models(
    body: TrainModelsRequest, store: Store, registry: Progress, current: SessionId
) -> TrainModelsResponse:
    """Train each model with the session's recipe on the data as uploaded and store the
    fitted pipelines and their evaluation; progress on `GET /api/progress/`. A model that
    fails is listed in `failed_models`; the others are trained. The target defaults to the
    session target; a target given here becomes the session target."""
    with store.changing(current) as session:
        session_id = session.manifest.session_id
        clustering = body.problem_type == "clustering"
        target = None if clustering else (body.target_column or session.target)
        data_version = session.manifest.data_version()
        recipe = list(session.manifest.recipe)
        raw = session.raw_frame()
        config = training_config(
            raw,
            list(session.frame.columns),
            model_names=body.model_names,
            problem_type=body.problem_type,
            target_column=target,
            validation_method=body.validation_method,
            test_size=body.test_size,
            cv_folds=body.cv_folds,
        )
        if target is not None and target != session.target:
            session.save_target(target)
    with registry.running(session_id, "training", "Training in progress") as progress:
        run = train(raw, recipe, config, progress)
    with store.changing(current) as session:
        if session.manifest.data_version() != data_version:
            raise LatheError(
                "The data changed while the models were training; train them again.",
                "data_changed_during_training",
            )
        save_training(session.folder, run.results, run.pipelines)
    results = run.results["results"]
    failed = [ModelError(model=r["model"], error=r["error"]) for r in results if r["error"]]
    trained = [result["model"] for result in results if result["error"] is None]
    message = (
        "Training completed successfully"
        if not failed
        else f"Training completed: {len(trained)} of {len(results)} models trained."
    )
    left_out = run.results.get("left_out_classes") or {}
    if left_out:
        listed = ", ".join(f"{label} ({rows})" for label, rows in left_out.items())
        message += f" Classes with fewer rows than the validation needs were left out: {listed}."
    return TrainModelsResponse.model_validate(
        {
            **run.results,
            "message": message,
            "trained_models": trained,
            "failed_models": failed,
            "sampling": {result["model"]: result["sampling"] for result in results},
            "imputed_cells": {
                result["model"]: result.get("imputed_cells", 0) for result in results
            },
        }
    )


@router.get("/api/progress/")
def progress(registry: Progress, current: SessionId) -> ProgressResponse:
    """The session's running long task, `task` null when idle."""
    status = registry.status(current)
    return ProgressResponse(
        task=status.task, done=status.done, total=status.total, message=status.message
    )


@router.get("/api/detect-problem-type/")
def detect_problem(
    target_column: Annotated[str, Query(description="A column of the uploaded data.")],
    store: Store,
    current: SessionId,
) -> DetectedProblemType:
    """The problem type `auto` would choose for the target (its values, missing left out),
    so the training screen can suggest it before training."""
    with store.reading(current) as session:
        values = target_values(session.raw_frame(), target_column)
    return DetectedProblemType(
        target_column=target_column,
        problem_type=detect_problem_type(values),
        distinct_values=int(values.nunique()),
    )
