"""Which trained model a request means, checked against the session's training."""

from pathlib import Path
from typing import Any

from lathe.errors import LatheError
from lathe.store.trained_models import has_pipeline, load_results


def trained_results(session_folder: Path, model: str, optimized: bool = False) -> dict[str, Any]:
    """The session's training results, which must list `model` as trained (and, with
    `optimized`, an optimization of it)."""
    results = load_results(session_folder)
    if results is None:
        raise LatheError(
            "No training results found. Please complete the training step first.",
            "no_training_results",
        )
    trained = [result["model"] for result in results["results"] if result["error"] is None]
    if model not in trained:
        raise LatheError(
            f'"{model}" is not a trained model of this dataset.',
            "model_not_trained",
            {"model": model},
        )
    if optimized and not has_pipeline(session_folder, model, optimized=True):
        raise LatheError(
            f'"{model}" has not been optimized yet.', "model_not_optimized", {"model": model}
        )
    return results
