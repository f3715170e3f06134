"""Every classifier, regressor and clusterer of the catalogue, exported with its recipe,
predicts held-out raw rows (unseen categories, missing values, outliers) as the fitted
pipeline does. Classifiers and regressors are exported in all three formats: the joblib
and pickle files, loaded again, predict as the pipeline, and the ONNX file as them."""

import io
import json
import pickle
from collections.abc import Callable

import joblib
import numpy as np
import onnx
import pandas as pd
import pytest

from lathe.ml.catalog import ENTRIES
from lathe.ml.model_export import exported_bytes
from lathe.ml.onnx_export import onnx_model
from lathe.ml.pipeline import model_input as model_input_step
from lathe.ml.pipeline import model_step, training_pipeline
from lathe.steps.recipe import RecipePipeline
from lathe.steps.recipe_step import RecipeStep
from tests.ml.onnx_export.frames import (
    TARGETS,
    fitted,
    onnx_outputs,
    raw_frame,
    recipe,
    unseen_rows,
    with_targets,
)
from tests.utils.datasets import blobs_frame

NON_NEGATIVE = {"x1": "minmax", "x2": "minmax", "x3": "minmax", "x4": "minmax"}
CENTRED = {"x1": "standard", "x2": "robust", "x3": "minmax", "x4": "standard"}


def names_of(problem_type: str) -> list[str]:
    return [entry.name for entry in ENTRIES.values() if entry.problem_type == problem_type]


@pytest.fixture(scope="module")
def frames() -> tuple[pd.DataFrame, pd.DataFrame]:
    train = with_targets(raw_frame(320, seed=0))
    held_out = unseen_rows(with_targets(raw_frame(160, seed=1)), seed=2).drop(columns=TARGETS)
    return train, held_out


def exported_pipeline(pipeline: RecipePipeline, name: str) -> RecipePipeline:
    """The pipeline exported as joblib and loaded again, after checking that its pickle
    export loads to a pipeline that predicts the same."""
    from_joblib: RecipePipeline = joblib.load(io.BytesIO(exported_bytes(pipeline, name, "joblib")))
    from_pickle: RecipePipeline = pickle.loads(exported_bytes(pipeline, name, "pkl"))
    assert type(from_joblib) is type(from_pickle) is RecipePipeline
    return from_joblib


# MultinomialNB takes non-negative features only: the classification recipe scales to [0, 1]
@pytest.mark.parametrize("target", ["label", "passed"])
@pytest.mark.parametrize("name", names_of("classification"))
def test_classifiers_give_the_pipelines_labels_and_probabilities(frames, name, target):
    train, held_out = frames
    pipeline = fitted(ENTRIES[name], train, target, recipe(target, NON_NEGATIVE))
    model = onnx_model(pipeline, name)
    found = onnx_outputs(model, held_out)
    exported = exported_pipeline(pipeline, name)
    classes = model_step(pipeline).classes_
    assert len(classes) == (3 if target == "label" else 2)
    assert exported.predict(held_out).tolist() == pipeline.predict(held_out).tolist()
    assert found["prediction"].tolist() == exported.predict(held_out).tolist()
    np.testing.assert_allclose(
        found["probabilities"], exported.predict_proba(held_out), rtol=1e-4, atol=1e-6
    )
    metadata = {prop.key: prop.value for prop in onnx.load_from_string(model).metadata_props}
    assert json.loads(metadata["classes"]) == classes.tolist()


@pytest.mark.parametrize("name", names_of("regression"))
def test_regressors_give_the_pipelines_values(frames, name):
    train, held_out = frames
    pipeline = fitted(ENTRIES[name], train, "price", recipe("price", CENTRED))
    found = onnx_outputs(onnx_model(pipeline, name), held_out)
    exported = exported_pipeline(pipeline, name)
    # forests add their trees' values in threads, in no fixed order
    np.testing.assert_allclose(exported.predict(held_out), pipeline.predict(held_out), rtol=1e-12)
    assert found["prediction"].dtype == np.float64
    np.testing.assert_allclose(
        found["prediction"], exported.predict(held_out), rtol=1e-4, atol=1e-6
    )


