"""An SVR with the RBF kernel as an ONNX model that computes in double, as scikit-learn does.

The ``ai.onnx.ml`` SVMRegressor keeps its support vectors and coefficients in float32 and
sums in float32, so its values are off by about a millionth of their spread. SVR learns
the target standardized (``ModelStep.in_target_units``), so that is a millionth of the
target's spread: 0.001 on insurance claims spread over 1,200, where a prediction near
zero then differed from Lathe's by a quarter of a thousandth of itself.

Here each block of ``BLOCK_ROWS`` rows is a turn of a ``Loop``: the squared distances to
every support vector (``|x|² + |s|² - 2 x·s``), their kernel, the weighted sum and the
intercept, all in double. A block at a time, the graph holds ``BLOCK_ROWS`` × support
vectors of kernel values, not every row's; the rows are padded to whole blocks and the
padding's values dropped at the end.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper
from sklearn.svm import SVR

from lathe.ml.onnx_export.errors import OnnxUnsupportedError
from lathe.ml.onnx_export.graph_builder import OPSET

BLOCK_ROWS = 1_024
INPUT = "features"
OUTPUT = "variable"


def _constant(name: str, values: Any, dtype: Any = np.float64) -> onnx.NodeProto:
    """A node giving `values`: the loop's body refers to the graph's node outputs only, as
    ``onnx.compose.add_prefix`` renames a subgraph's references to those."""
    tensor = numpy_helper.from_array(np.asarray(values, dtype=dtype), name)
    return helper.make_node("Constant", [], [name], value=tensor)


def _node(op_type: str, inputs: list[str], output: str, **attributes: Any) -> onnx.NodeProto:
    return helper.make_node(op_type, inputs, [output], **attributes)


def _block_values(estimator: SVR) -> onnx.GraphProto:
    """The loop's body: block `turn`'s values [BLOCK_ROWS, 1] from the padded rows (and
    the graph's constants ``blocks_of``, ``zero`` and ``one``)."""
    support = np.asarray(estimator.support_vectors_, dtype=np.float64)
    nodes = [
        _constant("support_t", support.T),
        _constant("support_squares", (support**2).sum(axis=1)[np.newaxis, :]),
        _constant("minus_two", [-2.0]),
        _constant("minus_gamma", [-float(estimator._gamma)]),
        _constant("dual", np.asarray(estimator.dual_coef_, dtype=np.float64).T),
        _constant("intercept", np.asarray(estimator.intercept_, dtype=np.float64)),
        _node("Reshape", ["turn", "one"], "turn_1d"),
        _node("Mul", ["turn_1d", "blocks_of"], "start"),
        _node("Add", ["start", "blocks_of"], "end"),
        _node("Slice", ["padded", "start", "end", "zero"], "block"),
        _node("Mul", ["block", "block"], "squares"),
        _node("ReduceSum", ["squares", "one"], "row_squares", keepdims=1),
        _node("MatMul", ["block", "support_t"], "products"),
        _node("Mul", ["products", "minus_two"], "cross"),
        _node("Add", ["row_squares", "cross"], "partial"),
        _node("Add", ["partial", "support_squares"], "distances"),
        _node("Mul", ["distances", "minus_gamma"], "exponents"),
        _node("Exp", ["exponents"], "kernel"),
        _node("MatMul", ["kernel", "dual"], "weighted"),
        _node("Add", ["weighted", "intercept"], "block_values"),
        _node("Identity", ["condition"], "condition_out"),
    ]
    return helper.make_graph(
        nodes,
        "block",
        [
            helper.make_tensor_value_info("turn", TensorProto.INT64, []),
            helper.make_tensor_value_info("condition", TensorProto.BOOL, []),
        ],
        [
            helper.make_tensor_value_info("condition_out", TensorProto.BOOL, []),
            helper.make_tensor_value_info("block_values", TensorProto.DOUBLE, [BLOCK_ROWS, 1]),
        ],
    )


def svr_in_double(estimator: SVR, features: int) -> onnx.ModelProto:
    """`estimator` as a model of input ``features`` (double [N, F]) and output
    ``variable`` (double [N, 1])."""
    if estimator.kernel != "rbf":
        raise OnnxUnsupportedError(f"the SVR's {estimator.kernel} kernel has no ONNX graph")
    nodes = [
        _constant("blocks_of", [BLOCK_ROWS], np.int64),
        _constant("zeros", [0, 0], np.int64),
        _constant("zero", [0], np.int64),
        _constant("one", [1], np.int64),
        _constant("values_shape", [-1, 1], np.int64),
        _node("Shape", [INPUT], "input_shape"),
        _node("Slice", ["input_shape", "zero", "one"], "row_count"),
        _node("Neg", ["row_count"], "minus_rows"),
        # -N mod B: the rows that complete the last block (Mod of int64 follows the divisor)
        _node("Mod", ["minus_rows", "blocks_of"], "padding"),
        _node("Concat", ["zeros", "padding", "zero"], "pads", axis=0),
        _node("Pad", [INPUT, "pads"], "padded"),
        _node("Add", ["row_count", "padding"], "padded_rows"),
        _node("Div", ["padded_rows", "blocks_of"], "blocks"),
        _node("Squeeze", ["blocks"], "turns"),
        helper.make_node("Loop", ["turns", ""], ["blocks_values"], body=_block_values(estimator)),
        _node("Reshape", ["blocks_values", "values_shape"], "padded_values"),
        _node("Slice", ["padded_values", "zero", "row_count", "zero"], OUTPUT),
    ]
    graph = helper.make_graph(
        nodes,
        "svr",
        [helper.make_tensor_value_info(INPUT, TensorProto.DOUBLE, [None, features])],
        [helper.make_tensor_value_info(OUTPUT, TensorProto.DOUBLE, [None, 1])],
    )
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])
