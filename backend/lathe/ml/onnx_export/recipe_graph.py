"""The recipe part of the graph: raw columns in, the model's double matrix out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lathe.ml.model_input import ModelInput
from lathe.ml.model_step import ModelStep
from lathe.ml.onnx_export.encoding_graph import encoded_columns, model_input_columns
from lathe.ml.onnx_export.errors import OnnxUnsupportedError
from lathe.ml.onnx_export.graph_builder import GraphBuilder
from lathe.ml.onnx_export.graph_columns import Columns, as_number
from lathe.ml.onnx_export.graph_inputs import input_columns
from lathe.ml.onnx_export.missing_graph import dropped_columns, imputed_columns
from lathe.ml.onnx_export.outlier_graph import treated_columns
from lathe.ml.onnx_export.scaling_graph import scaled_columns
from lathe.steps.columns import ColumnDropper
from lathe.steps.encoding import CategoricalEncoder
from lathe.steps.missing import MissingColumnDropper, MissingRowDropper, MissingValueImputer
from lathe.steps.outliers import OutlierHandler, OutlierRowRemover
from lathe.steps.recipe import RecipePipeline
from lathe.steps.recipe import step_title as recipe_step_title
from lathe.steps.scaling import FeatureScaler

StepGraph = Callable[[GraphBuilder, Columns, Any], Columns]
"""The columns after a fitted step, built in the graph from the columns before it."""


def _dropped(_: GraphBuilder, columns: Columns, step: ColumnDropper) -> Columns:
    return dropped_columns(columns, step)


def _unchanged(_: GraphBuilder, columns: Columns, __: Any) -> Columns:
    return columns


STEP_GRAPHS: dict[type, StepGraph] = {
    ColumnDropper: _dropped,
    MissingColumnDropper: _dropped,
    MissingRowDropper: _unchanged,  # samplers remove rows at fit time only
    OutlierRowRemover: _unchanged,
    MissingValueImputer: imputed_columns,
    OutlierHandler: treated_columns,
    CategoricalEncoder: encoded_columns,
    FeatureScaler: scaled_columns,
    ModelInput: model_input_columns,
}
"""The graph of each step class a training pipeline holds: the recipe's steps
(``lathe.steps.recipe.RECIPE_STEPS``) and the model input."""


def step_title(step: Any) -> str:
    if isinstance(step, ModelInput):
        return "model input"
    return recipe_step_title(step) or type(step).__name__


def _columns_after(graph: GraphBuilder, columns: Columns, step: Any) -> Columns:
    build = STEP_GRAPHS.get(type(step))
    if build is None:
        raise OnnxUnsupportedError(f"there is no ONNX graph for the {step_title(step)} step")
    return build(graph, columns, step)


def step_columns(graph: GraphBuilder, columns: Columns, step: Any) -> Columns:
    """The columns after the fitted `step`, as its transform leaves them."""
    try:
        return _columns_after(graph, columns, step)
    except OnnxUnsupportedError:
        raise
    except Exception as error:
        raise OnnxUnsupportedError(
            f"the {step_title(step)} step could not be expressed in ONNX ({error})"
        ) from error


def recipe_columns(
    graph: GraphBuilder, pipeline: RecipePipeline, steps: Sequence[tuple[str, Any]]
) -> Columns:
    """The fitted `pipeline`'s raw columns, then `steps` (its own) applied in order."""
    columns = input_columns(graph, pipeline)
    for _, step in steps:
        columns = step_columns(graph, columns, step)
    return columns


def recipe_matrix(graph: GraphBuilder, pipeline: RecipePipeline, model: ModelStep) -> str:
    """The [N, features] double matrix the model takes, its columns in the model's order."""
    columns = recipe_columns(graph, pipeline, pipeline.steps[:-1])
    features = [as_number(graph, columns[str(name)]) for name in model.feature_names_in_]
    return graph.op("Concat", features, "features", axis=1)