def fine_grained_frame(rows: int, seed: int) -> pd.DataFrame:
    """Odometer readings a hundredth of a kilometre apart near a million, where float32
    (a step of 0.0625 there) merges several readings into one, and a price that climbs
    with them: a split between two readings only double precision tells apart."""
    rng = np.random.default_rng(seed)
    odometer = 1_000_000.0 + rng.integers(0, 3_000, size=rows) * 0.01
    power = rng.normal(100.0, 15.0, size=rows)
    price = 100.0 + (odometer - 1_000_000.0) * 10.0 + 0.05 * power
    return pd.DataFrame({"odometer": odometer, "power": power, "price": price})


def exported_and_fitted(
    name: str, frame: Callable[..., pd.DataFrame], target: str, rows: int
) -> tuple[np.ndarray, np.ndarray]:
    """The ONNX export's and the pipeline's predictions of 300 new rows of `frame`, the
    model fitted on `rows` others without a recipe."""
    train, held_out = frame(rows, seed=0), frame(300, seed=1)
    features = train.drop(columns=[target])
    pipeline = training_pipeline([], ENTRIES[name], target).fit(features, train[target])
    new = held_out.drop(columns=[target])
    return onnx_outputs(onnx_model(pipeline, name), new)["prediction"], pipeline.predict(new)


@pytest.mark.parametrize("name", names_of("regression"))
def test_regressors_keep_the_precision_of_splits_float32_would_merge(name):
    found, expected = exported_and_fitted(name, fine_grained_frame, "price", 600)
    np.testing.assert_allclose(found, expected, rtol=1e-4)


def profits_frame(rows: int, seed: int) -> pd.DataFrame:
    """Shops' yearly profit or loss, in the thousands either way: many predictions lie
    near zero, a small fraction of the target's spread."""
    rng = np.random.default_rng(seed)
    visitors = rng.normal(size=rows)
    rent = rng.uniform(0.0, 2.0, size=rows)
    profit = 2_000.0 * visitors - 800.0 * rent**2 + 500.0
    return pd.DataFrame(
        {"visitors": visitors, "rent": rent, "profit": profit + rng.normal(0, 200.0, rows)}
    )


