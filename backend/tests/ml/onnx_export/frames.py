"""Raw frames, recipes and helpers for the ONNX export tests."""

import json
from io import StringIO

import numpy as np
import onnxruntime as ort
import pandas as pd

from lathe.ml.catalog import CatalogEntry
from lathe.ml.pipeline import training_pipeline
from lathe.steps.recipe import RecipePipeline
from lathe.steps.recipe_step import RecipeStep

COLOURS = ["red", "green", "blue", "amber"]
SIZES = ["S", "M", "L"]
TIERS = ["bronze", "silver", "gold"]
SHAPES = ["circle", "square", "triangle", "star", "hexagon"]
GRADES = ["A", "B", "C"]
CITIES = [f"city{number:02d}" for number in range(30)]
TARGETS = ["label", "passed", "price"]


def raw_frame(rows: int, seed: int) -> pd.DataFrame:
    """Numbers with missing values and outliers, text columns (one of 30 levels), a
    nullable flag, missing values everywhere, and a hidden score the targets come from."""
    rng = np.random.default_rng(seed)
    x1 = rng.normal(size=rows)
    x2 = rng.normal(size=rows)
    x3 = rng.integers(0, 50, size=rows).astype(np.int64)
    x4 = rng.uniform(0, 10, size=rows)
    colour = rng.choice(COLOURS, size=rows)
    flag = rng.random(rows) < 0.5
    score = 2.5 * x1 + 1.5 * x2 + np.where(colour == "red", 2.0, 0.0) + np.where(flag, 1.0, 0.0)
    frame = pd.DataFrame(
        {
            "x1": x1,
            "x2": x2,
            "x3": x3,
            "x4": x4,
            "colour": pd.Series(colour, dtype="str"),
            "size": pd.Series(rng.choice(SIZES, size=rows), dtype="str"),
            "tier": pd.Series(rng.choice(TIERS, size=rows), dtype="str"),
            "shape": pd.Series(rng.choice(SHAPES, size=rows), dtype="str"),
            "grade": pd.Series(rng.choice(GRADES, size=rows), dtype="str"),
            "city": pd.Series(rng.choice(CITIES, size=rows), dtype="str"),
            "flag": pd.Series(flag, dtype="boolean"),
            "note": pd.Series(rng.choice(["n1", "n2"], size=rows), dtype="str"),
        }
    )
    frame["score"] = score
    for column in ["x1", "x2", "x4", "colour", "size", "city", "flag"]:
        frame.loc[rng.random(rows) < 0.06, column] = None
    frame.loc[rng.random(rows) < 0.03, "x1"] = 40.0
    frame.loc[rng.random(rows) < 0.03, "x3"] = 900
    return frame


def dated_frame(rows: int, seed: int) -> pd.DataFrame:
    """`raw_frame` with date/time columns the score depends on, each with missing values:
    ``signup`` days and ``renewal`` days and times (naive), ``seen`` times at UTC+01:00."""
    frame = raw_frame(rows, seed)
    rng = np.random.default_rng(seed + 100)
    start = pd.Timestamp("2023-01-01")
    signup = start + pd.to_timedelta(rng.integers(0, 730, size=rows), unit="D")
    renewal = start + pd.to_timedelta(rng.integers(0, 730 * 24 * 60, size=rows), unit="min")
    seen = pd.Series(renewal, dtype="datetime64[us]").dt.tz_localize("UTC+01:00")
    frame = frame.assign(signup=signup, renewal=renewal, seen=seen)
    frame["score"] += np.where(frame["signup"] > pd.Timestamp("2024-01-01"), 1.5, -1.5)
    for column in ["signup", "renewal", "seen"]:
        frame.loc[rng.random(rows) < 0.08, column] = None
    return frame


def with_targets(frame: pd.DataFrame) -> pd.DataFrame:
    """Three text classes, two int classes and a price, kept well apart from each other's
    boundaries so that float32 trees agree with the pipeline."""
    score = frame.pop("score").to_numpy()
    kept = frame.assign(
        label=pd.Series(
            np.where(score > 1.5, "high", np.where(score > -1.5, "mid", "low")), dtype="str"
        ),
        passed=np.where(score > 0, 7, 3).astype(np.int64),
        price=10.0 * score + 200.0,
    )
    margin = np.minimum(np.abs(score - 1.5), np.abs(score + 1.5))
    return kept[(margin > 0.4) & (np.abs(score) > 0.4)].reset_index(drop=True)


