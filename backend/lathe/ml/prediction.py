"""Predictions of a fitted pipeline on a new raw file.

The file must have the columns the model was trained on (the target column may be there
or not) and no others. A column read with another type than at training (a numeric column
whose new values happen to look like text, say) is converted to the training type; a
value that cannot be converted is refused with its column named.

The result is the file's rows with a ``prediction`` column and, for classifiers, one
``probability_<class>`` column per class. Rows are predicted in chunks of
``PREDICTION_CHUNK_ROWS``, the progress reported before each (and between the chunks of
an explanation), so a prediction running as a job can stop between them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np
import pandas as pd
import pyarrow as pa

from lathe.analysis.column_types import column_kind
from lathe.errors import ErrorCode, LatheError, refused_rows
from lathe.io.readers import read_table
from lathe.io.table_download import CsvText, csv_batches, date_formats
from lathe.ml.explanations import top_contributions
from lathe.ml.model_step import ModelStep
from lathe.ml.pipeline import model_step
from lathe.ml.progress import ProgressReport, unreported
from lathe.ml.threads import single_threaded_libraries
from lathe.steps.frame_estimator import with_added_columns, with_replaced_columns
from lathe.steps.recipe import RecipePipeline

PREDICTION = "prediction"
PREDICTION_CHUNK_ROWS = 50_000
"""Each chunk pays the recipe's per-call costs once: a million rows took 3.3-4.0 s in
chunks of 10,000, 2.6 s in chunks of 50,000 (100,000: 2.5 s, one chunk: 3.8 s)."""
PREDICTING = "Predicting rows"
EXPLAINING = "Explaining rows"
WRITING = "Writing the predictions"
_TRUE = frozenset({"true", "yes", "1", "1.0"})
_FALSE = frozenset({"false", "no", "0", "0.0"})
_BASIC_DATE_DIGITS = 8
_LARGEST_BASIC_DATE = 99_991_231


def _listed(columns: list[str]) -> str:
    return ", ".join(columns)


def model_columns(pipeline: RecipePipeline) -> list[str]:
    """The uploaded columns the model takes."""
    return [str(name) for name in pipeline.feature_names_in_]


def check_columns(frame: pd.DataFrame, pipeline: RecipePipeline) -> None:
    """Refuse a frame that lacks a training column or has a column the model does not
    know (its target excepted)."""
    expected = model_columns(pipeline)
    present = [str(name) for name in frame.columns]
    missing = [name for name in expected if name not in present]
    if missing:
        raise LatheError(
            f"The file lacks columns the model was trained on: {_listed(missing)}",
            ErrorCode.MISSING_COLUMNS,
            {"columns": _listed(missing)},
        )
    known = {*expected, pipeline.target_column}
    extra = [name for name in present if name not in known]
    if extra:
        raise LatheError(
            f"The file has columns the model was not trained on: {_listed(extra)}",
            ErrorCode.UNEXPECTED_COLUMNS,
            {"columns": _listed(extra)},
        )


def _converted(series: pd.Series[Any], dtype: Any) -> pd.Series[Any]:
    kind = column_kind(dtype)
    if kind == "numeric":
        return pd.to_numeric(series, errors="coerce")
    if kind == "boolean":
        text = series.astype("string").str.strip().str.lower()
        flags = pd.Series(pd.NA, index=series.index, dtype="boolean")
        flags[text.isin(_TRUE).fillna(False)] = True
        flags[text.isin(_FALSE).fillna(False)] = False
        return flags
    if kind == "datetime":
        return _dates(series)
    return series.astype("string").astype(dtype)


def _dates(series: pd.Series[Any]) -> pd.Series[Any]:
    """Each value read as the ONNX usage code reads it: ISO 8601 first, since dayfirst alone
    reads 2024-05-01 as 5 January, then day first, month names included. A value written in
    digits alone (a number, or text) is a date only as YYYYMMDD, ISO 8601's basic form: the
    day-first reading would take 20211301 for 13 January and a year for a whole date."""
    text = _date_text(series)
    digits = text.str.fullmatch(r"\d+").fillna(False).astype(bool)
    dates = pd.to_datetime(text.mask(digits), errors="coerce", format="ISO8601")
    rest = dates.isna() & text.notna() & ~digits
    if rest.any():
        dates[rest] = pd.to_datetime(text[rest], errors="coerce", dayfirst=True, format="mixed")
    basic = digits & (text.str.len() == _BASIC_DATE_DIGITS).fillna(False).astype(bool)
    if basic.any():
        dates[basic] = pd.to_datetime(text[basic], errors="coerce", format="%Y%m%d")
    return dates


def _date_text(series: pd.Series[Any]) -> pd.Series[Any]:
    """The values as text; a number as its digits when it is whole (a column of YYYYMMDD
    numbers with a missing cell is read as floats: 20210101.0)."""
    if column_kind(series.dtype) != "numeric":
        return series.astype("string").str.strip()
    numbers = series.astype("float64")
    whole = numbers.between(0, _LARGEST_BASIC_DATE) & (numbers % 1 == 0)
    text = pd.Series(pd.NA, index=series.index, dtype="string")
    text[whole] = numbers[whole].astype("int64").astype("string")
    return text


def with_training_types(frame: pd.DataFrame, dtypes: Mapping[str, Any]) -> pd.DataFrame:
    """`frame` with each column of `dtypes` converted to its dtype's kind (numeric,
    boolean, datetime or text) where it was read as another kind."""
    converted: dict[str, pd.Series[Any]] = {}
    for column, dtype in dtypes.items():
        series = frame[column]
        if column_kind(series.dtype) == column_kind(dtype):
            continue
        try:
            values = _converted(series, dtype)
        except (TypeError, ValueError) as error:
            raise _unconvertible(column, dtype) from error
        unconverted = series[values.isna() & series.notna()]
        if not unconverted.empty:
            raise _unconvertible(column, dtype, unconverted.iloc[0])
        converted[column] = values
    return with_replaced_columns(frame, converted)


def _unconvertible(column: str, dtype: Any, value: Any = None) -> LatheError:
    kind = column_kind(dtype)
    example = "" if value is None else f" ({str(value)[:50]})"
    hint = " A date written as a number must be YYYYMMDD." if kind == "datetime" else ""
    return LatheError(
        f'Column "{column}" has values that are not {kind}, as it was at training{example}.' + hint,
        ErrorCode.COLUMN_TYPE_CHANGED,
        {"column": column, "kind": kind, "value": None if value is None else str(value)[:50]},
    )


def _free_name(name: str, taken: Collection[object]) -> str:
    while name in taken:
        name = f"{name}_"
    return name


def model_inputs(pipeline: RecipePipeline, frame: pd.DataFrame) -> pd.DataFrame:
    """`frame` checked against the model's columns and converted to the training types;
    its refusals name the column."""
    check_columns(frame, pipeline)
    return with_training_types(frame, pipeline.input_dtypes_)


def _predicted_names(pipeline: RecipePipeline) -> list[str]:
    """The columns a prediction adds: ``prediction`` and, for a classifier, one
    ``probability_<class>`` per class."""
    if not hasattr(pipeline, "predict_proba"):
        return [PREDICTION]
    return [PREDICTION, *(f"probability_{label}" for label in model_step(pipeline).classes_)]


def _free_names(wanted: list[str], taken: Collection[object]) -> list[str]:
    names: list[str] = []
    for name in wanted:
        names.append(_free_name(name, {*taken, *names}))
    return names


def _predictions(
    pipeline: RecipePipeline, inputs: pd.DataFrame, progress: ProgressReport, chunk_rows: int
) -> Iterator[tuple[int, list[Any]]]:
    """Each chunk's first row and its added columns (``_predicted_names``' order)."""
    step = model_step(pipeline)
    classifier = hasattr(pipeline, "predict_proba")
    for start in range(0, len(inputs), chunk_rows):
        progress(start, len(inputs), PREDICTING)
        chunk = inputs.iloc[start : start + chunk_rows]
        predicted, probabilities = _predicted(pipeline, step, chunk, classifier)
        probability_columns = [] if probabilities is None else list(probabilities.T)
        yield start, [predicted, *probability_columns]


def prediction_frame(
    pipeline: RecipePipeline,
    frame: pd.DataFrame,
    explain_with: pd.DataFrame | None = None,
    progress: ProgressReport = unreported,
    chunk_rows: int = PREDICTION_CHUNK_ROWS,
) -> pd.DataFrame:
    """The rows of `frame` with the model's prediction and class probabilities; with
    `explain_with` (training rows, the explanations' background), each row's top
    contributing columns (``lathe.ml.explanations.top_contributions``)."""
    inputs = model_inputs(pipeline, frame)
    names = _free_names(_predicted_names(pipeline), frame.columns)
    chunks = [values for _, values in _predictions(pipeline, inputs, progress, chunk_rows)]
    added: dict[str, Any] = {
        name: np.concatenate([chunk[position] for chunk in chunks])
        if chunks
        else np.empty(0, dtype=object if position == 0 else float)
        for position, name in enumerate(names)
    }
    if explain_with is not None:
        progress(0, len(inputs), EXPLAINING)
        top = top_contributions(
            pipeline,
            inputs,
            explain_with,
            after_chunk=lambda done: progress(done, len(inputs), EXPLAINING),
        )
        explained = _free_names([str(column) for column in top.columns], [*frame.columns, *names])
        added.update(zip(explained, (values for _, values in top.items()), strict=True))
    return with_added_columns(frame, added)


def write_predictions(
    pipeline: RecipePipeline,
    frame: pd.DataFrame,
    output: Path,
    explain_with: pd.DataFrame | None = None,
    progress: ProgressReport = unreported,
    chunk_rows: int = PREDICTION_CHUNK_ROWS,
) -> None:
    """``prediction_frame`` written to `output` as CSV, as every CSV download is written:
    what ``POST /api/predict/`` sends, in the web process or as a job.

    Without explanations each chunk is written on a thread of its own while the next is
    predicted: Arrow writes out of the interpreter's lock, so the writing takes the core
    the predicting leaves, and one Arrow call per chunk makes the writer wait for the lock
    seldom. The writer first turns the uploaded columns into Arrow's text columns, once,
    while the first chunk is predicted, rather than the predicting waiting for them. The
    model's libraries (BLAS, OpenMP) predict on one thread meanwhile: on two threads a
    logistic regression spent twice the processor time for no faster a prediction, taken
    from the writer, and a million rows were predicted and written in 2.25-2.33 s,
    1.58-1.69 s on one."""
    if explain_with is not None or frame.empty:
        predicted = prediction_frame(pipeline, frame, explain_with, progress, chunk_rows)
        progress(len(frame), len(frame), WRITING)
        with output.open("wb") as file:
            file.writelines(csv_batches(predicted))
        return
    with single_threaded_libraries(2):
        inputs = model_inputs(pipeline, frame)
        names = _free_names(_predicted_names(pipeline), frame.columns)
        formats = date_formats(frame)
        added = CsvText(pd.Index(names), {})
        text = CsvText(frame.columns.append(added.columns), formats)
        with output.open("wb") as file, ThreadPoolExecutor(1) as writer:
            file.write(text.header())
            uploaded = writer.submit(CsvText(frame.columns, formats).arrow_columns, frame)
            written: Future[int] | None = None
            for start, values in _predictions(pipeline, inputs, progress, chunk_rows):
                predictions = added.arrow_columns(
                    pd.DataFrame(dict(zip(names, values, strict=True)))
                )
                if written is not None:
                    written.result()
                written = writer.submit(_write_rows, file, text, uploaded, start, predictions)
            progress(len(frame), len(frame), WRITING)
            if written is not None:
                written.result()


def _write_rows(
    file: BinaryIO,
    text: CsvText,
    uploaded: Future[list[pa.Array]],
    start: int,
    predictions: list[pa.Array],
) -> int:
    """The uploaded rows from `start` with their `predictions`, on the writer's thread,
    which made `uploaded` before."""
    rows = [column.slice(start, len(predictions[0])) for column in uploaded.result()]
    return file.write(text.text([*rows, *predictions]))


def _predicted(
    pipeline: RecipePipeline, step: ModelStep, inputs: pd.DataFrame, classifier: bool
) -> tuple[Any, Any]:
    """The predictions (an array) and, for a classifier, the class probabilities of
    `inputs`."""
    with refused_rows("The model could not predict these rows", ErrorCode.PREDICTION_FAILED):
        # a classifier's prediction is its most probable class: one pass gives both
        if classifier:
            probabilities = pipeline.predict_proba(inputs)
            return step.most_probable(probabilities), probabilities
        return np.asarray(pipeline.predict(inputs)), None


def predict_file(pipeline: RecipePipeline, path: str | Path) -> pd.DataFrame:
    """Read a CSV, TSV or spreadsheet as Lathe reads uploads and predict its rows."""
    file = Path(path)
    return prediction_frame(pipeline, read_table(file, file.name, model_columns(pipeline)).frame)
