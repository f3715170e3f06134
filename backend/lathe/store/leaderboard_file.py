"""The running best-model search's leaderboard, ``leaderboard.json`` in the session's
folder.

The search writes it before every fit, from the worker that runs it, so a screen that
left or reloaded reads the rows finished so far while the training runs; once the search
is over its leaderboard is kept with the training results (``search``)."""

import json
from pathlib import Path
from typing import Any

from lathe.store.atomic import write_text_atomically

LEADERBOARD = "leaderboard.json"


def write_leaderboard(session_folder: Path, board: Any) -> None:
    write_text_atomically(session_folder / LEADERBOARD, json.dumps(board, allow_nan=False))


def read_leaderboard(session_folder: Path) -> Any:
    path = session_folder / LEADERBOARD
    if not path.is_file():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


def forget_leaderboard(session_folder: Path) -> None:
    (session_folder / LEADERBOARD).unlink(missing_ok=True)
