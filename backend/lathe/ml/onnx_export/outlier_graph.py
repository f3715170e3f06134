"""Graph of the outlier step: values outside the fitted bounds capped, made missing or
replaced. Comparisons with NaN are false, so missing values and NaN bounds pass through."""

from __future__ import annotations

from lathe.ml.onnx_export.graph_builder import GraphBuilder
from lathe.ml.onnx_export.graph_columns import Column, Columns, number_column, with_tensor
from lathe.steps.outliers import ColumnTreatment, OutlierHandler

STEP = "outlier"


def _treated(graph: GraphBuilder, column: Column, treatment: ColumnTreatment) -> Column:
    values = number_column(column, STEP)
    hint = column.name
    lower, upper = graph.double(treatment.bounds.lower), graph.double(treatment.bounds.upper)
    below = graph.op("Less", [values, lower], hint)
    above = graph.op("Greater", [values, upper], hint)
    if treatment.strategy == "cap":
        raised = graph.op("Where", [below, lower, values], hint)
        return with_tensor(column, graph.op("Where", [above, upper, raised], hint))
    fill = graph.double(float("nan") if treatment.strategy == "nan" else treatment.replacement)
    outside = graph.op("Or", [below, above], hint)
    return with_tensor(column, graph.op("Where", [outside, fill, values], hint))


def treated_columns(graph: GraphBuilder, columns: Columns, step: OutlierHandler) -> Columns:
    treated = dict(columns)
    for name, treatment in step.treatments_.items():
        treated[name] = _treated(graph, columns[name], treatment)
    return treated
