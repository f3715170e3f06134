"""Build the frame part of a response from a frame, bounded whatever the row count, and
the answer of a step that changed the frame.

The column kinds and scaling candidates come from the functions the steps decide with, on
the full frame, so a screen offers what its step will take."""

import pandas as pd

from lathe.analysis.column_types import column_kind
from lathe.api.schemas import FramePayload
from lathe.api.step_schemas import StepResult
from lathe.config import Settings
from lathe.io.preview import dtype_names, missing_counts, preview_rows
from lathe.steps.applied import AppliedSteps
from lathe.steps.scaling import scaling_candidates


def frame_payload(frame: pd.DataFrame, settings: Settings) -> FramePayload:
    return FramePayload(
        columns=[str(name) for name in frame.columns],
        data=preview_rows(
            frame, settings.preview_rows, settings.preview_cell_chars, settings.preview_cells
        ),
        shape=(len(frame), len(frame.columns)),
        dtypes=dtype_names(frame),
        missing_values=missing_counts(frame),
        column_kinds={str(name): column_kind(dtype) for name, dtype in frame.dtypes.items()},
        scaling_candidates=scaling_candidates(frame),
    )


def step_result(applied: AppliedSteps, settings: Settings) -> StepResult:
    return StepResult(
        **frame_payload(applied.after, settings),
        message=applied.message,
        changed=applied.changed,
        dropped_columns=applied.acted_on("drop_columns"),
    )
