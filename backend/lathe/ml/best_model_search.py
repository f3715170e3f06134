"""Find the best model: every catalogue model of the problem type, the leaders tuned and
an ensemble of the best, within a time budget, all judged on the same folds by the
primary metric.

1. Defaults in ``SEARCH_ORDER``: the cheap models first, then the gradient boosters (the
   usual winners on tables) before the costlier neighbours, forests and kernels; a model
   whose expected time no longer fits is skipped and the pass goes on to the next. As
   many models run at once as the ``TrialMap`` is wide, the next starting as one ends.
   Each model is cross-validated on the folds training uses (``cv_folds``, stratified for
   classification, seed 0). Racing: once ``RACE_FROM`` models have finished, a model
   whose first fold scores clearly behind (by more than ``RACE_MARGIN`` plus twice the
   leader's fold spread) the first-fold score of the ``RACE_FROM``-th best is stopped
   there. The pass starts no new model past ``DEFAULTS_SHARE`` of the budget.
2. Tuning: the ``LEADERS`` best models with a search space take turns at Optuna trials
   (TPE, seed 0) on the same folds, raced against the best set so far, never with a
   setting ONNX cannot export (``UNEXPORTABLE``). A tuned set that clearly beats its
   defaults (``clearly_better`` by ``TUNED_ERRORS``), and that clearly beats the leading
   row too if it would take the top from another model (``tuned_set_kept``), is fitted on
   every row and becomes a row of its own.
3. Ensemble: greedy selection with replacement (``lathe.ml.ensemble``) over the
   out-of-fold predictions of the ``ENSEMBLE_CANDIDATES`` best rows. Its fold scores are
   honest: each fold is blended with weights chosen on the other folds' rows only, and the
   ensemble is kept only when their mean is above the best single row's
   (``ensemble_kept``). The ensemble kept has the weights chosen on every row.

No fit starts unless its expected time (the model's own fold time, once known) and the
time the results will take (every metric of every fold of every finished row, timed on
the first fold) still fit in ``FIT_SHARE`` of the budget, and every fit runs under that
end (``fits_end_by``): CatBoost, whose cost no other model's foretells, stops there and
its model is skipped. Every finished row is fitted on every row and kept as an ordinary
trained model. Cancelling stops the search between fits and keeps every finished row
(``stopped``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeVar

import numpy as np
import numpy.typing as npt
import optuna
import pandas as pd

from lathe.errors import ErrorCode, LatheError
from lathe.ml.catalog import CatalogEntry
from lathe.ml.ensemble import ensemble_pipeline, selected_weights
from lathe.ml.evaluation import fold_metrics
from lathe.ml.fit_deadline import FitOutOfTime, fits_end_by
from lathe.ml.metric_catalog import BY_NAME, PRIMARY_METRIC
from lathe.ml.metric_value import metric_value
from lathe.ml.pipeline import model_step
from lathe.ml.progress import ProgressReport, TaskStopped
from lathe.ml.results import Leaderboard, LeaderboardRow, ModelResult, Stage, Status
from lathe.ml.sampling import Positions, uniform_sample
from lathe.ml.search_candidates import SEED, Params, optuna_distribution, plain
from lathe.ml.training import (
    FittedPipeline,
    FitWork,
    HeldOut,
    Split,
    TrainingRun,
    actual_of,
    error_text,
    held_out_part,
    learning_rows,
    min_class_rows,
    supervised_result,
    training_results,
    validation_splits,
)
from lathe.ml.training_config import TrainingConfig
from lathe.steps.recipe import RecipePipeline
from lathe.steps.recipe_step import RecipeStep

MIN_BUDGET, MAX_BUDGET, DEFAULT_BUDGET = 30, 3600, 120
DEFAULTS_SHARE = 0.5
FIT_SHARE = 0.95
FINAL_FOLDS = 1.25
"""A fit on every row, in folds' time: five folds' rows are four fifths of every row."""
RACE_FROM = 3
RACE_MARGIN = 0.01
LEADERS = 2
TUNED_ERRORS = 2.0
"""A tuned set is the best of many trials scored on the same folds, so its mean is
inflated by about two standard errors of noise; it must beat its defaults by more."""
FOREST_TREE_SHARE = 0.5
"""A forest's tree costs about half a whole decision tree's fit (bootstrap rows, random
splits): on diamonds' 43,152 training rows, 0.36 of the tree's fold time for ExtraTrees,
0.48 for a random forest."""
ENSEMBLE_CANDIDATES = 6
SELECTION_ROWS = 20_000
ENSEMBLE = "Ensemble"
UNEXPORTABLE = {"weights": "distance"}
"""k-neighbours weighted by distance predict a training row otherwise in ONNX."""
SEARCH_ORDER = (
    "GaussianNB",
    "MultinomialNB",
    "LogisticRegression",
    "LinearRegression",
    "Ridge",
    "Lasso",
    "ElasticNet",
    "DecisionTreeClassifier",
    "DecisionTreeRegressor",
    "LGBMClassifier",
    "LGBMRegressor",
    "CatBoostClassifier",
    "CatBoostRegressor",
    "XGBClassifier",
    "XGBRegressor",
    "KNeighborsClassifier",
    "KNeighborsRegressor",
    "ExtraTreesClassifier",
    "ExtraTreesRegressor",
    "RandomForestClassifier",
    "RandomForestRegressor",
    "SVC",
    "SVR",
)

Publish = Callable[[Leaderboard], None]
FloatArray = npt.NDArray[np.float64]
T = TypeVar("T")


def weighted(items: Sequence[T], weights: Sequence[float]) -> list[tuple[T, float]]:
    """The items with a weight above zero, each with its weight."""
    return [(item, weight) for item, weight in zip(items, weights, strict=True) if weight > 0]


@dataclass
class Contender:
    name: str
    entry: CatalogEntry | None
    stage: Stage
    params: Params = field(default_factory=dict)
    parts: list[HeldOut] = field(default_factory=list)
    fold_fits: list[FittedPipeline] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    fit_seconds: float = 0.0
    predict_seconds: float = 0.0
    predicted_rows: int = 0
    status: Status = "running"
    error: str | None = None
    final: FittedPipeline | None = None
    weights: dict[str, float] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return float(np.mean(self.scores)) if self.scores else -math.inf

    @property
    def spread(self) -> float:
        return float(np.std(self.scores)) if self.scores else 0.0

    def fold_seconds(self) -> float:
        return self.fit_seconds / max(1, len(self.fold_fits))

    def model_fold_seconds(self) -> float:
        """A fold's fit of the model alone, without the recipe and model input before it."""
        return float(np.mean([model_step(fit.pipeline).fit_seconds_ for fit in self.fold_fits]))


