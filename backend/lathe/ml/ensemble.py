"""An ensemble: the weighted average of fitted training pipelines that share a recipe.

The members were fitted with the same recipe on the same rows, so their recipe steps
learned the same things and the ensemble keeps one copy of them (the first member's).
After those steps comes ``EnsembleInput``, which passes the recipe's output on, and then
``EnsembleStep``: each member's own model input (its imputation, scaling) and model,
their class probabilities (or values) averaged with the weights.

The weights come from greedy ensemble selection with replacement (Caruana et al., 2004):
starting from nothing, each of ``SELECTION_ROUNDS`` rounds adds the candidate whose
addition gives the best score of the average of the out-of-fold predictions; a member's
weight is the share of rounds that chose it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd
from sklearn.base import BaseEstimator
from sklearn.utils.metaestimators import available_if

from lathe.ml.evaluation import aligned_probabilities
from lathe.ml.model_input import ModelInput
from lathe.ml.model_step import ModelStep
from lathe.ml.problem import ProblemType
from lathe.steps.frame_estimator import with_added_columns
from lathe.steps.recipe import RecipePipeline

SELECTION_ROUNDS = 25
FloatArray = npt.NDArray[np.float64]


class EnsembleInput(BaseEstimator):  # type: ignore[misc]
    """The recipe's output, passed on as it is: each member converts it for its model."""

    def __init__(self, members_input: ModelInput | None = None) -> None:
        self.members_input = members_input

    def fit(self, X: Any, y: Any = None) -> EnsembleInput:
        return self

    def transform(self, X: Any) -> Any:
        return X

    @property
    def imputed_cells_(self) -> int:
        return 0

    @property
    def conversions_(self) -> dict[str, Any]:
        return dict(getattr(self.members_input, "conversions_", {}))


def _classifies(step: EnsembleStep) -> bool:
    return step.problem_type == "classification"


class EnsembleStep(BaseEstimator):  # type: ignore[misc]
    """The weighted average of the members' models, each after its own model input."""

    estimator = None

    def __init__(
        self,
        members: Sequence[tuple[ModelInput, ModelStep]] = (),
        weights: Sequence[float] = (),
        problem_type: ProblemType = "classification",
    ) -> None:
        self.members = members
        self.weights = weights
        self.problem_type = problem_type

    @property
    def feature_names_in_(self) -> npt.NDArray[Any]:
        """The recipe's output columns it takes (each member converts them itself)."""
        model_input = self.members[0][0]
        names = [
            name for name in model_input.feature_names_in_ if name != model_input.target_column
        ]
        return np.asarray(names, dtype=object)

    @property
    def classes_(self) -> npt.NDArray[Any]:
        return np.asarray(
            np.unique(np.concatenate([np.asarray(step.classes_) for _, step in self.members]))
        )

    def _member_features(self, model_input: ModelInput, frame: pd.DataFrame) -> pd.DataFrame:
        target = model_input.target_column
        if target is not None and target not in frame.columns:
            frame = with_added_columns(frame, {target: pd.Series(np.nan, index=frame.index)})
        features: pd.DataFrame = model_input.transform(frame)
        return features.drop(columns=[target]) if target in features.columns else features

    @available_if(_classifies)  # type: ignore[untyped-decorator]
    def predict_proba(self, X: pd.DataFrame) -> FloatArray:
        classes = self.classes_
        total = np.zeros((len(X), len(classes)), dtype=np.float64)
        for (model_input, step), weight in zip(self.members, self.weights, strict=True):
            probabilities = step.predict_proba(self._member_features(model_input, X))
            total += weight * aligned_probabilities(probabilities, step.classes_, classes)
        normalised: FloatArray = total / total.sum(axis=1, keepdims=True)
        return normalised

    def most_probable(self, probabilities: FloatArray) -> npt.NDArray[Any]:
        return np.asarray(self.classes_[np.argmax(probabilities, axis=1)])

    def predict(self, X: pd.DataFrame) -> npt.NDArray[Any]:
        if self.problem_type == "classification":
            return self.most_probable(self.predict_proba(X))
        values = [
            weight * np.asarray(step.predict(self._member_features(model_input, X)), np.float64)
            for (model_input, step), weight in zip(self.members, self.weights, strict=True)
        ]
        return np.asarray(np.sum(values, axis=0))


def ensemble_pipeline(
    pipelines: Sequence[RecipePipeline], weights: Sequence[float]
) -> RecipePipeline:
    """The fitted `pipelines` (the same recipe fitted on the same rows) as one weighted
    average."""
    first = pipelines[0]
    members = [(pipeline.steps[-2][1], pipeline.steps[-1][1]) for pipeline in pipelines]
    ensemble = RecipePipeline(
        steps=[
            *first.steps[:-2],
            ("model_input", EnsembleInput(first.steps[-2][1])),
            ("model", EnsembleStep(members, list(weights), first.steps[-1][1].problem_type)),
        ],
        target_column=first.target_column,
    )
    ensemble.feature_names_in_ = first.feature_names_in_
    ensemble.input_dtypes_ = first.input_dtypes_
    return ensemble


def is_ensemble(pipeline: RecipePipeline) -> bool:
    return isinstance(pipeline.steps[-1][1], EnsembleStep)


def member_pipelines(pipeline: RecipePipeline) -> list[RecipePipeline]:
    """Each member of a fitted ensemble as a training pipeline of its own."""
    ensemble: EnsembleStep = pipeline.steps[-1][1]
    return [
        RecipePipeline(
            steps=[*pipeline.steps[:-2], ("model_input", model_input), ("model", step)],
            target_column=pipeline.target_column,
        )
        for model_input, step in ensemble.members
    ]


def selected_weights(
    predictions: Sequence[FloatArray], score: Callable[[FloatArray], float]
) -> list[float]:
    """Greedy ensemble selection with replacement: each candidate's weight, from their
    out-of-fold `predictions` (probabilities or values, the same rows in the same order)
    and `score` of an average of them (higher is better)."""
    chosen = np.zeros(len(predictions), dtype=np.int64)
    total = np.zeros_like(predictions[0], dtype=np.float64)
    for size in range(1, SELECTION_ROUNDS + 1):
        scores = [score((total + candidate) / size) for candidate in predictions]
        best = int(np.argmax(scores))
        chosen[best] += 1
        total += predictions[best]
    return [float(count) / SELECTION_ROUNDS for count in chosen]
