"""Each step's graph against the step's own transform, on small hand-made frames."""

import datetime
import json
import math

import numpy as np
import onnx
import pandas as pd
import pytest
from onnx import TensorProto, helper

from lathe.analysis.column_types import column_kind
from lathe.ml.model_input import ModelInput, seconds_since_epoch
from lathe.ml.onnx_export.errors import OnnxUnsupportedError
from lathe.ml.onnx_export.graph_builder import ML_DOMAIN, ML_OPSET, OPSET, GraphBuilder
from lathe.ml.onnx_export.graph_columns import as_number
from lathe.ml.onnx_export.graph_inputs import datetime_inputs
from lathe.ml.onnx_export.recipe_graph import STEP_GRAPHS, recipe_columns, step_columns
from lathe.steps.recipe import RECIPE_STEPS, RecipePipeline, recipe_pipeline
from lathe.steps.recipe_step import RecipeStep
from lathe.steps.scaling import FeatureScaler
from tests.ml.onnx_export.frames import onnx_outputs

NAN = math.nan
INDIA = datetime.timezone(datetime.timedelta(hours=5, minutes=30))


def fit_frame() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "n": [1.0, 2.0, NAN, 4.0, 5.0, 6.0, 7.0, 300.0, 8.0, 9.0],
            "i": pd.Series([3, 1, 4, 1, 5, 9, 2, 6, 5, -80], dtype=np.int64),
            "colour": pd.Series(
                ["red", "green", None, "red", "blue", "green", "red", "blue", "red", None],
                dtype="str",
            ),
            "city": pd.Series(["a", "b", "c", "a", "b", "c", "a", "b", "c", "a"], dtype="str"),
            "flag": pd.Series(
                [True, False, None, True, True, False, True, False, True, False], dtype="boolean"
            ),
            "t": [1.0, 3.0, 2.0, 5.0, 4.0, 6.0, 8.0, 7.0, 9.0, 10.0],
            "cls": pd.Series(["x", "y", "z", "x", "y", "z", "x", "y", "z", "x"], dtype="str"),
        }
    )


def new_frame() -> pd.DataFrame:
    """Rows with values unseen at fit, missing values everywhere, and outliers."""
    return pd.DataFrame(
        {
            "n": [NAN, -50.0, 3.0, 1000.0, 5.5],
            "i": pd.Series([0, 100, -200, 4, 7], dtype=np.int64),
            "colour": pd.Series(["purple", None, "red", "blue", "green"], dtype="str"),
            "city": pd.Series([None, "a", "zz", "c", "b"], dtype="str"),
            "flag": pd.Series([None, True, False, None, True], dtype="boolean"),
        }
    )


def with_dates(frame: pd.DataFrame, days: list[str | None]) -> pd.DataFrame:
    """`frame` with a naive and a time-zone aware date/time column of `days` at noon."""
    naive = pd.to_datetime(pd.Series(days)) + pd.Timedelta(hours=12)
    return frame.assign(day=naive, moment=naive.dt.tz_localize("America/New_York"))


def fitted(
    steps: list, target: str | None = None, frame: pd.DataFrame | None = None
) -> RecipePipeline:
    frame = fit_frame() if frame is None else frame
    pipeline = recipe_pipeline(steps, target)
    inputs = frame.drop(columns=["t", "cls"])
    return pipeline.fit(inputs, None if target is None else frame[target])


def graph_of(pipeline: RecipePipeline) -> tuple[bytes, list[str]]:
    """The steps' graph, one output per resulting column (text as strings, the rest as
    doubles), and the columns in order."""
    graph = GraphBuilder()
    columns = recipe_columns(graph, pipeline, pipeline.steps)
    outputs = []
    for name, column in columns.items():
        text = column.kind == "text"
        tensor = column.tensor if text else as_number(graph, column)
        graph.op("Identity", [tensor], output=f"out:{name}")
        elem_type = TensorProto.STRING if text else TensorProto.DOUBLE
        outputs.append(helper.make_tensor_value_info(f"out:{name}", elem_type, [None, 1]))
    model = helper.make_model(
        helper.make_graph(graph.nodes, "steps", graph.inputs, outputs, graph.initializers),
        opset_imports=[helper.make_opsetid("", OPSET), helper.make_opsetid(ML_DOMAIN, ML_OPSET)],
        ir_version=10,
    )
    helper.set_model_props(model, {"datetime_inputs": json.dumps(datetime_inputs(pipeline))})
    onnx.checker.check_model(model)
    return model.SerializeToString(), list(columns)


