"""Step 9: the evaluation of the trained models, and their explanations on request."""

from functools import partial
from typing import Any, cast

from fastapi import APIRouter
from pydantic import TypeAdapter
from starlette.concurrency import run_in_threadpool

from lathe.api.deps import Jobs, SessionId, Store
from lathe.api.responses import ERRORS
from lathe.api.training_schemas import (
    EvaluateModelsResponse,
    ExplanationRequest,
    ExplanationResponse,
    PrimaryMetricRequest,
)
from lathe.jobs.explanation_job import (
    EXPLANATION,
    ExplanationSetup,
    explain_on_worker,
    explainable_result,
    explanation_kept,
)
from lathe.jobs.session_job import ModelChoice
from lathe.ml.optimization_runs import picks_following
from lathe.ml.ranking import chosen_primary_metric, rank
from lathe.ml.results import TrainingResults
from lathe.store.session_store import Session

router = APIRouter(tags=["evaluation"], responses=ERRORS)

EVALUATION = TypeAdapter(EvaluateModelsResponse)


@router.post("/api/evaluate-models/")
def evaluate_models(store: Store, current: SessionId) -> EvaluateModelsResponse:
    """Metrics and chart data of each model trained in the session, and the best model
    by the primary metric (SPEC's accuracy, r2 or silhouette_score unless another was
    chosen)."""
    with store.reading(current) as session:
        results = session.models.required_results()
    return EVALUATION.validate_python({**results, "message": "Model evaluation completed"})


@router.put("/api/primary-metric/")
def choose_primary_metric(
    body: PrimaryMetricRequest, store: Store, current: SessionId
) -> EvaluateModelsResponse:
    """Rank the session's trained models by another rankable metric of their problem type,
    without training again: the best model, which models beat the baseline and the
    weakness notes follow it. The trained models and their optimizations are kept; a
    model's optimized model becomes its best-scoring run in the metric unless the person
    picked it."""
    with store.changing(current) as session:
        results = cast(TrainingResults, session.models.required_results())
        metric = chosen_primary_metric(results["problem_type"], body.metric)
        rank(results, metric)
        session.models.save_results(results)
        history = session.models.optimization_history()
        for model, run_id in picks_following(history, metric).items():
            session.models.pick_optimization(model, run_id, by_person=False)
    return EVALUATION.validate_python({**results, "message": "Primary metric changed"})


def _explanation_response(result: dict[str, Any], computed: bool) -> ExplanationResponse:
    return ExplanationResponse(
        model=result["model"],
        explanation=result.get("explanation"),
        feature_importances=result["charts"]["feature_importances"],
        computed=computed,
    )


def _kept_explanation(store: Store, current: SessionId, model: str) -> dict[str, Any] | None:
    """The model's result when its explanation is kept already (checked: a trained,
    supervised model)."""
    with store.reading(current) as session:
        _, result = explainable_result(session.models, model)
    return result if result.get("explained") else None


@router.post("/api/explanations/")
async def explain_model(
    body: ExplanationRequest, store: Store, jobs: Jobs, current: SessionId
) -> ExplanationResponse:
    """A trained supervised model's held-out explanation (summary and beeswarm) and, when
    it has no importances of its own, its permutation importances. Kept with the model:
    asked again, they are answered at once (`computed` false); else a job on the cluster
    computes them (progress on `GET /api/progress/` as the `explanation` task, cancelled
    by `POST /api/cancel-task/`) and keeps them in the model's result, which
    `POST /api/evaluate-models/` then shows with `explained` true. A new training or a
    change of the data forgets them with the model."""
    kept = await run_in_threadpool(_kept_explanation, store, current, body.model)
    if kept is not None:
        return _explanation_response(kept, computed=False)
    choice = ModelChoice(body.model, optimized=False)

    def prepare(session: Session) -> ExplanationSetup:
        training, _ = explainable_result(session.models, body.model)
        return ExplanationSetup(choice, training)

    result = await jobs.run(
        current,
        EXPLANATION,
        prepare,
        explain_on_worker,
        partial(explanation_kept, body.model),
        model=choice,
    )
    return _explanation_response(result, computed=True)
