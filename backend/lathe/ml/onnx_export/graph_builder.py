"""A growing ONNX graph: nodes, constants and inputs under unique tensor names."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import onnx
from onnx import TensorProto, helper, numpy_helper

from lathe.ml.onnx_export.errors import OnnxUnsupportedError

ML_DOMAIN = "ai.onnx.ml"
OPSET = 17
ML_OPSET = 3


def _tensor_of(name: str, values: npt.NDArray[Any]) -> onnx.TensorProto:
    if values.dtype.kind in "OUS":
        values = np.asarray([str(value) for value in values.ravel()], dtype=object).reshape(
            values.shape
        )
    return numpy_helper.from_array(values, name)


class GraphBuilder:
    """Collects the nodes of one graph; each method returns the name of its output."""

    def __init__(self) -> None:
        self.nodes: list[onnx.NodeProto] = []
        self.initializers: list[onnx.TensorProto] = []
        self.inputs: list[onnx.ValueInfoProto] = []
        self._used: set[str] = set()

    def unique(self, hint: str) -> str:
        name, count = hint, 1
        while name in self._used:
            count += 1
            name = f"{hint}_{count}"
        self._used.add(name)
        return name

    def reserve(self, names: Iterable[str]) -> None:
        """Keep `names` (outputs, another graph's tensors) from being given out."""
        self._used.update(names)

    def add_input(self, name: str, elem_type: int) -> str:
        if name in self._used:
            raise OnnxUnsupportedError(
                f'column "{name}" has the name of one of the graph\'s own values'
            )
        self._used.add(name)
        self.inputs.append(helper.make_tensor_value_info(name, elem_type, [None, 1]))
        return name

    def constant(self, values: Any, hint: str = "constant") -> str:
        name = self.unique(hint)
        self.initializers.append(_tensor_of(name, np.asarray(values)))
        return name

    def double(self, value: float) -> str:
        return self.constant(np.asarray([value], dtype=np.float64), "value")

    def op(
        self,
        op_type: str,
        inputs: Sequence[str],
        hint: str | None = None,
        domain: str = "",
        output: str | None = None,
        **attributes: Any,
    ) -> str:
        """The node's output; named `output` when given (a reserved name), else after
        `hint`."""
        output = output or self.unique(hint or op_type.lower())
        self.nodes.append(
            helper.make_node(
                op_type,
                list(inputs),
                [output],
                name=self.unique(f"node_{output}"),
                domain=domain,
                **attributes,
            )
        )
        return output

    def string_lookup(
        self, text: str, mapping: dict[str, int], default: int, hint: str = "lookup"
    ) -> str:
        """int64 of each string through `mapping`, `default` for the others."""
        return self.op(
            "LabelEncoder",
            [text],
            hint,
            domain=ML_DOMAIN,
            keys_strings=list(mapping),
            values_int64s=list(mapping.values()),
            default_int64=default,
        )

    def string_to_double(self, text: str, mapping: dict[str, float], hint: str = "lookup") -> str:
        """double of each string through `mapping`, NaN for the others."""
        encoded = self.op(
            "LabelEncoder",
            [text],
            hint,
            domain=ML_DOMAIN,
            keys_strings=list(mapping),
            values_floats=list(mapping.values()),
            default_float=float("nan"),
        )
        return self.op("Cast", [encoded], hint, to=TensorProto.DOUBLE)

    def is_empty_text(self, text: str) -> str:
        """bool of each string: empty, the missing value of text inputs."""
        flags = self.string_lookup(text, {"": 1}, 0, "is_empty")
        return self.op("Cast", [flags], "is_empty", to=TensorProto.BOOL)
