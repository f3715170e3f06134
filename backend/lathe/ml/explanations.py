"""Explanations named by the columns of the uploaded file.

The model's contributions (``lathe.ml.explainers``) are per column it takes; the columns
the recipe derived from one uploaded column (one-hot, binary, per-class target encodings)
are traced back to it (``feature_sources``) and their contributions summed, so each row's
contributions per uploaded column still add up to its explained output.

- ``explanation_summary``: for the evaluation, a uniform sample of up to
  ``EXPLAINED_ROWS`` held-out rows explained within ``EXPLANATION_SECONDS`` (rows are
  explained in chunks until the time is spent, at least one chunk): the mean |contribution|
  per uploaded column and, for the ``BEESWARM_COLUMNS`` largest, each explained row's
  contribution and value (``SIGNIFICANT_DIGITS`` digits), so its size is bounded whatever
  the rows.
- ``top_contributions``: for prediction, each row's ``TOP_COLUMNS`` uploaded columns of
  largest |contribution|, rows explained in order within
  ``PREDICTION_EXPLANATION_SECONDS`` (kernel explanations of a forest or an SVC take
  about a tenth of a second per row; the rows past the budget keep empty cells), in
  chunks of at most about ``CHUNK_SECONDS``, so a job can stop between them.

Background rows (the linear and kernel methods) are a uniform sample of
``BACKGROUND_ROWS`` rows of the training data, through the fitted recipe.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd

from lathe.analysis.column_types import column_kind
from lathe.ml.ensemble import is_ensemble, member_pipelines
from lathe.ml.explainers import Contributions, FloatArray, ModelExplainer
from lathe.ml.importance import feature_sources
from lathe.ml.model_step import model_matrix
from lathe.ml.pipeline import model_features, model_step
from lathe.ml.results import BeeswarmColumn, Explanation, ExplanationMethod, json_label
from lathe.ml.sampling import Positions, uniform_sample
from lathe.steps.recipe import RecipePipeline

log = logging.getLogger(__name__)

EXPLAINED_ROWS = 2_000
EXPLANATION_SECONDS = 1.0
FIRST_CHUNK_ROWS = 5
BACKGROUND_ROWS = 200
BEESWARM_COLUMNS = 12
SIGNIFICANT_DIGITS = 4
TEXT_CHARS = 40
TOP_COLUMNS = 3
PREDICTION_EXPLANATION_SECONDS = 60.0
CHUNK_SECONDS = 1.0


def _nobody_follows(explained: int) -> None:
    """No one follows the rows explained."""


class PipelineExplainer:
    """A fitted pipeline's model explained per uploaded column, its background drawn from
    `training_rows` (uploaded columns); `agnostic` explains it by the kernel method."""

    def __init__(
        self, pipeline: RecipePipeline, training_rows: pd.DataFrame, agnostic: bool = False
    ) -> None:
        self.pipeline = pipeline
        sample = training_rows.iloc[uniform_sample(len(training_rows), BACKGROUND_ROWS)]
        background = model_matrix(model_features(pipeline, sample))
        self.explainer = ModelExplainer(model_step(pipeline), background, agnostic)
        self.method = self.explainer.method
        self.output = self.explainer.output
        self.classes = self.explainer.classes

    def per_column(
        self,
        rows: pd.DataFrame,
        seconds: float,
        after_chunk: Callable[[int], None] = _nobody_follows,
        classes: npt.NDArray[np.int64] | None = None,
    ) -> pd.DataFrame:
        """The first of `rows` that can be explained in about `seconds`: rows × uploaded
        columns (``explain_within``)."""
        matrix = model_matrix(model_features(self.pipeline, rows))
        contributions = explain_within(self.explainer, matrix, seconds, after_chunk, classes)
        return uploaded_contributions(self.pipeline, contributions)


class EnsembleExplainer:
    """An ensemble explained as the weighted average of its members' contributions, each
    member by the kernel method, so that every member's contributions are in the same
    output (a class probability, or the value) and their weighted average adds up to the
    ensemble's output; for more than two classes each row's members explain the class
    the ensemble predicts."""

    method: ExplanationMethod = "kernel"

    def __init__(self, pipeline: RecipePipeline, training_rows: pd.DataFrame) -> None:
        self.pipeline = pipeline
        ensemble = model_step(pipeline)
        self.weights = list(ensemble.weights)
        self.members = [
            PipelineExplainer(member, training_rows, agnostic=True)
            for member in member_pipelines(pipeline)
        ]
        self.output = self.members[0].output
        self.classes = self.members[0].classes

    def per_column(
        self,
        rows: pd.DataFrame,
        seconds: float,
        after_chunk: Callable[[int], None] = _nobody_follows,
        classes: npt.NDArray[np.int64] | None = None,
    ) -> pd.DataFrame:
        if self.classes > 2 and classes is None:
            probabilities = model_step(self.pipeline).predict_proba(
                model_features(self.pipeline, rows)
            )
            classes = np.argmax(probabilities, axis=1).astype(np.int64)
        share = seconds / len(self.members)
        parts = [
            member.per_column(
                rows, share, after_chunk if member is self.members[-1] else _nobody_follows, classes
            )
            for member in self.members
        ]
        explained = min(len(part) for part in parts)
        columns = list(parts[0].columns)
        total = sum(
            weight * part.iloc[:explained].reindex(columns=columns, fill_value=0.0)
            for part, weight in zip(parts, self.weights, strict=True)
        )
        return pd.DataFrame(total, columns=columns)


def pipeline_explainer(
    pipeline: RecipePipeline, training_rows: pd.DataFrame
) -> PipelineExplainer | EnsembleExplainer:
    """The explainer of the fitted pipeline's model, with its background drawn from
    `training_rows` (uploaded columns)."""
    if is_ensemble(pipeline):
        return EnsembleExplainer(pipeline, training_rows)
    return PipelineExplainer(pipeline, training_rows)


def uploaded_contributions(pipeline: RecipePipeline, contributions: Contributions) -> pd.DataFrame:
    """Rows × uploaded columns: the contributions of each column's derived columns summed."""
    sources = feature_sources(pipeline)
    columns = list(dict.fromkeys(sources))
    membership = np.zeros((len(sources), len(columns)))
    membership[np.arange(len(sources)), [columns.index(source) for source in sources]] = 1.0
    return pd.DataFrame(contributions.values @ membership, columns=columns)


