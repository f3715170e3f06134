"""The columns of the frame as the graph holds them, one [N, 1] tensor each.

- number: double, NaN is missing;
- boolean: double 1.0 / 0.0, NaN is missing (a boolean column's numbers in the model's
  matrix);
- text: string, ``""`` is missing;
- datetime: double seconds since 1970-01-01 UTC, NaN is missing (the number the model
  input step makes of it); it has no text form.

A boolean column read as text is ``"True"``/``"False"``, as pandas writes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from lathe.ml.onnx_export.errors import OnnxUnsupportedError
from lathe.ml.onnx_export.graph_builder import GraphBuilder

Kind = Literal["number", "boolean", "text", "datetime"]
BOOLEAN_TEXT = {"True": 1.0, "False": 0.0}


@dataclass(frozen=True)
class Column:
    name: str
    tensor: str
    kind: Kind


Columns = dict[str, Column]


def as_number(graph: GraphBuilder, column: Column) -> str:
    """The column as doubles (a date/time as its seconds); text reads ``"True"``/``"False"``
    as 1/0, anything else as missing (only a boolean column made text by a constant fill
    reaches a number here)."""
    if column.kind == "text":
        return graph.string_to_double(column.tensor, BOOLEAN_TEXT, f"{column.name}_number")
    return column.tensor


def as_text(graph: GraphBuilder, column: Column) -> str:
    """The column as strings, as the steps compare values."""
    if column.kind == "text":
        return column.tensor
    if column.kind == "datetime":
        raise OnnxUnsupportedError(
            f'date/time column "{column.name}" is used as text, and ONNX cannot write dates'
        )
    if column.kind == "number":
        raise OnnxUnsupportedError(f'numeric column "{column.name}" is used as text')
    hint = f"{column.name}_text"
    is_true = graph.op("Greater", [column.tensor, graph.double(0.5)], hint)
    words = graph.op("Where", [is_true, graph.constant(["True"]), graph.constant(["False"])], hint)
    missing = graph.op("IsNaN", [column.tensor], hint)
    return graph.op("Where", [missing, graph.constant([""]), words], hint)


def with_tensor(column: Column, tensor: str, kind: Kind | None = None) -> Column:
    return Column(column.name, tensor, kind or column.kind)


def number_column(column: Column, step: str) -> str:
    """A numeric column's doubles; `step` names what refuses other kinds."""
    if column.kind != "number":
        raise OnnxUnsupportedError(f'the {step} step uses non-numeric column "{column.name}"')
    return column.tensor
