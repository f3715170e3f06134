"""Upload a file and read back the session's current data."""

import logging
import secrets
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request, Response
from starlette.concurrency import run_in_threadpool

from lathe.api.payloads import frame_payload
from lathe.api.responses import ERRORS
from lathe.api.routes_common import Config, SessionId, Store
from lathe.api.schemas import ErrorResponse, SessionDataResponse, UploadResponse
from lathe.api.session_cookie import set_session_cookie
from lathe.api.upload_stream import receive_file
from lathe.errors import LatheError, UnreadableFileError
from lathe.io.readers import ReadTable, read_table
from lathe.store.session_store import is_session_id, new_session_id

router = APIRouter(tags=["data"], responses=ERRORS)
log = logging.getLogger(__name__)

_MULTIPART_BODY: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["file"],
                    "properties": {"file": {"type": "string", "format": "binary"}},
                }
            }
        },
    }
}


@router.post(
    "/api/upload/",
    openapi_extra=_MULTIPART_BODY,
    responses={413: {"model": ErrorResponse, "description": "The file is too large."}},
)
async def upload(
    request: Request,
    response: Response,
    store: Store,
    settings: Config,
    current: SessionId,
) -> UploadResponse:
    """Read a CSV, TSV or spreadsheet; it replaces the session's data and resets its steps."""
    target = store.incoming / f"upload-{secrets.token_hex(8)}"
    try:
        received = await receive_file(request, target, settings.max_upload_mb)
        table = await run_in_threadpool(_read, received.path, received.filename)
        sid = current if is_session_id(current) else new_session_id()
        await run_in_threadpool(store.start, sid, table.frame, received.filename, table.warnings)
    finally:
        target.unlink(missing_ok=True)
    set_session_cookie(response, sid, settings)
    rows = len(table.frame)
    return UploadResponse(
        **frame_payload(table.frame, settings).model_dump(),
        session_id=sid,
        filename=received.filename,
        warnings=table.warnings,
        message=f"Uploaded {received.filename}: {rows} rows, {len(table.frame.columns)} columns.",
    )


def _read(path: Path, filename: str) -> ReadTable:
    try:
        return read_table(path, filename)
    except LatheError:
        raise
    except Exception as error:
        log.warning("unreadable upload %s", filename, exc_info=True)
        raise UnreadableFileError(
            "The file could not be read.", "file_unreadable", {"detail": str(error)[:300]}
        ) from error


@router.get("/api/get-session-data/")
def get_session_data(
    store: Store,
    settings: Config,
    current: SessionId,
) -> SessionDataResponse:
    with store.reading(current) as session:
        payload = frame_payload(session.frame, settings)
        return SessionDataResponse(**payload.model_dump(), filename=session.manifest.filename)
