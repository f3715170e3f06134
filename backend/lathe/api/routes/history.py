"""Column drops, step snapshots and undo."""

from fastapi import APIRouter

from lathe.api.deps import Config, SessionId, Store
from lathe.api.payloads import frame_payload
from lathe.api.responses import ERRORS
from lathe.api.schemas import (
    FIRST_STEP,
    LAST_STEP,
    DropColumnsRequest,
    DropColumnsResponse,
    SnapshotResponse,
    StepRequest,
    UndoResponse,
)
from lathe.api.session_changes import apply_steps
from lathe.errors import ErrorCode, LatheError
from lathe.steps.columns import column_drop_steps

router = APIRouter(tags=["history"], responses=ERRORS)


def _valid_step(step_id: int | None, refusal: LatheError) -> int:
    if step_id is None or not FIRST_STEP <= step_id <= LAST_STEP:
        raise refusal
    return step_id


def _step_for(step_id: int | None) -> int:
    return _valid_step(
        step_id,
        LatheError("A step must be given as a positive whole number.", ErrorCode.INVALID_STEP_ID),
    )


@router.post("/api/drop-columns/")
def drop_columns(
    body: DropColumnsRequest, store: Store, settings: Config, current: SessionId
) -> DropColumnsResponse:
    # SPEC §4: a step with no snapshot yet gets one of the frame before the drop, so undoing
    # that step brings the columns back.
    step_id = None if body.step_id is None else _step_for(body.step_id)
    change = apply_steps(
        store,
        current,
        "drop_columns",
        lambda frame, _: column_drop_steps(frame, body.columns),
        snapshot_step=step_id,
    )
    return DropColumnsResponse(
        **frame_payload(change.after, settings),
        dropped_columns=change.acted_on("drop_columns"),
        message=change.message,
    )


@router.post("/api/snapshot-step/")
def snapshot_step(body: StepRequest, store: Store, current: SessionId) -> SnapshotResponse:
    step_id = _step_for(body.step_id)
    with store.changing(current) as session:
        session.snapshot(step_id)
    return SnapshotResponse(step_id=step_id, message=f"Snapshot of step {step_id} taken.")


@router.post("/api/undo-step/")
def undo_step(
    body: StepRequest, store: Store, settings: Config, current: SessionId
) -> UndoResponse:
    step_id = _valid_step(
        body.step_id, LatheError("Undo requires a valid step.", ErrorCode.INVALID_STEP)
    )
    with store.changing(current) as session:
        session.restore(step_id)
        frame = session.frame
    return UndoResponse(
        **frame_payload(frame, settings),
        step_id=step_id,
        message="Undo completed — step restored.",
    )
