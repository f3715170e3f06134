"""The training pipeline: the session's recipe, then the model, fitted as one estimator.

Inside it the target is the model's label, not a feature: the recipe's per-column
settings for the target column are left out, so the model learns the target as uploaded
(rows whose target is missing are left out before). ``ModelInput`` turns what the recipe
left non-numeric into numbers (and fills missing values for models that cannot take
them); ``ModelStep`` holds the catalogue estimator.
"""

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from lathe.ml.catalog import CatalogEntry
from lathe.ml.model_input import ModelInput
from lathe.ml.model_step import ModelStep
from lathe.steps.recipe import RecipePipeline, recipe_pipeline, without_column_settings
from lathe.steps.recipe_step import RecipeStep


def training_pipeline(
    recipe: Sequence[RecipeStep],
    entry: CatalogEntry,
    target_column: str | None,
    params: Mapping[str, Any] | None = None,
) -> RecipePipeline:
    """The unfitted pipeline of `recipe` and `entry`'s model, built with `params`."""
    features = recipe if target_column is None else without_column_settings(recipe, target_column)
    steps = recipe_pipeline(features, target_column).steps
    return RecipePipeline(
        steps=[
            *steps,
            (
                "model_input",
                ModelInput(
                    target_column,
                    impute=not entry.takes_missing,
                    non_negative=entry.non_negative,
                    standardize=entry.scaled_input,
                    scaled=scaled_columns(features),
                    row_major=entry.row_major,
                ),
            ),
            (
                "model",
                ModelStep(
                    entry.build(**(params or {})),
                    entry.problem_type,
                    entry.early_stopping,
                    entry.scaled_target,
                ),
            ),
        ],
        target_column=target_column,
    )


def scaled_columns(recipe: Sequence[RecipeStep]) -> list[str]:
    """The columns a scaling step of `recipe` scales."""
    return [
        column for step in recipe if step["step"] == "scale" for column in step["params"]["methods"]
    ]


def model_input(pipeline: RecipePipeline) -> ModelInput:
    step: ModelInput = pipeline.steps[-2][1]
    return step


def model_step(pipeline: RecipePipeline) -> ModelStep:
    step: ModelStep = pipeline.steps[-1][1]
    return step


def model_features(pipeline: RecipePipeline, frame: pd.DataFrame) -> pd.DataFrame:
    """`frame` (raw columns) as the fitted pipeline's model takes it."""
    recipe_part = RecipePipeline(steps=pipeline.steps[:-1], target_column=pipeline.target_column)
    features: pd.DataFrame = recipe_part.transform(frame)
    return features
