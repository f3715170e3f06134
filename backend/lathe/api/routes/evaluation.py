"""Step 9: the evaluation of the trained models."""

from typing import cast

from fastapi import APIRouter
from pydantic import TypeAdapter

from lathe.api.deps import SessionId, Store
from lathe.api.responses import ERRORS
from lathe.api.training_schemas import EvaluateModelsResponse, PrimaryMetricRequest
from lathe.ml.optimization_runs import picks_following
from lathe.ml.ranking import chosen_primary_metric, rank
from lathe.ml.results import TrainingResults

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
