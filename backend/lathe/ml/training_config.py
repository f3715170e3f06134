"""The training settings of SPEC §3, checked as SPEC §5 says, with ``auto`` resolved."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import pandas as pd

from lathe.errors import ErrorCode, LatheError, check_range
from lathe.ml.catalog import ENTRIES, CatalogEntry, catalog_entries
from lathe.ml.problem import ProblemType, detect_problem_type
from lathe.ml.ranking import chosen_primary_metric
from lathe.ml.results import ValidationMethod

RequestedProblemType = ProblemType | Literal["auto"]

DEFAULT_TEST_SIZE = 0.2
MIN_TEST_SIZE, MAX_TEST_SIZE = 0.1, 0.5
DEFAULT_CV_FOLDS = 5
MIN_CV_FOLDS, MAX_CV_FOLDS = 3, 10


@dataclass(frozen=True)
class TrainingConfig:
    models: tuple[CatalogEntry, ...]
    problem_type: ProblemType
    target_column: str | None = None
    """None for clustering."""
    validation_method: ValidationMethod = "train_test"
    test_size: float = DEFAULT_TEST_SIZE
    cv_folds: int = DEFAULT_CV_FOLDS
    primary_metric: str | None = None
    """The metric that names the best model; None: SPEC's for the problem type."""


def target_values(uploaded: pd.DataFrame, target_column: str) -> pd.Series[Any]:
    """The target's values in the uploaded frame (its target column is enough), missing
    ones left out; refused when there are none."""
    if target_column not in uploaded.columns:
        raise LatheError(
            f"Unknown target column: {target_column}",
            ErrorCode.UNKNOWN_TARGET,
            {"column": target_column},
        )
    target = uploaded[target_column].dropna()
    if target.empty:
        raise LatheError(
            f'The target column "{target_column}" has no values.',
            ErrorCode.TARGET_EMPTY,
            {"column": target_column},
        )
    return target


def training_config(
    uploaded: pd.DataFrame,
    current_columns: Sequence[str],
    *,
    model_names: Sequence[str],
    problem_type: RequestedProblemType,
    target_column: str | None,
    validation_method: ValidationMethod = "train_test",
    test_size: float = DEFAULT_TEST_SIZE,
    cv_folds: int = DEFAULT_CV_FOLDS,
    primary_metric: str | None = None,
    every_model: bool = False,
) -> TrainingConfig:
    """Check the request against the session's data: the target must be a column of the
    current frame and of the `uploaded` one (its target column is enough). Clustering takes
    no target and no validation settings (any sent are ignored, once within their ranges).
    With `every_model` (the best-model search), the models are every catalogue model of the
    problem type, and a target is needed."""
    if every_model and problem_type == "clustering":
        raise LatheError("Please select a target column.", ErrorCode.TARGET_REQUIRED)
    if not model_names and not every_model:
        raise LatheError("Please select at least one model.", ErrorCode.NO_MODELS)
    check_range(
        test_size, MIN_TEST_SIZE, MAX_TEST_SIZE, "Test size", ErrorCode.TEST_SIZE_OUT_OF_RANGE
    )
    check_range(cv_folds, MIN_CV_FOLDS, MAX_CV_FOLDS, "CV folds", ErrorCode.CV_FOLDS_OUT_OF_RANGE)
    if problem_type == "clustering":
        return TrainingConfig(
            tuple(catalog_entries(model_names, "clustering")),
            "clustering",
            primary_metric=chosen_primary_metric("clustering", primary_metric),
        )
    if not target_column:
        raise LatheError("Please select a target column.", ErrorCode.TARGET_REQUIRED)
    if target_column not in current_columns:
        raise LatheError(
            f"Unknown target column: {target_column}",
            ErrorCode.UNKNOWN_TARGET,
            {"column": target_column},
        )
    if target_column not in uploaded.columns:
        raise LatheError(
            f'The target must be a column of the uploaded file; "{target_column}" was made '
            "by a step.",
            ErrorCode.TARGET_NOT_UPLOADED,
            {"column": target_column},
        )
    target = target_values(uploaded, target_column)
    resolved = detect_problem_type(target) if problem_type == "auto" else problem_type
    if every_model:
        model_names = [name for name, entry in ENTRIES.items() if entry.problem_type == resolved]
    return TrainingConfig(
        tuple(catalog_entries(model_names, resolved)),
        resolved,
        target_column,
        validation_method,
        test_size,
        cv_folds,
        chosen_primary_metric(resolved, primary_metric),
    )
