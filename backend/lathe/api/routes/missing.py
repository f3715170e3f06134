"""Step 3: missing values."""

from typing import cast

from fastapi import APIRouter

from lathe.api.deps import Config, SessionId, Store
from lathe.api.payloads import step_result
from lathe.api.responses import ERRORS
from lathe.api.session_changes import apply_steps
from lathe.api.step_schemas import HandleMissingRequest, StepResult
from lathe.steps.missing import ColumnMissingSetting, missing_value_steps

router = APIRouter(tags=["missing"], responses=ERRORS)


@router.post("/api/handle-missing/")
def handle_missing(
    body: HandleMissingRequest, store: Store, settings: Config, current: SessionId
) -> StepResult:
    """Global strategies, or column-specific ones when `column_specific_settings` is given."""
    columns = (
        [
            cast(ColumnMissingSetting, setting.model_dump(exclude_none=True))
            for setting in body.column_specific_settings
        ]
        if body.column_specific_settings
        else None
    )
    change = apply_steps(
        store,
        current,
        "missing",
        lambda frame, target: missing_value_steps(
            frame,
            target_column=target,
            strategy=body.strategy,
            cat_strategy=body.cat_strategy,
            fill_value=body.fill_value,
            drop_strategy=body.drop_strategy,
            drop_threshold=body.drop_threshold,
            column_settings=columns,
        ),
    )
    return step_result(change, settings)
