"""Step 10: optimizing a trained model's parameters."""

from functools import partial

from fastapi import APIRouter

from lathe.api.deps import Jobs, SessionId, Store
from lathe.api.model_schemas import (
    OptimizeModelRequest,
    OptimizeModelResponse,
    SearchTrial,
)
from lathe.api.responses import ERRORS
from lathe.errors import ErrorCode, LatheError
from lathe.jobs.search import optimize_on_workers
from lathe.jobs.session_job import JobKind
from lathe.ml.catalog import ENTRIES
from lathe.ml.optimization import OptimizationConfig, OptimizationRun, check_search_settings
from lathe.store.session_store import Session

router = APIRouter(tags=["optimization"], responses=ERRORS)


def _keep_optimized(
    body: OptimizeModelRequest, supervised: bool, session: Session, run: OptimizationRun
) -> OptimizeModelResponse:
    """The optimized pipeline kept, and its result as the session's last optimization (on
    the worker: what it needs of the catalogue comes with it)."""
    model = body.selected_model
    response = OptimizeModelResponse(
        message=(
            run.note
            or (
                f"Optimization of {model} completed: no searched set scored above its own "
                "settings, which are kept."
                if run.kept_baseline
                else f"Optimization of {model} completed."
            )
        ),
        selected_model=model,
        optimization_method=body.optimization_method,
        primary_metric=run.primary_metric,
        best_score=run.best_score,
        best_params=run.best_params,
        kept_baseline=run.kept_baseline,
        baseline_score=run.baseline_score,
        improvement=run.improvement,
        cv_folds=body.cv_folds if supervised else None,
        trials=[
            SearchTrial(params=trial.params, score=trial.score, error=trial.error)
            for trial in run.trials
        ],
        sampling=run.sampling,
    )
    session.models.save_optimized(model, run.pipeline, response.model_dump(mode="json"))
    return response


@router.post("/api/optimize-model/")
async def optimize_model(
    body: OptimizeModelRequest, jobs: Jobs, current: SessionId
) -> OptimizeModelResponse:
    """Search the model's parameters with the session's recipe, cross-validated on the
    rows training used, and keep the best as the model's optimized pipeline; a job on the
    cluster whose parameter sets run across its workers, its progress and queue position
    on `GET /api/progress/`, cancelled by `POST /api/cancel-task/`. The result is kept as
    the session's last optimization (`GET /api/optimization-result/`)."""
    model = body.selected_model
    if not model:
        raise LatheError(
            "Please select a model to optimize.", ErrorCode.OPTIMIZATION_MODEL_REQUIRED
        )
    check_search_settings(body.cv_folds, body.n_iterations)

    def prepare(session: Session) -> OptimizationConfig:
        results = session.models.trained_results(model)
        return OptimizationConfig(
            ENTRIES[model],
            body.optimization_method,
            body.cv_folds,
            body.n_iterations,
            results["target_column"],
        )

    kind = JobKind(
        "optimization",
        f"Optimizing {model}",
        "The data changed while the model was being optimized; optimize it again.",
    )
    # Decided here, as the worker may not know the model; a model outside the catalogue
    # is refused by `prepare` as not trained before anything is kept.
    entry = ENTRIES.get(model)
    supervised = entry is None or entry.problem_type != "clustering"
    return await jobs.run(
        current,
        kind,
        prepare,
        optimize_on_workers,
        partial(_keep_optimized, body, supervised),
        fitting=lambda config: [model],
    )


@router.get("/api/optimization-result/")
def optimization_result(store: Store, current: SessionId) -> OptimizeModelResponse:
    """The session's last optimization since its training, as `POST /api/optimize-model/`
    answered it, so a screen that lost that request can show its result."""
    with store.reading(current) as session:
        session.jobs.check_not_lost("optimization")
        return OptimizeModelResponse.model_validate(session.models.last_optimization())
