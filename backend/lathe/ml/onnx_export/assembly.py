"""One self-contained ONNX model: the recipe's graph, then the converted model, then the
outputs."""

from __future__ import annotations

import json

import numpy as np
import onnx
from onnx import compose, helper, version_converter

from lathe.ml.ensemble import EnsembleStep
from lathe.ml.model_step import ModelStep
from lathe.ml.onnx_export.errors import OnnxUnsupportedError
from lathe.ml.onnx_export.graph_builder import ML_DOMAIN, ML_OPSET, OPSET, GraphBuilder
from lathe.ml.onnx_export.graph_columns import as_number
from lathe.ml.onnx_export.graph_inputs import datetime_inputs
from lathe.ml.onnx_export.model_conversion import ConvertedModel, converted_model
from lathe.ml.onnx_export.prediction_graph import (
    OUTPUT_NAMES,
    classes_json,
    classification_outputs,
    value_outputs,
)
from lathe.ml.onnx_export.recipe_graph import recipe_columns, recipe_matrix, step_columns
from lathe.ml.pipeline import model_step
from lathe.steps.recipe import RecipePipeline

MODEL_PREFIX = "model/"
IR_VERSION = 10
DATETIME_INPUTS = "datetime_inputs"


def _model_graph(
    step: ModelStep, model_name: str, prefix: str = MODEL_PREFIX
) -> tuple[onnx.GraphProto, ConvertedModel]:
    """The converted model at the graph's opset, its names under `prefix`.

    Only the default domain is converted: the ``ai.onnx.ml`` operators converters emit
    below opset 3 (CatBoost's tree ensembles, opset 2) are unchanged at 3."""
    try:
        converted = converted_model(step)
        model = converted.model
        default_opset = {entry.domain: entry.version for entry in model.opset_import}.get("")
        if default_opset is not None and default_opset != OPSET:
            model = version_converter.convert_version(model, OPSET)
        return compose.add_prefix(model, prefix).graph, converted
    except OnnxUnsupportedError:
        raise
    except Exception as error:
        raise OnnxUnsupportedError(
            f"the {model_name} model could not be converted to ONNX ({error})"
        ) from error


def _joined_model(
    graph: GraphBuilder, matrix: str, step: ModelStep, model_name: str, prefix: str
) -> str:
    """`step`'s converted model added to `graph`, fed `matrix`; its output's name."""
    model_graph, converted = _model_graph(step, model_name, prefix)
    graph.reserve(_tensor_names(model_graph))
    model_input = model_graph.input[0].name
    if converted.input_type == "float":
        graph.op("Cast", [matrix], output=model_input, to=onnx.TensorProto.FLOAT)
    else:
        graph.op("Identity", [matrix], output=model_input)
    graph.nodes.extend(model_graph.node)
    graph.initializers.extend(model_graph.initializer)
    output = prefix + converted.output
    if not hasattr(step, "target_scale_"):
        return output
    # the model (SVR, in double) learned the target standardized (``in_target_units``)
    scaled = graph.op("Mul", [output, graph.double(step.target_scale_)], f"{prefix}scaled")
    return graph.op("Add", [scaled, graph.double(step.target_shift_)], f"{prefix}values")


def _ensemble_output(
    graph: GraphBuilder, pipeline: RecipePipeline, ensemble: EnsembleStep, model_name: str
) -> str:
    """The recipe once, then each member's model input and model, their probabilities
    (or values) weighted and summed."""
    columns = recipe_columns(graph, pipeline, pipeline.steps[:-2])
    weighted: list[str] = []
    for number, ((member_input, step), weight) in enumerate(
        zip(ensemble.members, ensemble.weights, strict=True)
    ):
        if step.problem_type == "classification" and not np.array_equal(
            step.classes_, ensemble.classes_
        ):
            raise OnnxUnsupportedError(f"a member of the {model_name} saw fewer classes")
        member_columns = step_columns(graph, columns, member_input)
        features = [as_number(graph, member_columns[str(name)]) for name in step.feature_names_in_]
        matrix = graph.op("Concat", features, f"member{number}_features", axis=1)
        output = _joined_model(graph, matrix, step, model_name, f"{MODEL_PREFIX}{number}/")
        values = graph.op("Cast", [output], f"member{number}_output", to=onnx.TensorProto.DOUBLE)
        if step.problem_type == "classification":
            axis = graph.constant(np.asarray([1], dtype=np.int64), "axis")
            totals = graph.op("ReduceSum", [values, axis], f"member{number}_totals", keepdims=1)
            values = graph.op("Div", [values, totals], f"member{number}_probabilities")
        else:
            shape = graph.constant(np.asarray([-1, 1], dtype=np.int64), "shape")
            values = graph.op("Reshape", [values, shape], f"member{number}_values")
        weighted.append(graph.op("Mul", [values, graph.double(weight)], f"member{number}_weighted"))
    return graph.op("Sum", weighted, "ensemble_output")


def _subgraphs(node: onnx.NodeProto) -> list[onnx.GraphProto]:
    """A ``Loop``'s body and the like: graphs that read the outer graph's values by name."""
    graphs = [attribute.g for attribute in node.attribute if attribute.HasField("g")]
    return graphs + [graph for attribute in node.attribute for graph in attribute.graphs]


def _tensor_names(graph: onnx.GraphProto) -> set[str]:
    names = {value.name for value in graph.initializer} | {value.name for value in graph.input}
    for node in graph.node:
        names.update(node.output)
        for subgraph in _subgraphs(node):
            names |= _tensor_names(subgraph)
    return names


def _read_names(node: onnx.NodeProto) -> set[str]:
    """What `node` reads: its inputs and those of the nodes of its subgraphs."""
    names = set(node.input)
    for subgraph in _subgraphs(node):
        for inner in subgraph.node:
            names |= _read_names(inner)
    return names


def _pruned(graph: onnx.GraphProto) -> None:
    """Drop the nodes no output depends on, and the inputs nothing reads (columns the
    recipe drops)."""
    needed = {output.name for output in graph.output}
    kept: list[onnx.NodeProto] = []
    for node in reversed(graph.node):
        if needed.intersection(node.output):
            kept.append(node)
            needed.update(_read_names(node))
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
    graph = GraphBuilder()
    graph.reserve(OUTPUT_NAMES)
    if isinstance(step, EnsembleStep):
        model_output = _ensemble_output(graph, pipeline, step, model_name)
    else:
        matrix = recipe_matrix(graph, pipeline, step)
        model_output = _joined_model(graph, matrix, step, model_name, MODEL_PREFIX)
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
