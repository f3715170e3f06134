"""Step 4: outlier detection (read-only) and removal."""

from typing import Any

import pandas as pd
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
from lathe.steps.applied import AppliedSteps
from lathe.steps.column_kinds import numeric_columns
from lathe.steps.outliers import (
    detection,
    most_flags,
    outlier_steps,
    resolved_configs,
    target_effect,
)
from lathe.steps.recipe_step import RecipeStep

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
        report, kept = detection(frame, configs)
        effect = (
            target_effect(frame[target], frame[target][kept])
            if target is not None and target in frame.columns
            else None
        )
        return DetectOutliersResponse(
            **report, most_flags=most_flags(frame, report), target_effect=effect
        )


@router.post("/api/remove-outliers/")
def remove_outliers(
    body: RemoveOutliersRequest, store: Store, settings: Config, current: SessionId
) -> StepResult:
    """Global settings for every numeric column, or only the columns of `column_configs`;
    the message says what a row removal did to the session target's values."""
    configs: dict[str, Any] | None = (
        {column: config.model_dump() for column, config in body.column_configs.items()}
        if body.column_configs
        else None
    )
    targets: list[str | None] = []

    def build(frame: pd.DataFrame, target: str | None) -> list[RecipeStep]:
        targets.append(target)
        return outlier_steps(
            frame,
            target_column=target,
            strategy=body.strategy,
            method=body.method,
            factor=body.factor,
            column_configs=configs,
        )

    change = apply_steps(store, current, "outliers", build)
    return step_result(change, settings, note=_target_note(change, targets[0]))


def _target_note(change: AppliedSteps, target: str | None) -> str:
    """What the removal did to the target's values, and a warning when it left one."""
    if target is None or target not in change.after.columns:
        return ""
    effect = target_effect(change.before[target], change.after[target])
    if effect["rows_after"] == effect["rows_before"]:
        return ""
    note = (
        f'The target "{target}" keeps {effect["distinct_after"]} of its '
        f"{effect['distinct_before']} distinct values"
    )
    if effect["mean_before"] is not None and effect["mean_after"] is not None:
        note += f" (mean {effect['mean_before']:.4g} before, {effect['mean_after']:.4g} after)"
    if effect["one_value"]:
        note += (
            ": the removal left it one value, so training would have nothing to learn. "
            "Undo this step or remove fewer rows"
        )
    return note + "."
