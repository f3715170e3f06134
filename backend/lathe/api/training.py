"""Step 8: training the chosen models, and the progress of the running task."""

from typing import Annotated

from fastapi import APIRouter, Query
from pydantic import TypeAdapter

from lathe.api.responses import ERRORS
from lathe.api.routes_common import Progress, SessionId, Store
from lathe.api.session_job import JobKind, run_session_job
from lathe.api.training_schemas import (
    DetectedProblemType,
    ModelError,
    ProgressResponse,
    TrainModelsRequest,
    TrainModelsResponse,
)
from lathe.ml.problem import detect_problem_type
from lathe.ml.training import train
from lathe.ml.training_config import TrainingConfig, target_values, training_config
from lathe.store.session_store import Session

router = APIRouter(tags=["training"], responses=ERRORS)

TRAIN_MODELS_RESPONSE = TypeAdapter(TrainModelsResponse)

TRAINING = JobKind(
    "training",
    "Training in progress",
    "The data changed while the models were training; train them again.",
)


@router.post("/api/train-models/")
def train_models(
    body: TrainModelsRequest, store: Store, registry: Progress, current: SessionId
) -> TrainModelsResponse:
    """Train each model with the session's recipe on the data as uploaded and store the
    fitted pipelines and their evaluation; progress on `GET /api/progress/`. A model that
    fails is listed in `failed_models`; the others are trained. The target defaults to the
    session target; a target given here becomes the session target."""

    def prepare(session: Session) -> TrainingConfig:
        clustering = body.problem_type == "clustering"
        target = None if clustering else (body.target_column or session.target)
        config = training_config(
            session.raw_frame(),
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
        return config

    run = run_session_job(
        store,
        registry,
        current,
        TRAINING,
        prepare,
        lambda data, config, progress: train(data.raw_frame, data.recipe, config, progress),
        lambda session, run: session.models.save(run.results, run.pipelines),
    )
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
    return TRAIN_MODELS_RESPONSE.validate_python(
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
