"""Step 8: training the chosen models, the progress of the running task, and the model and
metric catalogues."""

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from typing import Annotated, Any

from fastapi import APIRouter, Query
from pydantic import TypeAdapter

from lathe.api.deps import Jobs, Progress, SessionId, Store
from lathe.api.model_schemas import CatalogModel, ModelCatalogResponse, SearchSpaceDescription
from lathe.api.responses import ERRORS
from lathe.api.training_schemas import (
    CancelTaskResponse,
    DetectedProblemType,
    FinishedJobResponse,
    LeaderboardResponse,
    MetricCatalogResponse,
    MetricDescription,
    ModelError,
    ProgressResponse,
    TrainModelsRequest,
    TrainModelsResponse,
)
from lathe.errors import ErrorCode, check_range
from lathe.jobs.best_model_trials import find_best_on_workers
from lathe.jobs.session_job import JobData, JobKind, session_recipe
from lathe.jobs.training_fits import train_on_workers
from lathe.ml.best_model_search import MAX_BUDGET, MIN_BUDGET
from lathe.ml.catalog import ENTRIES
from lathe.ml.metric_catalog import METRICS, PRIMARY_METRIC
from lathe.ml.problem import detect_problem_type, left_out_summary
from lathe.ml.progress import ProgressReport
from lathe.ml.results import TrainingResults
from lathe.ml.search_candidates import described
from lathe.ml.target_variation import check_target_varies
from lathe.ml.training import TrainingRun
from lathe.ml.training_config import TrainingConfig, target_values, training_config
from lathe.store.leaderboard_file import read_leaderboard
from lathe.store.session_store import Session

router = APIRouter(tags=["training"], responses=ERRORS)

TRAIN_MODELS_RESPONSE = TypeAdapter(TrainModelsResponse)

TRAINING = JobKind(
    "training",
    "Training in progress",
    "The data changed while the models were training; train them again.",
)


BEST_MODEL = JobKind(
    "training",
    "Training in progress",
    "The data changed while the models were training; train them again.",
    keeps_finished_work=True,
)


@dataclass(frozen=True)
class SearchSetup:
    config: TrainingConfig
    budget: int


def _find_best(data: JobData, setup: SearchSetup, progress: ProgressReport) -> TrainingRun:
    return find_best_on_workers(data, setup.config, setup.budget, progress)


def _keep(session: Session, run: TrainingRun) -> TrainingResults:
    """The models and their results kept, and the target they learned made the session
    target (it may have been given with this training)."""
    if run.results["target_column"] is not None:
        session.save_target(run.results["target_column"])
    session.models.save(run.results, run.pipelines, run.last_folds)
    return run.results


def _model_names(config: TrainingConfig) -> list[str]:
    return [entry.name for entry in config.models]


@router.post("/api/train-models/")
async def train_models(
    body: TrainModelsRequest, jobs: Jobs, current: SessionId
) -> TrainModelsResponse:
    """Train each model with the session's recipe on the data as uploaded and store the
    fitted pipelines and their evaluation; a job on the cluster, its progress and queue
    position on `GET /api/progress/`, cancelled by `POST /api/cancel-task/`. A model that
    fails is listed in `failed_models`; the others are trained. The target defaults to the
    session target; a target given here becomes the session target once the models are
    kept."""

    searching = body.mode == "best"

    def prepare(session: Session) -> TrainingConfig:
        clustering = body.problem_type == "clustering" and not searching
        if not clustering and body.target_column:
            session.choose_target(body.target_column)
        target = None if clustering else session.target
        # the target column alone: the whole frames are the workers' to read
        wanted = [target] if target else []
        uploaded = session.columns(wanted, uploaded=True)
        config = training_config(
            uploaded,
            session.column_names(),
            model_names=body.model_names,
            problem_type=body.problem_type,
            target_column=target,
            validation_method=body.validation_method,
            test_size=body.test_size,
            cv_folds=body.cv_folds,
            primary_metric=body.primary_metric,
            every_model=searching,
        )
        if config.target_column is not None:
            check_target_varies(
                uploaded,
                session.columns(wanted),
                session_recipe(session),
                config.target_column,
                session.raw_frame,
            )
        return config

    if searching:
        check_range(
            body.time_budget,
            MIN_BUDGET,
            MAX_BUDGET,
            "The time budget (seconds)",
            ErrorCode.TIME_BUDGET_OUT_OF_RANGE,
        )

        def prepare_search(session: Session) -> SearchSetup:
            config = replace(prepare(session), validation_method="cross_validation")
            return SearchSetup(config, body.time_budget)

        results = await jobs.run(current, BEST_MODEL, prepare_search, _find_best, _keep)
    else:
        results = await jobs.run(
            current, TRAINING, prepare, train_on_workers, _keep, fitting=_model_names
        )
    return _training_response(results)


