"""Training: each chosen model fitted with the session's recipe as one pipeline, on rows
of the frame as uploaded, and scored on rows it never saw.

- Rows whose target is missing (or infinite) are left out first (``rows_without_target``
  says how many), and so are the rows of classes with fewer rows than the validation
  needs (two for a split, one per fold for cross-validation; ``left_out_classes`` names
  them).
  Training is refused when fewer than two classes remain.
- Models that cannot take missing values get them imputed at their input
  (``ModelInput``); ``imputed_cells`` says how many cells of the final fit were.
- ``train_test``: one split, stratified by class for classification (seed 0); the stored
  pipeline is the one fitted on the training rows and scored on the test rows.
- ``cross_validation``: k folds, stratified for classification (shuffled, seed 0); every
  metric is scored on each fold's held-out rows (``fold_metrics``), ``metrics`` are their
  means and ``metrics_std`` their standard deviations; the charts show the out-of-fold
  predictions of every row; the stored pipeline is fitted again on every row.
- Clustering has no target: each model is fitted on every row and scored on them.
- A model with a ``row_limit`` is fitted on a sample of its training rows above it
  (stratified by class for classification) and says so in ``sampling``.
- A model that fails is recorded with its ``error``; the others go on. When every model
  fails, training is refused with the first error.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd
from sklearn.model_selection import KFold, StratifiedKFold, train_test_split

from lathe.errors import ErrorCode, LatheError
from lathe.ml.baseline import (
    classification_baseline,
    clustering_baseline,
    mark_at_chance,
    regression_baseline,
)
from lathe.ml.catalog import CatalogEntry
from lathe.ml.class_metrics import classification_metrics
from lathe.ml.ensemble import is_ensemble
from lathe.ml.evaluation import (
    SILHOUETTE_ROWS,
    aligned_probabilities,
    clustering_evaluation,
    code_charts,
    fold_summary,
    regression_charts,
    regression_metrics,
)
from lathe.ml.importance import native_importances
from lathe.ml.label_codes import class_codes, narrowest_codes, positions_among
from lathe.ml.metric_catalog import PRIMARY_METRIC
from lathe.ml.model_step import model_matrix
from lathe.ml.pipeline import model_features, model_input, model_step, training_pipeline
from lathe.ml.problem import (
    ProblemType,
    class_target,
    learning_target,
    rows_of_large_classes,
)
from lathe.ml.progress import ProgressReport, TaskStopped
from lathe.ml.ranking import rank
from lathe.ml.results import (
    Charts,
    Metrics,
    ModelResult,
    SamplingNote,
    TrainingResults,
    no_charts,
)
from lathe.ml.sampling import SEED, Positions, stratified_sample, uniform_sample
from lathe.ml.threads import fold_workers, side_by_side, thread_params
from lathe.ml.training_config import TrainingConfig
from lathe.steps.recipe import RecipePipeline
from lathe.steps.recipe_step import RecipeStep
from lathe.steps.target_rows import has_target_value

log = logging.getLogger(__name__)


Split = tuple[Positions, Positions]
ERROR_CHARS = 500


@dataclass
class TrainingRun:
    results: TrainingResults
    pipelines: dict[str, RecipePipeline]
    last_folds: dict[str, RecipePipeline]
    """The pipeline of each cross-validated model's last split, which its held-out
    explanation explains on request (a train/test split's is the one kept)."""


class _Tracker:
    """Fits started, for the progress bar; folds may start from several threads."""

    def __init__(self, progress: ProgressReport | None, total: int) -> None:
        self.progress = progress
        self.total = total
        self.done = 0
        self._lock = threading.Lock()

    def report(self, message: str) -> None:
        if self.progress is not None:
            self.progress(self.done, self.total, message)

    def fitting(self, message: str) -> None:
        with self._lock:
            self.report(message)
            self.done += 1

    def skip_to(self, done: int) -> None:
        with self._lock:
            self.done = done


@dataclass
class FittedPipeline:
    pipeline: RecipePipeline
    sampling: SamplingNote | None
    seconds: float


@dataclass
class HeldOut:
    rows: Positions
    predicted: npt.NDArray[Any]
    probabilities: npt.NDArray[np.float64] | None
    codes: Positions | None = None
    """The predicted classes' positions among the training's classes, where the
    probabilities gave them without comparing labels."""


@dataclass(frozen=True)
class Actual:
    """The target's values and, for classification, its sorted classes and each row's
    position among them: found once for every model's folds, metrics and charts (a
    million text labels take a tenth of a second to hash, and each model compared them
    a dozen times)."""

    values: npt.NDArray[Any]
    classes: npt.NDArray[Any] | None = None
    codes: Positions | None = None


def actual_of(target: pd.Series[Any], problem_type: ProblemType) -> Actual:
    values = target.to_numpy()
    if problem_type != "classification":
        return Actual(values)
    classes, codes = class_codes(values)
    return Actual(values, classes, codes)


def fit_pipeline(
    entry: CatalogEntry,
    recipe: Sequence[RecipeStep],
    target_column: str | None,
    frame: pd.DataFrame,
    target: pd.Series[Any] | None,
    params: Mapping[str, Any] | None = None,
) -> FittedPipeline:
    """`entry`'s model with `params` after `recipe`, fitted on `frame` (on a sample of it
    above the entry's row limit)."""
    note: SamplingNote | None = None
    if entry.row_limit is not None and len(frame) > entry.row_limit:
        rows = (
            stratified_sample(target.to_numpy(), entry.row_limit)
            if target is not None and entry.problem_type == "classification"
            else uniform_sample(len(frame), entry.row_limit)
        )
        note = {"purpose": "training", "rows": len(rows), "of_rows": len(frame)}
        frame = frame.iloc[rows]
        target = None if target is None else target.iloc[rows]
    settings = {**thread_params(entry, len(frame)), **(params or {})}
    pipeline = training_pipeline(recipe, entry, target_column, settings)
    started = time.perf_counter()
    pipeline.fit(frame, target)
    return FittedPipeline(pipeline, note, time.perf_counter() - started)


def error_text(error: Exception) -> str:
    """What a person is told of a model's failure."""
    text = error.message if isinstance(error, LatheError) else str(error)
    return (text or type(error).__name__)[:ERROR_CHARS]


def _failed(name: str, error: Exception) -> ModelResult:
    log.warning("model %s failed", name, exc_info=True)
    return {
        "model": name,
        "metrics": {},
        "error": error_text(error),
        "train_seconds": 0.0,
        "sampling": [],
        "charts": no_charts(),
        "imputed_cells": 0,
    }


def validation_splits(
    target: pd.Series[Any], config: TrainingConfig, actual: Actual | None = None
) -> list[Split]:
    """The (training rows, held-out rows) positions of each fold (`actual`: the target's,
    when they are known)."""
    rows = np.arange(len(target), dtype=np.int64)
    # the labels' codes split as the labels do, without sorting text (np.unique) first
    if actual is None:
        actual = actual_of(target, config.problem_type)
    classes = (
        None
        if actual.codes is None or actual.classes is None
        else narrowest_codes(actual.codes, len(actual.classes))
    )
    try:
        if config.validation_method == "train_test":
            train_rows, test_rows = train_test_split(
                rows, test_size=config.test_size, stratify=classes, random_state=SEED
            )
            return [(np.sort(train_rows), np.sort(test_rows))]
        splitter = StratifiedKFold if classes is not None else KFold
        folds = splitter(n_splits=config.cv_folds, shuffle=True, random_state=SEED)
        return list(folds.split(rows, classes))
    except ValueError as error:
        raise LatheError(
            f"There are too few rows for this validation: {error}",
            ErrorCode.TOO_FEW_ROWS,
            {"rows": len(target), "detail": str(error)[:300]},
        ) from error


@dataclass
class LearningRows:
    frame: pd.DataFrame
    """The feature columns."""
    target: pd.Series[Any] | None
    left_out_classes: dict[str, int]
    """Classes too small for the validation, with their row counts."""


def learning_rows(
    raw_frame: pd.DataFrame,
    target_column: str | None,
    problem_type: ProblemType,
    min_class_rows: int = 1,
) -> LearningRows:
    """The feature columns and the target of the rows that have a target value and, for
    classification, a class of at least `min_class_rows` rows (every row and no target
    for clustering)."""
    if target_column is None:
        return LearningRows(raw_frame, None, {})
    has_target = has_target_value(raw_frame[target_column])
    rows = raw_frame if has_target.all() else raw_frame.loc[has_target]
    frame = rows.drop(columns=[target_column])
    if problem_type != "classification":
        return LearningRows(frame, learning_target(rows[target_column], problem_type), {})
    target, counts = class_target(rows[target_column])
    return LearningRows(*rows_of_large_classes(frame, target, min_class_rows, counts))


def min_class_rows(config: TrainingConfig) -> int:
    """Rows a class needs for the validation: one per side of the split, one per fold."""
    return config.cv_folds if config.validation_method == "cross_validation" else 2


def held_out_part(
    pipeline: RecipePipeline, frame: pd.DataFrame, rows: Positions, classes: Any
) -> HeldOut:
    step = model_step(pipeline)
    prepared = model_features(pipeline, frame.iloc[rows])
    if classes is None or not hasattr(step, "predict_proba"):
        return HeldOut(rows, step.predict(prepared), None)
    probabilities = aligned_probabilities(step.predict_proba(prepared), step.classes_, classes)
    # the first most probable column: the model's own choice, its classes being sorted too
    codes = np.argmax(probabilities, axis=1).astype(np.int64)
    return HeldOut(rows, np.asarray(classes)[codes], probabilities, codes)


def _predicted_codes(part: HeldOut, classes: npt.NDArray[Any]) -> Positions:
    return part.codes if part.codes is not None else positions_among(part.predicted, classes)


def held_out_charts(held_out: Sequence[HeldOut], actual: Actual) -> Charts:
    """The charts of the predictions of every held-out part together."""
    rows = np.concatenate([part.rows for part in held_out])
    if actual.classes is None or actual.codes is None:
        predicted = np.concatenate([part.predicted for part in held_out])
        return regression_charts(actual.values[rows], predicted)
    classes = actual.classes
    scored = [part.probabilities for part in held_out if part.probabilities is not None]
    probabilities = np.vstack(scored) if len(scored) == len(held_out) else None
    predicted_codes = np.concatenate([_predicted_codes(part, classes) for part in held_out])
    return code_charts(actual.codes[rows], predicted_codes, probabilities, classes)


def part_metrics(part: HeldOut, actual: Actual) -> Metrics:
    """The metrics of one held-out part."""
    if actual.classes is None or actual.codes is None:
        return regression_metrics(actual.values[part.rows], part.predicted)
    classes = actual.classes
    return classification_metrics(
        actual.codes[part.rows], _predicted_codes(part, classes), part.probabilities, len(classes)
    )


def held_out_metrics(held_out: Sequence[HeldOut], actual: Actual) -> list[Metrics]:
    """The metrics of each held-out part."""
    return [part_metrics(part, actual) for part in held_out]


def _supervised_result(
    entry: CatalogEntry,
    recipe: Sequence[RecipeStep],
    config: TrainingConfig,
    frame: pd.DataFrame,
    target: pd.Series[Any],
    splits: Sequence[Split],
    actual: Actual,
    tracker: _Tracker,
    label: str,
) -> tuple[ModelResult, RecipePipeline, RecipePipeline]:
    """The model's result, the pipeline kept and the pipeline of its last split."""
    classes = actual.classes
    cross_validated = config.validation_method == "cross_validation"

    def fold(
        number: int, train_rows: Positions, test_rows: Positions
    ) -> tuple[HeldOut, FittedPipeline, Metrics]:
        part = f", fold {number} of {len(splits)}" if cross_validated else ""
        tracker.fitting(f"Training {label}{part}")
        fitted = fit_pipeline(
            entry, recipe, config.target_column, frame.iloc[train_rows], target.iloc[train_rows]
        )
        held_out = held_out_part(fitted.pipeline, frame, test_rows, classes)
        # scored here, beside the other folds' fits, rather than one fold after another
        return held_out, fitted, part_metrics(held_out, actual)

    def final_fit() -> FittedPipeline:
        tracker.fitting(f"Training {label}, final fit on every row")
        return fit_pipeline(entry, recipe, config.target_column, frame, target)

    workers = fold_workers(len(splits[0][0]), entry)
    # A single-threaded final fit joins the folds, so that no core idles while the last
    # fold runs.
    final_beside_folds = cross_validated and workers > 1 and fold_workers(len(frame), entry) > 1
    fits = side_by_side(
        lambda work, *arguments: work(*arguments),
        [(fold, number, *split) for number, split in enumerate(splits, 1)]
        + ([(final_fit,)] if final_beside_folds else []),
        workers,
    )
    folds: list[tuple[HeldOut, FittedPipeline, Metrics]] = fits[: len(splits)]
    fitted: FittedPipeline = folds[-1][1]
    if cross_validated:
        fitted = fits[-1] if final_beside_folds else final_fit()
    held_out = [part for part, _, _ in folds]
    seconds = sum(fit.seconds for _, fit, _ in folds) + (fitted.seconds if cross_validated else 0)
    scored = [metrics for _, _, metrics in folds]
    result = supervised_result(entry.name, held_out, fitted, seconds, config, actual, scored)
    return result, fitted.pipeline, folds[-1][1].pipeline


def supervised_result(
    name: str,
    held_out: Sequence[HeldOut],
    fitted: FittedPipeline,
    seconds: float,
    config: TrainingConfig,
    actual: Actual,
    scored: Sequence[Metrics] | None = None,
) -> ModelResult:
    """A supervised model's result from its held-out predictions (one part per split,
    `scored` their metrics where they are known already) and the pipeline kept
    (`fitted`), with its native importances (they cost nothing); its held-out explanation
    and permutation importances wait until they are asked for
    (``lathe.ml.held_out_explanation``)."""
    charts = held_out_charts(held_out, actual)
    charts["feature_importances"] = native_importances(fitted.pipeline)
    if scored is None:
        scored = held_out_metrics(held_out, actual)
    result: ModelResult = {
        "model": name,
        "metrics": scored[0],
        "error": None,
        "train_seconds": round(seconds, 3),
        "sampling": [fitted.sampling] if fitted.sampling else [],
        "charts": charts,
        "imputed_cells": model_input(fitted.pipeline).imputed_cells_,
        "explained": False,
    }
    if config.validation_method == "cross_validation":
        result["fold_metrics"] = list(scored)
        result["metrics"], result["metrics_std"] = fold_summary(scored)
    return result


def _clustering_result(
    entry: CatalogEntry, recipe: Sequence[RecipeStep], frame: pd.DataFrame
) -> tuple[ModelResult, RecipePipeline]:
    fitted = fit_pipeline(entry, recipe, None, frame, None)
    step = model_step(fitted.pipeline)
    prepared = model_features(fitted.pipeline, frame)
    matrix = model_matrix(prepared)
    labels = step.predict(prepared)
    estimator = step.estimator
    inertia = -estimator.score(matrix) if hasattr(estimator, "inertia_") else None
    sampling = [fitted.sampling] if fitted.sampling else []
    clustered = int(np.count_nonzero(labels != -1))
    if clustered > SILHOUETTE_ROWS:
        sampling.append({"purpose": "silhouette", "rows": SILHOUETTE_ROWS, "of_rows": clustered})
    metrics, charts = clustering_evaluation(matrix, labels, inertia)
    result: ModelResult = {
        "model": entry.name,
        "metrics": metrics,
        "error": None,
        "train_seconds": round(fitted.seconds, 3),
        "sampling": sampling,
        "charts": charts,
        "imputed_cells": model_input(fitted.pipeline).imputed_cells_,
    }
    return result, fitted.pipeline


def train(
    raw_frame: pd.DataFrame,
    recipe: Sequence[RecipeStep],
    config: TrainingConfig,
    progress: ProgressReport | None = None,
) -> TrainingRun:
    """Train every model of `config` on `raw_frame` (the frame as uploaded) through
    `recipe`; `progress` hears of each fit before it starts, and once at the end."""
    target_column = config.target_column
    rows = learning_rows(raw_frame, target_column, config.problem_type, min_class_rows(config))
    frame, target = rows.frame, rows.target
    actual = None if target is None else actual_of(target, config.problem_type)
    splits = [] if target is None else validation_splits(target, config, actual)
    cross_validated = config.validation_method == "cross_validation"
    fits_per_model = 1 if target is None else len(splits) + int(cross_validated)
    tracker = _Tracker(progress, len(config.models) * fits_per_model)

    results: list[ModelResult] = []
    pipelines: dict[str, RecipePipeline] = {}
    last_folds: dict[str, RecipePipeline] = {}
    for number, entry in enumerate(config.models, 1):
        label = f"{entry.name} (model {number} of {len(config.models)})"
        try:
            if target is None or actual is None:
                tracker.fitting(f"Training {label}")
                result, pipeline = _clustering_result(entry, recipe, frame)
            else:
                result, pipeline, last_fold = _supervised_result(
                    entry, recipe, config, frame, target, splits, actual, tracker, label
                )
                if last_fold is not pipeline:
                    last_folds[entry.name] = last_fold
            pipelines[entry.name] = pipeline
        except TaskStopped:
            raise
        except Exception as error:
            result = _failed(entry.name, error)
        tracker.skip_to(number * fits_per_model)
        results.append(result)
    tracker.report("Training finished")

    if not pipelines:
        first = results[0]["error"]
        raise LatheError(
            f"No model could be trained: {first}", ErrorCode.TRAINING_FAILED, {"detail": first}
        )
    training = training_results(raw_frame, rows, actual, splits, config, results, pipelines)
    return TrainingRun(training, pipelines, last_folds)


def training_results(
    raw_frame: pd.DataFrame,
    rows: LearningRows,
    actual: Actual | None,
    splits: Sequence[Split],
    config: TrainingConfig,
    results: list[ModelResult],
    pipelines: Mapping[str, RecipePipeline],
) -> TrainingResults:
    """The training's results around the models' `results`, with the baseline, ranked by
    the primary metric (`actual`: the target's values and class positions; None for
    clustering)."""
    frame, target, target_column = rows.frame, rows.target, config.target_column
    first_pipeline = next(p for p in pipelines.values() if not is_ensemble(p))
    supervised = target is not None
    cross_validated = config.validation_method == "cross_validation"
    primary_metric = config.primary_metric or PRIMARY_METRIC[config.problem_type]
    if actual is None:
        baseline = clustering_baseline(_inertia_features(results, pipelines, frame), len(frame))
    elif actual.classes is None or actual.codes is None:
        baseline = regression_baseline(actual.values, splits)
    else:
        baseline = classification_baseline(actual.codes, len(actual.classes), splits)
    training: TrainingResults = {
        "problem_type": config.problem_type,
        "target_column": target_column,
        "validation_method": config.validation_method if supervised else None,
        "test_size": config.test_size if supervised and not cross_validated else None,
        "cv_folds": config.cv_folds if supervised and cross_validated else None,
        "dataset_shape": (len(frame), len(model_step(first_pipeline).feature_names_in_)),
        "rows_without_target": (
            int((~has_target_value(raw_frame[target_column])).sum()) if supervised else 0
        ),
        "left_out_classes": rows.left_out_classes,
        "converted_columns": dict(model_input(first_pipeline).conversions_),
        "primary_metric": primary_metric,
        "best_model": None,
        "baseline": baseline,
        "results": results,
    }
    if actual is not None and actual.codes is not None:
        _note_class_balance(training, actual.codes)
    rank(training, primary_metric)
    return training


def _note_class_balance(training: TrainingResults, codes: Positions) -> None:
    """Mark the classifiers at chance, and keep the largest class's share of the rows."""
    counts = np.bincount(codes)
    mark_at_chance(training["results"], int(np.count_nonzero(counts)))
    training["majority_share"] = float(counts.max() / len(codes))


def _inertia_features(
    results: Sequence[ModelResult], pipelines: Mapping[str, RecipePipeline], frame: pd.DataFrame
) -> npt.NDArray[Any] | None:
    """The input of the first clustering model with an inertia, for the baseline's."""
    for result in results:
        if "inertia" in result["metrics"]:
            pipeline = pipelines[result["model"]]
            return model_matrix(model_features(pipeline, frame))
    return None
