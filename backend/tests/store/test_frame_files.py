"""A frame read back from its file: mapped, so its text does not keep whole record
batches in memory, and untouched when a new version is renamed over the file."""

import numpy as np
import pandas as pd
import pyarrow as pa

from lathe.store.atomic import write_atomically
from lathe.store.frame_files import read_frame, write_frame


def frame_of(rows: int, seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "number": np.where(rng.random(rows) < 0.1, np.nan, rng.normal(size=rows)),
            "count": rng.integers(0, 100, rows),
            "text": pd.Series(rng.choice(["north", "south", "east"], rows), dtype="str"),
        }
    )


def test_a_read_frame_holds_its_numbers_not_the_files_record_batches(tmp_path):
    written = frame_of(300_000, seed=0)  # several record batches of the file
    path = tmp_path / "frame-1.arrow"
    write_frame(written, path)
    before = pa.total_allocated_bytes()
    frame = read_frame(path)
    held = pa.total_allocated_bytes() - before
    pd.testing.assert_frame_equal(frame, written)
    numbers = written["number"].nbytes + written["count"].nbytes
    # read into memory, the batches stayed whole under the text's slices: the whole file
    assert held < numbers + path.stat().st_size // 4


def test_a_mapped_frame_keeps_its_values_when_a_new_version_replaces_the_file(tmp_path):
    path = tmp_path / "frame-1.arrow"
    first, second = frame_of(100_000, seed=1), frame_of(5, seed=2)
    write_frame(first, path)
    frame = read_frame(path)
    write_atomically(path, lambda temp: write_frame(second, temp))
    pd.testing.assert_frame_equal(frame, first)
    pd.testing.assert_frame_equal(read_frame(path), second)
    path.unlink()
    assert frame["text"].value_counts().sum() == len(first)
