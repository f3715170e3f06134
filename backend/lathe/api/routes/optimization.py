"""Step 10: optimizing a trained model's parameters, and the runs kept of each model."""

import dataclasses
from datetime import UTC, datetime
from functools import partial
from typing import Any

from fastapi import APIRouter

from lathe.api.deps import Jobs, SessionId, Store
from lathe.api.model_schemas import (
    OptimizationHistoryResponse,
    OptimizeModelRequest,
    OptimizeModelResponse,
    PickOptimizationRequest,
    SearchTrial,
)
from lathe.api.responses import ERRORS
from lathe.errors import ErrorCode, LatheError
from lathe.jobs.search import optimize_on_workers
from lathe.jobs.session_job import JobData, JobKind
from lathe.ml.catalog import ENTRIES, SearchSpace
from lathe.ml.optimization import OptimizationConfig, OptimizationRun, check_search_settings
from lathe.ml.optimization_runs import best_run, run_score, scores_better
from lathe.ml.progress import ProgressReport
from lathe.ml.search_candidates import described
from lathe.ml.search_space_edits import edited_space
from lathe.ml.training_config import DEFAULT_CV_FOLDS, DEFAULT_TEST_SIZE, TrainingConfig
from lathe.store.session_store import Session
from lathe.store.trained_models import KEPT_RUNS

router = APIRouter(tags=["optimization"], responses=ERRORS)


def _searched(space: SearchSpace, grid: bool) -> dict[str, Any]:
    """The part of the space a method searches, described for the screen."""
    description = dict(described(space))
    return {
        "grid": description["grid"] if grid else {},
        "distributions": {} if grid else description["distributions"],
    }


def _message(model: str, run: OptimizationRun, picked: bool, kept_run: int | None) -> str:
    if not picked:
        return (
            f"Optimization of {model} completed, but it scored below the optimized model "
            f"kept (run {kept_run}), which stays picked; pick this run to use it instead."
        )
    if run.note:
        return run.note
    if run.kept_baseline:
        return (
            f"Optimization of {model} completed: no searched set scored above its own "
            "settings, which are kept."
        )
    return f"Optimization of {model} completed."


def _optimized(
    data: JobData, config: OptimizationConfig, progress: ProgressReport
) -> tuple[OptimizationConfig, OptimizationRun]:
    """The run, with the settings it ran by, for the commit to record."""
    return config, optimize_on_workers(data, config, progress)


def _keep_optimized(
    body: OptimizeModelRequest,
    session: Session,
    outcome: tuple[OptimizationConfig, OptimizationRun],
) -> OptimizeModelResponse:
    """The run kept in the model's history, picked when it scores at least as well as the
    run picked before in the primary metric (on the worker: what it needs of the catalogue
    comes with it)."""
    model = body.selected_model
    config, run = outcome
    kept = session.models.optimization_history().get(model)
    current = (
        next(old for old in kept["runs"] if old["run_id"] == kept["picked_run"]) if kept else None
    )
    supervised = config.validation.target_column is not None
    record = {
        "finished_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "selected_model": model,
        "optimization_method": body.optimization_method,
        "n_iterations": body.n_iterations,
        "search_space": _searched(
            config.entry.search_space, body.optimization_method == "grid_search"
        ),
        "validation_method": config.validation.validation_method if supervised else None,
        "primary_metric": run.primary_metric,
        "best_score": run.best_score,
        "best_params": run.best_params,
        "kept_baseline": run.kept_baseline,
        "baseline_score": run.baseline_score,
        "improvement": run.improvement,
        "search_score": run.search_score,
        "metrics": run.metrics,
        "cv_folds": body.cv_folds if supervised else None,
        "trials": [
            SearchTrial(params=trial.params, score=trial.score, error=trial.error).model_dump()
            for trial in run.trials
        ],
        "sampling": run.sampling,
        "note": run.note,
    }
    picked = current is None or not scores_better(current, record, run.primary_metric)
    saved = session.models.save_optimized(model, run.pipeline, record, picked)
    return OptimizeModelResponse.model_validate(
        {
            **saved,
            "ranked": run_score(saved, run.primary_metric, run.baseline_score),
            "message": _message(model, run, picked, current and current["run_id"]),
            "picked": picked,
        }
    )


def _config(body: OptimizeModelRequest, session: Session) -> OptimizationConfig:
    """The search asked for, judged by the training run's validation and primary metric."""
    model = body.selected_model
    results = session.models.trained_results(model)
    entry = ENTRIES[model]
    space = edited_space(entry.search_space, body.optimization_method, body.search_space)
    validation = TrainingConfig(
        (entry,),
        results["problem_type"],
        results["target_column"],
        results["validation_method"] or "train_test",
        results["test_size"] or DEFAULT_TEST_SIZE,
        results["cv_folds"] or DEFAULT_CV_FOLDS,
    )
    return OptimizationConfig(
        dataclasses.replace(entry, search_space=space),
        body.optimization_method,
        body.cv_folds,
        body.n_iterations,
        validation,
        results["primary_metric"],
    )


@router.post("/api/optimize-model/")
async def optimize_model(
    body: OptimizeModelRequest, jobs: Jobs, current: SessionId
) -> OptimizeModelResponse:
    """Search the model's parameters with the session's recipe on the training rows of
    its training run's validation, score the best on that validation's held-out rows
    and keep the run in the model's history; it becomes the model's optimized model
    unless it scores below the one picked. A job on the cluster whose parameter sets run
    across its workers, its progress and queue position on `GET /api/progress/`,
    cancelled by `POST /api/cancel-task/`."""
    model = body.selected_model
    if not model:
        raise LatheError(
            "Please select a model to optimize.", ErrorCode.OPTIMIZATION_MODEL_REQUIRED
        )
    check_search_settings(body.cv_folds, body.n_iterations)
    kind = JobKind(
        "optimization",
        f"Optimizing {model}",
        "The data changed while the model was being optimized; optimize it again.",
    )
    return await jobs.run(
        current,
        kind,
        partial(_config, body),
        _optimized,
        partial(_keep_optimized, body),
        fitting=lambda config: [model],
    )


def _history(session: Session) -> OptimizationHistoryResponse:
    """Every model's kept runs, scored in the primary metric chosen now."""
    history = session.models.optimization_history()
    if not history:
        return OptimizationHistoryResponse(kept_runs=KEPT_RUNS, models=[])
    results = session.models.required_results()
    metric = results["primary_metric"]
    baselines = {row["model"]: row["metrics"] for row in results["results"]}
    models = [
        {
            **kept,
            "model": model,
            "primary_metric": metric,
            "best_run": best_run(kept["runs"], metric),
            "runs": [
                {**run, "ranked": run_score(run, metric, baselines[model].get(metric))}
                for run in kept["runs"]
            ],
        }
        for model, kept in history.items()
    ]
    return OptimizationHistoryResponse.model_validate({"kept_runs": KEPT_RUNS, "models": models})


@router.get("/api/optimization-result/")
def optimization_result(store: Store, current: SessionId) -> OptimizationHistoryResponse:
    """Every optimized model of the session's training with its kept runs and the one
    picked (none before the first optimization)."""
    with store.reading(current) as session:
        session.jobs.check_not_lost("optimization")
        return _history(session)


@router.post("/api/optimization-pick/")
def pick_optimization(
    body: PickOptimizationRequest, store: Store, current: SessionId
) -> OptimizationHistoryResponse:
    """Make one of a model's kept runs its optimized model: the one exported and
    predicting with `optimized`."""
    with store.changing(current) as session:
        session.models.pick_optimization(body.selected_model, body.run_id)
        return _history(session)
