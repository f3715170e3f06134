"""Build the frame part of a response from a frame, bounded whatever the row count, and
the answer of a step that changed the frame."""

import pandas as pd

from lathe.api.frame_kinds import column_kinds, frame_scaling_candidates
from lathe.api.schemas import FramePayload, UploadedFrameSummary
from lathe.api.step_schemas import StepResult
from lathe.config import Settings
from lathe.io.preview import dtype_names, missing_counts, preview_rows
from lathe.steps.applied import AppliedSteps
from lathe.store.lru_cache import LruCache
from lathe.store.session_store import Session

SUMMARIES_KEPT = 256

_uploaded_summaries: LruCache[tuple[str, int], UploadedFrameSummary] = LruCache(SUMMARIES_KEPT)


def frame_payload(frame: pd.DataFrame, settings: Settings) -> FramePayload:
    return FramePayload(
        columns=[str(name) for name in frame.columns],
        data=preview_rows(
            frame, settings.preview_rows, settings.preview_cell_chars, settings.preview_cells
        ),
        shape=(len(frame), len(frame.columns)),
        dtypes=dtype_names(frame),
        missing_values=missing_counts(frame),
        column_kinds=column_kinds(frame),
        scaling_candidates=frame_scaling_candidates(frame),
    )


def uploaded_summary(session: Session) -> UploadedFrameSummary:
    """The uploaded frame's shape, column kinds and missing values, found once per
    upload: every screen's session data shows them, and reading the uploaded frame each
    time put it in the frame cache in place of the current one, which the next step then
    read again from disk (at ten million rows, 1.7 GiB and seconds a step)."""
    key = (session.manifest.session_id, session.manifest.raw_version)
    summary = _uploaded_summaries.get(key)
    if summary is None:
        frame = session.raw_frame()
        summary = UploadedFrameSummary(
            shape=(len(frame), len(frame.columns)),
            column_kinds=column_kinds(frame),
            missing_values=missing_counts(frame),
        )
        # versions never repeat within a session: the summary stays true
        _uploaded_summaries.put(key, summary)
    return summary


def step_result(
    applied: AppliedSteps,
    settings: Settings,
    encoded_by_auto: dict[str, str] | None = None,
    note: str = "",
) -> StepResult:
    """The step's answer; `note` follows its "applied" message."""
    return StepResult(
        **frame_payload(applied.after, settings),
        message=f"{applied.message} {note}" if note else applied.message,
        changed=applied.changed,
        dropped_columns=applied.acted_on("drop_columns"),
        encoded_by_auto=encoded_by_auto or {},
    )
