"""The session's data as files: the current frame in full, and the recipe applied to a
new file."""

from pathlib import Path
from typing import Annotated, Any

import pandas as pd
from fastapi import APIRouter, Query, Request
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

from lathe.api.deps import Config, SessionId, Store
from lathe.api.responses import ERRORS, attachment
from lathe.api.upload_stream import multipart_body, received_upload
from lathe.io.table_download import MEDIA_TYPES, DownloadFormat, download_format, file_batches
from lathe.jobs.session_job import session_recipe
from lathe.ml.model_export import safe_file_name
from lathe.ml.recipe_application import applied_recipe
from lathe.steps.recipe_step import RecipeStep

router = APIRouter(tags=["data"], responses=ERRORS)

UPLOADED_STEP = "uploaded"
_BINARY = {"schema": {"type": "string", "format": "binary"}}
_DOWNLOAD = {"content": {media_type: _BINARY for media_type in MEDIA_TYPES.values()}}
_FORMAT_FIELD = {"type": "string", "enum": ["csv", "parquet"], "default": "csv"}


def step_name(recipe: list[RecipeStep]) -> str:
    """The name of the step that made the current frame: the recipe's last."""
    return recipe[-1]["step"] if recipe else UPLOADED_STEP


def _download(frame: pd.DataFrame, stem: str, file_format: DownloadFormat) -> StreamingResponse:
    return StreamingResponse(
        file_batches(frame, file_format),
        media_type=MEDIA_TYPES[file_format],
        headers=attachment(safe_file_name(stem, file_format)),
    )


@router.get("/api/download-data/", response_class=StreamingResponse, responses={200: _DOWNLOAD})
def download_data(
    store: Store,
    current: SessionId,
    format: Annotated[
        str, Query(description="csv or parquet", json_schema_extra=_FORMAT_FIELD)
    ] = "csv",
) -> StreamingResponse:
    """The session's current frame, every row, as CSV or Parquet, named
    `<upload>_<step>` after the uploaded file and the step that made the frame."""
    file_format = download_format(format)
    with store.reading(current) as session:
        frame = session.frame
        recipe = session_recipe(session)
        stem = f"{Path(session.manifest.filename).stem}_{step_name(recipe)}"
    return _download(frame, stem, file_format)


def _session_recipe(
    store: Store, current: SessionId
) -> tuple[pd.DataFrame, list[RecipeStep], str | None]:
    with store.reading(current) as session:
        return session.raw_frame(), session_recipe(session), session.target


_APPLY_FIELDS: dict[str, dict[str, Any]] = {"format": _FORMAT_FIELD}


@router.post(
    "/api/apply-recipe/",
    response_class=StreamingResponse,
    openapi_extra=multipart_body(_APPLY_FIELDS),
    responses={200: _DOWNLOAD},
)
async def apply_recipe(
    request: Request, store: Store, settings: Config, current: SessionId
) -> StreamingResponse:
    """A new CSV or spreadsheet with the uploaded columns (the session target may be left
    out) through the session's recipe, refitted on the session's uploaded data: the rows
    come back prepared, as CSV or Parquet (`format`), named `<file>_prepared`."""
    raw, recipe, target_column = await run_in_threadpool(_session_recipe, store, current)
    async with received_upload(
        request, store.temp_path("apply"), settings.max_upload_mb
    ) as received:
        file_format = download_format(received.fields.get("format") or "csv")
        table = await received.read(list(map(str, raw.columns)))
    prepared = await run_in_threadpool(applied_recipe, raw, recipe, target_column, table.frame)
    return _download(prepared, f"{Path(received.filename).stem}_prepared", file_format)