def exportable_distributions(entry: CatalogEntry) -> dict[str, Any]:
    """The entry's search space as Optuna distributions, without the choices whose models
    ONNX cannot export (``UNEXPORTABLE``): every model the search keeps exports."""
    distributions = {}
    for name, values in entry.search_space.distributions.items():
        if isinstance(values, list | tuple):
            values = [value for value in values if UNEXPORTABLE.get(name) != value]
        distributions[name] = optuna_distribution(values)
    return distributions


def search_entries(config: TrainingConfig, classes: int) -> list[CatalogEntry]:
    """The configuration's models in ``SEARCH_ORDER``, but with more than two `classes`
    CatBoost after the forests: each of its rounds costs as many binary rounds as there
    are classes (on 4 classes of 3,500 rows its folds took half a 30 s budget)."""
    names = list(SEARCH_ORDER)
    if classes > 2:
        names.remove("CatBoostClassifier")
        names.insert(names.index("RandomForestClassifier") + 1, "CatBoostClassifier")
    order = {name: position for position, name in enumerate(names)}
    return sorted(config.models, key=lambda entry: order.get(entry.name, len(order)))


@dataclass(frozen=True)
class FoldData(FitWork):
    """What fitting and scoring a model on the search's folds needs: sent once to the
    workers that score trials."""

    metric: str
    sign: float

    def score(self, part: HeldOut) -> float:
        """The primary metric of a held-out part, higher better."""
        actual, classes = self.actual.values[part.rows], self.actual.classes
        value = metric_value(self.metric, actual, part.predicted, part.probabilities, classes)
        return -math.inf if value is None else self.sign * value

    def fit_fold(self, contender: Contender, number: int, ends_by: float) -> None:
        """Fit `contender` on fold `number`; a fit still running at `ends_by` (a
        ``time.time()``) stops there (``FitOutOfTime``)."""
        entry = contender.entry
        assert entry is not None
        with fits_end_by(ends_by):
            fitted = self.split_fit(entry, number, contender.params)
        test_rows = self.splits[number][1]
        started = time.perf_counter()
        part = held_out_part(fitted.pipeline, self.frame, test_rows, self.actual.classes)
        contender.predict_seconds += time.perf_counter() - started
        contender.predicted_rows += len(test_rows)
        contender.fit_seconds += fitted.seconds
        contender.fold_fits.append(fitted)
        contender.parts.append(part)
        contender.scores.append(self.score(part))

    def final_fit(self, contender: Contender, ends_by: float) -> None:
        """Fit `contender` on every row, stopping at `ends_by` like a fold."""
        entry = contender.entry
        assert entry is not None
        with fits_end_by(ends_by):
            contender.final = self.every_row_fit(entry, contender.params)
        contender.fit_seconds += contender.final.seconds


