"""Step 7: scaling of numeric columns."""

import pandas as pd
from fastapi import APIRouter

from lathe.api.deps import Config, SessionId, Store
from lathe.api.payloads import step_result
from lathe.api.responses import ERRORS
from lathe.api.session_changes import apply_steps
from lathe.api.step_schemas import ScaleFeaturesRequest, StepResult
from lathe.errors import ErrorCode, LatheError
from lathe.steps.recipe_step import RecipeStep
from lathe.steps.scaling import scaling_steps

router = APIRouter(tags=["scaling"], responses=ERRORS)


@router.post("/api/scale-features/")
def scale_features(
    body: ScaleFeaturesRequest, store: Store, settings: Config, current: SessionId
) -> StepResult:
    """Every candidate but the target with `method`, or the columns of
    `column_specific_settings` with their own methods."""

    def steps(frame: pd.DataFrame, target: str | None) -> list[RecipeStep]:
        built = scaling_steps(
            frame,
            method=body.method,
            target_column=target,
            column_settings=body.column_specific_settings or None,
        )
        if not built:
            raise LatheError("No numeric column to scale was found.", ErrorCode.NO_NUMERIC_COLUMNS)
        return built

    change = apply_steps(store, current, "scaling", steps, chosen_target=body.target_column or None)
    return step_result(change, settings)
