"""A frame version on disk: an uncompressed Arrow IPC (Feather v2) file.

Arrow IPC rather than Parquet: a 1,000,000 × 20 frame is written in 0.15 s instead of 0.6 s
and read back in 0.05 s instead of 0.4 s, at about twice Parquet's size on disk. Frames
written as Parquet by earlier releases are still read.
"""

from pathlib import Path

import pandas as pd
import pyarrow.feather as feather

SUFFIX = ".arrow"
_EARLIER_SUFFIX = ".parquet"


def write_frame(frame: pd.DataFrame, path: Path) -> None:
    feather.write_feather(frame, path, compression="uncompressed")


def read_frame(path: Path) -> pd.DataFrame:
    earlier = path.with_suffix(_EARLIER_SUFFIX)
    if not path.exists() and earlier.exists():
        return pd.read_parquet(earlier)
    # a block per column, handed over as Arrow lets go of it: pandas' consolidation of the
    # columns into one block per type copied every value into memory new to the process,
    # 1.13 s for a frame of 2,000,000 rows on a host that backs such memory lazily (0.08 s
    # this way)
    frame: pd.DataFrame = feather.read_table(path).to_pandas(split_blocks=True, self_destruct=True)
    return frame


def frame_files(folder: Path) -> list[Path]:
    return [*folder.glob(f"frame-*{SUFFIX}"), *folder.glob(f"frame-*{_EARLIER_SUFFIX}")]
