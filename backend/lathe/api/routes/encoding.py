"""Step 5: encoding of categorical columns."""

from typing import cast

from fastapi import APIRouter

from lathe.api.deps import Config, SessionId, Store
from lathe.api.payloads import step_result
from lathe.api.responses import ERRORS
from lathe.api.session_changes import apply_steps
from lathe.api.step_schemas import EncodeFeaturesRequest, StepResult
from lathe.steps.encoding import ColumnEncodingSetting, encoded_by_auto, encoding_steps

router = APIRouter(tags=["encoding"], responses=ERRORS)


@router.post("/api/encode-features/")
def encode_features(
    body: EncodeFeaturesRequest, store: Store, settings: Config, current: SessionId
) -> StepResult:
    columns = (
        [
            cast(ColumnEncodingSetting, setting.model_dump())
            for setting in body.column_specific_settings
        ]
        if body.column_specific_settings
        else None
    )
    change = apply_steps(
        store,
        current,
        "encoding",
        lambda frame, target: encoding_steps(
            frame,
            default_strategy=body.default_strategy,
            max_categories=body.max_categories,
            target_column=target,
            column_settings=columns,
        ),
        chosen_target=body.target_column or None,
    )
    fallbacks = encoded_by_auto(change.steps)
    listed = ", ".join(f"{column} ({strategy})" for column, strategy in fallbacks.items())
    note = (
        f"{body.default_strategy} does not apply to {len(fallbacks)} columns, encoded by the "
        f"auto rule instead: {listed}."
        if fallbacks
        else ""
    )
    return step_result(change, settings, fallbacks, note)