@pytest.mark.parametrize("name", names_of("regression"))
def test_regressors_keep_their_precision_near_zero_on_a_widely_spread_target(name):
    found, expected = exported_and_fitted(name, profits_frame, "profit", 1_000)
    # the tolerance of the usage code's check (``tests.matrix.onnx_run``)
    np.testing.assert_allclose(found, expected, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("name", names_of("classification"))
def test_classifiers_keep_the_precision_of_splits_float32_would_merge(name):
    train, held_out = fine_grained_frame(600, seed=0), fine_grained_frame(300, seed=1)
    dear = train["price"] > 250.0
    features = train.drop(columns=["price"])
    pipeline = training_pipeline([], ENTRIES[name], "dear").fit(features, dear)
    rows = held_out.drop(columns=["price"])
    found = onnx_outputs(onnx_model(pipeline, name), rows)
    assert found["prediction"].tolist() == pipeline.predict(rows).tolist()
    np.testing.assert_allclose(
        found["probabilities"], pipeline.predict_proba(rows), rtol=1e-4, atol=1e-6
    )


@pytest.mark.parametrize("name", names_of("clustering"))
def test_clusterers_give_the_pipelines_clusters(name):
    train, new = blobs_frame(150, seed=2), blobs_frame(60, seed=5)
    new.loc[[3, 7], "a"] = np.nan
    steps: list[RecipeStep] = [
        {"step": "impute_missing", "params": {"strategies": {"a": "mean", "b": "median"}}},
        {"step": "scale", "params": {"methods": {"a": "standard", "b": "robust"}}},
    ]
    pipeline = training_pipeline(steps, ENTRIES[name], None).fit(train)
    found = onnx_outputs(onnx_model(pipeline, name), new)
    assert found["prediction"].dtype == np.int64
    assert found["prediction"].tolist() == pipeline.predict(new).tolist()


def test_the_graph_takes_the_raw_columns_the_recipe_keeps(frames):
    train, _ = frames
    pipeline = fitted(ENTRIES["LogisticRegression"], train, "label", recipe("label", NON_NEGATIVE))
    graph = onnx.load_from_string(onnx_model(pipeline, "LogisticRegression")).graph
    types = {value.name: value.type.tensor_type.elem_type for value in graph.input}
    double, string = onnx.TensorProto.DOUBLE, onnx.TensorProto.STRING
    assert types == {
        "x1": double,
        "x2": double,
        "x3": double,
        "x4": double,
        "colour": string,
        "size": string,
        "tier": string,
        "shape": string,
        "grade": string,
        "city": string,
        "flag": string,
    }
    assert [output.name for output in graph.output] == ["prediction", "probabilities"]


@pytest.mark.parametrize(
    "name",
    [entry.name for entry in ENTRIES.values() if not entry.takes_missing or entry.non_negative],
)
def test_the_model_inputs_imputation_shift_and_standardization_are_in_the_graph(frames, name):
    """No recipe: the model input fills what is missing, shifts negative columns and
    standardizes for the solvers that need it."""
    train, held_out = frames
    entry = ENTRIES[name]
    target = {"classification": "label", "regression": "price", "clustering": None}
    column = target[entry.problem_type]
    features = train.drop(columns=TARGETS)
    pipeline = training_pipeline([], entry, column).fit(
        features, None if column is None else train[column]
    )
    assert sum(model_input_step(pipeline).fill_values_.values()) != 0
    found = onnx_outputs(onnx_model(pipeline, name), held_out)
    expected = pipeline.predict(held_out)
    if entry.problem_type == "regression":
        np.testing.assert_allclose(found["prediction"], expected, rtol=1e-4, atol=1e-6)
    else:
        assert found["prediction"].tolist() == expected.tolist()


@pytest.mark.parametrize(
    ("name", "target"), [("CatBoostClassifier", "label"), ("CatBoostRegressor", "price")]
)
def test_an_early_stopped_booster_exports_its_best_iteration(name, target):
    train = with_targets(raw_frame(1_700, seed=3))
    # a target with no signal: the inner split stops improving early
    train[target] = train[target].sample(frac=1.0, random_state=0).to_numpy()
    held_out = unseen_rows(with_targets(raw_frame(100, seed=4)), seed=5).drop(columns=TARGETS)
    pipeline = fitted(ENTRIES[name], train, target, recipe(target, CENTRED))
    booster = model_step(pipeline).estimator
    assert booster.tree_count_ < ENTRIES[name].settings["iterations"]
    assert booster.tree_count_ == booster.get_best_iteration() + 1
    found = onnx_outputs(onnx_model(pipeline, name), held_out)
    if target == "label":
        assert found["prediction"].tolist() == pipeline.predict(held_out).tolist()
    else:
        np.testing.assert_allclose(found["prediction"], pipeline.predict(held_out), rtol=1e-4)


WITHOUT_INTERCEPT = [
    name for name in names_of("regression") if "fit_intercept" in ENTRIES[name].build().get_params()
]


@pytest.mark.parametrize("name", WITHOUT_INTERCEPT)
def test_a_linear_regressor_fitted_without_an_intercept_exports(frames, name):
    train, held_out = frames
    pipeline = training_pipeline(
        recipe("price", CENTRED), ENTRIES[name], "price", {"fit_intercept": False}
    )
    pipeline.fit(train.drop(columns=TARGETS), train["price"])
    found = onnx_outputs(onnx_model(pipeline, name), held_out)
    np.testing.assert_allclose(
        found["prediction"], pipeline.predict(held_out), rtol=1e-4, atol=1e-6
    )