@dataclass(frozen=True)
class Trial:
    contender: Contender
    bar: float | None
    """Its first fold must score at least this, or it stops there (racing)."""
    ends_by: float
    """A ``time.time()`` by which its fits must end: no fit starts that would not."""
    fold_seconds: float
    """What its first fold is expected to take."""
    final: bool = False
    """Whether a model that passes every fold is fitted on every row too (a default; a
    tuning trial is fitted on every row only if it clearly beats its defaults)."""


def scored_trial(data: FoldData, trial: Trial) -> Contender:
    """A model cross-validated on the search's folds, raced and timed, and with ``final``
    fitted on every row; a failure is recorded on it. Runs where the search's
    ``TrialMap`` puts it. With ``final``, no fold starts unless the folds left and the
    final fit (``FINAL_FOLDS`` folds' time) can end by ``ends_by``."""
    contender = trial.contender
    folds = len(data.splits)
    with failure_recorded(contender):
        for number in range(folds):
            expected = contender.fold_seconds() if number else trial.fold_seconds
            needed = expected * (folds - number + FINAL_FOLDS) if trial.final else expected
            if time.time() + needed > trial.ends_by:
                contender.status = "skipped_for_time"
                return contender
            data.fit_fold(contender, number, trial.ends_by)
            if number == 0 and trial.bar is not None and contender.scores[0] < trial.bar:
                contender.status = "stopped_early"
                return contender
        if trial.final:
            if time.time() + contender.fold_seconds() * FINAL_FOLDS > trial.ends_by:
                contender.status = "skipped_for_time"
                return contender
            data.final_fit(contender, trial.ends_by)
        contender.status = "finished"
    return contender


NextTrial = Callable[[], "Trial | None"]
TrialDone = Callable[[Contender], None]


class TrialMap(Protocol):
    """Scores trials: one after the other here, or across a cluster's workers
    (``lathe.jobs.best_model_trials``), as many at once as its ``width``."""

    width: int

    def map(self, data: FoldData, trials: Sequence[Trial]) -> list[Contender]:
        """A batch of trials, scored."""
        ...

    def stream(self, data: FoldData, next_trial: NextTrial, done: TrialDone) -> None:
        """Trials from `next_trial` (until it gives None), ``width`` at a time, each
        handed to `done` as soon as it is scored, a new one started in its place."""
        ...


class TrialsHere:
    width = 1

    def map(self, data: FoldData, trials: Sequence[Trial]) -> list[Contender]:
        return [scored_trial(data, trial) for trial in trials]

    def stream(self, data: FoldData, next_trial: NextTrial, done: TrialDone) -> None:
        while (trial := next_trial()) is not None:
            done(scored_trial(data, trial))


def race_bar(rivals: Sequence[Contender]) -> float | None:
    """The first-fold score below which a model is clearly behind the ``RACE_FROM``-th of
    `rivals` (by more than ``RACE_MARGIN``, relative, plus twice the leader's spread)."""
    if len(rivals) < RACE_FROM:
        return None
    bar = sorted((rival.scores[0] for rival in rivals), reverse=True)[RACE_FROM - 1]
    return bar - RACE_MARGIN * max(1.0, abs(bar)) - 2 * rivals[0].spread


