"""Step 10, optimization: a trained model's parameters searched with the session's
recipe, and the optimized model scored as training scored the model.

- The optimized model is judged on the training run's own validation (``validation``:
  the same rows, splitter, seed 0, folds or test rows) and by the training run's primary
  metric, computed as Evaluation computes it (over every held-out prediction together):
  ``baseline_score``, the catalogue's own settings scored so, is the model's Evaluation
  score.
- The parameters are chosen on training rows only (nested validation): for each held-out
  part of that validation (the test rows, or each fold), a search scores each parameter
  set by ``cv_folds``-fold cross-validation (stratified for classification, shuffled,
  seed 0) over the rows that part was not, the best set is fitted on them and predicts
  the held-out part. ``best_score`` and ``metrics`` are of those predictions: no score
  comes from rows the parameters were chosen on.
- The model kept is fitted as training fits it: on the training rows for a train/test
  split (the search of that split chooses it); for cross-validation, a last search over
  every row chooses the set fitted on every row. ``trials`` are the sets of that last
  search, with their cross-validated scores (``search_score`` is its best).
- The catalogue's own settings take part in every search; when no searched set scores
  above them they are kept: ``best_params`` is empty and ``kept_baseline`` true.
- Clustering has no held-out rows: each set is fitted on every row and scored by its
  silhouette, as training scores it.
- Above ``SEARCH_ROWS`` rows a search runs on a sample (stratified by class).
- A set that fails (e.g. a penalty its solver refuses) is counted and skipped; when every
  searched set fails, the search is refused with the first error. A clustering set that
  gives fewer than two clusters has no silhouette; when no set gives two, the catalogue's
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

import pandas as pd

from lathe.errors import ErrorCode, LatheError, check_range
from lathe.ml.catalog import CatalogEntry
from lathe.ml.evaluation import clustering_metrics, fold_summary
from lathe.ml.metric_catalog import BY_NAME
from lathe.ml.model_step import model_matrix
from lathe.ml.pipeline import model_features, model_step
from lathe.ml.problem import ProblemType
from lathe.ml.progress import ProgressReport, TaskStopped
from lathe.ml.results import Metrics, SamplingNote
from lathe.ml.sampling import stratified_sample, uniform_sample
from lathe.ml.search_candidates import CandidateSearch, Params, SearchMethod
from lathe.ml.threads import fold_workers, side_by_side
from lathe.ml.training import (
    FittedPipeline,
    HeldOut,
    Split,
    actual_of,
    error_text,
    fit_pipeline,
    held_out_metrics,
    held_out_part,
    learning_rows,
    min_class_rows,
    validation_splits,
)
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
    """Its ``search_space`` is the one searched (the catalogue's, or the person's edit)."""
    method: SearchMethod
    cv_folds: int
    """Folds of the searches that choose the parameters."""
    n_iterations: int
    validation: TrainingConfig
    """The training run's validation and target, by which the optimized model is judged."""
    primary_metric: str


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
    metrics: Metrics
    """The optimized model's held-out metrics, in Evaluation's form."""
    search_score: float | None
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


def lower_is_better(metric: str) -> bool:
    return BY_NAME[metric].direction == "lower"


def better(metric: str, score: float, than: float | None) -> bool:
    """`score` is strictly better than `than` by `metric` (any score beats none)."""
    if than is None:
        return True
    return score < than if lower_is_better(metric) else score > than


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
    """Scores parameter sets of one entry on fixed rows and folds, by `metric` over every
    held-out prediction together (as Evaluation scores)."""

    def __init__(
        self,
        entry: CatalogEntry,
        recipe: Sequence[RecipeStep],
        target_column: str | None,
        frame: pd.DataFrame,
        target: pd.Series[Any] | None,
        splits: Sequence[Split],
        metric: str,
    ) -> None:
        self.entry = entry
        self.recipe = recipe
        self.target_column = target_column
        self.frame = frame
        self.target = target
        self.splits = splits
        self.metric = metric
        self.actual = None if target is None else actual_of(target, entry.problem_type)
        self.classes = None if self.actual is None else self.actual.classes
        self.workers = fold_workers(len(splits[0][0]), entry) if splits else 1

    @property
    def fits_per_set(self) -> int:
        return max(1, len(self.splits))

    @property
    def unscored(self) -> str:
        """Why a set that raised nothing has no score."""
        return NO_CLUSTERS if self.target is None else "No score"

    def held_out(self, params: Params, split: Split) -> tuple[HeldOut, FittedPipeline]:
        """`params` fitted on the split's training rows, predicting its held-out rows."""
        assert self.target is not None
        train_rows, test_rows = split
        fitted = fit_pipeline(
            self.entry,
            self.recipe,
            self.target_column,
            self.frame.iloc[train_rows],
            self.target.iloc[train_rows],
            params,
        )
        return held_out_part(fitted.pipeline, self.frame, test_rows, self.classes), fitted

    def evaluated(self, parts: Sequence[HeldOut]) -> Metrics:
        """Metrics of the held-out parts as Evaluation gives them: of the test rows, or
        for folds each metric's mean over them (None where a fold has none)."""
        assert self.actual is not None
        return fold_summary(held_out_metrics(parts, self.actual))[0]

    def score(self, params: Params, counter: FitCounter, label: str) -> float | None:
        if self.target is None:
            counter.fitted(label)
            return self._silhouette(params)

        def fold(split: Split) -> HeldOut:
            part = self.held_out(params, split)[0]
            counter.fitted(label)
            return part

        parts = side_by_side(fold, [(split,) for split in self.splits], self.workers)
        return self.evaluated(parts).get(self.metric)

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


