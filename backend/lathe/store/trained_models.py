"""A session's fitted pipelines and training results, in its ``models/`` folder.

``models/<model>.joblib`` holds each fitted pipeline (joblib files the server wrote
itself; nothing a person uploaded is ever loaded this way), ``models/results.json`` the
results and ``models/optimized/<model>.joblib`` the pipeline an optimization fitted.
Every file is written atomically and the results last: they are the commit point, so
models without results are leftovers of an unfinished run, replaced by the next one.
``forget_training`` removes the folder, optimized models included, when the data or the
recipe the models were trained on changes.
"""

import json
import shutil
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

import joblib

from lathe.store.atomic import write_atomically, write_text_atomically

MODELS_FOLDER = "models"
_RESULTS = "results.json"
_OPTIMIZED = "optimized"


def _models(session_folder: Path) -> Path:
    return session_folder / MODELS_FOLDER


def save_training(
    session_folder: Path, results: Mapping[str, Any], pipelines: Mapping[str, Any]
) -> None:
    """Replace the session's models and results with these."""
    forget_training(session_folder)
    folder = _models(session_folder)
    folder.mkdir()
    for name, pipeline in pipelines.items():
        write_atomically(folder / f"{name}.joblib", partial(joblib.dump, pipeline))
    write_text_atomically(folder / _RESULTS, json.dumps(results, allow_nan=False))


def load_results(session_folder: Path) -> dict[str, Any] | None:
    path = _models(session_folder) / _RESULTS
    if not path.exists():
        return None
    results: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return results


def _pipeline_path(session_folder: Path, model: str, optimized: bool) -> Path:
    folder = _models(session_folder) / _OPTIMIZED if optimized else _models(session_folder)
    return folder / f"{model}.joblib"


def save_optimized(session_folder: Path, model: str, pipeline: Any) -> None:
    """Keep the optimized pipeline of `model` beside the trained one."""
    path = _pipeline_path(session_folder, model, optimized=True)
    path.parent.mkdir(exist_ok=True)
    write_atomically(path, partial(joblib.dump, pipeline))


def has_pipeline(session_folder: Path, model: str, optimized: bool = False) -> bool:
    return _pipeline_path(session_folder, model, optimized).is_file()


def load_pipeline(session_folder: Path, model: str, optimized: bool = False) -> Any:
    """The fitted pipeline of `model` (its optimized one with `optimized`); the caller
    checks it exists."""
    return joblib.load(_pipeline_path(session_folder, model, optimized))


def forget_training(session_folder: Path) -> None:
    (_models(session_folder) / _RESULTS).unlink(missing_ok=True)
    shutil.rmtree(_models(session_folder), ignore_errors=True)
