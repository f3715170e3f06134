"""Step 4: outlier detection (read-only) and removal."""

from typing import Any

from fastapi import APIRouter

from lathe.api.deps import Config, SessionId, Store
from lathe.api.payloads import step_result
from lathe.api.responses import ERRORS
from lathe.api.session_changes import apply_steps
from lathe.api.step_schemas import (
    DetectOutliersRequest,
    DetectOutliersResponse,
    RemoveOutliersRequest,
    StepResult,
)
from lathe.steps.column_kinds import numeric_columns
from lathe.steps.outliers import outlier_report, outlier_steps, resolved_configs

router = APIRouter(tags=["outliers"], responses=ERRORS)


@router.post("/api/detect-outliers/")
def detect_outliers(
    body: DetectOutliersRequest, store: Store, current: SessionId
) -> DetectOutliersResponse:
    """Every numeric column with the global method and factor, unless a column config says
    otherwise. Nothing changes."""
    with store.reading(current) as session:
        frame = session.frame
        overrides = {c: config.model_dump() for c, config in (body.column_configs or {}).items()}
        target = session.target
        requested: dict[str, dict[str, Any]] = {
            c: {} for c in numeric_columns(frame) if c != target
        }
        requested |= overrides
        configs = resolved_configs(
            frame, method=body.method, factor=body.factor, column_configs=requested
        )
        return DetectOutliersResponse(**outlier_report(frame, configs))


@router.post("/api/remove-outliers/")
def remove_outliers(
    body: RemoveOutliersRequest, store: Store, settings: Config, current: SessionId
) -> StepResult:
    """Global settings for every numeric column, or only the columns of `column_configs`."""
    configs: dict[str, Any] | None = (
        {column: config.model_dump() for column, config in body.column_configs.items()}
        if body.column_configs
        else None
    )
    change = apply_steps(
        store,
        current,
        "outliers",
        lambda frame, target: outlier_steps(
            frame,
            target_column=target,
            strategy=body.strategy,
            method=body.method,
            factor=body.factor,
            column_configs=configs,
        ),
    )
    return step_result(change, settings)
