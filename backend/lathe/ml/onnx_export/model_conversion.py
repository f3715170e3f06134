"""The catalogue estimator as an ONNX model of its own, input ``features`` [N, F].

scikit-learn models go through skl2onnx, XGBoost and LightGBM through onnxmltools'
converters registered with skl2onnx (LightGBM's with double trees,
``lightgbm_conversion``), CatBoost through its own ONNX export, SVR as a graph of
standard operators (``svr_conversion``). Models that compute in double take double input
for exact parity, LightGBM and SVR among them; scikit-learn's trees (they cast their input
to float32 anyway), XGBoost and CatBoost (float32 thresholds) take float32.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

import numpy as np
import onnx
from catboost import CatBoost
from lightgbm import LGBMClassifier, LGBMRegressor
from onnxmltools.convert.xgboost.operator_converters.XGBoost import convert_xgboost
from skl2onnx import convert_sklearn, update_registered_converter
from skl2onnx.common.data_types import DoubleTensorType, FloatTensorType
from skl2onnx.common.exceptions import MissingConverter, MissingShapeCalculator
from skl2onnx.common.shape_calculator import (
    calculate_linear_classifier_output_shapes,
    calculate_linear_regressor_output_shapes,
)
from sklearn.base import is_classifier
from sklearn.cluster import Birch, MeanShift
from sklearn.ensemble import (
    ExtraTreesClassifier,
    ExtraTreesRegressor,
    RandomForestClassifier,
    RandomForestRegressor,
)
from sklearn.neighbors import KNeighborsClassifier
from sklearn.svm import SVR
from sklearn.tree import BaseDecisionTree
from xgboost import XGBClassifier, XGBRegressor

from lathe.ml.model_step import ModelStep
from lathe.ml.onnx_export.catboost_conversion import catboost_model
from lathe.ml.onnx_export.errors import OnnxUnsupportedError
from lathe.ml.onnx_export.graph_builder import ML_DOMAIN, ML_OPSET, OPSET
from lathe.ml.onnx_export.lightgbm_conversion import convert_lightgbm_in_double, float_outputs
from lathe.ml.onnx_export.sklearn_trees import corrected_trees
from lathe.ml.onnx_export.svr_conversion import svr_in_double

InputType = Literal["double", "float"]
CLASSIFIER_OPTIONS = {"nocl": [True, False], "zipmap": [True, False, "columns"]}
SKLEARN_TREES = (
    BaseDecisionTree,
    RandomForestClassifier,
    RandomForestRegressor,
    ExtraTreesClassifier,
    ExtraTreesRegressor,
)
FLOAT_MODELS = (
    *SKLEARN_TREES,
    XGBClassifier,
    XGBRegressor,
)


@dataclass(frozen=True)
class ConvertedModel:
    model: onnx.ModelProto
    input_type: InputType
    output: str
    """Class probabilities [N, k] (classifiers), values (regressors) or cluster labels."""


@cache
def register_boosted_tree_converters() -> None:
    lightgbm_classifier_shapes = float_outputs(calculate_linear_classifier_output_shapes)
    for classifier, shapes, convert in (
        (XGBClassifier, calculate_linear_classifier_output_shapes, convert_xgboost),
        (LGBMClassifier, lightgbm_classifier_shapes, convert_lightgbm_in_double),
    ):
        update_registered_converter(
            classifier, classifier.__name__, shapes, convert, options=CLASSIFIER_OPTIONS
        )
    lightgbm_regressor_shapes = float_outputs(calculate_linear_regressor_output_shapes)
    for regressor, shapes, convert in (
        (XGBRegressor, calculate_linear_regressor_output_shapes, convert_xgboost),
        (LGBMRegressor, lightgbm_regressor_shapes, convert_lightgbm_in_double),
    ):
        update_registered_converter(regressor, regressor.__name__, shapes, convert)


def _input_type(estimator: Any) -> InputType:
    return "float" if isinstance(estimator, FLOAT_MODELS) else "double"


def _with_array_intercept(estimator: Any) -> Any:
    """`estimator`, or a copy whose scalar ``intercept_`` is an array: a linear model fitted
    without an intercept keeps ``0.0``, which skl2onnx's double-precision converter
    reshapes."""
    intercept = getattr(estimator, "intercept_", None)
    if intercept is None or isinstance(intercept, np.ndarray):
        return estimator
    copied = copy.copy(estimator)
    copied.intercept_ = np.atleast_1d(np.asarray(intercept, dtype=np.float64))
    return copied


def _converted(estimator: Any, input_type: InputType, features: int) -> onnx.ModelProto:
    estimator = _with_array_intercept(estimator)
    tensor_type = DoubleTensorType if input_type == "double" else FloatTensorType
    options = {id(estimator): {"zipmap": False}} if is_classifier(estimator) else None
    initial_types = [("features", tensor_type([None, features]))]
    try:
        return _converted_at_opset(estimator, initial_types, options)
    except (MissingShapeCalculator, MissingConverter) as error:
        raise OnnxUnsupportedError(
            f"there is no ONNX converter for {type(estimator).__name__}"
        ) from error


def _converted_at_opset(
    estimator: Any, initial_types: list[tuple[str, Any]], options: Any
) -> onnx.ModelProto:
    try:
        model: onnx.ModelProto = convert_sklearn(
            estimator,
            initial_types=initial_types,
            options=options,
            target_opset={"": OPSET, ML_DOMAIN: ML_OPSET},
        )
    except TypeError:
        # some converters (GaussianMixture) compare the opset as a number
        model = convert_sklearn(
            estimator, initial_types=initial_types, options=options, target_opset=OPSET
        )
    return model


def _output(model: onnx.ModelProto, name: str) -> str:
    outputs = [output.name for output in model.graph.output]
    if name not in outputs:
        raise OnnxUnsupportedError(f"the converted model has no {name} output")
    return name


def _nearest_centre(estimator: Birch | MeanShift) -> KNeighborsClassifier:
    """A clusterer that predicts the cluster of the nearest centre, as the one-neighbour
    classifier of its centres."""
    if isinstance(estimator, Birch):
        centres, labels = estimator.subcluster_centers_, estimator.subcluster_labels_
    else:
        centres = estimator.cluster_centers_
        labels = np.arange(len(centres), dtype=np.int64)
    return KNeighborsClassifier(n_neighbors=1).fit(centres, labels)


def _nearest_neighbour(step: ModelStep) -> KNeighborsClassifier | None:
    if hasattr(step, "nearest_fitted_row_"):
        neighbours: KNeighborsClassifier = step.nearest_fitted_row_
        return neighbours
    if isinstance(step.estimator, Birch | MeanShift):
        return _nearest_centre(step.estimator)
    return None


def converted_model(step: ModelStep) -> ConvertedModel:
    """`step`'s fitted estimator as ONNX, its output the one the pipeline predicts from."""
    features = len(step.feature_names_in_)
    neighbours = _nearest_neighbour(step)
    if neighbours is not None:
        model = _converted(neighbours, "double", features)
        return ConvertedModel(model, "double", _output(model, "label"))
    estimator = step.estimator
    if getattr(estimator, "weights", None) == "distance":
        raise OnnxUnsupportedError(
            "k-neighbours weighted by distance give a row identical to a training row (a "
            "zero distance) another prediction in ONNX than in Lathe"
        )
    if isinstance(estimator, CatBoost):
        model, output = catboost_model(estimator)
        return ConvertedModel(model, "float", output)
    if isinstance(estimator, SVR):
        return ConvertedModel(svr_in_double(estimator, features), "double", "variable")
    register_boosted_tree_converters()
    input_type = _input_type(estimator)
    model = _converted(estimator, input_type, features)
    if isinstance(estimator, SKLEARN_TREES):
        corrected_trees(model, estimator, is_classifier(estimator))
    if step.problem_type == "classification":
        return ConvertedModel(model, input_type, _output(model, "probabilities"))
    if step.problem_type == "regression":
        return ConvertedModel(model, input_type, _output(model, "variable"))
    return ConvertedModel(model, input_type, _output(model, "label"))
