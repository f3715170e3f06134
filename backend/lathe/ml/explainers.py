"""Per-feature contributions (SHAP values) of a fitted model on its input matrix.

The method depends on the model:

- ``xgboost``, ``lightgbm``, ``catboost``: the booster's own exact TreeSHAP (XGBoost
  ``pred_contribs``, LightGBM ``pred_contrib``, CatBoost ``ShapValues``), in the booster's
  raw output: log-odds for two classes, the per-class raw score for more, the value for
  regression;
- ``tree``: shap's ``TreeExplainer`` (path-dependent TreeSHAP, exact, no background) for
  scikit-learn trees and forests, in probabilities for classifiers;
- ``linear``: shap's ``LinearExplainer`` against the mean of a background sample, in the
  decision function (log-odds, per-class scores) or the value;
- ``kernel``: shap's ``KernelExplainer`` for every other model (kernels, neighbours,
  naive Bayes): ``2 × features + KERNEL_EXTRA_SAMPLES`` sampled coalitions per row (every
  coalition, exact, up to about 10 features) against ``AGNOSTIC_BACKGROUND_ROWS``
  background rows, in probabilities or the value. (shap's permutation explainer compiles
  numba code on its first call, 10 s and more, longer than the time box.)

Every method is additive: a row's contributions plus its base value are the explained
output. Which output: the value for regression; for two classes the second class in
sorted order (the positive class of the metrics); for more classes each row's predicted
class (the class with the highest output).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import xgboost
from catboost import CatBoost, Pool
from lightgbm import LGBMModel
from sklearn.ensemble import BaseEnsemble
from sklearn.linear_model import ElasticNet, Lasso, LinearRegression, LogisticRegression, Ridge
from sklearn.tree import BaseDecisionTree

from lathe.ml.model_step import ModelStep
from lathe.ml.results import ExplanationMethod, ExplanationOutput
from lathe.ml.sampling import uniform_sample

FloatArray = npt.NDArray[np.float64]
AGNOSTIC_BACKGROUND_ROWS = 10
KERNEL_EXTRA_SAMPLES = 128
LINEAR_MODELS = (LogisticRegression, LinearRegression, Ridge, Lasso, ElasticNet)


@dataclass
class Contributions:
    values: FloatArray
    """Rows × the model's input columns."""
    base: FloatArray
    """Per row: the explained output with no feature known."""
    class_positions: npt.NDArray[np.int64] | None
    """Per row, the position in ``classes_`` of the explained class (None: regression)."""


@dataclass
class _AllOutputs:
    values: FloatArray
    """Rows × outputs × features."""
    base: FloatArray
    """Rows × outputs."""


def _booster_outputs(with_bias: FloatArray, rows: int, features: int) -> _AllOutputs:
    """Contributions whose last column (of each output) is the bias, as boosters give them."""
    shaped = with_bias.reshape(rows, -1, features + 1)
    return _AllOutputs(shaped[:, :, :-1], shaped[:, :, -1])


def _shap_outputs(values: Any, base: Any) -> _AllOutputs:
    """shap's values (rows × features, or with outputs last) and base values (one per
    output) as outputs."""
    array = np.asarray(values, dtype=np.float64)
    array = array[:, np.newaxis, :] if array.ndim == 2 else np.transpose(array, (0, 2, 1))
    per_output = np.asarray(base, dtype=np.float64).reshape(1, -1)
    return _AllOutputs(array, np.ascontiguousarray(np.broadcast_to(per_output, array.shape[:2])))


def _single_threaded(estimator: Any) -> Any:
    """`estimator`, or a shallow copy predicting on one thread: the kernel method
    predicts a few thousand rows at a time, where starting threads costs more (k-neighbours
    took eight times as long with every core)."""
    if getattr(estimator, "n_jobs", None) in (None, 1):
        return estimator
    single = copy.copy(estimator)
    single.n_jobs = 1
    return single


