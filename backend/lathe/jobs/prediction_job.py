"""A prediction on a large file, run as a job (``POST /api/predict/`` decides).

The web process reads and checks the file, writes its rows to an Arrow file in the
store's temp area and names the CSV the worker writes there; the worker loads the fitted
pipeline from the session's models and writes the predictions with the same
``write_predictions`` as the web process's own path. Nothing is committed to the
session: the commit only checks, under the session's lock, that the model and the data
are still the ones the job started with.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lathe.errors import LatheError
from lathe.jobs.session_job import JobData, JobKind, ModelChoice
from lathe.ml.prediction import write_predictions
from lathe.ml.progress import ProgressReport
from lathe.store.frame_files import read_frame
from lathe.store.session_store import Session

PREDICTION = JobKind(
    "prediction",
    "Predicting",
    "The model changed while the rows were being predicted; predict them again.",
)


@dataclass(frozen=True)
class PredictionSetup:
    model: ModelChoice
    rows: Path
    """The file's rows as read, an Arrow file."""
    output: Path
    """Where the worker writes the CSV."""
    explain: bool


def predict_on_worker(data: JobData, setup: PredictionSetup, progress: ProgressReport) -> None:
    try:
        pipeline = data.models.pipeline(setup.model.name, setup.model.optimized)
    except (LatheError, OSError):
        # a training replacing the models at this moment: refused as a change of model
        progress(0, 0, PREDICTION.started)
        raise
    frame = read_frame(setup.rows)
    explain_with = data.raw_frame if setup.explain else None
    write_predictions(pipeline, frame, setup.output, explain_with, progress)


def predicted(session: Session, outcome: None) -> None:
    """Nothing to keep: the predictions are in the setup's output file."""
