"""The graph's outputs, computed from the converted model's output as ``ModelStep``
predicts.

- classification: ``probabilities`` [N, k], each row divided by its sum in double, and
  ``prediction`` [N], the class of the highest (the first on ties) taken from a constant
  of ``classes_``;
- regression: ``prediction`` [N] double;
- clustering: ``prediction`` [N] int64 cluster.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import numpy.typing as npt
import onnx
from onnx import TensorProto, helper

from lathe.ml.model_step import ModelStep
from lathe.ml.onnx_export.errors import OnnxUnsupportedError
from lathe.ml.onnx_export.graph_builder import GraphBuilder

PREDICTION = "prediction"
PROBABILITIES = "probabilities"
OUTPUT_NAMES = (PREDICTION, PROBABILITIES)


def _class_type(classes: npt.NDArray[Any]) -> tuple[int, npt.NDArray[Any]]:
    """The ONNX type of the class labels, and the labels as that type holds them."""
    kind = classes.dtype.kind
    if kind == "b":
        return TensorProto.BOOL, classes.astype(np.bool_)
    if kind in "iu":
        return TensorProto.INT64, classes.astype(np.int64)
    if kind == "f":
        return TensorProto.DOUBLE, classes.astype(np.float64)
    if kind in "OUS":
        return TensorProto.STRING, np.asarray([str(label) for label in classes], dtype=object)
    raise OnnxUnsupportedError(f"class labels of type {classes.dtype} have no ONNX type")


def classes_json(step: ModelStep) -> str:
    return json.dumps(np.asarray(step.classes_).tolist())


def classification_outputs(
    graph: GraphBuilder, step: ModelStep, probabilities: str
) -> list[onnx.ValueInfoProto]:
    elem_type, labels = _class_type(np.asarray(step.classes_))
    doubles = graph.op("Cast", [probabilities], "model_probabilities", to=TensorProto.DOUBLE)
    axis = graph.constant(np.asarray([1], dtype=np.int64), "axis")
    totals = graph.op("ReduceSum", [doubles, axis], "totals", keepdims=1)
    graph.op("Div", [doubles, totals], output=PROBABILITIES)
    best = graph.op("ArgMax", [PROBABILITIES], "best", axis=1, keepdims=0)
    graph.op("Gather", [graph.constant(labels, "classes"), best], output=PREDICTION)
    return [
        helper.make_tensor_value_info(PREDICTION, elem_type, [None]),
        helper.make_tensor_value_info(PROBABILITIES, TensorProto.DOUBLE, [None, len(labels)]),
    ]


def value_outputs(graph: GraphBuilder, step: ModelStep, values: str) -> list[onnx.ValueInfoProto]:
    """Regression values as double, cluster labels as int64, flattened to [N]."""
    elem_type = TensorProto.DOUBLE if step.problem_type == "regression" else TensorProto.INT64
    shape = graph.constant(np.asarray([-1], dtype=np.int64), "shape")
    flat = graph.op("Reshape", [values, shape], "flat")
    graph.op("Cast", [flat], output=PREDICTION, to=elem_type)
    return [helper.make_tensor_value_info(PREDICTION, elem_type, [None])]
