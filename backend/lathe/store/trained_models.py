"""A session's fitted pipelines and training results, in its ``models/`` folder.

``models/<model>.joblib`` holds each fitted pipeline (joblib files the server wrote
itself; nothing a person uploaded is ever loaded this way), ``models/results.json`` the
results, ``models/optimized/history.json`` each model's kept optimization runs (at most
``KEPT_RUNS``, the picked one marked, and whether the person picked it) and
``models/optimized/<model>/<run>.joblib`` the pipeline each run fitted and
``models/last_fold/<model>.joblib`` the pipeline of a cross-validated model's last split,
which its held-out explanation explains when asked for (``save_explanation`` adds it to
the model's result). A session
optimized before runs were kept (a single ``last.json``) reads as optimized never.
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
_HISTORY = "history.json"
_LAST_FOLD = "last_fold"
KEPT_RUNS = 10
"""Optimization runs kept per model: past it, the oldest run not picked is dropped."""

PipelineStamp = tuple[int, int, int]
"""A fitted pipeline file's inode, modification time (ns) and size: every write replaces
the file, so a new training or optimization gives it a new stamp."""


class TrainedModels:
    """The models of the session whose folder is `session_folder` (``session.models``)."""

    def __init__(self, session_folder: Path) -> None:
        self.folder = session_folder / MODELS_FOLDER

    def save(
        self,
        results: Mapping[str, Any],
        pipelines: Mapping[str, Any],
        last_folds: Mapping[str, Any] | None = None,
    ) -> None:
        """Replace the session's models and results with these (and the pipelines of
        the cross-validated models' last splits)."""
        self.forget()
        self.folder.mkdir()
        for name, pipeline in pipelines.items():
            write_atomically(self.folder / f"{name}.joblib", partial(joblib.dump, pipeline))
        if last_folds:
            (self.folder / _LAST_FOLD).mkdir()
        for name, pipeline in (last_folds or {}).items():
            write_atomically(self._last_fold_path(name), partial(joblib.dump, pipeline))
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

    def save_optimized(
        self, model: str, pipeline: Any, run: Mapping[str, Any], picked: bool
    ) -> dict[str, Any]:
        """Keep an optimization run of `model` and its pipeline beside the trained one
        (which must still be there: a training that ran meanwhile may have replaced it);
        with `picked`, it becomes the model's optimized model. Returns the kept run."""
        self.trained_results(model)
        history = self.optimization_history()
        kept = history.setdefault(model, {"picked_run": None, "runs": []})
        number = max((old["run_id"] for old in kept["runs"]), default=0) + 1
        record = {**run, "run_id": number}
        path = self._run_path(model, number)
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, partial(joblib.dump, pipeline))
        kept["runs"].append(record)
        if picked or kept["picked_run"] is None:
            kept["picked_run"] = number
            kept["picked_by_person"] = False
        while len(kept["runs"]) > KEPT_RUNS:
            dropped = next(old for old in kept["runs"] if old["run_id"] != kept["picked_run"])
            kept["runs"].remove(dropped)
            self._run_path(model, dropped["run_id"]).unlink(missing_ok=True)
        self._write_history(history)
        return record

    def pick_optimization(self, model: str, run_id: int, by_person: bool = True) -> None:
        """Make a kept run of `model` its optimized model (exported and predicting), as the
        person's choice or, with `by_person` false, as the best-scoring run."""
        history = self.optimization_history()
        kept = history.get(model, {"runs": []})
        if not any(run["run_id"] == run_id for run in kept["runs"]):
            raise LatheError(
                f'"{model}" has no kept optimization run {run_id}.',
                ErrorCode.OPTIMIZATION_RUN_UNKNOWN,
                {"model": model, "run": run_id},
            )
        kept["picked_run"] = run_id
        kept["picked_by_person"] = by_person
        self._write_history(history)

    def optimization_history(self) -> dict[str, Any]:
        """Each optimized model's ``picked_run``, ``picked_by_person`` (false in a session
        kept before it was recorded) and kept ``runs``, oldest first."""
        path = self.folder / _OPTIMIZED / _HISTORY
        if not path.exists():
            return {}
        history: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        for kept in history.values():
            kept.setdefault("picked_by_person", False)
        return history

    def _write_history(self, history: Mapping[str, Any]) -> None:
        path = self.folder / _OPTIMIZED / _HISTORY
        write_text_atomically(path, json.dumps(history, allow_nan=False))

    def _run_path(self, model: str, run_id: int) -> Path:
        return self.folder / _OPTIMIZED / model / f"{run_id}.joblib"

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

    def explained_pipeline(self, model: str) -> Any:
        """The pipeline trained `model`'s held-out explanation explains: its last
        split's (a train/test split's is the one kept)."""
        self.trained_results(model)
        last_fold = self._last_fold_path(model)
        return joblib.load(last_fold if last_fold.is_file() else self._pipeline_path(model, False))

    def save_explanation(self, model: str, explanation: Any, importances: Any) -> dict[str, Any]:
        """Keep trained `model`'s held-out explanation and feature importances in its
        result; returns the result."""
        results = self.trained_results(model)
        result: dict[str, Any] = next(r for r in results["results"] if r["model"] == model)
        result["explanation"] = explanation
        result["charts"]["feature_importances"] = importances
        result["explained"] = True
        self.save_results(results)
        return result

    def _last_fold_path(self, model: str) -> Path:
        return self.folder / _LAST_FOLD / f"{model}.joblib"

    def forget(self) -> None:
        (self.folder / _RESULTS).unlink(missing_ok=True)
        shutil.rmtree(self.folder, ignore_errors=True)

    def _pipeline_path(self, model: str, optimized: bool) -> Path:
        """The trained pipeline's file, or the picked optimization run's."""
        if not optimized:
            return self.folder / f"{model}.joblib"
        picked = self.optimization_history().get(model, {}).get("picked_run")
        return self._run_path(model, 0 if picked is None else picked)
