"""A trained model's held-out explanation and permutation importances, computed when
asked for (``POST /api/explanations/``) instead of at training.

They are the numbers training used to compute: the pipeline of the model's last split
explained on that split's held-out rows, its background drawn from that split's training
rows, and, for a model without importances of its own, the permutation importances of
that pipeline on the same held-out rows. The rows are found again from the frame as
uploaded and the training's settings (the same rows with a target, the same seeded
splits); the data and the recipe cannot have changed since, as either change forgets the
models.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pandas as pd

from lathe.ml.explanations import held_out_explanation
from lathe.ml.importance import permutation_importances
from lathe.ml.metric_catalog import PRIMARY_METRIC
from lathe.ml.progress import ProgressReport
from lathe.ml.results import Explanation, FeatureImportances
from lathe.ml.training import learning_rows, min_class_rows, validation_splits
from lathe.ml.training_config import DEFAULT_CV_FOLDS, DEFAULT_TEST_SIZE, TrainingConfig
from lathe.steps.recipe import RecipePipeline

EXPLAINING = "Explaining {model}"
IMPORTANCES = "Permutation importances of {model}"


@dataclass(frozen=True)
class HeldOutExplanation:
    explanation: Explanation | None
    """None when the model cannot be explained (an explanation never fails)."""
    importances: FeatureImportances | None


def explain_held_out(
    raw_frame: pd.DataFrame,
    training: Mapping[str, Any],
    model: str,
    last_fold: RecipePipeline,
    progress: ProgressReport,
) -> HeldOutExplanation:
    """`model`'s explanation and importances (its own native ones kept) from `training`'s
    results, `last_fold` the pipeline of its last split."""
    problem_type = training["problem_type"]
    config = TrainingConfig(
        (),
        problem_type,
        training["target_column"],
        training["validation_method"] or "train_test",
        training["test_size"] or DEFAULT_TEST_SIZE,
        training["cv_folds"] or DEFAULT_CV_FOLDS,
    )
    rows = learning_rows(raw_frame, config.target_column, problem_type, min_class_rows(config))
    assert rows.target is not None, "clustering models are not explained"
    train_rows, test_rows = validation_splits(rows.target, config)[-1]
    result = next(result for result in training["results"] if result["model"] == model)
    importances: FeatureImportances | None = result["charts"]["feature_importances"]
    steps = 1 if importances is not None else 2
    progress(0, steps, EXPLAINING.format(model=model))
    explanation = held_out_explanation(last_fold, rows.frame, train_rows, test_rows)
    if importances is None:
        progress(1, steps, IMPORTANCES.format(model=model))
        importances = permutation_importances(
            last_fold,
            rows.frame.iloc[test_rows],
            rows.target.iloc[test_rows],
            PRIMARY_METRIC[problem_type],
        )
    progress(steps, steps, EXPLAINING.format(model=model))
    return HeldOutExplanation(explanation, importances)
