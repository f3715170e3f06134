"""Graphs of the missing-value steps: imputation and the column drops."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from onnx import TensorProto

from lathe.ml.model_input import seconds_since_epoch
from lathe.ml.onnx_export.errors import OnnxUnsupportedError
from lathe.ml.onnx_export.graph_builder import GraphBuilder
from lathe.ml.onnx_export.graph_columns import (
    Column,
    Columns,
    as_text,
    with_tensor,
)
from lathe.steps.columns import ColumnDropper
from lathe.steps.missing import ROW_ORDER_STRATEGIES, MissingValueImputer


def dropped_columns(columns: Columns, step: ColumnDropper) -> Columns:
    dropped = set(step.dropped_columns_)
    return {name: column for name, column in columns.items() if name not in dropped}


def _filled_text(graph: GraphBuilder, column: Column, value: Any) -> Column:
    text = as_text(graph, column)
    missing = graph.is_empty_text(text)
    filled = graph.op("Where", [missing, graph.constant([str(value)]), text], column.name)
    return with_tensor(column, filled, "text")


def _filled_value(graph: GraphBuilder, column: Column, value: Any) -> Column:
    if column.kind == "text":
        return _filled_text(graph, column, value)
    if column.kind == "boolean" and not isinstance(value, bool | np.bool_):
        raise OnnxUnsupportedError(
            f'boolean column "{column.name}" is filled with "{value}", which is not a boolean'
        )
    missing = graph.op("IsNaN", [column.tensor], column.name)
    fill = graph.double(float(value))
    return with_tensor(column, graph.op("Where", [missing, fill, column.tensor], column.name))


def _filled_datetime(graph: GraphBuilder, column: Column, value: Any) -> Column:
    """The fill date (learnt, or a constant date) as its seconds, the model input step's
    own arithmetic."""
    if not isinstance(value, pd.Timestamp):
        raise OnnxUnsupportedError(
            f'date/time column "{column.name}" is filled with "{value}", which is not a date'
        )
    seconds = seconds_since_epoch(pd.Series([value])).iloc[0]
    return _filled_value(graph, column, seconds)


def _imputed(graph: GraphBuilder, column: Column, strategy: str, value: Any) -> Column:
    if strategy in ROW_ORDER_STRATEGIES:
        raise OnnxUnsupportedError(
            f'column "{column.name}" is imputed by {strategy}, and forward and backward fill '
            "depend on row order"
        )
    if column.kind == "datetime":
        return _filled_datetime(graph, column, value)
    if strategy == "constant":
        return _filled_text(graph, column, value)
    return _filled_value(graph, column, value)


def _missing_flags(graph: GraphBuilder, column: Column, name: str) -> Column:
    """1.0 where the column's value is missing (an empty text, a NaN), else 0.0."""
    if column.kind == "text":
        missing = graph.is_empty_text(column.tensor)
    else:
        missing = graph.op("IsNaN", [column.tensor], name)
    return Column(name, graph.op("Cast", [missing], name, to=TensorProto.DOUBLE), "number")


def imputed_columns(graph: GraphBuilder, columns: Columns, step: MissingValueImputer) -> Columns:
    imputed = dict(columns)
    for name, strategy in step.strategies_.items():
        imputed[name] = _imputed(graph, columns[name], strategy, step.fill_values_[name])
    for name, indicator in step.indicator_names_.items():
        imputed[indicator] = _missing_flags(graph, columns[name], indicator)
    return imputed