def as_numbers(column: pd.Series) -> np.ndarray:
    """The column's doubles, a date/time as its seconds."""
    if column_kind(column.dtype) == "datetime":
        column = seconds_since_epoch(column)
    return column.to_numpy(np.float64, na_value=np.nan)


def assert_graph_matches(pipeline: RecipePipeline, frame: pd.DataFrame | None = None) -> None:
    frame = new_frame() if frame is None else frame
    expected = pipeline.transform(frame)
    model, columns = graph_of(pipeline)
    assert columns == list(expected.columns)
    found = onnx_outputs(model, frame)
    for name in columns:
        values = found[f"out:{name}"].ravel()
        if values.dtype == object:
            assert values.tolist() == expected[name].fillna("").astype(str).tolist(), name
        else:
            wanted = as_numbers(expected[name])
            np.testing.assert_array_equal(values, wanted, err_msg=name)


@pytest.mark.parametrize(
    "strategies",
    [
        {"n": "mean", "colour": "mode", "flag": "mode"},
        {"n": "median", "i": "zero", "colour": "constant", "flag": "constant"},
        {"n": "zero", "city": "mode"},
    ],
)
def test_imputation_fills_as_the_step_does(strategies):
    step = {"step": "impute_missing", "params": {"strategies": strategies}}
    assert_graph_matches(fitted([step]))


def test_a_constant_fill_makes_text_of_a_boolean_column():
    pipeline = fitted(
        [
            {
                "step": "impute_missing",
                "params": {
                    "strategies": {"colour": "constant", "flag": "constant"},
                    "fill_values": {"colour": "none", "flag": "?"},
                },
            }
        ]
    )
    assert_graph_matches(pipeline)


@pytest.mark.parametrize("strategy", ["cap", "nan", "impute_median", "impute_mean"])
@pytest.mark.parametrize("method", ["iqr", "zscore"])
def test_outliers_are_treated_as_the_step_does(strategy, method):
    config = {"strategy": strategy, "method": method, "factor": 1.5}
    step = {"step": "handle_outliers", "params": {"column_configs": {"n": config, "i": config}}}
    assert_graph_matches(fitted([step]))


@pytest.mark.parametrize("method", ["standard", "minmax", "robust"])
def test_scaling_matches_the_step(method):
    step = {"step": "scale", "params": {"methods": {"n": method, "i": method}}}
    assert_graph_matches(fitted([step]))


@pytest.mark.parametrize("strategy", ["label", "ordinal", "onehot", "binary"])
def test_encodings_match_the_step_with_unknown_and_missing_values(strategy):
    step = {"step": "encode", "params": {"strategies": {"colour": strategy, "city": strategy}}}
    assert_graph_matches(fitted([step]))


def test_unknown_categories_can_be_missing():
    params = {"strategies": {"colour": "label", "city": "ordinal"}, "unknown_as_missing": ["city"]}
    assert_graph_matches(fitted([{"step": "encode", "params": params}]))


@pytest.mark.filterwarnings("ignore:The least populated class")
@pytest.mark.parametrize("target", ["t", "cls"])
def test_target_encoding_matches_the_step_for_continuous_and_multiclass_targets(target):
    params = {"strategies": {"colour": "target", "city": "target"}, "target_column": target}
    assert_graph_matches(fitted([{"step": "encode", "params": params}], target))


