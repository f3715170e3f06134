"""Export of a trained or optimized model, the code that uses the file, and prediction
on a new file."""

import secrets
from pathlib import Path
from typing import Any

import pandas as pd
from fastapi import APIRouter, Request, Response
from fastapi.responses import FileResponse
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool

from lathe.api.model_schemas import ExportModelRequest, UsageCodeResponse
from lathe.api.responses import ERRORS, attachment
from lathe.api.routes_common import Config, SessionId, Store
from lathe.api.trained_model import trained_results
from lathe.api.upload_stream import multipart_body, read_received_file, receive_file
from lathe.errors import LatheError
from lathe.ml.model_export import ExportFormat, exported_bytes, safe_file_name, usage_code
from lathe.ml.prediction import prediction_frame
from lathe.steps.recipe import RecipePipeline
from lathe.store.trained_models import load_pipeline

router = APIRouter(tags=["models"], responses=ERRORS)

_BINARY = {"schema": {"type": "string", "format": "binary"}}
_FILE = {"content": {"application/octet-stream": _BINARY}}
_CSV = {"content": {"text/csv": _BINARY}}


def _pipeline(store: Store, current: SessionId, model: str, optimized: bool) -> RecipePipeline:
    with store.reading(current) as session:
        trained_results(session.folder, model, optimized)
        pipeline: RecipePipeline = load_pipeline(session.folder, model, optimized)
    return pipeline


@router.post("/api/export-model/", response_class=Response, responses={200: _FILE})
def export_model(body: ExportModelRequest, store: Store, current: SessionId) -> Response:
    """The model's whole fitted pipeline (raw columns in, predictions out) as a joblib,
    pickle or ONNX file named after `model_name`."""
    if not body.selected_model:
        raise LatheError("Select a model please.", "model_required")
    pipeline = _pipeline(store, current, body.selected_model, body.optimized)
    content = exported_bytes(pipeline, body.selected_model, body.format)
    return Response(
        content,
        media_type="application/octet-stream",
        headers=attachment(safe_file_name(body.model_name, body.format)),
    )


@router.get("/api/usage-code/")
def get_usage_code(model_name: str = "", format: ExportFormat = "joblib") -> UsageCodeResponse:
    """The Python that loads the exported file and predicts the rows of a new CSV."""
    file_name = safe_file_name(model_name, format)
    return UsageCodeResponse(file_name=file_name, code=usage_code(file_name, format))


_PREDICT_FIELDS: dict[str, dict[str, Any]] = {
    "selected_model": {"type": "string"},
    "optimized": {"type": "boolean", "default": False},
    "explain": {
        "type": "boolean",
        "default": False,
        "description": "Add each row's top 3 contributing columns: `top_<n>_column` and "
        "`top_<n>_contribution`.",
    },
}


def _training_rows(store: Store, current: SessionId) -> pd.DataFrame:
    with store.reading(current) as session:
        return session.raw_frame()


@router.post(
    "/api/predict/",
    response_class=FileResponse,
    openapi_extra=multipart_body(_PREDICT_FIELDS),
    responses={200: _CSV},
)
async def predict(request: Request, store: Store, settings: Config, current: SessionId) -> Response:
    """Predict the rows of a new CSV or spreadsheet with the training columns (the target
    may be left out): the rows come back as CSV with a `prediction` column and, for
    classifiers, a `probability_<class>` column per class; with `explain`, each row's top
    contributing uploaded columns."""
    target = store.incoming / f"predict-{secrets.token_hex(8)}"
    try:
        received = await receive_file(request, target, settings.max_upload_mb)
        model = received.fields.get("selected_model", "")
        if not model:
            raise LatheError("Select a model please.", "model_required")
        optimized = received.fields.get("optimized", "").lower() in ("true", "1")
        explain = received.fields.get("explain", "").lower() in ("true", "1")
        pipeline = await run_in_threadpool(_pipeline, store, current, model, optimized)
        training_rows = await run_in_threadpool(_training_rows, store, current) if explain else None
        table = await run_in_threadpool(read_received_file, received.path, received.filename)
    finally:
        target.unlink(missing_ok=True)
    output = store.incoming / f"predictions-{secrets.token_hex(8)}.csv"
    try:
        predicted = await run_in_threadpool(prediction_frame, pipeline, table.frame, training_rows)
        await run_in_threadpool(predicted.to_csv, output, index=False)
    except BaseException:
        output.unlink(missing_ok=True)
        raise
    return FileResponse(
        output,
        media_type="text/csv",
        headers=attachment(safe_file_name(f"{Path(received.filename).stem}_predictions", "csv")),
        background=BackgroundTask(output.unlink, missing_ok=True),
    )
