"""What only the server knows of a frame's columns: their kinds and the columns scaling
takes, decided over the full frame by the functions the steps use.

The scaling candidates read every text column's values, seconds for a column of a million
distinct ids, so they are kept per frame object: the store hands out the same frame while
it is cached, and frames are never edited in place (``Session.frame``), so the session
data read on each screen's opening finds them known.
"""

import threading
import weakref

import pandas as pd

from lathe.analysis.column_types import ColumnKind, column_kind
from lathe.steps.scaling import scaling_candidates

_known_candidates: dict[int, list[str]] = {}
_lock = threading.Lock()


def column_kinds(frame: pd.DataFrame) -> dict[str, ColumnKind]:
    return {str(name): column_kind(dtype) for name, dtype in frame.dtypes.items()}


def frame_scaling_candidates(frame: pd.DataFrame) -> list[str]:
    """``scaling_candidates`` of `frame`, the target not left out, found once per frame."""
    key = id(frame)
    with _lock:
        known = _known_candidates.get(key)
    if known is None:
        known = scaling_candidates(frame)
        with _lock:
            if key not in _known_candidates:
                _known_candidates[key] = known
                # forgotten when the frame goes, before its id can name another frame
                weakref.finalize(frame, _known_candidates.pop, key, None)
    return list(known)
