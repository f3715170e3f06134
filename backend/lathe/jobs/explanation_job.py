"""A trained model's held-out explanation and permutation importances, computed as a job
when Evaluation (or the report) asks for them, and kept in the model's result.

The job uses the model's fitted pipelines, so it stops, like any job, when the data
changes and also when the model's file does (a new training replaced it); its commit
keeps the explanation with the model, which a new training or a change of the data
forgets with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lathe.errors import ErrorCode, LatheError
from lathe.jobs.session_job import JobData, JobKind, ModelChoice
from lathe.ml.held_out_explanation import HeldOutExplanation, explain_held_out
from lathe.ml.progress import ProgressReport
from lathe.store.session_store import Session
from lathe.store.trained_models import TrainedModels

EXPLANATION = JobKind(
    "explanation",
    "Explaining the model",
    "The data changed while the model was being explained; ask for its explanation again.",
    gives_way=True,
)


@dataclass(frozen=True)
class ExplanationSetup:
    model: ModelChoice
    training: dict[str, Any]


def explainable_result(models: TrainedModels, model: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The training results and trained `model`'s result; refused for a clustering model."""
    training = models.trained_results(model)
    if training["target_column"] is None:
        raise LatheError(
            f'"{model}" is a clustering model: only supervised models are explained.',
            ErrorCode.NOT_EXPLAINABLE,
            {"model": model},
        )
    result = next(result for result in training["results"] if result["model"] == model)
    return training, result


def explain_on_worker(
    data: JobData, setup: ExplanationSetup, progress: ProgressReport
) -> HeldOutExplanation:
    model = setup.model.name
    try:
        last_fold = data.models.explained_pipeline(model)
    except (LatheError, OSError):
        # a training replacing the models at this moment: refused as a change of model
        progress(0, 0, EXPLANATION.started)
        raise
    return explain_held_out(data.raw_frame, setup.training, model, last_fold, progress)


def explanation_kept(model: str, session: Session, outcome: HeldOutExplanation) -> dict[str, Any]:
    """The model's result with its explanation and importances kept."""
    return session.models.save_explanation(model, outcome.explanation, outcome.importances)
