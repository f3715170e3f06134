import functools
from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn.inspection import permutation_importance

from lathe.ml.catalog import ENTRIES
from lathe.ml.importance import (
    REPEATS,
    _NeighbourFills,
    feature_sources,
    native_importances,
    permutation_importances,
)
from lathe.ml.pipeline import model_step, training_pipeline
from lathe.ml.sampling import SEED
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


def messy(rows: int = 240, size_gaps: float = 0.08) -> pd.DataFrame:
    rng = np.random.default_rng(3)
    colour = rng.choice(["red", "green", "blue", "amber"], rows)
    size = rng.normal(size=rows)
    data = pd.DataFrame(
        {
            "colour": pd.Series(colour, dtype=object),
            "city": rng.choice([f"c{n}" for n in range(12)], rows),
            "size": size,
            "weight": rng.gamma(2.0, 3.0, rows),
            "noise": rng.normal(size=rows),
            "label": np.where((colour == "red") | (size > 1.0), "yes", "no"),
            "amount": 3.0 * size + (colour == "red") + rng.normal(0, 0.3, rows),
        }
    )
    data.loc[rng.random(rows) < 0.08, "colour"] = None
    data.loc[rng.random(rows) < size_gaps, "size"] = np.nan
    data.loc[[4, 40], "weight"] = np.inf
    return data


def messy_recipe(fill: str, target: str) -> list:
    return [
        recipe_step("impute_missing", strategies={"colour": "mode", "size": fill}, fill_values={}),
        recipe_step(
            "encode", strategies={"colour": "onehot", "city": "target"}, target_column=target
        ),
        recipe_step("scale", methods={"weight": "robust", "noise": "standard"}),
    ]


def importances_and_sklearns(
    recipe: list, model: str, target: str, scoring: str, data: pd.DataFrame
) -> tuple[dict, dict, list[int]]:
    """Lathe's permutation importances, scikit-learn's of the whole pipeline, and the row
    counts the model's input was transformed with while Lathe's were found."""
    other = "amount" if target == "label" else "label"
    features = data.drop(columns=[target, other])
    pipeline = training_pipeline(recipe, ENTRIES[model], target)
    pipeline.fit(features.iloc[:160], data[target].iloc[:160])
    held_out, labels = features.iloc[160:], data[target].iloc[160:]
    model_input = pipeline.steps[-2][1]
    transform, inputs = model_input.transform, []

    def counted(frame: pd.DataFrame) -> pd.DataFrame:
        inputs.append(len(frame))
        return transform(frame)

    fitted_model: Any = model_step(pipeline)
    predict, kinds = fitted_model.predict, set[str]()

    @functools.wraps(predict)
    def typed(frame: pd.DataFrame) -> np.ndarray:
        kinds.update(dtype.kind for dtype in frame.dtypes)
        return predict(frame)

    model_input.transform, fitted_model.predict = counted, typed
    found = permutation_importances(pipeline, held_out, labels, scoring)
    del model_input.transform, fitted_model.predict
    # the shuffled columns keep the types of the model's input
    assert kinds <= {"f", "i", "u", "b"}, kinds
    reference = permutation_importance(
        pipeline, held_out, labels, scoring=scoring, n_repeats=REPEATS, random_state=SEED
    )
    expected = dict(zip(held_out.columns, reference.importances_mean, strict=True))
    got = {item["feature"]: item["importance"] for item in found["features"]}
    assert set(got) == set(held_out.columns)
    return got, expected, inputs


@pytest.mark.parametrize("fill", ["median", "ffill", "bfill"])
@pytest.mark.parametrize(
    ("model", "target", "scoring"),
    [
        ("KNeighborsClassifier", "label", "accuracy"),
        ("LogisticRegression", "label", "accuracy"),
        ("SVR", "amount", "r2"),
    ],
)
def test_permutation_importance_is_sklearns_of_the_whole_pipeline(model, target, scoring, fill):
    recipe = messy_recipe(fill, target)
    got, expected, inputs = importances_and_sklearns(recipe, model, target, scoring, messy())
    # the held-out rows go through the recipe once; a fill from neighbours adds one row
    assert inputs == [80] + ([1] if fill != "median" else [])
    assert got == pytest.approx(expected, abs=1e-12)
    assert max(got, key=lambda column: got[column]) in {"colour", "size"}


@pytest.mark.parametrize("fill", ["ffill", "bfill"])
@pytest.mark.parametrize(
    ("model", "target", "scoring"),
    [
        ("KNeighborsClassifier", "label", "accuracy"),
        ("Ridge", "amount", "r2"),
    ],
)
def test_shuffles_of_a_column_half_missing_take_the_fills_the_recipe_gives(
    model, target, scoring, fill
):
    data = messy(size_gaps=0.5)
    recipe = messy_recipe(fill, target)
    got, expected, inputs = importances_and_sklearns(recipe, model, target, scoring, data)
    assert inputs == [80, 1]
    assert got == pytest.approx(expected, abs=1e-12)


def test_a_shuffled_row_takes_the_row_its_fill_copies_or_none():
    present = np.array([False, True, False, True, False])
    fills = _NeighbourFills({"f": "ffill", "b": "bfill"}, {"f": present, "b": present}, {})
    identity, reverse = np.arange(5), np.arange(5)[::-1]
    assert fills.rows("f", identity).tolist() == [-1, 1, 1, 3, 3]
    assert fills.rows("b", identity).tolist() == [1, 1, 3, 3, -1]
    assert fills.rows("f", reverse).tolist() == [-1, 3, 3, 1, 1]
    assert fills.rows("other", reverse).tolist() == reverse.tolist()


def test_a_fill_of_encoded_columns_sends_every_shuffle_through_the_recipe():
    data = messy()
    recipe = [
        recipe_step("encode", strategies={"colour": "onehot"}, target_column="label"),
        recipe_step("impute_missing", strategies={"size": "bfill", "colour_red": "ffill"}),
    ]
    got, expected, inputs = importances_and_sklearns(
        recipe, "KNeighborsClassifier", "label", "accuracy", data
    )
    assert inputs == [80] * (1 + REPEATS * len(got))
    assert got == pytest.approx(expected, abs=1e-12)
