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
from dataclasses import dataclass, field
from typing import Any, Protocol

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


class Tracker:
    """Fits started (or, on a cluster, finished), for the progress bar; folds may start
    from several threads."""

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
    log.warning("model %s failed", name, exc_info=error)
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


@dataclass(frozen=True)
class FitWork:
    """What every fit of a training needs: the rows, the target, the recipe and the
    splits; sent once to the workers that fit its models (``ModelFitter``)."""

    frame: pd.DataFrame
    target: pd.Series[Any]
    recipe: Sequence[RecipeStep]
    target_column: str | None
    splits: Sequence[Split]
    actual: Actual
    cross_validated: bool

    @property
    def fits_per_model(self) -> int:
        return len(self.splits) + int(self.cross_validated)

    def split_fit(
        self, entry: CatalogEntry, number: int, params: Mapping[str, Any] | None = None
    ) -> FittedPipeline:
        """`entry` with `params` fitted on split `number`'s training rows."""
        rows = self.splits[number][0]
        frame, target = self.frame.iloc[rows], self.target.iloc[rows]
        return fit_pipeline(entry, self.recipe, self.target_column, frame, target, params)

    def every_row_fit(
        self, entry: CatalogEntry, params: Mapping[str, Any] | None = None
    ) -> FittedPipeline:
        """`entry` with `params` fitted on every row."""
        return fit_pipeline(entry, self.recipe, self.target_column, self.frame, self.target, params)


@dataclass
class FoldFit:
    held_out: HeldOut
    metrics: Metrics
    seconds: float
    fitted: FittedPipeline | None
    """The fitted pipeline of the last split, the only one kept."""


@dataclass
class ModelFits:
    folds: list[FoldFit]
    final: FittedPipeline | None
    """Under cross-validation, the fit on every row."""


def fold_fit(work: FitWork, entry: CatalogEntry, number: int) -> FoldFit:
    """`entry` fitted on split `number`'s training rows and scored on its held-out rows."""
    fitted = work.split_fit(entry, number)
    held_out = held_out_part(
        fitted.pipeline, work.frame, work.splits[number][1], work.actual.classes
    )
    last = number == len(work.splits) - 1
    return FoldFit(
        held_out, part_metrics(held_out, work.actual), fitted.seconds, fitted if last else None
    )


def fit_label(model: str, number: int | None, folds: int, cross_validated: bool) -> str:
    """The progress message of fold `number` (from 0), or of the final fit (None)."""
    if number is None:
        return f"Training {model}, final fit on every row"
    if not cross_validated:
        return f"Training {model}"
    return f"Training {model}, fold {number + 1} of {folds}"


class ModelFitter(Protocol):
    """Fits each model's splits and, under cross-validation, its final fit: here, or
    across a cluster's workers (``lathe.jobs.training_fits``). Each model gives its fits
    or the error that failed it; a stop (``TaskStopped``) passes."""

    def __call__(
        self, work: FitWork, models: Sequence[tuple[CatalogEntry, str]], tracker: Tracker
    ) -> list[ModelFits | Exception]: ...


def fits_here(
    work: FitWork, models: Sequence[tuple[CatalogEntry, str]], tracker: Tracker
) -> list[ModelFits | Exception]:
    """Each model in turn, its folds side by side on the cores when they fit on one
    thread each."""
    outcomes: list[ModelFits | Exception] = []
    for number, (entry, label) in enumerate(models, 1):
        try:
            outcomes.append(_model_fits_here(work, entry, label, tracker))
        except TaskStopped:
            raise
        except Exception as error:
            outcomes.append(error)
        tracker.skip_to(number * work.fits_per_model)
    return outcomes


def _model_fits_here(work: FitWork, entry: CatalogEntry, label: str, tracker: Tracker) -> ModelFits:
    folds = len(work.splits)

    def fold(number: int) -> FoldFit:
        tracker.fitting(fit_label(label, number, folds, work.cross_validated))
        return fold_fit(work, entry, number)

    def final() -> FittedPipeline:
        tracker.fitting(fit_label(label, None, folds, work.cross_validated))
        return work.every_row_fit(entry)

    workers = fold_workers(len(work.splits[0][0]), entry)
    # A single-threaded final fit joins the folds, so that no core idles while the last
    # fold runs.
    final_beside_folds = (
        work.cross_validated and workers > 1 and fold_workers(len(work.frame), entry) > 1
    )
    fits = side_by_side(
        lambda call, *arguments: call(*arguments),
        [(fold, number) for number in range(folds)] + ([(final,)] if final_beside_folds else []),
        workers,
    )
    fitted: FittedPipeline | None = None
    if work.cross_validated:
        fitted = fits[-1] if final_beside_folds else final()
    return ModelFits(fits[:folds], fitted)


