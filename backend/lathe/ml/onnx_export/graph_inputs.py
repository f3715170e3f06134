"""The graph's inputs: one per raw column of the uploaded file, named as the column.

Numeric columns are ``tensor(double)`` (NaN is missing); date/time columns are
``tensor(double)`` too, seconds since 1970-01-01 UTC as the model input step computes them
(NaN is missing), listed by name in the model's ``datetime_inputs`` metadata; text,
categorical and boolean columns are ``tensor(string)`` (``""`` is missing). Boolean text is
read inside the graph in its common spellings; anything else is missing.
"""

from __future__ import annotations

from typing import Any

from onnx import TensorProto

from lathe.analysis.column_types import column_kind
from lathe.ml.onnx_export.errors import OnnxUnsupportedError
from lathe.ml.onnx_export.graph_builder import GraphBuilder
from lathe.ml.onnx_export.graph_columns import Column, Columns
from lathe.steps.recipe import RecipePipeline

TRUE_WORDS = ("true", "True", "TRUE", "t", "T", "yes", "Yes", "YES", "y", "Y", "1", "1.0")
FALSE_WORDS = ("false", "False", "FALSE", "f", "F", "no", "No", "NO", "n", "N", "0", "0.0")
BOOLEAN_WORDS = {**dict.fromkeys(TRUE_WORDS, 1.0), **dict.fromkeys(FALSE_WORDS, 0.0)}


def _input_column(graph: GraphBuilder, name: str, dtype: Any) -> Column:
    kind = column_kind(dtype)
    if kind == "numeric":
        return Column(name, graph.add_input(name, TensorProto.DOUBLE), "number")
    if kind == "datetime":
        return Column(name, graph.add_input(name, TensorProto.DOUBLE), "datetime")
    text = graph.add_input(name, TensorProto.STRING)
    if kind == "boolean":
        return Column(
            name, graph.string_to_double(text, BOOLEAN_WORDS, f"{name}_boolean"), "boolean"
        )
    return Column(name, text, "text")


def input_columns(graph: GraphBuilder, pipeline: RecipePipeline) -> Columns:
    """The fitted pipeline's raw columns as graph inputs, in the file's order."""
    if not hasattr(pipeline, "input_dtypes_"):
        raise OnnxUnsupportedError(
            "the model was trained before its input columns were recorded; train it again"
        )
    return {
        str(name): _input_column(graph, str(name), pipeline.input_dtypes_[name])
        for name in pipeline.feature_names_in_
    }


def datetime_inputs(pipeline: RecipePipeline) -> list[str]:
    """The raw date/time columns of a pipeline `input_columns` has read, in the file's
    order."""
    return [
        str(name)
        for name in pipeline.feature_names_in_
        if column_kind(pipeline.input_dtypes_[name]) == "datetime"
    ]
