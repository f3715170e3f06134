"""The catalogue estimator as the last step of a training pipeline."""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd
from catboost import CatBoost
from sklearn.base import BaseEstimator
from sklearn.model_selection import train_test_split
from sklearn.neighbors import KNeighborsClassifier
from sklearn.utils.metaestimators import available_if

from lathe.ml.fit_deadline import rounds_until_end
from lathe.ml.label_codes import class_codes, narrowest_codes
from lathe.ml.problem import ProblemType

FloatMatrix = npt.NDArray[np.float64]
EARLY_STOPPING_ROWS = 1_000
EARLY_STOPPING_SHARE = 0.1
EARLY_STOPPING_ROUNDS = 30
SEED = 0


def model_matrix(frame: pd.DataFrame) -> FloatMatrix:
    """The frame as the float matrix models take; missing values are NaN."""
    return frame.to_numpy(dtype=np.float64, na_value=np.nan)


def stopping_split(
    labels: npt.NDArray[Any], problem_type: ProblemType
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]] | None:
    """Rows to fit on and rows to stop on (10 %, stratified by class, seed 0), or None
    when there are too few rows, or a class too small to be on both sides."""
    if len(labels) < EARLY_STOPPING_ROWS:
        return None
    stratify = labels if problem_type == "classification" else None
    if stratify is not None and np.unique(stratify, return_counts=True)[1].min() < 2:
        return None
    rows = np.arange(len(labels), dtype=np.int64)
    fit_rows, eval_rows = train_test_split(
        rows, test_size=EARLY_STOPPING_SHARE, stratify=stratify, random_state=SEED
    )
    return np.sort(fit_rows), np.sort(eval_rows)


def _gives_probabilities(step: ModelStep) -> bool:
    return step.problem_type == "classification" and hasattr(step.estimator, "predict_proba")


class ModelStep(BaseEstimator):  # type: ignore[misc]
    """Fits `estimator` on the recipe's output frame, as a float matrix; remembers the
    frame's columns in ``feature_names_in_``.

    - classification: class labels are encoded 0..k-1 for the estimator (some need that),
      in the narrowest integer type (``narrowest_codes``), and decoded again, so
      ``predict`` returns the target's own labels; ``classes_`` lists them in the order
      of ``predict_proba``'s columns. A model with probabilities predicts its most
      probable class (the first on ties), which is what the catalogue's classifiers
      predict anyway, so one pass gives both;
    - clustering: ``predict`` gives a row's cluster. A clusterer that cannot predict
      (DBSCAN, OPTICS, AgglomerativeClustering) gives a new row the cluster of its nearest
      fitted row, noise (-1) included.

    With ``early_stopping`` (CatBoost, whose 500 iterations take minutes on a few thousand
    rows of many classes), a supervised model of at least ``EARLY_STOPPING_ROWS`` rows is
    fitted on 90 % of them and stops when the other 10 % (stratified by class, seed 0) has
    not improved for ``EARLY_STOPPING_ROUNDS`` iterations; the model keeps its best
    iteration (CatBoost's overfitting detector with ``use_best_model``). Under
    ``fits_end_by`` CatBoost stops at that end and the fit fails (``FitOutOfTime``).

    With ``scaled_target`` (SVR, whose settings are in the target's units), a regressor
    is fitted on the target less its mean, over its standard deviation, and its
    predictions are brought back (``in_target_units``).

    ``fit_seconds_`` is what the model's own fit took, without the steps before it.
    """

    def __init__(
        self,
        estimator: Any = None,
        problem_type: ProblemType = "classification",
        early_stopping: bool = False,
        scaled_target: bool = False,
    ):
        self.estimator = estimator
        self.problem_type = problem_type
        self.early_stopping = early_stopping
        self.scaled_target = scaled_target

    def __setstate__(self, state: dict[str, Any]) -> None:
        # models stored before the setting: their repr and get_params read every setting
        super().__setstate__({"scaled_target": False, **state})

    def _fit_supervised(self, matrix: FloatMatrix, labels: npt.NDArray[Any]) -> None:
        until_end = rounds_until_end() if isinstance(self.estimator, CatBoost) else None
        extra: dict[str, Any] = {} if until_end is None else {"callbacks": [until_end]}
        rows = stopping_split(labels, self.problem_type) if self.early_stopping else None
        if rows is None:
            self.estimator.fit(matrix, labels, **extra)
        else:
            fit_rows, eval_rows = rows
            self.estimator.fit(
                matrix[fit_rows],
                labels[fit_rows],
                eval_set=(matrix[eval_rows], labels[eval_rows]),
                early_stopping_rounds=EARLY_STOPPING_ROUNDS,
                **extra,
            )
        if until_end is not None:
            until_end.check()

    def fit(self, X: pd.DataFrame, y: Any = None) -> ModelStep:
        started = time.perf_counter()
        self.feature_names_in_ = np.asarray([str(name) for name in X.columns], dtype=object)
        matrix = model_matrix(X)
        if self.problem_type == "classification":
            self.classes_, codes = class_codes(np.asarray(y))
            self._fit_supervised(matrix, narrowest_codes(codes, len(self.classes_)))
        elif self.problem_type == "regression":
            values = np.asarray(y, dtype=np.float64)
            if self.scaled_target:
                spread = float(np.std(values))
                self.target_shift_ = float(np.mean(values))
                self.target_scale_ = spread if spread > 0 else 1.0
                values = (values - self.target_shift_) / self.target_scale_
            self._fit_supervised(matrix, values)
        elif hasattr(self.estimator, "predict"):
            self.estimator.fit(matrix)
        else:
            labels = self.estimator.fit_predict(matrix)
            self.nearest_fitted_row_ = KNeighborsClassifier(n_neighbors=1, n_jobs=-1)
            self.nearest_fitted_row_.fit(matrix, labels)
        self.fit_seconds_ = time.perf_counter() - started
        return self

    def predict(self, X: pd.DataFrame) -> npt.NDArray[Any]:
        if _gives_probabilities(self):
            return self.most_probable(self.predict_proba(X))
        matrix = model_matrix(X)
        if hasattr(self, "nearest_fitted_row_"):
            return np.asarray(self.nearest_fitted_row_.predict(matrix))
        predicted = np.asarray(self.estimator.predict(matrix)).ravel()
        if self.problem_type == "classification":
            return np.asarray(self.classes_[predicted.astype(np.int64)])
        return self.in_target_units(predicted)

    def in_target_units(self, values: FloatMatrix) -> FloatMatrix:
        """The estimator's own predictions in the target's units (unchanged unless it
        learned a standardized target)."""
        if not hasattr(self, "target_scale_"):
            return values
        scaled: FloatMatrix = np.asarray(values, np.float64) * self.target_scale_
        return scaled + self.target_shift_

    def most_probable(self, probabilities: FloatMatrix) -> npt.NDArray[Any]:
        """The class with the highest of each row's `predict_proba` probabilities."""
        return np.asarray(self.classes_[np.argmax(probabilities, axis=1)])

    @available_if(_gives_probabilities)  # type: ignore[untyped-decorator]
    def predict_proba(self, X: pd.DataFrame) -> FloatMatrix:
        """Probabilities of ``classes_``, each row summing to 1 in float64 (some models
        compute them in float32)."""
        probabilities = np.asarray(self.estimator.predict_proba(model_matrix(X)), np.float64)
        normalised: FloatMatrix = probabilities / probabilities.sum(axis=1, keepdims=True)
        return normalised
