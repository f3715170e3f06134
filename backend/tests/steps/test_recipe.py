import json
import math
import pickle
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from sklearn.linear_model import LinearRegression, LogisticRegression

from lathe.steps.columns import column_drop_steps
from lathe.steps.encoding import encoding_steps
from lathe.steps.errors import StepConfigError
from lathe.steps.missing import missing_value_steps
from lathe.steps.outliers import outlier_steps
from lathe.steps.recipe import (
    RECIPE_STEPS,
    RecipePipeline,
    acted_on,
    apply_step,
    estimator_for,
    recipe_pipeline,
    replay,
    step_title,
    without_column_settings,
)
from lathe.steps.recipe_step import RecipeStep
from lathe.steps.scaling import scaling_steps


def raw_frame(n: int = 200, seed: int = 3) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    age = rng.normal(40, 10, size=n)
    age[rng.random(n) < 0.1] = np.nan
    age[:3] = [200.0, -90.0, 150.0]
    income = rng.lognormal(10, 0.5, size=n)
    income[5:8] = [1e7, 2e7, 5e6]
    city = rng.choice([f"city{i:02d}" for i in range(15)], size=n).astype(object)
    city[rng.random(n) < 0.1] = None
    color = rng.choice(["red", "green", "blue"], size=n).astype(object)
    color[rng.random(n) < 0.05] = None
    return pd.DataFrame(
        {
            "id": np.arange(n),
            "age": age,
            "income": income,
            "city": pd.Series(city, dtype="str"),
            "color": pd.Series(color, dtype="str"),
            "score": rng.integers(0, 100, size=n),
            "y": rng.normal(size=n) + np.nan_to_num(age) / 40,
        }
    )


def session(raw: pd.DataFrame) -> tuple[pd.DataFrame, list[RecipeStep]]:
    """The screens' actions applied one after another, as the API does."""
    actions = [
        lambda frame: column_drop_steps(frame, ["id"]),
        lambda frame: missing_value_steps(
            frame, strategy="median", drop_strategy="rows", drop_threshold=0.2
        ),
        lambda frame: outlier_steps(
            frame,
            column_configs={
                "age": {"strategy": "cap", "method": "iqr", "factor": 1.5},
                "income": {"strategy": "remove", "method": "auto", "factor": 3.0},
            },
        ),
        lambda frame: encoding_steps(
            frame,
            target_column="y",
            column_settings=[
                {"column": "color", "strategy": "onehot"},
                {"column": "city", "strategy": "target"},
            ],
        ),
        lambda frame: scaling_steps(frame, method="standard", target_column="y"),
    ]
    frame, recipe = raw, []
    for action in actions:
        for step in action(frame):
            frame = apply_step(frame, step)
            recipe.append(step)
    return frame, recipe


def test_session_recipe_has_the_expected_steps():
    frame, recipe = session(raw_frame())
    assert [step["step"] for step in recipe] == [
        "drop_columns",
        "drop_missing_rows",
        "impute_missing",
        "handle_outliers",
        "remove_outlier_rows",
        "encode",
        "scale",
    ]
    assert list(frame.columns) == [
        "age",
        "income",
        "city",
        "color_blue",
        "color_green",
        "color_red",
        "score",
        "y",
    ]
    assert len(frame) < 200
    assert not frame.isna().any().any()


def test_replay_reproduces_the_current_frame_exactly():
    raw = raw_frame()
    current, recipe = session(raw)
    stored = json.loads(json.dumps(recipe))
    pd.testing.assert_frame_equal(replay(raw, stored), current)


def test_replay_through_parquet_as_the_session_stores_frames(tmp_path: Path):
    raw = raw_frame()
    current, recipe = session(raw)
    raw.to_parquet(tmp_path / "raw.parquet")
    current.to_parquet(tmp_path / "current.parquet")
    replayed = replay(pd.read_parquet(tmp_path / "raw.parquet"), json.loads(json.dumps(recipe)))
    replayed.to_parquet(tmp_path / "replayed.parquet")
    pd.testing.assert_frame_equal(
        pd.read_parquet(tmp_path / "replayed.parquet"),
        pd.read_parquet(tmp_path / "current.parquet"),
    )