def clearly_better(challenger: Contender, incumbent: Contender, errors: float = 1.0) -> bool:
    """Whether `challenger` beats `incumbent` on the same folds by more than the noise:
    the mean of their fold-by-fold differences exceeds `errors` standard errors of it."""
    differences = np.subtract(challenger.scores, incumbent.scores)
    error = differences.std(ddof=1) / math.sqrt(len(differences))
    return bool(differences.mean() > errors * error)


def tuned_set_kept(tuned: Contender, default: Contender, leader: Contender) -> bool:
    """Whether a tuned set becomes a row: it clearly beats its defaults, and when its mean
    passes the `leader`'s (another model's row, or its defaults), it clearly beats that row
    too. Its mean is the best of many trials on the same folds, inflated by their noise, and
    a margin within that noise must not take the top from a row that needed no tuning."""
    if not clearly_better(tuned, default, TUNED_ERRORS):
        return False
    return tuned.mean <= leader.mean or clearly_better(tuned, leader, TUNED_ERRORS)


def ensemble_kept(ensemble: Contender, best: Contender) -> bool:
    """Whether the ensemble becomes a row: its honest fold scores' mean is above the best
    single row's. Unlike a tuned set it is not the best of many tries on these folds, so
    no margin for that choice is asked of it."""
    return ensemble.mean > best.mean


@contextmanager
def failure_recorded(contender: Contender) -> Iterator[None]:
    """A model's failure recorded on its row (the search goes on); a stop passes; a fit
    that ran out of time skips the model."""
    try:
        yield
    except TaskStopped:
        raise
    except FitOutOfTime:
        contender.status = "skipped_for_time"
    except Exception as error:
        contender.status = "failed"
        contender.error = error_text(error)


