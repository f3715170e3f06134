"""A session's fitted pipelines and training results, in its ``models/`` folder.

``models/<model>.joblib`` holds each fitted pipeline (joblib files the server wrote
itself; nothing a person uploaded is ever loaded this way), ``models/results.json`` the
results, ``models/optimized/<model>.joblib`` the pipeline an optimization fitted and
``models/optimized/last.json`` the result of the last optimization.
Every file is written atomically and the results last: they are the commit point, so
models without results are leftovers of an unfinished run, replaced by the next one.
``forget`` removes the folder, optimized models included, when the data or the recipe the
models were trained on changes.
"""

import json
import shutil
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

import joblib

from lathe.errors import ErrorCode, LatheError
from lathe.store.atomic import write_atomically, write_text_atomically

MODELS_FOLDER = "models"
_RESULTS = "results.json"
_OPTIMIZED = "optimized"
_LAST_OPTIMIZATION = "last.json"

PipelineStamp = tuple[int, int, int]
"""A fitted pipeline file's inode, modification time (ns) and size: every write replaces
the file, so a new training or optimization gives it a new stamp."""


class TrainedModels:
    """The models of the session whose folder is `session_folder` (``session.models``)."""

    def __init__(self, session_folder: Path) -> None:
        self.folder = session_folder / MODELS_FOLDER

    def save(self, results: Mapping[str, Any], pipelines: Mapping[str, Any]) -> None:
        """Replace the session's models and results with these."""
        self.forget()
        self.folder.mkdir()
        for name, pipeline in pipelines.items():
            write_atomically(self.folder / f"{name}.joblib", partial(joblib.dump, pipeline))
        write_text_atomically(self.folder / _RESULTS, json.dumps(results, allow_nan=False))

    def save_results(self, results: Mapping[str, Any]) -> None:
        """Replace the results of the session's models (ranked again), keeping the models."""
        self.required_results()
        write_text_atomically(self.folder / _RESULTS, json.dumps(results, allow_nan=False))

    def results(self) -> dict[str, Any] | None:
        path = self.folder / _RESULTS
        if not path.exists():
            return None
        results: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return results

    def required_results(self) -> dict[str, Any]:
        """The training results; refused when the session has none."""
        results = self.results()
        if results is None:
            raise LatheError(
                "No training results found. Please complete the training step first.",
                ErrorCode.NO_TRAINING_RESULTS,
            )
        return results

    def trained_results(self, model: str, optimized: bool = False) -> dict[str, Any]:
        """The training results, which must list `model` as trained (and, with
        `optimized`, an optimization of it)."""
        results = self.required_results()
        trained = [result["model"] for result in results["results"] if result["error"] is None]
        if model not in trained:
            raise LatheError(
                f'"{model}" is not a trained model of this dataset.',
                ErrorCode.MODEL_NOT_TRAINED,
                {"model": model},
            )
        if optimized and not self._pipeline_path(model, optimized=True).is_file():
            raise LatheError(
                f'"{model}" has not been optimized yet.',
                ErrorCode.MODEL_NOT_OPTIMIZED,
                {"model": model},
            )
        return results

    def save_optimized(self, model: str, pipeline: Any, result: Mapping[str, Any]) -> None:
        """Keep the optimized pipeline of `model` beside the trained one (which must still
        be there: a training that ran meanwhile may have replaced it), and `result` as the
        session's last optimization."""
        self.trained_results(model)
        path = self._pipeline_path(model, optimized=True)
        path.parent.mkdir(exist_ok=True)
        write_atomically(path, partial(joblib.dump, pipeline))
        write_text_atomically(path.parent / _LAST_OPTIMIZATION, json.dumps(result, allow_nan=False))

    def last_optimization(self) -> dict[str, Any]:
        """The result of the session's last optimization since its training."""
        path = self.folder / _OPTIMIZED / _LAST_OPTIMIZATION
        if not path.exists():
            raise LatheError(
                "No model of this training has been optimized yet.",
                ErrorCode.NO_OPTIMIZATION_RESULT,
            )
        result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return result

    def pipeline(self, model: str, optimized: bool = False) -> Any:
        """The fitted pipeline of trained `model` (its optimized one with `optimized`)."""
        self.trained_results(model, optimized)
        return joblib.load(self._pipeline_path(model, optimized))

    def stamp(self, model: str, optimized: bool = False) -> PipelineStamp | None:
        """The stamp of `model`'s pipeline file, read without the session's lock; None
        when there is none."""
        try:
            status = self._pipeline_path(model, optimized).stat()
        except FileNotFoundError:
            return None
        return status.st_ino, status.st_mtime_ns, status.st_size

    def forget(self) -> None:
        (self.folder / _RESULTS).unlink(missing_ok=True)
        shutil.rmtree(self.folder, ignore_errors=True)

    def _pipeline_path(self, model: str, optimized: bool) -> Path:
        folder = self.folder / _OPTIMIZED if optimized else self.folder
        return folder / f"{model}.joblib"