def test_unknown_steps_are_refused():
    with pytest.raises(StepConfigError) as refused:
        estimator_for({"step": "shuffle", "params": {}})
    assert refused.value.code == "unknown_step"


def test_samplers_act_at_fit_time_only():
    values = pd.DataFrame({"v": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 100.0]})
    recipe: list[RecipeStep] = [
        {
            "step": "remove_outlier_rows",
            "params": {"column_configs": {"v": {"method": "iqr", "factor": 1.5}}},
        },
        {"step": "scale", "params": {"methods": {"v": "minmax"}}},
    ]
    pipeline = recipe_pipeline(recipe).fit(values)
    # the scaler learned from the 7 rows left: minimum 1, range 6
    result = pipeline.transform(values)
    assert len(result) == 8
    assert result["v"].tolist() == pytest.approx([0, 1 / 6, 2 / 6, 3 / 6, 4 / 6, 5 / 6, 1, 99 / 6])
    assert not hasattr(pipeline, "predict")


def test_pipeline_with_a_model_fits_on_recipe_rows_and_predicts_on_raw_rows():
    raw = raw_frame()
    _, recipe = session(raw)
    train, test = raw.iloc[:150], raw.iloc[150:]
    pipeline = recipe_pipeline(recipe, target_column="y")
    pipeline.steps = [*pipeline.steps, ("model", LinearRegression())]
    pipeline.fit(train.drop(columns=["y"]), train["y"])
    model = pipeline.steps[-1][1]
    assert list(model.feature_names_in_) == [
        "age",
        "income",
        "city",
        "color_blue",
        "color_green",
        "color_red",
        "score",
    ]
    predictions = pipeline.predict(test.drop(columns=["y"]))
    assert predictions.shape == (50,)
    assert np.isfinite(predictions).all()
    # a frame that still holds the target predicts the same
    assert pipeline.predict(test) == pytest.approx(predictions)
    restored = pickle.loads(pickle.dumps(pipeline))
    assert restored.predict(test.drop(columns=["y"])) == pytest.approx(predictions)


def test_pipeline_fitted_on_every_row_trains_the_model_on_the_replayed_frame():
    raw = raw_frame()
    current, recipe = session(raw)
    pipeline = recipe_pipeline(recipe, target_column="y")
    pipeline.steps = [*pipeline.steps, ("model", LinearRegression())]
    pipeline.fit(raw.drop(columns=["y"]), raw["y"])
    direct = LinearRegression().fit(current.drop(columns=["y"]), current["y"])
    assert pipeline.steps[-1][1].coef_ == pytest.approx(direct.coef_)


def test_predict_proba_and_transform_delegate_to_the_model():
    rng = np.random.default_rng(0)
    frame = pd.DataFrame({"x": rng.normal(size=60), "c": rng.choice(["a", "b"], size=60)})
    labels = (frame["x"] > 0).astype(int)
    recipe: list[RecipeStep] = [
        {"step": "encode", "params": {"strategies": {"c": "onehot"}}},
        {"step": "scale", "params": {"methods": {"x": "standard"}}},
    ]
    pipeline = RecipePipeline(
        steps=[*recipe_pipeline(recipe).steps, ("model", LogisticRegression())]
    )
    pipeline.fit(frame, labels)
    unseen = pd.DataFrame({"x": [2.0, -2.0], "c": ["zzz", "a"]})
    assert pipeline.predict(unseen).tolist() == [1, 0]
    assert pipeline.predict_proba(unseen).shape == (2, 2)
    assert not hasattr(pipeline, "transform")


