"""Graphs of the steps that turn text into numbers: the encoding step and the model
input's ordinal codes (its date/time seconds need no graph: they are the inputs; their
calendar parts are ``date_parts_graph``'s).

A text value becomes a row index of a lookup table: 0 for a category unseen at fit,
1..n for the fitted levels in order, n + 1 for a missing value. Each output column is a
table column, filled by the step's own transform of one probe value per row, so every
strategy (unknown categories, the missing level, one-hot and binary bits, target
encodings) is the step's and not a copy of it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import numpy as np
import numpy.typing as npt
import pandas as pd

from lathe.ml.model_input import ModelInput
from lathe.ml.onnx_export.date_parts_graph import date_part_tensors
from lathe.ml.onnx_export.graph_builder import GraphBuilder
from lathe.ml.onnx_export.graph_columns import (
    Column,
    Columns,
    as_number,
    as_text,
    with_tensor,
)
from lathe.steps.encoding import CategoricalEncoder, Levels, level_codes

FloatArray = npt.NDArray[np.float64]


def probe_values(levels: Levels) -> list[str | float]:
    """One value per table row: an unseen category, the levels, a missing value."""
    unseen = "unseen"
    while unseen in levels.values:
        unseen = f"_{unseen}"
    return [unseen, *levels.values, np.nan]


def _row_index(graph: GraphBuilder, column: Column, levels: Levels) -> str:
    text = as_text(graph, column)
    rows = {level: row for row, level in enumerate(levels.values, start=1)}
    rows[""] = len(levels.values) + 1
    return graph.string_lookup(text, rows, 0, f"{column.name}_row")


def _looked_up(
    graph: GraphBuilder, column: Column, levels: Levels, tables: Mapping[str, FloatArray]
) -> Columns:
    rows = _row_index(graph, column, levels)
    return {
        name: Column(name, graph.op("Gather", [graph.constant(table, name), rows], name), "number")
        for name, table in tables.items()
    }


def _probe_frame(step: CategoricalEncoder) -> pd.DataFrame:
    """The probe values of each encoded column, as many rows as the longest (shorter
    columns and the others missing)."""
    levels = step.encoding_.levels
    return pd.DataFrame(
        {
            str(name): pd.Series(probe_values(levels[name]) if name in levels else [], dtype="str")
            for name in step.feature_names_in_
        }
    )


def encoded_columns(graph: GraphBuilder, columns: Columns, step: CategoricalEncoder) -> Columns:
    """Each encoded column replaced in place by its outputs."""
    encoding = step.encoding_
    probe = _probe_frame(step)
    encoded = step.transform(probe)
    result: Columns = {}
    for name, column in columns.items():
        strategy = encoding.strategies.get(name)
        if strategy is None:
            result[name] = column
            continue
        levels = encoding.levels[name]
        names = encoding.outputs[name]
        rows = len(probe_values(levels))
        tables = {out: encoded[out].to_numpy(np.float64, na_value=np.nan)[:rows] for out in names}
        result.update(_looked_up(graph, column, levels, tables))
    return result


def model_input_columns(graph: GraphBuilder, columns: Columns, step: ModelInput) -> Columns:
    """Text columns as ordinal codes; date/time columns as their seconds and calendar
    parts; infinities in numeric features made missing; then the missing values of imputed
    columns filled, and the shifted and standardized columns changed."""
    converted = dict(columns)
    for name, column in columns.items():
        if column.kind == "number" and name != step.target_column:
            infinite = graph.op("IsInf", [column.tensor], name)
            finite = graph.op("Where", [infinite, graph.double(math.nan), column.tensor], name)
            converted[name] = with_tensor(column, finite)
    for name, conversion in step.conversions_.items():
        column = columns[name]
        if conversion == "datetime":
            seconds = as_number(graph, column)
            converted[name] = with_tensor(column, seconds, "number")
            names = step.date_parts_[name]
            tensors = date_part_tensors(graph, seconds, names, f"{name}_part")
            converted.update(
                {
                    names[part]: Column(names[part], tensor, "number")
                    for part, tensor in tensors.items()
                }
            )
        else:
            levels = step.levels_[name]
            probe = pd.Series(probe_values(levels), dtype="str")
            table = level_codes(probe, levels).astype(np.float64)
            converted.update(_looked_up(graph, column, levels, {name: table}))
    for name, value in step.fill_values_.items():
        number = as_number(graph, converted[name])
        missing = graph.op("IsNaN", [number], name)
        filled = graph.op("Where", [missing, graph.double(value), number], name)
        converted[name] = with_tensor(converted[name], filled, "number")
    for name, low in step.shifts_.items():
        shifted = graph.op("Sub", [as_number(graph, converted[name]), graph.double(low)], name)
        floored = graph.op("Max", [shifted, graph.double(0.0)], name)
        converted[name] = with_tensor(converted[name], floored, "number")
    for name, (mean, scale) in step.standard_scales_.items():
        centred = graph.op("Sub", [as_number(graph, converted[name]), graph.double(mean)], name)
        standard = graph.op("Div", [centred, graph.double(scale)], name)
        converted[name] = with_tensor(converted[name], standard, "number")
    return converted
