"""Writes that either land whole or not at all: a temp file in the same folder, fsync, rename."""

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

TEMP_SUFFIX = ".tmp"


def write_atomically(path: Path, write: Callable[[Path], None]) -> None:
    handle, temp_name = tempfile.mkstemp(
        dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX
    )
    os.close(handle)
    temp = Path(temp_name)
    try:
        write(temp)
        with temp.open("rb+") as written:
            os.fsync(written.fileno())
        os.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)
    _fsync_folder(path.parent)


def write_text_atomically(path: Path, text: str) -> None:
    def write(temp: Path) -> None:
        temp.write_text(text, encoding="utf-8")

    write_atomically(path, write)


def _fsync_folder(folder: Path) -> None:
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
