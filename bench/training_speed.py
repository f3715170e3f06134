"""Training speed against the bare models: every catalogue classifier trained with 5-fold
cross-validation through Lathe's training (the folds, the final fit on every row, the
metrics and charts), next to what a person would run by hand for the same result:
scikit-learn's ``cross_val_score`` of the same estimator on the matrix the pipeline hands
it, plus one final fit on every row, on generated shapes of several sizes.

Models with a row limit (forests, kernels, neighbours) are measured at their limit: Lathe
fits them on a sample of that many rows, so the shape is cut to it for both sides.

A row whose first run of Lathe's training takes under ``REPEATED_UNDER`` seconds is run
twice more on each side, the two sides taking turns, and each side's fastest run is
compared: on this 2-core machine the same naive Bayes training at 1,000,000 rows took
1.38-2.12 s from run to run, and one run of each side moved its ratio across the target.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd
from sklearn.base import clone
from sklearn.model_selection import StratifiedKFold, cross_val_score

from lathe.ml.catalog import ENTRIES, CatalogEntry
from lathe.ml.pipeline import training_pipeline
from lathe.ml.threads import thread_params
from lathe.ml.training import train
from lathe.ml.training_config import TrainingConfig

TARGET = "label"
FOLDS = 5
RATIO_TARGET = 1.25
SMALL_ANCHOR_SLACK = 0.3
"""Seconds over the anchor that still pass where the anchor is a fraction of a second."""
WHOLE_CATALOGUE_TARGET = 25.0
REPEATED_UNDER = 10.0
"""Seconds of a first run under which a row is measured as the best of ``RUNS``."""
RUNS = 3
WHY_FASTER = {
    "CatBoostClassifier": "Lathe stops on an inner split; the bare fit runs all 500 iterations",
}


@dataclass(frozen=True)
class Shape:
    name: str
    rows: int
    columns: int
    classes: int


SHAPES = (
    Shape("3,000 x 15, 12 classes", 3_000, 15, 12),
    Shape("1,500 x 5, 5 classes", 1_500, 5, 5),
    Shape("100,000 x 20, binary", 100_000, 20, 2),
    Shape("1,000,000 x 20, binary", 1_000_000, 20, 2),
)


def shaped_frame(shape: Shape, rows: int, seed: int = 0) -> pd.DataFrame:
    """Numbers whose first few columns decide the class (argmax of noisy linear scores)."""
    rng = np.random.default_rng(seed)
    features = rng.normal(size=(rows, shape.columns))
    weights = rng.normal(size=(min(shape.columns, 6), shape.classes))
    scores = features[:, : weights.shape[0]] @ weights + rng.normal(0, 1.0, (rows, shape.classes))
    frame = pd.DataFrame(features, columns=[f"x{i}" for i in range(shape.columns)])
    frame[TARGET] = pd.Series([f"class{c}" for c in scores.argmax(axis=1)], dtype="str")
    return frame


def lathe_seconds(entry: CatalogEntry, frame: pd.DataFrame) -> float:
    """The wall time of Lathe's training: the folds, the final fit on every row, the
    metrics and the charts Evaluation shows first."""
    config = TrainingConfig((entry,), "classification", TARGET, "cross_validation", cv_folds=FOLDS)
    started = time.perf_counter()
    run = train(frame, [], config)
    seconds = time.perf_counter() - started
    (result,) = run.results["results"]
    if result["error"]:
        raise RuntimeError(f"{entry.name}: {result['error']}")
    return seconds


def seconds_of(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def bare_seconds(entry: CatalogEntry, frame: pd.DataFrame) -> float:
    """What a person would run by hand for the same result: ``cross_val_score`` of the
    estimator, built as Lathe builds it for these rows, on the model input the pipeline
    makes of the frame, plus one final fit on every row."""
    features, labels = frame.drop(columns=[TARGET]), frame[TARGET]
    pipeline = training_pipeline([], entry, TARGET)
    matrix = pipeline.steps[-2][1].fit(features).transform(features).to_numpy(np.float64)
    codes = pd.factorize(labels, sort=True)[0]
    estimator = entry.build(**thread_params(entry, len(frame)))
    folds = StratifiedKFold(n_splits=FOLDS, shuffle=True, random_state=0)
    started = time.perf_counter()
    cross_val_score(estimator, matrix, codes, cv=folds)
    clone(estimator).fit(matrix, codes)
    return time.perf_counter() - started


def fastest_of_each(entry: CatalogEntry, frame: pd.DataFrame, first: float) -> tuple[float, float]:
    """Lathe's and the anchor's seconds on `frame`, each the fastest of ``RUNS`` runs taking
    turns when Lathe's `first` run was short, else of one."""
    runs = RUNS if first < REPEATED_UNDER else 1
    ours, bare = [first], [bare_seconds(entry, frame)]
    for _ in range(runs - 1):
        ours.append(lathe_seconds(entry, frame))
        bare.append(bare_seconds(entry, frame))
    return min(ours), min(bare)


def training_speed(shapes: tuple[Shape, ...] = SHAPES) -> None:
    entries = [entry for entry in ENTRIES.values() if entry.problem_type == "classification"]
    for shape in shapes:
        print(
            f"training speed, {shape.name}, {FOLDS}-fold CV and a final fit (target "
            f"{RATIO_TARGET}x, or within {SMALL_ANCHOR_SLACK} s; each side the fastest of "
            f"{RUNS} runs where Lathe's first took under {REPEATED_UNDER:.0f} s)"
        )
        total = 0.0
        for entry in entries:
            rows = min(shape.rows, entry.row_limit or shape.rows)
            frame = shaped_frame(shape, rows)
            first = lathe_seconds(entry, frame)
            total += first
            ours, bare = fastest_of_each(entry, frame, first)
            ratio = ours / bare
            note = ""
            if ratio > RATIO_TARGET and ours - bare > SMALL_ANCHOR_SLACK:
                note = "  OVER TARGET"
            elif entry.name in WHY_FASTER and ratio < 1:
                note = f"  ({WHY_FASTER[entry.name]})"
            print(
                f"  {entry.name:<24} {rows:>9,} rows   Lathe {ours:7.2f} s   "
                f"cross_val_score + final fit {bare:7.2f} s   {ratio:5.2f}x{note}"
            )
        limit = f" (target {WHOLE_CATALOGUE_TARGET:.0f} s)" if shape is SHAPES[0] else ""
        print(f"  whole classifier catalogue, each model's first run: {total:.1f} s{limit}")


if __name__ == "__main__":
    training_speed()
