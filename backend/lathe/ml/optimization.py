"""Step 10, optimization: a trained model's parameters searched with the session's
recipe, scored as honestly as training scores.

- Supervised models: each parameter set is scored by k-fold cross-validation over the
  rows with a target (stratified for classification, shuffled, seed 0: the splits
  training uses); each fold fits the whole pipeline, recipe included, on its training
  rows only. A set's score is the mean of its folds' primary metric (accuracy, r2).
- Clustering: each set is fitted on every row and scored by its silhouette.
- The baseline is the catalogue's own settings (those training used), scored the same
  way on the same folds; ``improvement`` is ``(best - baseline) / |baseline|`` (None when
  the baseline is 0 or unscored). When no searched set scores above the baseline, the
  catalogue's settings are kept: ``best_params`` is empty and ``kept_baseline`` true.
- Above ``SEARCH_ROWS`` rows the search runs on a sample (stratified by class); the
  best parameters are then fitted on every row, as training fits, and that pipeline is
  the optimized model.
- A set that fails (e.g. a penalty its solver refuses) is counted and skipped; when every
  set fails, the search is refused with the first error. A clustering set that gives
  fewer than two clusters has no silhouette; when no set gives two, the catalogue's
  settings are kept if they do (``note`` says so), else the search is refused.
- Folds of small fits run side by side, one thread each (``lathe.ml.threads``).
- Parameter sets are scored by a ``TrialRunner``: one after the other in this process
  by default, or spread over a cluster's workers (``lathe.jobs.search``), as many at
  once as its ``width``.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import pandas as pd

from lathe.errors import ErrorCode, LatheError, check_range
from lathe.ml.catalog import CatalogEntry
from lathe.ml.evaluation import clustering_metrics, primary_score
from lathe.ml.metric_catalog import PRIMARY_METRIC
from lathe.ml.model_step import model_matrix
from lathe.ml.pipeline import model_features, model_step
from lathe.ml.problem import ProblemType
from lathe.ml.progress import ProgressReport, TaskStopped
from lathe.ml.results import SamplingNote
from lathe.ml.sampling import stratified_sample, uniform_sample
from lathe.ml.search_candidates import CandidateSearch, Params, SearchMethod
from lathe.ml.threads import fold_workers, side_by_side
from lathe.ml.training import Split, error_text, fit_pipeline, learning_rows, validation_splits
from lathe.ml.training_config import TrainingConfig
from lathe.steps.recipe import RecipePipeline
from lathe.steps.recipe_step import RecipeStep

SEARCH_ROWS = 200_000
NO_CLUSTERS = "Fewer than two clusters: the silhouette is undefined."
MIN_CV_FOLDS, MAX_CV_FOLDS, DEFAULT_CV_FOLDS = 2, 10, 5
MIN_ITERATIONS, MAX_ITERATIONS, DEFAULT_ITERATIONS = 1, 200, 20


@dataclass(frozen=True)
class OptimizationConfig:
    entry: CatalogEntry
    method: SearchMethod
    cv_folds: int
    n_iterations: int
    target_column: str | None
    """None for clustering."""


@dataclass
class Trial:
    params: Params
    score: float | None
    error: str | None = None


@dataclass
class OptimizationRun:
    best_score: float
    best_params: Params
    baseline_score: float | None
    improvement: float | None
    primary_metric: str
    kept_baseline: bool
    trials: list[Trial]
    pipeline: RecipePipeline
    sampling: list[SamplingNote] = field(default_factory=list)
    note: str | None = None


def check_search_settings(cv_folds: int, n_iterations: int) -> None:
    """SPEC §5's ranges: folds 2-10, iterations 1-200."""
    check_range(cv_folds, MIN_CV_FOLDS, MAX_CV_FOLDS, "CV folds", ErrorCode.CV_FOLDS_OUT_OF_RANGE)
    check_range(
        n_iterations,
        MIN_ITERATIONS,
        MAX_ITERATIONS,
        "Iterations",
        ErrorCode.N_ITERATIONS_OUT_OF_RANGE,
    )


