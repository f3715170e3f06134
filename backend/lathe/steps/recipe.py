"""The recipe: the session's applied steps, replayable on the uploaded frame and fittable
again as one pipeline.

A recipe is a JSON list of ``{"step": "<name>", "params": {...}}`` (``recipe_step.py``);
each name maps to an estimator class built with the params as keyword arguments:

- ``drop_columns`` ``{columns}``; ``drop_missing_columns`` ``{threshold, dropped}``;
  ``impute_missing`` ``{strategies, fill_values}``; ``handle_outliers``
  ``{column_configs}``; ``encode`` ``{strategies, target_column, target_type,
  unknown_as_missing}``; ``scale`` ``{methods}``: transformers;
- ``drop_missing_rows`` ``{threshold}``; ``remove_outlier_rows`` ``{column_configs}``:
  samplers (``fit_resample``), which remove rows at fit time only.

``RECIPE_STEPS`` is the registry: each name's estimator class, its title, how it describes
its settings (``recipe_settings.py``), the param naming the columns it acts on and its
per-column settings. The ONNX graph of each step class is registered in
``lathe.ml.onnx_export.recipe_graph``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator
from sklearn.utils.metaestimators import available_if

from lathe.errors import ErrorCode
from lathe.steps.columns import ColumnDropper
from lathe.steps.encoding import CategoricalEncoder
from lathe.steps.errors import StepConfigError
from lathe.steps.frame_estimator import as_frame, with_added_columns
from lathe.steps.missing import MissingColumnDropper, MissingRowDropper, MissingValueImputer
from lathe.steps.outliers import OutlierHandler, OutlierRowRemover
from lathe.steps.recipe_settings import (
    Describer,
    StepSettings,
    chosen,
    detected,
    imputed,
    listed,
    no_columns,
)
from lathe.steps.recipe_step import RecipeStep
from lathe.steps.scaling import FeatureScaler


@dataclass(frozen=True)
class StepKind:
    """What Lathe knows of one kind of recipe step."""

    estimator: type[BaseEstimator]
    """Built with the step's params as keyword arguments."""
    title: str
    """What a person calls the step."""
    describe: Describer
    """The step's per-column settings, as a person chose them, from its params."""
    columns: str | None = None
    """The param that names the columns the step acts on (a list, or a mapping keyed by
    column)."""
    column_settings: tuple[str, ...] = ()
    """The params keyed by column: the step's per-column settings."""

    def settings(self, params: Mapping[str, Any]) -> StepSettings:
        """The step's settings: its threshold, if it has one, and each column's setting."""
        return {"threshold": params.get("threshold"), "columns": self.describe(params)}


RECIPE_STEPS: dict[str, StepKind] = {
    "drop_columns": StepKind(ColumnDropper, "column drop", listed("columns"), "columns"),
    "drop_missing_rows": StepKind(MissingRowDropper, "missing-row drop", no_columns),
    "drop_missing_columns": StepKind(
        MissingColumnDropper, "missing-column drop", listed("dropped"), "dropped"
    ),
    "impute_missing": StepKind(
        MissingValueImputer,
        "missing-value imputation",
        imputed,
        "strategies",
        ("strategies", "fill_values"),
    ),
    "handle_outliers": StepKind(
        OutlierHandler, "outlier", detected(None), "column_configs", ("column_configs",)
    ),
    "remove_outlier_rows": StepKind(
        OutlierRowRemover,
        "outlier row removal",
        detected("remove"),
        "column_configs",
        ("column_configs",),
    ),
    "encode": StepKind(
        CategoricalEncoder,
        "encoding",
        chosen("strategies"),
        "strategies",
        ("strategies", "unknown_as_missing"),
    ),
    "scale": StepKind(FeatureScaler, "scaling", chosen("methods"), "methods", ("methods",)),
}
"""The registry of recipe steps, by the name the recipe records."""


def step_title(estimator: Any) -> str | None:
    """The title of the recipe step `estimator` is (an instance of), if it is one."""
    for kind in RECIPE_STEPS.values():
        if type(estimator) is kind.estimator:
            return kind.title
    return None


def acted_on(steps: Sequence[RecipeStep], name: str) -> list[str]:
    """The columns the steps named `name` act on, in order."""
    param = RECIPE_STEPS[name].columns
    columns: list[str] = []
    for step in steps:
        if step["step"] == name and param is not None:
            columns.extend(step["params"].get(param) or ())
    return columns


def without_column_settings(recipe: Sequence[RecipeStep], column: str) -> list[RecipeStep]:
    """The recipe with `column` taken out of every step's per-column settings, so its steps
    pass the column through unchanged (a step that drops it still does)."""
    kept: list[RecipeStep] = []
    for step in recipe:
        params = dict(step["params"])
        kind = RECIPE_STEPS.get(step["step"])
        for name in kind.column_settings if kind else ():
            value = params.get(name)
            if isinstance(value, Mapping):
                params[name] = {key: setting for key, setting in value.items() if key != column}
            elif isinstance(value, Sequence) and not isinstance(value, str):
                params[name] = [item for item in value if item != column]
        kept.append({"step": step["step"], "params": params})
    return kept


def step_kind(name: str) -> StepKind:
    """The registered kind of the recipe step named `name`."""
    kind = RECIPE_STEPS.get(name)
    if kind is None:
        raise StepConfigError(
            f"Unknown recipe step '{name}'.", ErrorCode.UNKNOWN_STEP, {"step": name}
        )
    return kind


def estimator_for(step: RecipeStep) -> BaseEstimator:
    """The unfitted estimator or sampler of a recipe step."""
    return step_kind(step["step"]).estimator(**step["params"])