@dataclass
class SearchOutcome:
    params: Params
    score: float | None
    trials: list[Trial]
    kept_baseline: bool
    baseline_score: float | None
    sampling: list[SamplingNote]
    note: str | None = None


@dataclass
class Search:
    """One search of `config`'s parameters over given rows."""

    config: OptimizationConfig
    recipe: Sequence[RecipeStep]
    runner: TrialRunner
    counter: FitCounter

    @property
    def size(self) -> int:
        config = self.config
        return CandidateSearch(config.entry.search_space, config.method, config.n_iterations).size

    def fits(self, supervised: bool) -> int:
        return (self.size + 1) * (self.config.cv_folds if supervised else 1)

    def run(self, frame: pd.DataFrame, target: pd.Series[Any] | None) -> SearchOutcome:
        config, entry = self.config, self.config.entry
        frame, target, sampling = _search_rows(frame, target, entry.problem_type)
        splits = [] if target is None else validation_splits(target, self._inner(target))
        scorer = Scorer(
            entry,
            self.recipe,
            config.validation.target_column,
            frame,
            target,
            splits,
            config.primary_metric,
        )
        baseline = score_trial(scorer, {}, self.counter, f"Scoring {entry.name} as trained")
        trials = self._trials(scorer)
        return self._outcome(baseline, trials, target is None, sampling)

    def _inner(self, target: pd.Series[Any]) -> TrainingConfig:
        validation = self.config.validation
        return TrainingConfig(
            validation.models,
            validation.problem_type,
            validation.target_column,
            "cross_validation",
            cv_folds=self.config.cv_folds,
        )

    def _trials(self, scorer: Scorer) -> list[Trial]:
        config, entry = self.config, self.config.entry
        candidates = CandidateSearch(entry.search_space, config.method, config.n_iterations)
        sign = -1.0 if lower_is_better(config.primary_metric) else 1.0
        trials: list[Trial] = []
        for batch in candidates.batches(self.runner.width):
            labels = [
                f"Optimizing {entry.name}: candidate {number} of {candidates.size}"
                for number in range(len(trials) + 1, len(trials) + len(batch) + 1)
            ]
            scored_batch = self.runner.run(scorer, batch, self.counter, labels)
            trials.extend(scored_batch)
            candidates.score(
                [None if trial.score is None else sign * trial.score for trial in scored_batch]
            )
        return trials

    def _outcome(
        self, baseline: Trial, trials: list[Trial], clustering: bool, sampling: list[SamplingNote]
    ) -> SearchOutcome:
        name, metric = self.config.entry.name, self.config.primary_metric
        scored = [trial for trial in trials if trial.score is not None]
        if not scored and clustering and baseline.score is not None:
            note = (
                f"No searched set of {name} gave two or more clusters; its own settings are kept."
            )
            return SearchOutcome({}, baseline.score, trials, True, baseline.score, sampling, note)
        if not scored:
            first = trials[0].error if trials else None
            raise LatheError(
                f"No parameter set of {name} could be scored: {first}",
                ErrorCode.OPTIMIZATION_FAILED,
                {"model": name, "detail": first},
            )
        best = scored[0]
        for trial in scored[1:]:
            if better(metric, trial.score or 0.0, best.score):
                best = trial
        if baseline.score is not None and better(metric, baseline.score, best.score):
            return SearchOutcome({}, baseline.score, trials, True, baseline.score, sampling)
        return SearchOutcome(best.params, best.score, trials, False, baseline.score, sampling)