def _supervised_result(
    entry: CatalogEntry, fits: ModelFits, config: TrainingConfig, actual: Actual
) -> tuple[ModelResult, RecipePipeline, RecipePipeline]:
    """The model's result, the pipeline kept and the pipeline of its last split."""
    last = fits.folds[-1].fitted
    assert last is not None
    fitted = fits.final or last
    held_out = [fold.held_out for fold in fits.folds]
    seconds = sum(fold.seconds for fold in fits.folds)
    if fits.final is not None:
        seconds += fits.final.seconds
    scored = [fold.metrics for fold in fits.folds]
    result = supervised_result(entry.name, held_out, fitted, seconds, config, actual, scored)
    return result, fitted.pipeline, last.pipeline


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
    fitter: ModelFitter = fits_here,
) -> TrainingRun:
    """Train every model of `config` on `raw_frame` (the frame as uploaded) through
    `recipe`, their fits made by `fitter`; `progress` hears of each fit, and once at the
    end."""
    rows = learning_rows(
        raw_frame, config.target_column, config.problem_type, min_class_rows(config)
    )
    target = rows.target
    actual = None if target is None else actual_of(target, config.problem_type)
    splits = [] if target is None else validation_splits(target, config, actual)
    if target is None or actual is None:
        run = _clusterings(rows.frame, recipe, config, progress)
    else:
        cross_validated = config.validation_method == "cross_validation"
        work = FitWork(
            rows.frame, target, recipe, config.target_column, splits, actual, cross_validated
        )
        run = _supervised(work, config, progress, fitter)
    if not run.pipelines:
        first = run.results[0]["error"]
        raise LatheError(
            f"No model could be trained: {first}", ErrorCode.TRAINING_FAILED, {"detail": first}
        )
    training = training_results(raw_frame, rows, actual, splits, config, run.results, run.pipelines)
    return TrainingRun(training, run.pipelines, run.last_folds)


@dataclass
class _Models:
    """The models' results, the pipelines kept and their last splits'."""

    results: list[ModelResult] = field(default_factory=list)
    pipelines: dict[str, RecipePipeline] = field(default_factory=dict)
    last_folds: dict[str, RecipePipeline] = field(default_factory=dict)


def _model_labels(config: TrainingConfig) -> list[str]:
    count = len(config.models)
    return [f"{entry.name} (model {n} of {count})" for n, entry in enumerate(config.models, 1)]


def _supervised(
    work: FitWork, config: TrainingConfig, progress: ProgressReport | None, fitter: ModelFitter
) -> _Models:
    run = _Models()
    tracker = Tracker(progress, len(config.models) * work.fits_per_model)
    models = list(zip(config.models, _model_labels(config), strict=True))
    for entry, outcome in zip(config.models, fitter(work, models, tracker), strict=True):
        if isinstance(outcome, Exception):
            run.results.append(_failed(entry.name, outcome))
            continue
        try:
            result, pipeline, last_fold = _supervised_result(entry, outcome, config, work.actual)
        except Exception as error:
            run.results.append(_failed(entry.name, error))
            continue
        run.results.append(result)
        run.pipelines[entry.name] = pipeline
        if last_fold is not pipeline:
            run.last_folds[entry.name] = last_fold
    tracker.report("Training finished")
    return run


def _clusterings(
    frame: pd.DataFrame,
    recipe: Sequence[RecipeStep],
    config: TrainingConfig,
    progress: ProgressReport | None,
) -> _Models:
    run = _Models()
    tracker = Tracker(progress, len(config.models))
    labels = _model_labels(config)
    for number, (entry, label) in enumerate(zip(config.models, labels, strict=True), 1):
        try:
            tracker.fitting(f"Training {label}")
            result, run.pipelines[entry.name] = _clustering_result(entry, recipe, frame)
        except TaskStopped:
            raise
        except Exception as error:
            result = _failed(entry.name, error)
        tracker.skip_to(number)
        run.results.append(result)
    tracker.report("Training finished")
    return run


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
