"""The screen's settings turned into recorded encoding steps: ``auto`` resolved per column,
id-like columns dropped, and the one-hot level limit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NotRequired, TypedDict

import pandas as pd

from lathe.analysis.quality import ID_LIKE_MIN_DISTINCT_FRACTION
from lathe.errors import ErrorCode
from lathe.steps.column_kinds import is_categorical
from lathe.steps.encoding.encoder import (
    target_not_encoded,
)
from lathe.steps.encoding.levels import (
    as_text,
    learn_levels,
)
from lathe.steps.encoding.target_encoding import (
    class_names,
    target_type_of,
)
from lathe.steps.errors import StepConfigError, check_choice, check_columns_present
from lathe.steps.recipe_step import RecipeStep, recipe_step

STRATEGIES = ("auto", "label", "onehot", "ordinal", "binary", "target")
DEFAULT_MAX_CATEGORIES = 10
MIN_MAX_CATEGORIES = 2
MAX_ONEHOT_LEVELS = 200


class ColumnEncodingSetting(TypedDict):
    """One row of the screen's column-specific settings."""

    column: str
    strategy: str
    ordinal: NotRequired[bool]


def auto_encoding(levels: int, max_categories: int, has_target: bool) -> str:
    if levels <= 2:
        return "label"
    if levels <= max_categories:
        return "onehot"
    return "target" if has_target else "ordinal"


def encoding_steps(
    frame: pd.DataFrame,
    *,
    default_strategy: str = "auto",
    max_categories: int = DEFAULT_MAX_CATEGORIES,
    target_column: str | None = None,
    column_settings: Sequence[ColumnEncodingSetting] | None = None,
) -> list[RecipeStep]:
    """The recipe steps for the screen's settings, resolved against `frame`: the drop of
    id-like columns (global ``auto``) and the encoding (none when there is nothing to
    encode).

    Without column settings every categorical column but the target takes
    `default_strategy`; with them, only the listed columns are encoded.
    """
    if target_column is not None:
        check_columns_present([target_column], frame.columns)
    if column_settings:
        requested, unknown_as_missing = _column_requests(frame, column_settings, target_column)
    else:
        requested = _global_requests(frame, default_strategy, target_column)
        unknown_as_missing = []
    if max_categories < MIN_MAX_CATEGORIES:
        raise StepConfigError(
            "Max categories must be at least 2.",
            ErrorCode.MAX_CATEGORIES_TOO_SMALL,
            {"max_categories": max_categories},
        )
    level_counts = {column: as_text(frame[column]).nunique() for column in requested}
    id_like = (
        [
            column
            for column, strategy in requested.items()
            if strategy == "auto"
            and level_counts[column] > max_categories
            and level_counts[column] >= ID_LIKE_MIN_DISTINCT_FRACTION * len(frame)
        ]
        if not column_settings
        else []
    )
    requested = {
        column: strategy for column, strategy in requested.items() if column not in id_like
    }
    dropped = [recipe_step("drop_columns", columns=id_like)] if id_like else []
    strategies = {
        column: strategy
        if strategy != "auto"
        else auto_encoding(level_counts[column], max_categories, target_column is not None)
        for column, strategy in requested.items()
    }
    by_auto: dict[str, str] = {}
    if not column_settings:
        # a global one-hot encodes the columns with too many levels for it by the auto rule
        by_auto = {
            column: auto_encoding(
                level_counts[column],
                min(max_categories, MAX_ONEHOT_LEVELS),
                target_column is not None,
            )
            for column, strategy in strategies.items()
            if strategy == "onehot" and level_counts[column] > MAX_ONEHOT_LEVELS
        }
        strategies |= by_auto
    for column, strategy in strategies.items():
        if strategy == "onehot" and level_counts[column] > MAX_ONEHOT_LEVELS:
            raise StepConfigError(
                f'Column "{column}" has {level_counts[column]} categories, too many for '
                f"one-hot encoding (at most {MAX_ONEHOT_LEVELS}); choose binary, target or "
                "ordinal encoding.",
                ErrorCode.TOO_MANY_CATEGORIES_FOR_ONEHOT,
                {"column": column, "categories": level_counts[column], "max": MAX_ONEHOT_LEVELS},
            )
    if not strategies:
        return dropped
    uses_target = "target" in strategies.values()
    target = frame[target_column].dropna() if uses_target and target_column else None
    target_type = target_type_of(target) if target is not None else "auto"
    params: dict[str, Any] = {
        "strategies": strategies,
        "target_column": target_column,
        "target_type": target_type,
        "unknown_as_missing": [
            c for c in unknown_as_missing if strategies[c] in ("label", "ordinal")
        ],
        "levels": {
            column: {"values": list(levels.values), "has_missing": levels.has_missing}
            for column in strategies
            for levels in [learn_levels(frame[column])]
        },
    }
    if target is not None and target_type != "continuous":
        params["target_classes"] = list(class_names(target))
    encode = recipe_step("encode", **params)
    if by_auto and default_strategy != "auto":
        encode["encoded_by_auto"] = by_auto
    return [*dropped, encode]


def encoded_by_auto(steps: Sequence[RecipeStep]) -> dict[str, str]:
    """The columns a global strategy could not apply to, encoded by the ``auto`` rule
    instead, with the encoding each got, as the `steps` record them."""
    return {
        column: strategy
        for step in steps
        for column, strategy in step.get("encoded_by_auto", {}).items()
    }


def _global_requests(
    frame: pd.DataFrame, strategy: str, target_column: str | None
) -> dict[str, str]:
    check_choice(strategy, STRATEGIES, "strategy")
    if strategy == "target" and target_column is None:
        raise StepConfigError(
            "Please select a target column for Target strategy.", ErrorCode.TARGET_COLUMN_REQUIRED
        )
    return {
        str(name): strategy
        for name in frame.columns
        if name != target_column and is_categorical(frame[name])
    }


def _column_requests(
    frame: pd.DataFrame, settings: Sequence[ColumnEncodingSetting], target_column: str | None
) -> tuple[dict[str, str], list[str]]:
    check_columns_present([setting["column"] for setting in settings], frame.columns)
    requested: dict[str, str] = {}
    unknown_as_missing = []
    for setting in settings:
        column, strategy = setting["column"], setting["strategy"]
        check_choice(strategy, STRATEGIES, "strategy")
        if strategy == "target" and target_column is None:
            raise StepConfigError(
                "Target strategy selected for a column. Please set a Target Column above.",
                ErrorCode.TARGET_COLUMN_REQUIRED_FOR_COLUMN,
                {"column": column},
            )
        if column == target_column:
            raise target_not_encoded(column)
        if not is_categorical(frame[column]):
            raise StepConfigError(
                f'Column "{column}" is not categorical; only categorical columns are encoded.',
                ErrorCode.COLUMN_NOT_CATEGORICAL,
                {"column": column},
            )
        requested[column] = strategy
        if not setting.get("ordinal", True):
            unknown_as_missing.append(column)
    return requested, unknown_as_missing
