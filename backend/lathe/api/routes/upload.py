"""Upload a file and read back the session's current data."""

from contextlib import nullcontext
from pathlib import Path

import pandas as pd
from fastapi import APIRouter, Request, Response
from starlette.concurrency import run_in_threadpool

from lathe.api.deps import Config, SessionId, Store
from lathe.api.payloads import frame_payload, uploaded_summary
from lathe.api.responses import ERRORS
from lathe.api.schemas import (
    ErrorResponse,
    SessionDataResponse,
    SessionTargetRequest,
    SessionTargetResponse,
    UploadResponse,
)
from lathe.api.server_timing import ServerTiming
from lathe.api.session_cookie import set_session_cookie
from lathe.api.session_quota import session_quota_of
from lathe.api.upload_stream import multipart_body, read_received_file, received_upload
from lathe.store.disk_budget import UploadRoom
from lathe.store.session_store import credential, new_secret, new_session_id

router = APIRouter(tags=["data"], responses=ERRORS)


@router.post(
    "/api/upload/",
    openapi_extra=multipart_body(),
    responses={
        413: {"model": ErrorResponse, "description": "The file is too large."},
        429: {
            "model": ErrorResponse,
            "description": "The client address started too many sessions of late.",
        },
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
    """Read a CSV, TSV or spreadsheet; it replaces the session's data and resets its steps,
    and gives the session a new cookie (the one before no longer opens it).
    The answer comes once the file is read; its frame is written to disk after it, and the
    session's next request waits for that. The `Server-Timing` header gives the time spent
    receiving, reading and handing the frame to the store. `session_id` names the session
    and is no credential: only the cookie opens it. A new session counts against its client
    address's quota (429 with `Retry-After` past it)."""
    client = request.client.host if request.client else ""
    new_session = not store.has_data(current)
    with session_quota_of(request).counting(client) if new_session else nullcontext():
        declared = request.headers.get("content-length", "")
        room = await run_in_threadpool(
            UploadRoom, store, settings.max_store_gb, int(declared) if declared.isdigit() else 0
        )
        store.let_go_of_frames(current)
        timing = ServerTiming()
        async with received_upload(
            request, store.temp_path("upload"), settings.max_upload_mb, room.take, timing
        ) as received:
            with timing.stage("read"):
                table = await received.read()
            # Only a session the server holds is kept; any other id is never adopted.
            sid = current if store.has_data(current) else new_session_id()
            secret = new_secret()
            with timing.stage("store"):
                await run_in_threadpool(
                    store.start,
                    sid,
                    table.frame,
                    received.filename,
                    received=received.path,
                    secret=secret,
                )
    set_session_cookie(response, credential(sid, secret), settings)
    response.headers["Server-Timing"] = timing.header()
    rows = len(table.frame)
    # off the event loop: at ten million rows the payload's counts take seconds
    payload = await run_in_threadpool(frame_payload, table.frame, settings)
    return UploadResponse(
        **payload,
        session_id=sid,
        filename=received.filename,
        warnings=table.warnings,
        notes=[{"code": note.code, "params": note.params} for note in table.notes],
        message=f"Uploaded {received.filename}: {rows} rows, {len(table.frame.columns)} columns.",
    )


def read_kept_upload(path: Path, filename: str) -> pd.DataFrame:
    """An upload kept until its frame was written, read again (``SessionStore.recover_uploads``)."""
    return read_received_file(path, filename).frame


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
            uploaded=uploaded_summary(session),
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
