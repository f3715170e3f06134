"""CatBoost models through CatBoost's own ONNX export.

The export ends a classifier in a ZipMap (a list of dicts); it is taken off, so the
probabilities come out as the [N, k] tensor that feeds it.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import onnx
from catboost import CatBoost
from onnx import helper

from lathe.ml.onnx_export.errors import OnnxUnsupportedError


def _exported(estimator: CatBoost) -> onnx.ModelProto:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "model.onnx"
        estimator.save_model(str(path), format="onnx")
        return onnx.load(str(path))


def _without_zipmap(model: onnx.ModelProto) -> str:
    zipmaps = [node for node in model.graph.node if node.op_type == "ZipMap"]
    if not zipmaps:
        return str(model.graph.output[0].name)
    probabilities = str(zipmaps[0].input[0])
    model.graph.node.remove(zipmaps[0])
    del model.graph.output[:]
    model.graph.output.append(helper.make_empty_tensor_value_info(probabilities))
    return probabilities


def catboost_model(estimator: CatBoost) -> tuple[onnx.ModelProto, str]:
    """The exported model, input ``features`` (float), and the output to predict from."""
    model = _exported(estimator)
    if [graph_input.name for graph_input in model.graph.input] != ["features"]:
        raise OnnxUnsupportedError("the CatBoost ONNX export has an unexpected input")
    return model, _without_zipmap(model)
