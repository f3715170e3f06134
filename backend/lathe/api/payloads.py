"""Build the frame part of a response from a frame, bounded whatever the row count."""

import pandas as pd

from lathe.api.schemas import FramePayload
from lathe.config import Settings
from lathe.io.preview import dtype_names, missing_counts, preview_rows


def frame_payload(frame: pd.DataFrame, settings: Settings) -> FramePayload:
    return FramePayload(
        columns=[str(name) for name in frame.columns],
        data=preview_rows(frame, settings.preview_rows, settings.preview_cell_chars),
        shape=(len(frame), len(frame.columns)),
        dtypes=dtype_names(frame),
        missing_values=missing_counts(frame),
    )