def relative_improvement(best: float, baseline: float | None) -> float | None:
    if baseline is None or baseline == 0:
        return None
    return (best - baseline) / abs(baseline)


class FitCounter:
    """Fits done, for the progress bar, counted from several threads."""

    def __init__(self, progress: ProgressReport | None, total: int) -> None:
        self.progress = progress
        self.total = total
        self.done = 0
        self._lock = threading.Lock()

    def fitted(self, message: str, fits: int = 1) -> None:
        with self._lock:
            self.done += fits
            if self.progress is not None:
                self.progress(self.done, self.total, message)


class Scorer:
    """Scores parameter sets of one entry on fixed rows and folds."""

    def __init__(
        self,
        entry: CatalogEntry,
        recipe: Sequence[RecipeStep],
        target_column: str | None,
        frame: pd.DataFrame,
        target: pd.Series[Any] | None,
        splits: Sequence[Split],
    ) -> None:
        self.entry = entry
        self.recipe = recipe
        self.target_column = target_column
        self.frame = frame
        self.target = target
        self.splits = splits
        self.workers = fold_workers(len(splits[0][0])) if splits else 1

    @property
    def fits_per_set(self) -> int:
        return max(1, len(self.splits))

    @property
    def unscored(self) -> str:
        """Why a set that raised nothing has no score."""
        return NO_CLUSTERS if self.target is None else "No score"

    def score(self, params: Params, counter: FitCounter, label: str) -> float | None:
        if self.target is None:
            counter.fitted(label)
            return self._silhouette(params)
        target = self.target

        def fold_score(train_rows: Any, test_rows: Any) -> float | None:
            fitted = fit_pipeline(
                self.entry,
                self.recipe,
                self.target_column,
                self.frame.iloc[train_rows],
                target.iloc[train_rows],
                params,
            )
            predicted = fitted.pipeline.predict(self.frame.iloc[test_rows])
            counter.fitted(label)
            return primary_score(self.entry.problem_type, target.to_numpy()[test_rows], predicted)

        scores = side_by_side(fold_score, self.splits, self.workers)
        numbers = [score for score in scores if score is not None]
        return float(np.mean(numbers)) if len(numbers) == len(scores) else None

    def _silhouette(self, params: Params) -> float | None:
        fitted = fit_pipeline(self.entry, self.recipe, None, self.frame, None, params)
        features = model_features(fitted.pipeline, self.frame)
        labels = model_step(fitted.pipeline).predict(features)
        silhouette = clustering_metrics(model_matrix(features), labels, None)["silhouette_score"]
        return None if silhouette is None else float(silhouette)


def score_trial(scorer: Scorer, params: Params, counter: FitCounter, label: str) -> Trial:
    """`params` scored, or the error that stopped them."""
    try:
        score = scorer.score(params, counter, label)
    except TaskStopped:
        raise
    except Exception as error:
        return Trial(params, None, error_text(error))
    return Trial(params, score, None if score is not None else scorer.unscored)


class TrialRunner(Protocol):
    width: int
    """Sets scored at once: the width of the bayesian search's batches."""

    def run(
        self, scorer: Scorer, batch: Sequence[Params], counter: FitCounter, labels: Sequence[str]
    ) -> list[Trial]:
        """Each set of `batch` scored, in order; `counter` hears of every fit."""
        ...


class TrialsInProcess:
    width = 1

    def run(
        self, scorer: Scorer, batch: Sequence[Params], counter: FitCounter, labels: Sequence[str]
    ) -> list[Trial]:
        return [
            score_trial(scorer, params, counter, label)
            for params, label in zip(batch, labels, strict=True)
        ]