def _training_response(training: Mapping[str, Any]) -> TrainModelsResponse:
    results = training["results"]
    failed = [ModelError(model=r["model"], error=r["error"]) for r in results if r["error"]]
    trained = [result["model"] for result in results if result["error"] is None]
    message = (
        "Training completed successfully"
        if not failed
        else f"Training completed: {len(trained)} of {len(results)} models trained."
    )
    left_out = training.get("left_out_classes") or {}
    if left_out:
        message += (
            " Classes with fewer rows than the validation needs were left out: "
            f"{left_out_summary(left_out)}."
        )
    return TRAIN_MODELS_RESPONSE.validate_python(
        {
            **training,
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
def progress(registry: Progress, jobs: Jobs, current: SessionId) -> ProgressResponse:
    """The session's running long task, `task` null when idle; while it waits for a
    worker, its place in the queue."""
    status = registry.status(current)
    finished = registry.last_finished(current) or jobs.interrupted(current)
    return ProgressResponse(
        task=status.task,
        done=status.done,
        total=status.total,
        message=status.message,
        job_id=status.job_id,
        queue_position=jobs.queue_position(current),
        finished=None if finished is None else FinishedJobResponse(**asdict(finished)),
    )


@router.get("/api/training-result/")
def training_result(store: Store, current: SessionId) -> TrainModelsResponse:
    """The session's stored training, as `POST /api/train-models/` answered it, so a
    screen that lost that request (a reload while the job ran) can show its result."""
    with store.reading(current) as session:
        session.jobs.check_not_lost("training")
        results = session.models.required_results()
    return _training_response(results)


@router.get("/api/leaderboard/")
def leaderboard(registry: Progress, store: Store, current: SessionId) -> LeaderboardResponse:
    """Find the best model's leaderboard: the rows finished so far while it runs (it
    survives leaving the screen and a reload), then the one kept with the training."""
    with store.reading(current) as session:
        running = any(job.task == "training" for job in registry.running_jobs(current))
        live = read_leaderboard(session.folder) if running else None
        results = session.models.results() or {}
    return LeaderboardResponse(leaderboard=live or results.get("search"))


@router.post("/api/cancel-task/")
def cancel_task(jobs: Jobs, current: SessionId) -> CancelTaskResponse:
    """Cancel the session's running tasks (training, optimization, a large prediction): a
    task waiting for a worker is dropped, a running one stops before its next fit or chunk
    of rows; the session stays as it was before the task, and the request that started
    it answers `task_cancelled`."""
    tasks = jobs.cancel(current)
    return CancelTaskResponse(cancelled=tasks, message=f"Cancelling the {' and '.join(tasks)}.")


@router.get("/api/detect-problem-type/")
def detect_problem(
    target_column: Annotated[str, Query(description="A column of the uploaded data.")],
    store: Store,
    current: SessionId,
) -> DetectedProblemType:
    """The problem type `auto` would choose for the target (its values, missing left out),
    so the training screen can suggest it before training."""
    with store.reading(current) as session:
        values = target_values(session.columns([target_column], uploaded=True), target_column)
    return DetectedProblemType(
        target_column=target_column,
        problem_type=detect_problem_type(values),
        distinct_values=int(values.nunique()),
    )


@router.get("/api/metric-catalog/")
def metric_catalog() -> MetricCatalogResponse:
    """Every metric Lathe reports: which way is better, how it is coloured, and the order
    and primary metric screens use."""
    return MetricCatalogResponse(
        metrics=[MetricDescription.model_validate(asdict(metric)) for metric in METRICS],
        primary=PRIMARY_METRIC,
    )


@router.get("/api/model-catalog/")
def model_catalog() -> ModelCatalogResponse:
    """Every model Lathe trains, with the parameters optimization searches."""
    return ModelCatalogResponse(
        models=[
            CatalogModel(
                name=entry.name,
                problem_type=entry.problem_type,
                row_limit=entry.row_limit,
                search_space=SearchSpaceDescription.model_validate(described(entry.search_space)),
                scaled_target=entry.scaled_target,
            )
            for entry in ENTRIES.values()
        ]
    )
