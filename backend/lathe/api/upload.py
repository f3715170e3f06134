"""Upload a file and read back the session's current data."""

from fastapi import APIRouter, Request, Response
from starlette.concurrency import run_in_threadpool

from lathe.api.payloads import frame_payload
from lathe.api.responses import ERRORS
from lathe.api.routes_common import Config, SessionId, Store
from lathe.api.schemas import (
    ErrorResponse,
    SessionDataResponse,
    SessionTargetRequest,
    SessionTargetResponse,
    UploadResponse,
)
from lathe.api.server_timing import ServerTiming
from lathe.api.session_cookie import set_session_cookie
from lathe.api.upload_stream import multipart_body, read_received_file, receive_file
from lathe.store.disk_budget import require_room
from lathe.store.session_store import new_session_id

router = APIRouter(tags=["data"], responses=ERRORS)


@router.post(
    "/api/upload/",
    openapi_extra=multipart_body(),
    responses={
        413: {"model": ErrorResponse, "description": "The file is too large."},
        507: {"model": ErrorResponse, "description": "The store's disk budget is used up."},
    },
)
async def upload(
    request: Request,
    response: Response,
    store: Store,
    settings: Config,
    current: SessionId,
) -> UploadResponse:
    """Read a CSV, TSV or spreadsheet; it replaces the session's data and resets its steps.
    The answer comes once the file is read; its frame is written to disk after it, and the
    session's next request waits for that. The `Server-Timing` header gives the time spent
    receiving, reading and handing the frame to the store."""
    declared = request.headers.get("content-length", "")
    await run_in_threadpool(
        require_room, store, settings.max_store_gb, int(declared) if declared.isdigit() else 0
    )
    target = store.temp_path("upload")
    timing = ServerTiming()
    try:
        with timing.stage("receive"):
            received = await receive_file(request, target, settings.max_upload_mb)
        with timing.stage("read"):
            table = await run_in_threadpool(read_received_file, received.path, received.filename)
        # Only a session the server holds is kept; any other id is never adopted.
        sid = current if store.has_data(current) else new_session_id()
        with timing.stage("store"):
            await run_in_threadpool(
                store.start, sid, table.frame, received.filename, table.warnings
            )
    finally:
        target.unlink(missing_ok=True)
    set_session_cookie(response, sid, settings)
    response.headers["Server-Timing"] = timing.header()
    rows = len(table.frame)
    return UploadResponse(
        **frame_payload(table.frame, settings),
        session_id=sid,
        filename=received.filename,
        warnings=table.warnings,
        notes=[{"code": note.code, "params": note.params} for note in table.notes],
        message=f"Uploaded {received.filename}: {rows} rows, {len(table.frame.columns)} columns.",
    )


@router.get("/api/get-session-data/")
def get_session_data(
    store: Store,
    settings: Config,
    current: SessionId,
) -> SessionDataResponse:
    with store.reading(current) as session:
        payload = frame_payload(session.frame, settings)
        return SessionDataResponse(
            **payload,
            filename=session.manifest.filename,
            target_column=session.target,
            snapshot_steps=sorted(session.manifest.snapshots),
        )


@router.put("/api/session-target/")
def set_session_target(
    body: SessionTargetRequest, store: Store, current: SessionId
) -> SessionTargetResponse:
    """Choose the session target (Analyze's target selector), or clear it with null."""
    with store.changing(current) as session:
        session.save_target(body.target_column or None)
        return SessionTargetResponse(target_column=session.target)