def _joined(parts: list[Contributions]) -> Contributions:
    positions = [part.class_positions for part in parts]
    return Contributions(
        np.vstack([part.values for part in parts]),
        np.concatenate([part.base for part in parts]),
        None if positions[0] is None else np.concatenate([p for p in positions if p is not None]),
    )


def explain_within(
    explainer: ModelExplainer,
    matrix: FloatArray,
    seconds: float,
    after_chunk: Callable[[int], None] = _nobody_follows,
    classes: npt.NDArray[np.int64] | None = None,
) -> Contributions:
    """Contributions of the first rows of `matrix` that can be explained in about
    `seconds`: chunk after chunk, each sized by the rate so far to fill the time left or
    ``CHUNK_SECONDS`` (at least ``FIRST_CHUNK_ROWS``), `after_chunk` told the rows done
    after each; `classes`, the class each row explains (more than two classes)."""
    started = time.perf_counter()
    parts: list[Contributions] = []
    done, chunk = 0, FIRST_CHUNK_ROWS
    while done < len(matrix):
        chunk_classes = None if classes is None else classes[done : done + chunk]
        parts.append(explainer.explain(matrix[done : done + chunk], chunk_classes))
        done += len(parts[-1].values)
        after_chunk(done)
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            break
        chunk_seconds = min(seconds - elapsed, CHUNK_SECONDS)
        chunk = max(FIRST_CHUNK_ROWS, int(chunk_seconds * done / max(elapsed, 1e-9)))
    return _joined(parts)


def _significant(value: float) -> float:
    return float(f"{value:.{SIGNIFICANT_DIGITS}g}")


