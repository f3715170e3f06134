import numpy as np
import pandas as pd
import pytest

from lathe.ml.catalog import ENTRIES
from lathe.ml.importance import feature_sources, native_importances, permutation_importances
from lathe.ml.pipeline import model_step, training_pipeline
from lathe.steps.recipe_step import recipe_step


def frame(rows: int = 300) -> pd.DataFrame:
    rng = np.random.default_rng(0)
    colour = rng.choice(["red", "green", "blue"], rows)
    size = rng.normal(size=rows)
    return pd.DataFrame(
        {
            "colour": colour,
            "size": size,
            "noise": rng.normal(size=rows),
            "drop_me": 1.0,
            "y": (colour == "red") ^ (size > 1.5),
        }
    )


RECIPE = [
    recipe_step("drop_columns", columns=["drop_me"]),
    recipe_step("encode", strategies={"colour": "onehot"}, target_column=None),
]


def fitted(name: str):
    data = frame()
    pipeline = training_pipeline(RECIPE, ENTRIES[name], "y")
    return pipeline.fit(data.drop(columns=["y"]), data["y"]), data


def test_encoded_columns_trace_back_to_the_uploaded_column():
    pipeline, _ = fitted("DecisionTreeClassifier")
    assert list(model_step(pipeline).feature_names_in_) == [
        "colour_blue",
        "colour_green",
        "colour_red",
        "size",
        "noise",
    ]
    assert feature_sources(pipeline) == ["colour", "colour", "colour", "size", "noise"]


def test_native_importances_are_summed_per_uploaded_column():
    pipeline, _ = fitted("RandomForestClassifier")
    found = native_importances(pipeline)
    assert found is not None and found["method"] == "native"
    names = [item["feature"] for item in found["features"]]
    assert names[0] == "colour" and set(names) == {"colour", "size", "noise"}
    assert sum(float(item["importance"]) for item in found["features"]) == pytest.approx(1.0)
    tree = model_step(pipeline).estimator.feature_importances_
    assert found["features"][0]["importance"] == pytest.approx(tree[:3].sum())


def test_models_without_importances_get_permutation_importance_on_raw_columns():
    pipeline, data = fitted("KNeighborsClassifier")
    assert native_importances(pipeline) is None
    found = permutation_importances(pipeline, data.drop(columns=["y"]), data["y"], "accuracy")
    assert found["method"] == "permutation"
    ranked = [item["feature"] for item in found["features"]]
    assert set(ranked) == {"colour", "size", "noise"}
    assert ranked[0] == "colour"