def test_target_column_dropped_by_the_recipe_is_refused():
    values = pd.DataFrame({"x": [1.0, 2.0], "y": [1.0, math.nan]})
    pipeline = recipe_pipeline(
        [{"step": "drop_missing_columns", "params": {"threshold": 0.0}}], target_column="y"
    )
    with pytest.raises(StepConfigError) as refused:
        pipeline.fit(values)
    assert refused.value.code == "target_column_dropped"


def test_target_placeholder_passes_through_steps_configured_for_the_target():
    rng = np.random.default_rng(5)
    x = rng.normal(size=100)
    y = 3 * x + rng.normal(scale=0.1, size=100)
    y[:2] = [500.0, np.nan]
    frame = pd.DataFrame({"x": x, "y": y})
    recipe = [*missing_value_steps(frame), *outlier_steps(frame, strategy="cap")]
    assert "y" in recipe[0]["params"]["strategies"]
    assert "y" in recipe[1]["params"]["column_configs"]
    current = replay(frame, recipe)
    pipeline = recipe_pipeline(recipe, target_column="y")
    pipeline.steps = [*pipeline.steps, ("model", LinearRegression())]
    pipeline.fit(frame[["x"]], frame["y"])
    direct = LinearRegression().fit(current[["x"]], current["y"])
    assert pipeline.steps[-1][1].coef_ == pytest.approx(direct.coef_)
    # rows without the target: x's missing value takes the mean learned at fit
    unseen = pd.DataFrame({"x": [0.5, np.nan]})
    expected = direct.predict(pd.DataFrame({"x": [0.5, x.mean()]}))
    assert pipeline.predict(unseen) == pytest.approx(expected)


def test_without_column_settings_leaves_a_column_alone_in_every_step():
    recipe: list[RecipeStep] = [
        {"step": "drop_columns", "params": {"columns": ["id"]}},
        {
            "step": "impute_missing",
            "params": {"strategies": {"y": "mode", "x": "mean"}, "fill_values": {"y": "?"}},
        },
        {"step": "remove_outlier_rows", "params": {"column_configs": {"y": {}, "x": {}}}},
        {
            "step": "encode",
            "params": {"strategies": {"y": "label", "c": "onehot"}, "unknown_as_missing": ["y"]},
        },
        {"step": "scale", "params": {"methods": {"y": "standard", "x": "minmax"}}},
    ]
    kept = without_column_settings(recipe, "y")
    assert kept == [
        {"step": "drop_columns", "params": {"columns": ["id"]}},
        {"step": "impute_missing", "params": {"strategies": {"x": "mean"}, "fill_values": {}}},
        {"step": "remove_outlier_rows", "params": {"column_configs": {"x": {}}}},
        {
            "step": "encode",
            "params": {"strategies": {"c": "onehot"}, "unknown_as_missing": []},
        },
        {"step": "scale", "params": {"methods": {"x": "minmax"}}},
    ]
    assert recipe[1]["params"]["strategies"] == {"y": "mode", "x": "mean"}


def rare_level_frame(rows: int = 120, seed: int = 5) -> pd.DataFrame:
    """A level seen in one row, a 12-class target with a one-row class, missing cells."""
    rng = np.random.default_rng(seed)
    sex = rng.choice(["MALE", "FEMALE"], size=rows).astype(object)
    sex[7] = "."
    sex[rng.random(rows) < 0.05] = None
    island = rng.choice([f"isle{i}" for i in range(30)], size=rows)
    species = rng.choice([f"s{i:02d}" for i in range(11)], size=rows).astype(object)
    species[11] = "s11"
    mass = rng.normal(4000, 500, size=rows)
    mass[rng.random(rows) < 0.1] = np.nan
    sparse = np.where(rng.random(rows) < 0.6, np.nan, rng.normal(size=rows))
    return pd.DataFrame(
        {"sex": sex, "island": island, "mass": mass, "sparse": sparse, "species": species}
    )


