"""One self-contained ONNX model: the recipe's graph, then the converted model, then the
outputs."""

from __future__ import annotations

import json

import onnx
from onnx import compose, helper, version_converter

from lathe.ml.model_step import ModelStep
from lathe.ml.onnx_export.errors import OnnxUnsupportedError
from lathe.ml.onnx_export.graph_builder import ML_DOMAIN, ML_OPSET, OPSET, GraphBuilder
from lathe.ml.onnx_export.graph_inputs import datetime_inputs
from lathe.ml.onnx_export.model_conversion import ConvertedModel, converted_model
from lathe.ml.onnx_export.prediction_graph import (
    OUTPUT_NAMES,
    classes_json,
    classification_outputs,
    value_outputs,
)
from lathe.ml.onnx_export.recipe_graph import recipe_matrix
from lathe.ml.pipeline import model_step
from lathe.steps.recipe import RecipePipeline

MODEL_PREFIX = "model/"
IR_VERSION = 10
DATETIME_INPUTS = "datetime_inputs"


def _model_graph(step: ModelStep, model_name: str) -> tuple[onnx.GraphProto, ConvertedModel]:
    """The converted model at the graph's opset, its names under ``model/``.

    Only the default domain is converted: the ``ai.onnx.ml`` operators converters emit
    below opset 3 (CatBoost's tree ensembles, opset 2) are unchanged at 3."""
    try:
        converted = converted_model(step)
        model = converted.model
        default_opset = {entry.domain: entry.version for entry in model.opset_import}.get("")
        if default_opset is not None and default_opset != OPSET:
            model = version_converter.convert_version(model, OPSET)
        return compose.add_prefix(model, MODEL_PREFIX).graph, converted
    except OnnxUnsupportedError:
        raise
    except Exception as error:
        raise OnnxUnsupportedError(
            f"the {model_name} model could not be converted to ONNX ({error})"
        ) from error


def _tensor_names(graph: onnx.GraphProto) -> set[str]:
    names = {value.name for value in graph.initializer} | {value.name for value in graph.input}
    return names | {output for node in graph.node for output in node.output}


def _pruned(graph: onnx.GraphProto) -> None:
    """Drop the nodes no output depends on, and the inputs nothing reads (columns the
    recipe drops)."""
    needed = {output.name for output in graph.output}
    kept: list[onnx.NodeProto] = []
    for node in reversed(graph.node):
        if needed.intersection(node.output):
            kept.append(node)
            needed.update(node.input)
    del graph.node[:]
    graph.node.extend(reversed(kept))
    inputs = [value for value in graph.input if value.name in needed]
    del graph.input[:]
    graph.input.extend(inputs)
    initializers = [value for value in graph.initializer if value.name in needed]
    del graph.initializer[:]
    graph.initializer.extend(initializers)


def onnx_model(pipeline: RecipePipeline, model_name: str) -> bytes:
    """The fitted training `pipeline`, raw columns in and predictions out, as ONNX bytes."""
    step = model_step(pipeline)
    model_graph, converted = _model_graph(step, model_name)
    graph = GraphBuilder()
    graph.reserve([*OUTPUT_NAMES, *_tensor_names(model_graph)])
    matrix = recipe_matrix(graph, pipeline, step)
    model_input = model_graph.input[0].name
    if converted.input_type == "float":
        graph.op("Cast", [matrix], output=model_input, to=onnx.TensorProto.FLOAT)
    else:
        graph.op("Identity", [matrix], output=model_input)
    graph.nodes.extend(model_graph.node)
    graph.initializers.extend(model_graph.initializer)
    model_output = MODEL_PREFIX + converted.output
    outputs = (
        classification_outputs(graph, step, model_output)
        if step.problem_type == "classification"
        else value_outputs(graph, step, model_output)
    )
    onnx_graph = helper.make_graph(
        graph.nodes, "lathe_pipeline", graph.inputs, outputs, graph.initializers
    )
    _pruned(onnx_graph)
    model = helper.make_model(
        onnx_graph,
        opset_imports=[helper.make_opsetid("", OPSET), helper.make_opsetid(ML_DOMAIN, ML_OPSET)],
        ir_version=IR_VERSION,
        producer_name="lathe",
    )
    kept = {value.name for value in onnx_graph.input}
    datetimes = [name for name in datetime_inputs(pipeline) if name in kept]
    props = {DATETIME_INPUTS: json.dumps(datetimes)}
    if step.problem_type == "classification":
        props["classes"] = classes_json(step)
    helper.set_model_props(model, props)
    try:
        onnx.checker.check_model(model)
    except onnx.checker.ValidationError as error:
        raise OnnxUnsupportedError(
            f"the graph of the {model_name} model is not valid ONNX ({error})"
        ) from error
    serialized: bytes = model.SerializeToString()
    return serialized
