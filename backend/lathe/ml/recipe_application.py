"""The session's recipe applied to a new raw file: Lathe's data preparation without a
model.

The recorded recipe is refitted on the session's uploaded frame (as the steps were
applied: row removals at fit only) and transforms the new file's rows, so the output
has the columns of the session's current frame. Fitted steps of a trained pipeline are
not used: they leave out the target's settings, were fitted on the training rows only,
and end with the model's own input conversions.

The file must have the uploaded columns the recipe was fitted on and no others, converted
to their uploaded types where read as another kind (as for prediction). The session
target may be left out: the recipe's settings for it are then left out too (every step
works column by column) and the output has no target column.
"""

import pandas as pd

from lathe.errors import ErrorCode, refused_rows
from lathe.ml.prediction import check_columns, with_training_types
from lathe.steps.recipe import recipe_pipeline, without_column_settings
from lathe.steps.recipe_step import RecipeStep


def applied_recipe(
    raw_frame: pd.DataFrame,
    recipe: list[RecipeStep],
    target_column: str | None,
    new_frame: pd.DataFrame,
) -> pd.DataFrame:
    """`new_frame` through `recipe`, fitted on `raw_frame`."""
    left_out = target_column if target_column not in (None, *new_frame.columns) else None
    steps = recipe if left_out is None else without_column_settings(recipe, left_out)
    pipeline = recipe_pipeline(steps, left_out).fit(raw_frame)
    check_columns(new_frame, pipeline)
    inputs = with_training_types(new_frame, pipeline.input_dtypes_)
    with refused_rows("The recipe could not be applied to these rows", ErrorCode.RECIPE_FAILED):
        prepared: pd.DataFrame = pipeline.transform(inputs)
    return prepared