def test_dropped_columns_leave_the_graph():
    pipeline = fitted(
        [
            {"step": "drop_columns", "params": {"columns": ["city"]}},
            {"step": "drop_missing_columns", "params": {"threshold": 0.15}},
        ]
    )
    assert_graph_matches(pipeline)


def test_row_samplers_pass_every_row_through():
    pipeline = fitted(
        [
            {"step": "drop_missing_rows", "params": {"threshold": 0.0}},
            {
                "step": "remove_outlier_rows",
                "params": {"column_configs": {"n": {"method": "iqr", "factor": 1.5}}},
            },
        ]
    )
    assert_graph_matches(pipeline)


def test_model_input_codes_text_left_unencoded():
    frame = fit_frame().drop(columns=["t", "cls"])
    pipeline = RecipePipeline(steps=[("model_input", ModelInput())]).fit(frame)
    assert_graph_matches(pipeline)


def test_date_columns_are_filled_with_their_modes_seconds_and_reach_the_model_as_seconds():
    fit_days = ["2024-03-05", "2023-12-31", None, "2024-03-05", "2024-07-01"] * 2
    new_days = [None, "2024-03-05", "1969-07-20", None, "2031-01-15"]
    frame = with_dates(fit_frame(), fit_days)
    step: RecipeStep = {
        "step": "impute_missing",
        "params": {"strategies": {"day": "mode", "moment": "mode"}},
    }
    imputation = fitted([step], frame=frame)
    fills = imputation.steps[0][1].fill_values_
    assert fills["day"] == pd.Timestamp("2024-03-05 12:00")
    assert fills["moment"] == pd.Timestamp("2024-03-05 12:00", tz="America/New_York")
    new = with_dates(new_frame(), new_days)
    assert_graph_matches(imputation, new)
    steps = [*recipe_pipeline([step]).steps, ("model_input", ModelInput())]
    assert_graph_matches(RecipePipeline(steps=steps).fit(frame.drop(columns=["t", "cls"])), new)


def test_every_recipe_step_class_has_a_graph():
    for kind in RECIPE_STEPS.values():
        assert kind.estimator in STEP_GRAPHS, kind.title


def test_a_step_without_a_graph_is_refused_by_its_title():
    class Unregistered(FeatureScaler):
        pass

    with pytest.raises(OnnxUnsupportedError) as refused:
        step_columns(GraphBuilder(), {}, Unregistered())
    assert refused.value.params == {"reason": "there is no ONNX graph for the Unregistered step"}


def test_date_parts_in_the_graph_are_the_calendars_from_1700_to_2250():
    seconds = np.random.default_rng(7).uniform(-8.5e9, 8.8e9, 400).round()
    stamps = pd.Series(pd.to_datetime(seconds, unit="s"))
    edges = pd.to_datetime(
        ["1700-03-01", "1904-02-29", "2000-02-29 23:59:59", "1970-01-01", "2100-03-01"],
        format="ISO8601",
    )
    days = pd.concat([stamps, pd.Series(edges), pd.Series([pd.NaT])], ignore_index=True)
    frame = pd.DataFrame({"day": days, "moment": days.dt.tz_localize("UTC").dt.tz_convert(INDIA)})
    pipeline = RecipePipeline(steps=[("model_input", ModelInput())]).fit(frame)
    assert "day_minute" in pipeline.transform(frame).columns
    assert_graph_matches(pipeline, frame)


def test_missing_value_indicators_match_the_step():
    step = {
        "step": "impute_missing",
        "params": {
            "strategies": {"n": "median", "colour": "constant", "flag": "mode"},
            "fill_values": {"colour": "missing"},
            "indicators": ["n", "flag", "colour"],
        },
    }
    pipeline = fitted([step])
    assert list(pipeline.transform(new_frame()).columns)[-3:] == [
        "n_missing",
        "flag_missing",
        "colour_missing",
    ]
    assert pipeline.transform(new_frame())["n_missing"].tolist() == [1.0, 0.0, 0.0, 0.0, 0.0]
    assert_graph_matches(pipeline)
