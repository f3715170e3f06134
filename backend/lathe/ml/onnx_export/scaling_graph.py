"""Graph of the scaling step: ``(x - center) / scale`` in double, as the step computes it."""

from __future__ import annotations

from lathe.ml.onnx_export.graph_builder import GraphBuilder
from lathe.ml.onnx_export.graph_columns import Columns, number_column, with_tensor
from lathe.steps.scaling import FeatureScaler


def scaled_columns(graph: GraphBuilder, columns: Columns, step: FeatureScaler) -> Columns:
    scaled = dict(columns)
    for name, (center, scale) in step.scales_.items():
        column = columns[name]
        values = number_column(column, "scaling")
        centred = graph.op("Sub", [values, graph.double(center)], name)
        scaled[name] = with_tensor(column, graph.op("Div", [centred, graph.double(scale)], name))
    return scaled