def _search_rows(
    frame: pd.DataFrame, target: pd.Series[Any] | None, problem_type: ProblemType
) -> tuple[pd.DataFrame, pd.Series[Any] | None, list[SamplingNote]]:
    if len(frame) <= SEARCH_ROWS:
        return frame, target, []
    rows = (
        stratified_sample(target.to_numpy(), SEARCH_ROWS)
        if target is not None and problem_type == "classification"
        else uniform_sample(len(frame), SEARCH_ROWS)
    )
    note: SamplingNote = {"purpose": "search", "rows": len(rows), "of_rows": len(frame)}
    return frame.iloc[rows], None if target is None else target.iloc[rows], [note]


def optimize(
    raw_frame: pd.DataFrame,
    recipe: Sequence[RecipeStep],
    config: OptimizationConfig,
    progress: ProgressReport | None = None,
    runner: TrialRunner | None = None,
) -> OptimizationRun:
    """Search `config.entry`'s parameters with `recipe` on `raw_frame` (the frame as
    uploaded), its sets scored by `runner` (here by default), and fit the best set on
    every row."""
    runner = runner or TrialsInProcess()
    entry = config.entry
    problem_type = entry.problem_type
    rows = learning_rows(raw_frame, config.target_column, problem_type, config.cv_folds)
    frame, target = rows.frame, rows.target
    search_frame, search_target, sampling = _search_rows(frame, target, problem_type)
    splits = (
        []
        if search_target is None
        else validation_splits(
            search_target,
            TrainingConfig(
                (entry,),
                problem_type,
                config.target_column,
                "cross_validation",
                cv_folds=config.cv_folds,
            ),
        )
    )
    scorer = Scorer(entry, recipe, config.target_column, search_frame, search_target, splits)
    candidates = CandidateSearch(entry.search_space, config.method, config.n_iterations)
    if candidates.size == 0:
        raise LatheError(
            f"{entry.name} has no search space for {config.method}.",
            ErrorCode.NO_SEARCH_SPACE,
            {"model": entry.name},
        )
    counter = FitCounter(progress, (candidates.size + 1) * scorer.fits_per_set + 1)

    baseline_score = _scored_or_none(scorer, {}, counter, f"Scoring {entry.name} as trained")
    trials: list[Trial] = []
    for batch in candidates.batches(runner.width):
        labels = [
            f"Optimizing {entry.name}: candidate {number} of {candidates.size}"
            for number in range(len(trials) + 1, len(trials) + len(batch) + 1)
        ]
        scored_batch = runner.run(scorer, batch, counter, labels)
        trials.extend(scored_batch)
        candidates.score([trial.score for trial in scored_batch])
    scored = [trial for trial in trials if trial.score is not None]
    note = None
    if not scored and search_target is None and baseline_score is not None:
        note = (
            f"No searched set of {entry.name} gave two or more clusters; its own settings are kept."
        )
        scored = [Trial({}, baseline_score)]
    if not scored:
        first = trials[0].error if trials else None
        raise LatheError(
            f"No parameter set of {entry.name} could be scored: {first}",
            ErrorCode.OPTIMIZATION_FAILED,
            {"model": entry.name, "detail": first},
        )
    best = max(scored, key=lambda trial: trial.score or 0.0)
    kept_baseline = note is not None or (
        baseline_score is not None and baseline_score > (best.score or 0.0)
    )
    if kept_baseline:
        best = Trial({}, baseline_score)
    best_score = float(best.score or 0.0)
    fitted = fit_pipeline(entry, recipe, config.target_column, frame, target, best.params)
    counter.fitted(f"Fitting {entry.name} with the best parameters on every row")
    if fitted.sampling is not None:
        sampling.append(fitted.sampling)
    return OptimizationRun(
        best_score=best_score,
        best_params=best.params,
        baseline_score=baseline_score,
        improvement=relative_improvement(best_score, baseline_score),
        primary_metric=PRIMARY_METRIC[problem_type],
        kept_baseline=kept_baseline,
        trials=trials,
        pipeline=fitted.pipeline,
        sampling=sampling,
        note=note,
    )


def _scored_or_none(
    scorer: Scorer, params: Params, counter: FitCounter, label: str
) -> float | None:
    return score_trial(scorer, params, counter, label).score