class BestModelSearch:
    def __init__(
        self,
        raw_frame: pd.DataFrame,
        recipe: Sequence[RecipeStep],
        config: TrainingConfig,
        budget: float,
        progress: ProgressReport,
        publish: Publish,
        trials: TrialMap | None = None,
    ) -> None:
        if config.target_column is None or config.problem_type == "clustering":
            raise LatheError("Please select a target column.", ErrorCode.TARGET_REQUIRED)
        self.config = replace(config, validation_method="cross_validation")
        self.raw_frame = raw_frame
        self.recipe = recipe
        self.budget = budget
        self.progress = progress
        self.publish = publish
        self.metric = config.primary_metric or PRIMARY_METRIC[config.problem_type]
        self.sign = -1.0 if BY_NAME[self.metric].direction == "lower" else 1.0
        self.rows = learning_rows(
            raw_frame, config.target_column, config.problem_type, min_class_rows(self.config)
        )
        self.frame = self.rows.frame
        self.target: pd.Series[Any] = self.rows.target  # type: ignore[assignment]
        self.truth = actual_of(self.target, config.problem_type)
        self.actual = self.truth.values
        self.classes = self.truth.classes
        self.splits: list[Split] = validation_splits(self.target, self.config, self.truth)
        self.data = FoldData(
            self.frame,
            self.target,
            recipe,
            config.target_column,
            self.splits,
            self.truth,
            True,
            self.metric,
            self.sign,
        )
        self.trials = trials or TrialsHere()
        self.contenders: list[Contender] = []
        self.metrics_seconds = 0.0
        """One fold's every metric, timed on the first fold fitted."""
        self.started = time.perf_counter()
        self.stopped = False

    # time

    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    def fits_in_time(self, seconds: float) -> bool:
        return self.elapsed() + seconds + self.results_seconds() <= FIT_SHARE * self.budget

    def ends_by(self) -> float:
        """The ``time.time()`` by which fitting must end for the results to fit the budget."""
        return time.time() + FIT_SHARE * self.budget - self.elapsed() - self.results_seconds()

    def results_seconds(self) -> float:
        """What turning the finished rows (and an ensemble) into results will take."""
        rows = len(self.finished()) + 1
        return rows * (len(self.splits) + 2) * self.metrics_seconds

    def report(self, message: str) -> None:
        """Publish the leaderboard, then tell the progress (which raises ``TaskStopped``
        when the search must stop; once stopped, it is told no more)."""
        self.publish_board(running=True)
        if not self.stopped:
            self.progress(min(int(self.elapsed()), int(self.budget)), int(self.budget), message)

    # scoring

    def fold_score(self, part: HeldOut) -> float:
        return self.data.score(part)

    def finished(self) -> list[Contender]:
        done = [contender for contender in self.contenders if contender.status == "finished"]
        return sorted(done, key=lambda contender: -contender.mean)

    # fitting

    def final_fit(self, contender: Contender) -> None:
        self.report(f"{contender.name}, final fit on every row")
        self.data.final_fit(contender, self.ends_by())
        contender.status = "finished"

    # the three passes

    def expected_fold_seconds(self, entry: CatalogEntry) -> float:
        """A fold of a model not fitted yet: for a forest whose tree has been fitted, the
        tree's fold with the tree's own fit multiplied by the forest's trees
        (``n_estimators``), ``FOREST_TREE_SHARE`` and its share of the fold's rows above its
        row limit (the recipe and model input are fitted once, as for the tree); else the
        mean fold of those fitted."""
        tree = next((c for c in self.contenders if c.name == entry.tree and c.fold_fits), None)
        if tree is not None and "n_estimators" in entry.settings:
            rows = len(self.splits[0][0])
            share = min(1.0, entry.row_limit / rows) if entry.row_limit else 1.0
            trees = entry.settings["n_estimators"] * FOREST_TREE_SHARE
            model = tree.model_fold_seconds()
            return float(tree.fold_seconds() - model + model * trees * share)
        fitted = [c.fold_seconds() for c in self.contenders if c.fold_fits]
        return float(np.mean(fitted)) if fitted else 0.0

    def defaults(self) -> None:
        """Every model with its defaults, ``width`` at a time: a new one starts as soon as
        one is scored, raced against those finished by then."""
        classes = 0 if self.classes is None else len(self.classes)
        waiting = [
            Contender(entry.name, entry, "default")
            for entry in search_entries(self.config, classes)
        ]

        def next_trial() -> Trial | None:
            while waiting:
                contender = waiting.pop(0)
                self.contenders.append(contender)
                assert contender.entry is not None
                expected = self.expected_fold_seconds(contender.entry)
                if self.elapsed() > DEFAULTS_SHARE * self.budget or not self.fits_in_time(
                    expected * (len(self.splits) + FINAL_FOLDS)
                ):
                    contender.status = "skipped_for_time"
                    continue
                self.report(f"{contender.name}, {len(self.splits)} folds and a final fit")
                bar = race_bar(self.finished())
                return Trial(contender, bar, self.ends_by(), expected, final=True)
            return None

        def done(scored: Contender) -> None:
            place = next(
                number
                for number, contender in enumerate(self.contenders)
                if contender.name == scored.name
            )
            self.contenders[place] = scored
            if scored.parts and not self.metrics_seconds:
                part = scored.parts[0]
                started = time.perf_counter()
                fold_metrics(
                    self.actual[part.rows], part.predicted, part.probabilities, self.classes
                )
                self.metrics_seconds = time.perf_counter() - started

        self.trials.stream(self.data, next_trial, done)

    def tune(self) -> None:
        optuna.logging.set_verbosity(optuna.logging.WARNING)
        leaders = [c for c in self.finished() if c.entry and c.entry.search_space.distributions]
        studies = {
            leader.name: optuna.create_study(
                direction="maximize", sampler=optuna.samplers.TPESampler(seed=SEED)
            )
            for leader in leaders[:LEADERS]
        }
        best: dict[str, Contender] = {leader.name: leader for leader in leaders[:LEADERS]}
        trial_number = 0
        while studies:
            for name in list(studies):
                default = next(c for c in self.contenders if c.name == name)
                trial_seconds = default.fold_seconds() * (len(self.splits) + FINAL_FOLDS)
                if not self.fits_in_time(trial_seconds * 2):
                    del studies[name]
                    continue
                entry = default.entry
                assert entry is not None
                distributions = exportable_distributions(entry)
                asked = [studies[name].ask(distributions) for _ in range(self.trials.width)]
                self.report(f"Tuning {name}: trials {trial_number + 1}–{trial_number + len(asked)}")
                ends_by = self.ends_by()
                trials = []
                for trial in asked:
                    trial_number += 1
                    params = {key: plain(value) for key, value in trial.params.items()}
                    candidate = Contender(f"{name} (trial {trial_number})", entry, "tuned", params)
                    bar = race_bar([best[name]] * RACE_FROM)
                    trials.append(Trial(candidate, bar, ends_by, 2 * default.fold_seconds()))
                for trial, scored in zip(asked, self.trials.map(self.data, trials), strict=True):
                    done = scored.status == "finished"
                    studies[name].tell(trial, scored.mean if done else -math.inf)
                    if done and scored.mean > best[name].mean:
                        scored.status = "running"
                        best[name] = scored
        for name, candidate in best.items():
            default = next(c for c in self.contenders if c.name == name)
            if candidate.stage != "tuned" or not tuned_set_kept(
                candidate, default, self.finished()[0]
            ):
                continue
            candidate.name = f"{name} (tuned)"
            self.run_tuned(candidate)

    def run_tuned(self, candidate: Contender) -> None:
        if not self.fits_in_time(candidate.fold_seconds() * FINAL_FOLDS):
            return
        self.contenders.append(candidate)
        with failure_recorded(candidate):
            self.final_fit(candidate)

    def ensemble(self) -> None:
        candidates = self.finished()[:ENSEMBLE_CANDIDATES]
        if len(candidates) < 2:
            return
        self.report("Ensemble of the best models")
        ensemble = self.blend_of(candidates)
        if ensemble is not None and ensemble_kept(ensemble, candidates[0]):
            ensemble.status = "finished"
            self.contenders.append(ensemble)

    def blend_of(self, candidates: Sequence[Contender]) -> Contender | None:
        """The ensemble of `candidates` (None when one alone is chosen), with honest fold
        scores: each fold blended with the weights chosen on the other folds' rows."""
        outputs = [self.out_of_fold(candidate) for candidate in candidates]
        every_row = np.arange(len(self.actual))
        weights = self.selection(outputs, every_row)
        members = weighted(candidates, weights)
        if len(members) < 2:
            return None
        ensemble = Contender(ENSEMBLE, None, "ensemble")
        for number, part in enumerate(candidates[0].parts):
            chosen = self.selection(outputs, np.setdiff1d(every_row, part.rows))
            blend = self.blended(part.rows, weighted([o[part.rows] for o in outputs], chosen))
            ensemble.parts.append(blend)
            ensemble.scores.append(self.fold_score(blend))
            folds = [candidate.fold_fits[number].pipeline for candidate in candidates]
            ensemble.fold_fits.append(self.blend_pipeline(folds, chosen))
        finals = [c.final.pipeline for c in candidates if c.final is not None]
        ensemble.final = self.blend_pipeline(finals, weights)
        ensemble.weights = {c.name: w for c, w in members}
        ensemble.fit_seconds = sum(c.fit_seconds for c, _ in members)
        ensemble.predict_seconds = sum(c.predict_seconds for c, _ in members)
        ensemble.predicted_rows = candidates[0].predicted_rows
        return ensemble

    def selection(self, outputs: Sequence[FloatArray], rows: Positions) -> list[float]:
        """The candidates' weights, chosen on `rows` of their out-of-fold `outputs`."""
        if len(rows) > SELECTION_ROWS:
            rows = rows[np.sort(uniform_sample(len(rows), SELECTION_ROWS))]
        return selected_weights(
            [output[rows] for output in outputs],
            lambda blend: self.fold_score(self.blended(rows, [(blend, 1.0)])),
        )

    @staticmethod
    def blend_pipeline(
        pipelines: Sequence[RecipePipeline], weights: Sequence[float]
    ) -> FittedPipeline:
        members = weighted(pipelines, weights)
        return FittedPipeline(
            ensemble_pipeline([p for p, _ in members], [w for _, w in members]), None, 0.0
        )

    def part_output(self, part: HeldOut) -> FloatArray:
        """A held-out part's probabilities (one column per class), or its values."""
        if self.classes is None:
            return np.asarray(part.predicted, np.float64)
        if part.probabilities is not None:
            return part.probabilities
        return np.asarray(part.predicted[:, None] == self.classes[None, :], np.float64)

    def out_of_fold(self, contender: Contender) -> FloatArray:
        """Every row's held-out output, in row order."""
        output = np.concatenate([self.part_output(part) for part in contender.parts])
        order = np.argsort(np.concatenate([part.rows for part in contender.parts]))
        return np.asarray(output[order])

    def blended(self, rows: Positions, outputs: Sequence[tuple[FloatArray, float]]) -> HeldOut:
        """The held-out part of the weighted average of `outputs` (of `rows`)."""
        total = np.asarray(sum(weight * output for output, weight in outputs), np.float64)
        if self.classes is None:
            return HeldOut(rows, total, None)
        probabilities = total / total.sum(axis=1, keepdims=True)
        return HeldOut(rows, self.classes[np.argmax(probabilities, axis=1)], probabilities)

    # the run

    def run(self) -> TrainingRun:
        try:
            self.defaults()
            self.tune()
        except TaskStopped as stop:
            if stop.code != ErrorCode.TASK_CANCELLED:
                raise
            self.stopped = True
        for contender in self.contenders:
            if contender.status == "running":
                contender.status = "skipped_for_time"
        if not self.finished():
            self.publish_board(running=False)
            first = next((c.error for c in self.contenders if c.error), None)
            if self.stopped:
                raise LatheError(
                    "The training was cancelled before any model finished.",
                    ErrorCode.TASK_CANCELLED,
                    {"task": "training"},
                )
            raise LatheError(
                f"No model could be trained: {first}",
                ErrorCode.TRAINING_FAILED,
                {"detail": first},
            )
        self.ensemble()
        return self.training_run()

    def training_run(self) -> TrainingRun:
        ranked = self.finished()
        results: list[ModelResult] = []
        pipelines: dict[str, RecipePipeline] = {}
        last_folds: dict[str, RecipePipeline] = {}
        for contender in ranked:
            assert contender.final is not None
            results.append(
                supervised_result(
                    contender.name,
                    contender.parts,
                    contender.final,
                    contender.fit_seconds,
                    self.config,
                    self.truth,
                )
            )
            pipelines[contender.name] = contender.final.pipeline
            last_folds[contender.name] = contender.fold_fits[-1].pipeline
        training = training_results(
            self.raw_frame, self.rows, self.truth, self.splits, self.config, results, pipelines
        )
        board = self.publish_board(running=False)
        training["search"] = board
        return TrainingRun(training, pipelines, last_folds)

    def publish_board(self, running: bool) -> Leaderboard:
        board: Leaderboard = {
            "primary_metric": self.metric,
            "time_budget": int(self.budget),
            "elapsed_seconds": round(self.elapsed(), 1),
            "running": running,
            "stopped": self.stopped,
            "rows": [self.board_row(c) for c in self.shown()],
            "ensemble": [
                {"model": name, "weight": weight}
                for c in self.contenders
                if c.stage == "ensemble"
                for name, weight in c.weights.items()
            ],
        }
        self.publish(board)
        return board

    def shown(self) -> list[Contender]:
        """The rows of the leaderboard: trials are not, their best is once tuned."""
        rows = [c for c in self.contenders if c.stage != "tuned" or c.name.endswith("(tuned)")]
        return sorted(rows, key=lambda c: (c.status != "finished", -c.mean))

    def board_row(self, contender: Contender) -> LeaderboardRow:
        base = contender.entry.name if contender.entry else None
        return {
            "model": contender.name,
            "base_model": base,
            "stage": contender.stage,
            "settings": dict(contender.params),
            "score": None if not contender.scores else self.sign * contender.mean,
            "score_std": None if len(contender.scores) < 2 else contender.spread,
            "folds": len(contender.scores),
            "status": contender.status,
            "fit_seconds": round(contender.fit_seconds, 3),
            "predict_ms_per_1000": (
                round(1e6 * contender.predict_seconds / contender.predicted_rows, 3)
                if contender.predicted_rows
                else None
            ),
            "error": contender.error,
        }


def find_best_model(
    raw_frame: pd.DataFrame,
    recipe: Sequence[RecipeStep],
    config: TrainingConfig,
    budget: float,
    progress: ProgressReport,
    publish: Publish,
    trials: TrialMap | None = None,
) -> TrainingRun:
    """The search (see the module's description) as a training run; `trials` scores the
    tuning trials (here, one after the other, by default)."""
    return BestModelSearch(raw_frame, recipe, config, budget, progress, publish, trials).run()