def _no_search_space(config: OptimizationConfig) -> LatheError:
    name = config.entry.name
    return LatheError(
        f"{name} has no search space for {config.method}.",
        ErrorCode.NO_SEARCH_SPACE,
        {"model": name},
    )


def optimize(
    raw_frame: pd.DataFrame,
    recipe: Sequence[RecipeStep],
    config: OptimizationConfig,
    progress: ProgressReport | None = None,
    runner: TrialRunner | None = None,
) -> OptimizationRun:
    """Search `config.entry`'s parameters with `recipe` on `raw_frame` (the frame as
    uploaded), its sets scored by `runner` (here by default), judge the optimized model
    on the training run's validation and fit it as training fits."""
    search = Search(config, recipe, runner or TrialsInProcess(), FitCounter(progress, 0))
    if search.size == 0:
        raise _no_search_space(config)
    validation = config.validation
    rows = learning_rows(
        raw_frame, validation.target_column, validation.problem_type, min_class_rows(validation)
    )
    if rows.target is None:
        return _optimize_clustering(rows.frame, search)
    return _optimize_supervised(rows.frame, rows.target, search)


def _optimize_clustering(frame: pd.DataFrame, search: Search) -> OptimizationRun:
    config, entry = search.config, search.config.entry
    search.counter.total = search.fits(supervised=False) + 1
    outcome = search.run(frame, None)
    fitted = fit_pipeline(entry, search.recipe, None, frame, None, outcome.params)
    search.counter.fitted(f"Fitting {entry.name} with the best parameters on every row")
    features = model_features(fitted.pipeline, frame)
    labels = model_step(fitted.pipeline).predict(features)
    metrics = clustering_metrics(model_matrix(features), labels, None)
    return _run(config, outcome, fitted, outcome.score, outcome.baseline_score, metrics)


def _run(
    config: OptimizationConfig,
    outcome: SearchOutcome,
    fitted: FittedPipeline,
    score: float | None,
    baseline: float | None,
    metrics: Metrics,
) -> OptimizationRun:
    """The run of the parameters `outcome` chose, fitted as `fitted`, judged `score`."""
    return OptimizationRun(
        best_score=float(score or 0.0),
        best_params=outcome.params,
        baseline_score=baseline,
        improvement=None if score is None else relative_improvement(score, baseline),
        primary_metric=config.primary_metric,
        kept_baseline=outcome.kept_baseline,
        trials=outcome.trials,
        pipeline=fitted.pipeline,
        metrics=metrics,
        search_score=outcome.score,
        sampling=outcome.sampling + ([fitted.sampling] if fitted.sampling else []),
        note=outcome.note,
    )


def _optimize_supervised(
    frame: pd.DataFrame, target: pd.Series[Any], search: Search
) -> OptimizationRun:
    config, entry, counter = search.config, search.config.entry, search.counter
    validation = config.validation
    outer = validation_splits(target, validation)
    cross_validated = validation.validation_method == "cross_validation"
    searches = len(outer) + int(cross_validated)
    counter.total = searches * search.fits(supervised=True) + 2 * len(outer) + cross_validated
    judge = Scorer(
        entry, search.recipe, validation.target_column, frame, target, outer, config.primary_metric
    )
    baseline_parts = []
    for split in outer:
        baseline_parts.append(judge.held_out({}, split)[0])
        counter.fitted(f"Scoring {entry.name} as trained on its held-out rows")
    baseline = judge.evaluated(baseline_parts).get(config.primary_metric)
    parts, outcomes, fits = [], [], []
    for split in outer:
        outcomes.append(search.run(frame.iloc[split[0]], target.iloc[split[0]]))
        part, fitted = judge.held_out(outcomes[-1].params, split)
        counter.fitted(f"Scoring optimized {entry.name} on its held-out rows")
        parts.append(part)
        fits.append(fitted)
    final, fitted = outcomes[0], fits[0]
    if cross_validated:
        final = search.run(frame, target)
        fitted = fit_pipeline(
            entry, search.recipe, validation.target_column, frame, target, final.params
        )
        counter.fitted(f"Fitting {entry.name} with the best parameters on every row")
    metrics = judge.evaluated(parts)
    return _run(config, final, fitted, metrics.get(config.primary_metric), baseline, metrics)