def is_sampler(estimator: Any) -> bool:
    return hasattr(estimator, "fit_resample")


def apply_step(frame: pd.DataFrame, step: RecipeStep) -> pd.DataFrame:
    """Fit the step on `frame` and return its result, rows removed by samplers included
    (what the preview shows)."""
    estimator = estimator_for(step)
    if is_sampler(estimator):
        kept: pd.DataFrame = estimator.fit_resample(frame)[0]
        return kept
    # a step whose fit on the frame alone can learn less than a recipe's fit needs
    once = getattr(estimator, "transformed_once", estimator.fit_transform)
    transformed: pd.DataFrame = once(frame)
    return transformed


def replay(raw_frame: pd.DataFrame, recipe: Sequence[RecipeStep]) -> pd.DataFrame:
    """Apply every step of `recipe` in order, starting from `raw_frame`."""
    frame = raw_frame
    for step in recipe:
        frame = apply_step(frame, step)
    return frame


def _model(pipeline: RecipePipeline) -> Any:
    """The final step when it is a model (it predicts), else ``None``."""
    final = pipeline.steps[-1][1] if pipeline.steps else None
    return final if hasattr(final, "predict") else None


def _transforms(pipeline: RecipePipeline) -> bool:
    model = _model(pipeline)
    return model is None or hasattr(model, "transform")


def _predicts(pipeline: RecipePipeline) -> bool:
    return _model(pipeline) is not None


def _predicts_proba(pipeline: RecipePipeline) -> bool:
    return hasattr(_model(pipeline), "predict_proba")


class RecipePipeline(BaseEstimator):  # type: ignore[misc]
    """The recipe's steps, optionally ending in a model (a step that predicts), fitted as
    one estimator. Steps are fitted in place, as in sklearn's ``Pipeline``.

    ``fit(X, y)`` fits the recipe's steps in order, samplers removing rows of ``X`` and
    ``y`` there and only there, then fits the model. ``transform`` applies the recipe's
    transformers (and the model's ``transform``); ``predict`` and ``predict_proba``
    apply them and delegate to the model.

    With ``target_column``, the recipe runs on frames that hold the target as that column,
    as it did when the steps were applied: ``fit`` adds ``y`` as the column (unless ``X``
    has it) and, after the recipe, takes it out again as the model's ``y``; ``transform``
    and ``predict`` add an all-missing placeholder when ``X`` lacks it and take it out
    before the model. Every step transforms column by column, so the placeholder never
    changes another column.

    ``fit`` remembers the columns it was given, the target excepted, and their dtypes
    (``feature_names_in_``, ``input_dtypes_``): what a new file must have to be predicted.
    """

    def __init__(
        self, steps: Sequence[tuple[str, Any]] = (), target_column: str | None = None
    ) -> None:
        self.steps = steps
        self.target_column = target_column

    def _recipe_steps(self) -> Sequence[tuple[str, Any]]:
        return self.steps[:-1] if _model(self) is not None else self.steps

    def _split_target(self, frame: pd.DataFrame, y: Any) -> tuple[pd.DataFrame, Any]:
        target = self.target_column
        if target is None:
            return frame, y
        if target not in frame.columns:
            raise StepConfigError(
                f'The recipe removes the target column "{target}".',
                ErrorCode.TARGET_COLUMN_DROPPED,
                {"column": target},
            )
        return frame.drop(columns=[target]), frame[target]

    def fit(self, X: Any, y: Any = None) -> RecipePipeline:
        frame = as_frame(X)
        target = self.target_column
        inputs = [name for name in frame.columns if name != target]
        self.feature_names_in_ = np.asarray(inputs, dtype=object)
        self.input_dtypes_ = {name: frame[name].dtype for name in inputs}
        if target is not None and target not in frame.columns and y is not None:
            # the labels' own dtype: pandas would make text labels Arrow-backed text
            labels = np.asarray(y)
            column = pd.Series(labels, index=frame.index, dtype=labels.dtype)
            frame, y = with_added_columns(frame, {target: column}), None
        for _, step in self._recipe_steps():
            if is_sampler(step):
                frame, y = step.fit_resample(frame, y)
            else:
                frame = step.fit_transform(frame, y)
        frame, y = self._split_target(frame, y)
        model = _model(self)
        if model is not None:
            model.fit(frame, y)
        return self

    def _prepared(self, X: Any) -> pd.DataFrame:
        frame = as_frame(X)
        target = self.target_column
        if target is not None and target not in frame.columns:
            no_target = pd.Series(np.nan, index=frame.index, dtype=object)
            frame = with_added_columns(frame, {target: no_target})
        for _, step in self._recipe_steps():
            if not is_sampler(step):
                frame = step.transform(frame)
        return self._split_target(frame, None)[0]

    @available_if(_transforms)  # type: ignore[untyped-decorator]
    def transform(self, X: Any) -> Any:
        model = _model(self)
        prepared = self._prepared(X)
        return prepared if model is None else model.transform(prepared)

    @available_if(_predicts)  # type: ignore[untyped-decorator]
    def predict(self, X: Any) -> Any:
        return _model(self).predict(self._prepared(X))

    @available_if(_predicts_proba)  # type: ignore[untyped-decorator]
    def predict_proba(self, X: Any) -> Any:
        return _model(self).predict_proba(self._prepared(X))


def recipe_pipeline(
    recipe: Sequence[RecipeStep], target_column: str | None = None
) -> RecipePipeline:
    """The recipe as an unfitted pipeline, its steps named ``<position>_<step>``."""
    steps = [
        (f"{position}_{step['step']}", estimator_for(step)) for position, step in enumerate(recipe)
    ]
    return RecipePipeline(steps=steps, target_column=target_column)
