"""Step 5: encoding of categorical columns."""

from typing import cast

from fastapi import APIRouter

from lathe.api.payloads import frame_payload
from lathe.api.responses import ERRORS
from lathe.api.routes_common import Config, SessionId, Store
from lathe.api.session_changes import apply_steps
from lathe.api.step_schemas import EncodeFeaturesRequest, StepResult
from lathe.steps.encoding import ColumnEncodingSetting, encoding_steps
from lathe.steps.recipe import acted_on

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
        lambda frame, target: encoding_steps(
            frame,
            default_strategy=body.default_strategy,
            max_categories=body.max_categories,
            target_column=target,
            column_settings=columns,
        ),
        chosen_target=body.target_column or None,
    )
    encoded = acted_on(change.steps, "encode")
    message = (
        f"Encoded {len(encoded)} columns: {', '.join(encoded)}."
        if encoded
        else "No categorical column to encode."
    )
    dropped = acted_on(change.steps, "drop_columns")
    if dropped:
        message += (
            " Dropped id-like columns (a distinct value in almost every row): "
            f"{', '.join(dropped)}. Undo brings them back."
        )
    return StepResult(
        **frame_payload(change.after, settings).model_dump(),
        message=message,
        dropped_columns=dropped,
        changed=change.changed,
    )
