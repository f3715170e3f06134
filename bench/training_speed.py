"""Training speed against the bare models: every catalogue classifier trained with 5-fold
cross-validation through Lathe's training (the folds, the final fit on every row, the
metrics and charts), next to scikit-learn's ``cross_val_score`` of the same estimator on
the matrix the pipeline hands it, on generated shapes of several sizes.

Models with a row limit (forests, kernels, neighbours) are measured at their limit: Lathe
fits them on a sample of that many rows, so the shape is cut to it for both sides.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd
from sklearn.model_selection import StratifiedKFold, cross_val_score

from lathe.ml.catalog import ENTRIES, CatalogEntry
from lathe.ml.explanations import EXPLAINED_ROWS, EXPLANATION_SECONDS, held_out_explanation
from lathe.ml.pipeline import training_pipeline
from lathe.ml.threads import thread_params
from lathe.ml.training import fit_pipeline, train
from lathe.ml.training_config import TrainingConfig

TARGET = "label"
FOLDS = 5
RATIO_TARGET = 1.5
WHOLE_CATALOGUE_TARGET = 60.0
WHY_SLOWER = (
    "{fit_count} fits (the folds, side by side on one thread each when small, and the final "
    "fit on every row) add up to {fits:.2f} s of fitting, {input:.2f} s of it fitting the "
    "model's input (types, imputation, scaling) that the bare folds get ready-made; "
    "{explain:.2f} s explaining held-out rows (up to {explained_rows:,} rows, at most about "
    "{explain_budget:.0f} s); the rest of Lathe's time is the rest of its evaluation of the "
    "model: metrics, charts, the baseline and importances (permutation for models without "
    "their own)"
)
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


def lathe_seconds(entry: CatalogEntry, frame: pd.DataFrame) -> tuple[float, float]:
    """The wall time of Lathe's training, and the time its model fits took within it
    (the result's ``train_seconds``: the folds and the final fit on every row)."""
    config = TrainingConfig((entry,), "classification", TARGET, "cross_validation", cv_folds=FOLDS)
    started = time.perf_counter()
    run = train(frame, [], config)
    seconds = time.perf_counter() - started
    (result,) = run.results["results"]
    if result["error"]:
        raise RuntimeError(f"{entry.name}: {result['error']}")
    return seconds, result["train_seconds"]


def model_input_seconds(entry: CatalogEntry, frame: pd.DataFrame) -> float:
    """The time Lathe's fits spend fitting the model's input: on each fold's training rows
    and on every row for the final fit."""
    features = frame.drop(columns=[TARGET])
    folds = StratifiedKFold(n_splits=FOLDS, shuffle=True, random_state=0)
    rows = [fit_rows for fit_rows, _ in folds.split(features, frame[TARGET])]
    started = time.perf_counter()
    for chosen in [*rows, np.arange(len(features))]:
        model_input = training_pipeline([], entry, TARGET).steps[-2][1]
        model_input.fit(features.iloc[chosen]).transform(features.iloc[chosen])
    return time.perf_counter() - started


def explanation_seconds(entry: CatalogEntry, frame: pd.DataFrame) -> float:
    """The time Lathe's evaluation spends explaining the last fold's held-out rows."""
    features, labels = frame.drop(columns=[TARGET]), frame[TARGET]
    folds = StratifiedKFold(n_splits=FOLDS, shuffle=True, random_state=0)
    *_, (fit_rows, held_out) = folds.split(features, labels)
    fitted = fit_pipeline(entry, [], TARGET, features.iloc[fit_rows], labels.iloc[fit_rows])
    return seconds_of(lambda: held_out_explanation(fitted.pipeline, features, fit_rows, held_out))


def seconds_of(work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def bare_seconds(entry: CatalogEntry, frame: pd.DataFrame) -> float:
    """``cross_val_score`` of the estimator, built as Lathe builds it for these rows, on
    the model input the pipeline makes of the frame."""
    features, labels = frame.drop(columns=[TARGET]), frame[TARGET]
    pipeline = training_pipeline([], entry, TARGET)
    matrix = pipeline.steps[-2][1].fit(features).transform(features).to_numpy(np.float64)
    codes = pd.factorize(labels, sort=True)[0]
    estimator = entry.build(**thread_params(entry, len(frame)))
    folds = StratifiedKFold(n_splits=FOLDS, shuffle=True, random_state=0)
    started = time.perf_counter()
    cross_val_score(estimator, matrix, codes, cv=folds)
    return time.perf_counter() - started


def training_speed(shapes: tuple[Shape, ...] = SHAPES) -> None:
    entries = [entry for entry in ENTRIES.values() if entry.problem_type == "classification"]
    for shape in shapes:
        print(f"training speed, {shape.name}, {FOLDS}-fold CV (target ratio {RATIO_TARGET}x)")
        total = 0.0
        for entry in entries:
            rows = min(shape.rows, entry.row_limit or shape.rows)
            frame = shaped_frame(shape, rows)
            (ours, fits), bare = lathe_seconds(entry, frame), bare_seconds(entry, frame)
            total += ours
            ratio = ours / bare
            note = ""
            if ratio > RATIO_TARGET:
                why = WHY_SLOWER.format(
                    fit_count=FOLDS + 1,
                    fits=fits,
                    input=model_input_seconds(entry, frame),
                    explain=explanation_seconds(entry, frame),
                    explained_rows=EXPLAINED_ROWS,
                    explain_budget=EXPLANATION_SECONDS,
                )
                note = f"  OVER TARGET: {why}"
            elif entry.name in WHY_FASTER and ratio < 1:
                note = f"  ({WHY_FASTER[entry.name]})"
            print(
                f"  {entry.name:<24} {rows:>9,} rows   Lathe {ours:7.2f} s   "
                f"bare cross_val_score {bare:7.2f} s   {ratio:5.2f}x{note}"
            )
        limit = f" (target {WHOLE_CATALOGUE_TARGET:.0f} s)" if shape is SHAPES[0] else ""
        print(f"  whole classifier catalogue: {total:.1f} s{limit}")


if __name__ == "__main__":
    training_speed()
