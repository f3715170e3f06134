"""Step 9: the evaluation of the trained models."""

from fastapi import APIRouter
from pydantic import TypeAdapter

from lathe.api.deps import SessionId, Store
from lathe.api.responses import ERRORS
from lathe.api.training_schemas import EvaluateModelsResponse

router = APIRouter(tags=["evaluation"], responses=ERRORS)

EVALUATION = TypeAdapter(EvaluateModelsResponse)


@router.post("/api/evaluate-models/")
def evaluate_models(store: Store, current: SessionId) -> EvaluateModelsResponse:
    """Metrics and chart data of each model trained in the session, and the best model
    by the primary metric (accuracy, r2 or silhouette_score)."""
    with store.reading(current) as session:
        results = session.models.required_results()
    return EVALUATION.validate_python({**results, "message": "Model evaluation completed"})