def method_of(estimator: Any) -> ExplanationMethod:
    if isinstance(estimator, xgboost.XGBModel):
        return "xgboost"
    if isinstance(estimator, LGBMModel):
        return "lightgbm"
    if isinstance(estimator, CatBoost):
        return "catboost"
    if isinstance(estimator, BaseDecisionTree | BaseEnsemble):
        return "tree"
    if isinstance(estimator, LINEAR_MODELS):
        return "linear"
    return "kernel"


class ModelExplainer:
    """Explains a fitted ``ModelStep`` on matrices of its input; `background` (rows of the
    training data, as the model takes them) is used by the linear and kernel
    methods."""

    def __init__(self, step: ModelStep, background: FloatArray, agnostic: bool = False) -> None:
        self.step = step
        self.estimator = step.estimator
        self.method: ExplanationMethod = "kernel" if agnostic else method_of(self.estimator)
        self.classes = len(step.classes_) if step.problem_type == "classification" else 0
        self._explainer = self._shap_explainer(background)

    @property
    def output(self) -> ExplanationOutput:
        if self.classes == 0:
            return "value"
        if self.method in ("tree", "kernel"):
            return "probability"
        return "log_odds" if self.classes == 2 else "margin"

    def _shap_explainer(self, background: FloatArray) -> Any:
        import shap  # 0.6 s of imports (numba, matplotlib): paid by the first explanation

        if self.method == "tree":
            return shap.TreeExplainer(self.estimator)
        if self.method == "linear":
            masker = shap.maskers.Independent(background, max_samples=len(background))
            return shap.LinearExplainer(self.estimator, masker)
        if self.method == "kernel":
            model = _single_threaded(self.estimator)
            function = model.predict_proba if self.classes else self._values_of(model)
            rows = uniform_sample(len(background), AGNOSTIC_BACKGROUND_ROWS)
            return shap.KernelExplainer(function, background[rows])
        return None

    def _values_of(self, model: Any) -> Callable[[FloatArray], FloatArray]:
        """`model`'s predictions in the target's units, as the step gives them."""
        return lambda matrix: self.step.in_target_units(model.predict(matrix))

    def all_outputs(self, matrix: FloatArray) -> _AllOutputs:
        """Contributions to every output of the model (one per class where it has one)."""
        rows, features = matrix.shape
        if self.method == "xgboost":
            booster = self.estimator.get_booster()
            found = booster.predict(xgboost.DMatrix(matrix, missing=np.nan), pred_contribs=True)
            return _booster_outputs(np.asarray(found, np.float64), rows, features)
        if self.method == "lightgbm":
            found = self.estimator.predict(matrix, pred_contrib=True)
            return _booster_outputs(np.asarray(found, np.float64), rows, features)
        if self.method == "catboost":
            found = self.estimator.get_feature_importance(Pool(matrix), type="ShapValues")
            return _booster_outputs(np.asarray(found, np.float64), rows, features)
        if self.method == "kernel":
            samples = 2 * features + KERNEL_EXTRA_SAMPLES
            found = self._explainer.shap_values(matrix, nsamples=samples, l1_reg=False, silent=True)
        elif self.method == "tree":
            found = self._explainer.shap_values(matrix, check_additivity=False)
        else:
            found = self._explainer.shap_values(matrix)
        return _shap_outputs(found, self._explainer.expected_value)

    def explain(
        self, matrix: FloatArray, classes: npt.NDArray[np.int64] | None = None
    ) -> Contributions:
        """Contributions to each row's explained output; for more than two classes, the
        class at `classes` (each row's position in ``classes_``), by default the class of
        the row's highest output."""
        outputs = self.all_outputs(matrix)
        rows = np.arange(len(matrix))
        if outputs.values.shape[1] == 1:
            column = np.zeros(len(matrix), dtype=np.int64)
            positions = None if self.classes == 0 else np.ones(len(matrix), dtype=np.int64)
        elif self.classes == 2:
            column = positions = np.ones(len(matrix), dtype=np.int64)
        elif classes is not None:
            column = positions = classes
        else:
            totals = outputs.values.sum(axis=2) + outputs.base
            column = positions = np.argmax(totals, axis=1).astype(np.int64)
        return Contributions(
            np.ascontiguousarray(outputs.values[rows, column]),
            np.ascontiguousarray(outputs.base[rows, column]),
            positions,
        )