def unseen_rows(frame: pd.DataFrame, seed: int) -> pd.DataFrame:
    """`frame` with categories never seen at fit and more missing values."""
    rng = np.random.default_rng(seed)
    changed = frame.copy()
    for column, unseen in [
        ("colour", "purple"),
        ("size", "XL"),
        ("tier", "platinum"),
        ("shape", "oval"),
        ("grade", "Z"),
        ("city", "elsewhere"),
    ]:
        changed.loc[rng.random(len(frame)) < 0.1, column] = unseen
    for column in ["x1", "x2", "x3", "x4", "colour", "shape", "tier", "grade", "flag"]:
        changed.loc[rng.random(len(frame)) < 0.05, column] = None
    return changed


def recipe(target: str, scaling: dict[str, str]) -> list[RecipeStep]:
    return [
        {"step": "drop_missing_rows", "params": {"threshold": 0.3}},
        {"step": "drop_columns", "params": {"columns": ["note"]}},
        {
            "step": "impute_missing",
            "params": {
                "strategies": {
                    "x1": "mean",
                    "x2": "median",
                    "x3": "median",
                    "x4": "zero",
                    "colour": "mode",
                    "size": "constant",
                    "flag": "mode",
                },
                "fill_values": {"size": "none"},
            },
        },
        {
            "step": "handle_outliers",
            "params": {
                "column_configs": {
                    "x1": {"strategy": "cap", "method": "iqr", "factor": 1.5},
                    "x3": {"strategy": "impute_median", "method": "zscore", "factor": 3.0},
                    "x4": {"strategy": "impute_mean", "method": "iqr", "factor": 1.5},
                }
            },
        },
        {
            "step": "encode",
            "params": {
                "strategies": {
                    "colour": "onehot",
                    "size": "label",
                    "tier": "ordinal",
                    "shape": "binary",
                    "city": "target",
                },
                "target_column": target,
            },
        },
        {"step": "scale", "params": {"methods": scaling}},
    ]


def dated_recipe(target: str, scaling: dict[str, str]) -> list[RecipeStep]:
    """`recipe` with the date/time columns imputed by their modes."""
    steps = recipe(target, scaling)
    strategies = steps[2]["params"]["strategies"]
    strategies.update(signup="mode", renewal="mode", seen="mode")
    return steps


def fitted(
    entry: CatalogEntry, frame: pd.DataFrame, target: str, steps: list[RecipeStep]
) -> RecipePipeline:
    pipeline = training_pipeline(steps, entry, target)
    features = frame.drop(columns=TARGETS)
    pipeline.fit(features, frame[target])
    return pipeline


def read_as_text(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame written to CSV and read back as every column's text."""
    return pd.read_csv(StringIO(frame.to_csv(index=False)), dtype=str, keep_default_na=True)


def seconds_since_epoch(column: pd.Series) -> np.ndarray:
    """Text dates as the usage code reads them."""
    iso = pd.to_datetime(column, errors="coerce", format="ISO8601", utc=True)
    day_first = pd.to_datetime(column, errors="coerce", dayfirst=True, format="mixed", utc=True)
    seconds = (iso.fillna(day_first) - pd.Timestamp(0, tz="UTC")) / pd.Timedelta(seconds=1)
    return seconds.to_numpy(np.float64, na_value=np.nan)


def onnx_outputs(model: bytes, frame: pd.DataFrame) -> dict[str, np.ndarray]:
    """The model's outputs for the raw rows of `frame`, fed as the usage code feeds them."""
    session = ort.InferenceSession(model)
    datetime_inputs = json.loads(session.get_modelmeta().custom_metadata_map["datetime_inputs"])
    text = read_as_text(frame)
    feed = {}
    for model_input in session.get_inputs():
        column = text[model_input.name]
        if model_input.name in datetime_inputs:
            values = seconds_since_epoch(column)
        elif model_input.type == "tensor(double)":
            values = pd.to_numeric(column, errors="coerce").to_numpy(np.float64, na_value=np.nan)
        else:
            values = column.fillna("").to_numpy(object)
        feed[model_input.name] = values.reshape(-1, 1)
    names = [output.name for output in session.get_outputs()]
    return dict(zip(names, session.run(None, feed), strict=True))
