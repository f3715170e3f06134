"""A target with one value has nothing to learn: training refuses it, and when the
uploaded target varies, names the step whose row removal took the variation away."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pandas as pd

from lathe.errors import ErrorCode, LatheError
from lathe.steps.recipe import RECIPE_STEPS, apply_step
from lathe.steps.recipe_step import RecipeStep

ROW_REMOVING_SCREENS = {"drop_missing_rows": 3, "remove_outlier_rows": 4}
"""The step screen of each recipe step that removes rows, by its number."""


def check_target_varies(
    uploaded: pd.DataFrame,
    kept: pd.DataFrame,
    recipe: Sequence[RecipeStep],
    target_column: str,
    uploaded_frame: Callable[[], pd.DataFrame],
) -> None:
    """Refuse a target with one value in the rows the recipe keeps. `uploaded` and `kept`
    hold the target column (at least) of the uploaded frame and of the recipe's current
    one; the whole uploaded frame (`uploaded_frame`) is read only to name the step that
    took the variation away."""
    values = kept[target_column].dropna() if target_column in kept.columns else None
    if values is None or values.empty or values.nunique() > 1:
        return
    value = _shown(values.iloc[0])
    if uploaded[target_column].dropna().nunique() < 2:
        raise LatheError(
            f'The target "{target_column}" has one value ({value}) in every row: there is '
            "nothing to learn. Choose another target.",
            ErrorCode.TARGET_CONSTANT,
            {"column": target_column, "value": value},
        )
    step = _step_that_emptied(uploaded_frame(), recipe, target_column)
    title = RECIPE_STEPS[step["step"]].title if step else "a"
    number = ROW_REMOVING_SCREENS.get(step["step"], 0) if step else 0
    raise LatheError(
        f'The target "{target_column}" varies in the uploaded data but has one value '
        f"({value}) in the {len(kept)} rows the recipe keeps: the {title} step (step "
        f"{number}) removed every row where it varied. Undo or change that step.",
        ErrorCode.TARGET_CONSTANT_AFTER_STEP,
        {"column": target_column, "value": value, "step_number": number, "rows": len(kept)},
    )


def _step_that_emptied(
    raw_frame: pd.DataFrame, recipe: Sequence[RecipeStep], target_column: str
) -> RecipeStep | None:
    frame = raw_frame
    for step in recipe:
        frame = apply_step(frame, step)
        if target_column in frame.columns and frame[target_column].dropna().nunique() < 2:
            return step
    return None


def _shown(value: Any) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)
