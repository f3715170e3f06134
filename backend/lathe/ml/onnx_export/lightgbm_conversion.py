"""LightGBM models through onnxmltools' converter, with their trees in double precision.

LightGBM compares each feature, in double, with a threshold kept in double. onnxmltools
writes the thresholds and leaf values as float attributes, so a file whose values are
closer together than float32 tells apart (a hundredth of a kilometre on an odometer near
a million) sent rows down the other side of a split: predictions 2.4e-3 apart on a car
file. The converter runs unchanged but hands its tree ensemble to the container through
``DoubleTrees``, which writes those attributes as the ``*_as_tensor`` double tensors of
``ai.onnx.ml`` opset 3; the model takes double input. The operator's outputs stay float,
as the ONNX operator defines them; the sums behind them are computed in double.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from onnx import numpy_helper
from onnxmltools.convert.lightgbm.operator_converters.LightGbm import convert_lightgbm
from skl2onnx.common.data_types import DoubleTensorType, FloatTensorType

DOUBLE_ATTRIBUTES = {
    "nodes_values": "nodes_values_as_tensor",
    "target_weights": "target_weights_as_tensor",
    "class_weights": "class_weights_as_tensor",
    "base_values": "base_values_as_tensor",
}


class DoubleTrees:
    """skl2onnx's container, but a tree ensemble's thresholds and leaf values are written
    as double tensors."""

    def __init__(self, container: Any) -> None:
        self._container = container

    def __getattr__(self, name: str) -> Any:
        return getattr(self._container, name)

    def add_node(self, op_type: str, *args: Any, **attributes: Any) -> None:
        if op_type.startswith("TreeEnsemble"):
            for name, tensor_name in DOUBLE_ATTRIBUTES.items():
                if name in attributes:
                    values = np.asarray(attributes.pop(name), dtype=np.float64)
                    attributes[tensor_name] = numpy_helper.from_array(values)
        self._container.add_node(op_type, *args, **attributes)


def convert_lightgbm_in_double(scope: Any, operator: Any, container: Any) -> None:
    convert_lightgbm(scope, operator, DoubleTrees(container))


def float_outputs(calculate: Callable[[Any], None]) -> Callable[[Any], None]:
    """`calculate`'s output types, float where it would give double: a tree ensemble
    outputs float whatever its input."""

    def calculated(operator: Any) -> None:
        calculate(operator)
        for output in operator.outputs:
            if isinstance(output.type, DoubleTensorType):
                output.type = FloatTensorType(output.type.shape)

    return calculated