@pytest.mark.parametrize("strategy", ["onehot", "binary", "label", "target"])
def test_a_refit_on_rows_lacking_a_level_or_class_gives_the_recorded_columns(strategy):
    frame = rare_level_frame()
    steps = [
        *missing_value_steps(frame, drop_strategy="columns", drop_threshold=0.5),
        *encoding_steps(
            frame.drop(columns=["sparse"]), default_strategy=strategy, target_column="species"
        ),
    ]
    recorded = replay(frame, steps)
    rest = frame.drop(index=[7, 11])
    subset = rest[rest["sparse"].notna() | (rest.index % 4 == 0)]
    assert "." not in set(subset["sex"]) and "s11" not in set(subset["species"])
    assert subset["sparse"].isna().mean() <= 0.5
    pipeline = recipe_pipeline(steps, "species")
    pipeline.fit(subset.drop(columns=["species"]), subset["species"])
    refitted = pipeline.transform(frame.drop(columns=["species"]))
    assert list(refitted.columns) == [c for c in recorded.columns if c != "species"]
    if strategy == "target":
        # a class the fit rows lack encodes as zeros: its indicator is never 1 there
        assert (refitted[[c for c in refitted.columns if c.endswith("_s11")]] == 0).all().all()
    if strategy == "onehot":
        # the level absent from the fit rows encodes as an unseen one: all zeros
        assert refitted.filter(like="sex_").iloc[7].tolist() == [0] * 4


def test_a_class_target_encodes_one_indicator_per_class_as_sklearn_does():
    frame = rare_level_frame().dropna(subset=["sex"])
    frame = frame[frame["species"].isin(["s00", "s01", "s02"])]
    steps = encoding_steps(
        frame[["sex", "species"]], default_strategy="target", target_column="species"
    )
    ours = recipe_pipeline(steps, "species").fit(frame[["sex"]], frame["species"])
    from sklearn.preprocessing import TargetEncoder

    codes = pd.factorize(frame["sex"], sort=True)[0].reshape(-1, 1)
    labels = pd.factorize(frame["species"], sort=True)[0]
    reference = TargetEncoder(target_type="multiclass").fit(codes, labels)
    expected = reference.transform(codes)
    per_class = ["sex (target=s00)", "sex (target=s01)", "sex (target=s02)"]
    got = ours.transform(frame[["sex"]])[per_class].to_numpy()
    np.testing.assert_allclose(got, expected, rtol=1e-12)


def test_every_registered_step_is_built_from_its_params():
    _, recipe = session(raw_frame())
    for step in recipe:
        kind = RECIPE_STEPS[step["step"]]
        estimator = estimator_for(step)
        assert type(estimator) is kind.estimator
        assert step_title(estimator) == kind.title


def test_acted_on_names_the_columns_of_the_named_steps_in_order():
    steps: list[RecipeStep] = [
        {"step": "drop_columns", "params": {"columns": ["a", "b"]}},
        {"step": "scale", "params": {"methods": {"c": "standard", "d": "minmax"}}},
        {"step": "drop_columns", "params": {"columns": ["e"]}},
        {"step": "drop_missing_rows", "params": {"threshold": 0.5}},
    ]
    assert acted_on(steps, "drop_columns") == ["a", "b", "e"]
    assert acted_on(steps, "scale") == ["c", "d"]
    assert acted_on(steps, "drop_missing_rows") == []
    assert acted_on(steps, "encode") == []


def test_every_registered_step_describes_the_columns_it_acts_on():
    raw = raw_frame()
    raw["sparse"] = np.where(np.arange(len(raw)) % 2 == 0, np.nan, 1.0)
    _, recipe = session(raw)
    recipe += missing_value_steps(raw, drop_strategy="columns", drop_threshold=0.4)
    assert {step["step"] for step in recipe} == set(RECIPE_STEPS)
    for step in recipe:
        settings = RECIPE_STEPS[step["step"]].settings(step["params"])
        columns = [setting["column"] for setting in settings["columns"]]
        assert columns == acted_on([step], step["step"]), step["step"]
        assert settings["threshold"] == step["params"].get("threshold")
        for setting in settings["columns"]:
            assert isinstance(setting.get("setting", ""), str)