def _colour_values(series: pd.Series[Any]) -> tuple[str, list[float | str | None]]:
    """The kind of an uploaded column and its values as the beeswarm colours them."""
    kind = column_kind(series.dtype)
    if kind in ("numeric", "boolean"):
        numbers = series.to_numpy(dtype=np.float64, na_value=np.nan)
        return "number", [_significant(value) if np.isfinite(value) else None for value in numbers]
    if kind == "datetime":
        return "date", [None if pd.isna(stamp) else stamp.isoformat() for stamp in series]
    return "category", [None if pd.isna(value) else str(value)[:TEXT_CHARS] for value in series]


def explanation_summary(
    pipeline: RecipePipeline,
    held_out: pd.DataFrame,
    training_rows: pd.DataFrame,
    seconds: float = EXPLANATION_SECONDS,
) -> Explanation:
    """The fitted pipeline's model explained on a sample of `held_out` rows (uploaded
    columns), its background drawn from `training_rows`."""
    explainer = pipeline_explainer(pipeline, training_rows)
    rows = held_out.iloc[uniform_sample(len(held_out), EXPLAINED_ROWS)]
    per_column = explainer.per_column(rows, seconds)
    explained = rows.iloc[: len(per_column)]
    strength = per_column.abs().mean(axis=0).sort_values(ascending=False, kind="stable")
    beeswarm: list[BeeswarmColumn] = []
    for column in strength.index[:BEESWARM_COLUMNS]:
        kind, values = _colour_values(explained[column])
        beeswarm.append(
            {
                "column": column,
                "kind": kind,  # type: ignore[typeddict-item]
                "contributions": [_significant(value) for value in per_column[column]],
                "values": values,
            }
        )
    step = model_step(pipeline)
    return {
        "method": explainer.method,
        "output": explainer.output,
        "explained_class": json_label(step.classes_[1]) if explainer.classes == 2 else None,
        "rows": len(per_column),
        "of_rows": len(held_out),
        "columns": [
            {"column": str(column), "mean_abs_contribution": float(value)}
            for column, value in strength.items()
        ],
        "beeswarm": beeswarm,
    }


def held_out_explanation(
    pipeline: RecipePipeline, frame: pd.DataFrame, train_rows: Positions, test_rows: Positions
) -> Explanation | None:
    """The summary of a fold's pipeline on its held-out rows of `frame`; None, logged,
    when the model cannot be explained (an explanation never fails a model)."""
    try:
        return explanation_summary(pipeline, frame.iloc[test_rows], frame.iloc[train_rows])
    except Exception:
        log.warning(
            "model %s could not be explained",
            type(model_step(pipeline).estimator).__name__,
            exc_info=True,
        )
        return None


def top_contributions(
    pipeline: RecipePipeline,
    frame: pd.DataFrame,
    training_rows: pd.DataFrame,
    seconds: float = PREDICTION_EXPLANATION_SECONDS,
    after_chunk: Callable[[int], None] = _nobody_follows,
) -> pd.DataFrame:
    """For each row of `frame` (uploaded columns, training types), its ``TOP_COLUMNS``
    uploaded columns of largest |contribution|: ``top_<n>_column`` and
    ``top_<n>_contribution``, largest first (ties in column order). Rows are explained in
    order within about `seconds`, `after_chunk` told the rows done after each chunk; the
    rows past it keep empty cells."""
    ranks = range(1, min(TOP_COLUMNS, len(dict.fromkeys(feature_sources(pipeline)))) + 1)
    top: dict[str, Any] = {}
    for rank in ranks:
        top[f"top_{rank}_column"] = np.full(len(frame), None, dtype=object)
        top[f"top_{rank}_contribution"] = np.full(len(frame), np.nan)
    if len(frame):
        explainer = pipeline_explainer(pipeline, training_rows)
        per_column = explainer.per_column(frame, seconds, after_chunk)
        values = per_column.to_numpy()
        order = np.argsort(-np.abs(values), axis=1, kind="stable")
        names = np.asarray(per_column.columns, dtype=object)
        explained = len(values)
        for position, rank in enumerate(ranks):
            top[f"top_{rank}_column"][:explained] = names[order[:, position]]
            top[f"top_{rank}_contribution"][:explained] = np.take_along_axis(
                values, order[:, position : position + 1], axis=1
            ).ravel()
    return pd.DataFrame(top, index=frame.index)
