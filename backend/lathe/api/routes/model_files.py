"""Export of a trained or optimized model, the code that uses the file, and prediction
on a new file."""

from pathlib import Path
from typing import Any

import pandas as pd
from fastapi import APIRouter, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse
from pydantic import ValidationError
from starlette.background import BackgroundTask
from starlette.concurrency import run_in_threadpool

from lathe.api.deps import Config, Jobs, SessionId, Store
from lathe.api.model_schemas import ExportModelRequest, PredictForm, UsageCodeResponse
from lathe.api.responses import ERRORS, attachment
from lathe.api.upload_stream import multipart_body, received_upload
from lathe.errors import ErrorCode, LatheError
from lathe.jobs.prediction_job import PREDICTION, PredictionSetup, predict_on_worker, predicted
from lathe.jobs.prediction_queue import PredictionQueue
from lathe.jobs.session_job import ModelChoice
from lathe.ml.model_export import ExportFormat, exported_bytes, safe_file_name, usage_code
from lathe.ml.prediction import model_columns, model_inputs, write_predictions
from lathe.steps.recipe import RecipePipeline
from lathe.store.frame_files import SUFFIX, write_frame
from lathe.store.session_store import Session

router = APIRouter(tags=["models"], responses=ERRORS)

_BINARY = {"schema": {"type": "string", "format": "binary"}}
_FILE = {"content": {"application/octet-stream": _BINARY}}
_CSV = {"content": {"text/csv": _BINARY}}


def _pipeline(store: Store, current: SessionId, model: str, optimized: bool) -> RecipePipeline:
    with store.reading(current) as session:
        pipeline: RecipePipeline = session.models.pipeline(model, optimized)
    return pipeline


@router.post("/api/export-model/", response_class=Response, responses={200: _FILE})
def export_model(body: ExportModelRequest, store: Store, current: SessionId) -> Response:
    """The model's whole fitted pipeline (raw columns in, predictions out) as a joblib,
    pickle or ONNX file named after `model_name`."""
    if not body.selected_model:
        raise LatheError("Select a model please.", ErrorCode.MODEL_REQUIRED)
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


_PREDICT_FIELDS: dict[str, dict[str, Any]] = PredictForm.model_json_schema()["properties"]


def _predict_form(fields: dict[str, str]) -> PredictForm:
    try:
        return PredictForm.model_validate(fields)
    except ValidationError as error:
        raise RequestValidationError(error.errors(include_url=False)) from error


class PredictionsFile(FileResponse):
    """Sent in reads of a mebibyte, not Starlette's 64 KiB: each read is a trip to a
    thread, and a million rows' 259 MB of predictions took 0.35 s to send in 64 KiB reads,
    0.10 s in 1 MiB ones."""

    chunk_size = 1024 * 1024


def predictions_of(request: Request) -> PredictionQueue:
    queue: PredictionQueue = request.app.state.predictions
    return queue


@router.post(
    "/api/predict/",
    response_class=PredictionsFile,
    openapi_extra=multipart_body(_PREDICT_FIELDS),
    responses={200: _CSV},
)
async def predict(
    request: Request, store: Store, settings: Config, jobs: Jobs, current: SessionId
) -> Response:
    """Predict the rows of a new CSV or spreadsheet with the training columns (the target
    may be left out): the rows come back as CSV with a `prediction` column and, for
    classifiers, a `probability_<class>` column per class; with `explain`, each row's top
    contributing uploaded columns. A large file, an explained one, or any while another
    prediction is in flight is predicted as a job on the cluster, its progress and queue
    position on `GET /api/progress/` (task `prediction`), cancelled by
    `POST /api/cancel-task/`; a session's predictions wait for each other and for room
    among its jobs rather than being refused."""
    async with received_upload(
        request, store.temp_path("predict"), settings.max_upload_mb
    ) as received:
        form = _predict_form(received.fields)
        if not form.selected_model:
            raise LatheError("Select a model please.", ErrorCode.MODEL_REQUIRED)
        pipeline = await run_in_threadpool(
            _pipeline, store, current, form.selected_model, form.optimized
        )
        table = await received.read(model_columns(pipeline))
    model = ModelChoice(form.selected_model, form.optimized)
    output = store.temp_path("predictions", ".csv")
    queue = predictions_of(request)
    runs_here = queue.runs_here(len(table.frame), form.explain, settings.prediction_job_rows)
    try:
        with queue.counted():
            if runs_here:
                await run_in_threadpool(write_predictions, pipeline, table.frame, output)
            else:
                await _predict_as_job(
                    store, jobs, queue, current, pipeline, model, table.frame, output, form.explain
                )
    except BaseException:
        output.unlink(missing_ok=True)
        raise
    return PredictionsFile(
        output,
        media_type="text/csv",
        headers=attachment(safe_file_name(f"{Path(received.filename).stem}_predictions", "csv")),
        background=BackgroundTask(output.unlink, missing_ok=True),
    )


async def _predict_as_job(
    store: Store,
    jobs: Jobs,
    queue: PredictionQueue,
    current: SessionId,
    pipeline: RecipePipeline,
    model: ModelChoice,
    frame: pd.DataFrame,
    output: Path,
    explain: bool,
) -> None:
    """The file's refusals here, before it waits for its turn or a worker; then the job
    writes the predictions to `output`."""
    await run_in_threadpool(model_inputs, pipeline, frame)
    rows = store.temp_path("prediction-rows", SUFFIX)
    try:
        await run_in_threadpool(write_frame, frame, rows)
        setup = PredictionSetup(model, rows, output, explain)

        def prepare(session: Session) -> PredictionSetup:
            session.models.trained_results(model.name, model.optimized)
            return setup

        await queue.run_job(
            current,
            lambda: jobs.run(current, PREDICTION, prepare, predict_on_worker, predicted, model),
        )
    finally:
        rows.unlink(missing_ok=True)
