"""Feature importances named by the columns of the uploaded file.

- ``native``: the model's own ``feature_importances_`` (tree ensembles, gradient boosting).
  The columns the model takes are traced back through the recipe to the uploaded column
  each comes from (one-hot, binary and multiclass target encodings give several per
  column) and summed per uploaded column, then scaled to sum to 1.
- ``permutation``: every other model. The drop of the primary metric when one uploaded
  column is shuffled, the whole pipeline predicting, averaged over ``REPEATS`` shuffles of
  a uniform sample of ``SAMPLE_ROWS`` held-out rows; columns are shuffled side by side in
  threads, as folds are (``lathe.ml.threads``).

Only uploaded columns that reach the model are listed, most important first.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Literal

import numpy as np
import pandas as pd
from joblib import parallel_config
from sklearn.inspection import permutation_importance

from lathe.ml.pipeline import model_step
from lathe.ml.results import FeatureImportance, FeatureImportances, json_number
from lathe.ml.sampling import SEED, uniform_sample
from lathe.ml.threads import fold_workers, single_threaded_libraries
from lathe.steps.encoding import CategoricalEncoder, output_names
from lathe.steps.recipe import RecipePipeline

SAMPLE_ROWS = 2_000
REPEATS = 3


def feature_sources(pipeline: RecipePipeline) -> list[str]:
    """For each column the fitted pipeline's model takes, the uploaded column it comes
    from."""
    sources: dict[str, str] = {}
    for _, step in pipeline.steps[:-1]:
        if isinstance(step, CategoricalEncoder):
            encoding = step.encoding_
            for column, strategy in encoding.strategies.items():
                outputs = output_names(
                    column, strategy, encoding.levels[column], encoding.target_classes
                )
                for output in outputs:
                    sources[output] = sources.get(column, column)
    return [sources.get(name, name) for name in model_step(pipeline).feature_names_in_]


def _ranked(
    values: dict[str, float], method: Literal["native", "permutation"]
) -> FeatureImportances:
    features: list[FeatureImportance] = [
        {"feature": name, "importance": json_number(value) or 0.0}
        for name, value in sorted(values.items(), key=lambda item: -item[1])
    ]
    return {"method": method, "features": features}


def native_importances(pipeline: RecipePipeline) -> FeatureImportances | None:
    """The model's own importances per uploaded column, or None when it has none."""
    values = getattr(model_step(pipeline).estimator, "feature_importances_", None)
    if values is None:
        return None
    totals: dict[str, float] = defaultdict(float)
    for source, value in zip(feature_sources(pipeline), np.asarray(values), strict=True):
        totals[source] += float(value)
    whole = sum(totals.values())
    shares = {name: value / whole if whole > 0 else 0.0 for name, value in totals.items()}
    return _ranked(shares, "native")


def permutation_importances(
    pipeline: RecipePipeline, frame: pd.DataFrame, target: pd.Series[Any], scoring: str
) -> FeatureImportances:
    """Permutation importance of the uploaded columns of `frame` that reach the model,
    on held-out rows."""
    rows = uniform_sample(len(frame), SAMPLE_ROWS)
    workers = fold_workers(len(rows))
    with single_threaded_libraries(workers), parallel_config(backend="threading"):
        found = permutation_importance(
            pipeline,
            frame.iloc[rows],
            target.iloc[rows],
            scoring=scoring,
            n_repeats=REPEATS,
            random_state=SEED,
            n_jobs=workers,
        )
    means = dict(zip(frame.columns, found.importances_mean, strict=True))
    used = [column for column in dict.fromkeys(feature_sources(pipeline)) if column in means]
    return _ranked({column: float(means[column]) for column in used}, "permutation")
