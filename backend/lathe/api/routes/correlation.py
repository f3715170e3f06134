"""Step 6: correlated pairs, dropping one side, and correlation with the target."""

from fastapi import APIRouter

from lathe.api.deps import Config, SessionId, Store
from lathe.api.payloads import step_result
from lathe.api.responses import ERRORS
from lathe.api.session_changes import apply_steps
from lathe.api.step_schemas import (
    CorrelatedPairs,
    CorrelationDropResult,
    CorrelationRequest,
    TargetCorrelationRequest,
    TargetCorrelationResponse,
)
from lathe.steps.columns import column_drop_steps
from lathe.steps.correlation import check_threshold, correlated_pairs, target_correlations

router = APIRouter(tags=["correlation"], responses=ERRORS)


@router.post("/api/correlation-analysis/")
def correlation_analysis(
    body: CorrelationRequest, store: Store, settings: Config, current: SessionId
) -> CorrelatedPairs | CorrelationDropResult:
    """With `preview_only` (or no columns to drop), the pairs whose absolute Pearson
    correlation is at least `threshold`; otherwise drop `columns_to_drop` and answer the
    new frame with its remaining pairs."""
    check_threshold(body.threshold)
    if body.preview_only or body.columns_to_drop is None:
        with store.reading(current) as session:
            pairs = correlated_pairs(session.frame, body.threshold)
        return CorrelatedPairs(threshold=body.threshold, highly_correlated=pairs)
    columns = body.columns_to_drop
    change = apply_steps(
        store, current, "correlation", lambda frame, _: column_drop_steps(frame, columns)
    )
    return CorrelationDropResult(
        **step_result(change, settings),
        threshold=body.threshold,
        highly_correlated=correlated_pairs(change.after, body.threshold),
    )


@router.post("/api/target-correlation/")
def target_correlation(
    body: TargetCorrelationRequest, store: Store, current: SessionId
) -> TargetCorrelationResponse:
    with store.reading(current) as session:
        correlations = target_correlations(session.frame, body.target_column, body.method)
    return TargetCorrelationResponse(
        target_column=body.target_column, method=body.method, correlations=correlations
    )
