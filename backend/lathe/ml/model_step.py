"""The catalogue estimator as the last step of a training pipeline."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pandas as pd
from sklearn.base import BaseEstimator
from sklearn.neighbors import KNeighborsClassifier
from sklearn.preprocessing import LabelEncoder
from sklearn.utils.metaestimators import available_if

from lathe.ml.problem import ProblemType

FloatMatrix = npt.NDArray[np.float64]


def model_matrix(frame: pd.DataFrame) -> FloatMatrix:
    """The frame as the float matrix models take; missing values are NaN."""
    return frame.to_numpy(dtype=np.float64, na_value=np.nan)


def _gives_probabilities(step: ModelStep) -> bool:
    return step.problem_type == "classification" and hasattr(step.estimator, "predict_proba")


class ModelStep(BaseEstimator):  # type: ignore[misc]
    """Fits `estimator` on the recipe's output frame, as a float matrix; remembers the
    frame's columns in ``feature_names_in_``.

    - classification: class labels are encoded 0..k-1 for the estimator (some need that)
      and decoded again, so ``predict`` returns the target's own labels; ``classes_``
      lists them in the order of ``predict_proba``'s columns. A model with probabilities
      predicts its most probable class (the first on ties), which is what the catalogue's
      classifiers predict anyway, so one pass gives both;
    - clustering: ``predict`` gives a row's cluster. A clusterer that cannot predict
      (DBSCAN, OPTICS, AgglomerativeClustering) gives a new row the cluster of its nearest
      fitted row, noise (-1) included.
    """

    def __init__(self, estimator: Any = None, problem_type: ProblemType = "classification"):
        self.estimator = estimator
        self.problem_type = problem_type

    def fit(self, X: pd.DataFrame, y: Any = None) -> ModelStep:
        self.feature_names_in_ = np.asarray([str(name) for name in X.columns], dtype=object)
        matrix = model_matrix(X)
        if self.problem_type == "classification":
            self.label_encoder_ = LabelEncoder().fit(np.asarray(y))
            self.classes_ = self.label_encoder_.classes_
            self.estimator.fit(matrix, self.label_encoder_.transform(np.asarray(y)))
        elif self.problem_type == "regression":
            self.estimator.fit(matrix, np.asarray(y, dtype=np.float64))
        elif hasattr(self.estimator, "predict"):
            self.estimator.fit(matrix)
        else:
            labels = self.estimator.fit_predict(matrix)
            self.nearest_fitted_row_ = KNeighborsClassifier(n_neighbors=1, n_jobs=-1)
            self.nearest_fitted_row_.fit(matrix, labels)
        return self

    def predict(self, X: pd.DataFrame) -> npt.NDArray[Any]:
        if _gives_probabilities(self):
            return self.most_probable(self.predict_proba(X))
        matrix = model_matrix(X)
        if hasattr(self, "nearest_fitted_row_"):
            return np.asarray(self.nearest_fitted_row_.predict(matrix))
        predicted = np.asarray(self.estimator.predict(matrix)).ravel()
        if self.problem_type == "classification":
            return np.asarray(self.label_encoder_.inverse_transform(predicted.astype(np.int64)))
        return predicted

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
