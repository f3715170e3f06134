import dataclasses
import math
from typing import Any

import numpy as np
import pandas as pd
import pytest
from sklearn import metrics as sk
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.tree import DecisionTreeClassifier

from lathe.errors import LatheError
from lathe.ml.catalog import ENTRIES
from lathe.ml.label_codes import positions_among
from lathe.ml.model_step import model_matrix
from lathe.ml.pipeline import model_features, model_step, training_pipeline
from lathe.ml.training import held_out_part, train, validation_splits
from lathe.ml.training_config import TrainingConfig
from lathe.steps.encoding import encoding_steps
from lathe.steps.missing import missing_value_steps
from lathe.steps.recipe import recipe_pipeline
from lathe.steps.scaling import scaling_steps
from tests.utils.datasets import blobs_frame, bundled, mixed_classification, regression_frame
from tests.utils.recipes import recipe_for


def trained(*args, **kwargs) -> Any:
    """`train`'s run, its results read as plain JSON."""
    return train(*args, **kwargs)


def config(models, problem_type, target=None, **settings):
    entries = tuple(ENTRIES[name] if isinstance(name, str) else name for name in models)
    return TrainingConfig(entries, problem_type, target, **settings)


def names_of(problem_type):
    return [entry.name for entry in ENTRIES.values() if entry.problem_type == problem_type]


def test_the_catalogue_has_every_model_of_the_spec():
    assert len(names_of("classification")) == 11
    assert len(names_of("regression")) == 12
    assert len(names_of("clustering")) == 7


def held_out(run, frame, target, settings):
    """The test rows of the run's split, as a person would recompute them."""
    _, test_rows = validation_splits(frame[target].dropna(), settings)[0]
    rows = frame.iloc[test_rows]
    return rows.drop(columns=[target]), rows[target]


def test_every_classifier_trains_and_its_metrics_match_sklearn():
    frame = mixed_classification()
    recipe = recipe_for(
        frame,
        missing_value_steps,
        lambda f: encoding_steps(f, target_column="label"),
        lambda f: scaling_steps(f, method="minmax", target_column="label"),
    )
    settings = config(names_of("classification"), "classification", "label")
    run = trained(frame, recipe, settings)
    features, actual = held_out(run, frame, "label", settings)
    assert run.results["best_model"] in names_of("classification")
    for result in run.results["results"]:
        assert result["error"] is None, result
        pipeline = run.pipelines[result["model"]]
        predicted = pipeline.predict(features)
        probabilities = pipeline.predict_proba(features)
        classes = model_step(pipeline).classes_
        found = result["metrics"]
        assert found["accuracy"] == pytest.approx(sk.accuracy_score(actual, predicted))
        assert found["balanced_accuracy"] == pytest.approx(
            sk.balanced_accuracy_score(actual, predicted)
        )
        assert found["f1"] == pytest.approx(
            sk.f1_score(actual, predicted, average="weighted", zero_division=0)
        )
        assert found["precision"] == pytest.approx(
            sk.precision_score(actual, predicted, average="weighted", zero_division=0)
        )
        assert found["mcc"] == pytest.approx(sk.matthews_corrcoef(actual, predicted))
        assert found["roc_auc"] == pytest.approx(
            sk.roc_auc_score(actual, probabilities, multi_class="ovr", labels=classes)
        )
        assert found["log_loss"] == pytest.approx(
            sk.log_loss(actual, probabilities, labels=classes)
        )
        charts = result["charts"]
        assert charts["confusion_matrix"]["labels"] == ["high", "low", "mid"]
        assert sum(map(sum, charts["confusion_matrix"]["matrix"])) == len(actual)
        assert len(charts["roc_curves"]) == 3
        assert all(len(curve["fpr"]) <= 200 for curve in charts["roc_curves"])
        importances = charts["feature_importances"]
        if hasattr(model_step(pipeline).estimator, "feature_importances_"):
            assert {item["feature"] for item in importances["features"]} == {
                "x1",
                "x2",
                "colour",
                "flag",
            }
        else:  # permutation importances are computed when asked for
            assert importances is None


def test_every_regressor_trains_and_its_metrics_match_sklearn():
    frame = regression_frame()
    recipe = recipe_for(
        frame,
        lambda f: encoding_steps(f, target_column="price"),
        lambda f: scaling_steps(f, target_column="price"),
    )
    settings = config(names_of("regression"), "regression", "price")
    run = trained(frame, recipe, settings)
    features, actual = held_out(run, frame, "price", settings)
    for result in run.results["results"]:
        assert result["error"] is None, result
        predicted = run.pipelines[result["model"]].predict(features)
        found = result["metrics"]
        assert found["r2"] == pytest.approx(sk.r2_score(actual, predicted))
        assert found["rmse"] == pytest.approx(sk.root_mean_squared_error(actual, predicted))
        assert found["mae"] == pytest.approx(sk.mean_absolute_error(actual, predicted))
        assert found["mse"] == pytest.approx(sk.mean_squared_error(actual, predicted))
        assert found["mape"] == pytest.approx(sk.mean_absolute_percentage_error(actual, predicted))
        assert found["explained_variance"] == pytest.approx(
            sk.explained_variance_score(actual, predicted)
        )
        sample = result["charts"]["prediction_sample"]
        assert len(sample["actual"]) == len(actual)
        assert sample["residual"][0] == pytest.approx(sample["actual"][0] - sample["predicted"][0])
        assert result["charts"]["confusion_matrix"] is None
    best = run.results["best_model"]
    top = max(result["metrics"]["r2"] for result in run.results["results"])
    assert next(r for r in run.results["results"] if r["model"] == best)["metrics"]["r2"] == top


def test_every_clusterer_trains_and_its_metrics_match_sklearn():
    frame = blobs_frame()
    recipe = recipe_for(frame, scaling_steps)
    run = trained(frame, recipe, config(names_of("clustering"), "clustering"))
    assert run.results["validation_method"] is None and run.results["target_column"] is None
    for result in run.results["results"]:
        assert result["error"] is None, result
        pipeline = run.pipelines[result["model"]]
        points = model_matrix(model_features(pipeline, frame))
        labels = pipeline.predict(frame)
        clustered = labels != -1
        found = result["metrics"]
        assert found["n_clusters"] == len(set(labels[clustered]))
        assert found["noise_ratio"] == pytest.approx(1 - clustered.mean())
        sizes = result["charts"]["cluster_sizes"]
        assert sum(size["size"] for size in sizes) == len(frame)
        if found["n_clusters"] >= 2:
            assert found["silhouette_score"] == pytest.approx(
                sk.silhouette_score(points[clustered], labels[clustered])
            )
            assert found["davies_bouldin"] == pytest.approx(
                sk.davies_bouldin_score(points[clustered], labels[clustered])
            )
            assert found["calinski_harabasz"] == pytest.approx(
                sk.calinski_harabasz_score(points[clustered], labels[clustered])
            )
    kmeans = next(r for r in run.results["results"] if r["model"] == "KMeans")
    assert kmeans["metrics"]["inertia"] == pytest.approx(
        model_step(run.pipelines["KMeans"]).estimator.inertia_
    )
    assert (
        "inertia"
        not in next(r for r in run.results["results"] if r["model"] == "DBSCAN")["metrics"]
    )
    best = run.results["best_model"]
    assert best is not None


@pytest.mark.parametrize(
    ("dataset", "models", "validation", "metric", "floor"),
    [
        ("iris", ["LogisticRegression", "XGBClassifier"], "cross_validation", "accuracy", 0.9),
        ("breast_cancer", ["LGBMClassifier", "SVC"], "train_test", "roc_auc", 0.95),
        ("diabetes", ["Ridge", "CatBoostRegressor"], "cross_validation", "r2", 0.3),
    ],
)
def test_bundled_datasets(dataset, models, validation, metric, floor):
    frame, target = bundled(dataset)
    problem = "regression" if dataset == "diabetes" else "classification"
    settings = config(models, problem, target, validation_method=validation, cv_folds=3)
    run = trained(frame, [], settings)
    for result in run.results["results"]:
        assert result["error"] is None
        assert result["metrics"][metric] > floor
        if validation == "cross_validation":
            assert len(result["fold_metrics"]) == 3
        else:
            assert "fold_metrics" not in result and "metrics_std" not in result
    assert run.results["dataset_shape"] == (len(frame), frame.shape[1] - 1)


def test_cross_validation_scores_out_of_fold_rows_and_refits_on_every_row():
    frame, target = bundled("iris")
    settings = config(
        ["DecisionTreeClassifier"], "classification", target, validation_method="cross_validation"
    )
    run = trained(frame, [], settings)
    (result,) = run.results["results"]
    assert sum(map(sum, result["charts"]["confusion_matrix"]["matrix"])) == len(frame)
    assert result["metrics"]["accuracy"] < 1.0
    stored = run.pipelines["DecisionTreeClassifier"]
    # refit on every row: an unpruned tree then predicts its own rows perfectly
    assert (stored.predict(frame.drop(columns=[target])) == frame[target]).all()
    assert result["metrics"]["accuracy"] == pytest.approx(
        np.mean([fold["accuracy"] for fold in result["fold_metrics"]])
    )


def test_cross_validated_metrics_are_the_mean_and_spread_of_sklearns_fold_scores():
    frame, target = bundled("iris")
    settings = config(
        ["DecisionTreeClassifier"], "classification", target, validation_method="cross_validation"
    )
    (result,) = trained(frame, [], settings).results["results"]
    features, labels = frame.drop(columns=[target]), frame[target]
    folds = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
    scores = cross_validate(
        DecisionTreeClassifier(random_state=0),
        features,
        labels,
        cv=folds,
        scoring=["accuracy", "balanced_accuracy", "f1_macro", "neg_log_loss"],
    )
    for name, key, sign in [
        ("accuracy", "test_accuracy", 1),
        ("balanced_accuracy", "test_balanced_accuracy", 1),
        ("f1_macro", "test_f1_macro", 1),
        ("log_loss", "test_neg_log_loss", -1),
    ]:
        expected = sign * scores[key]
        assert [fold[name] for fold in result["fold_metrics"]] == pytest.approx(expected)
        assert result["metrics"][name] == pytest.approx(expected.mean())
        assert result["metrics_std"][name] == pytest.approx(expected.std())


def noise_frame(rows: int, seed: int) -> pd.DataFrame:
    """Features with no relation to a random binary target; `code` has ~4 rows per level,
    so an encoding that saw a row's own target would give it away."""
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "x1": rng.normal(size=rows),
            "x2": rng.normal(size=rows) * 50 + 10,
            "code": pd.Series([f"c{value}" for value in rng.integers(0, rows // 4, rows)]),
            "y": rng.choice(["no", "yes"], size=rows),
        }
    )


@pytest.mark.parametrize("validation", ["train_test", "cross_validation"])
def test_a_random_target_stays_at_chance_despite_target_encoding_and_scaling(validation):
    frame = noise_frame(800, seed=4)
    recipe = recipe_for(
        frame,
        lambda f: encoding_steps(
            f, target_column="y", column_settings=[{"column": "code", "strategy": "target"}]
        ),
        lambda f: scaling_steps(f, target_column="y"),
    )
    assert recipe[0]["params"]["strategies"] == {"code": "target"}
    models = ["LogisticRegression", "RandomForestClassifier", "LGBMClassifier"]
    settings = config(models, "classification", "y", validation_method=validation, cv_folds=3)
    run = trained(frame, recipe, settings)
    scored = len(frame) if validation == "cross_validation" else 160
    majority = frame["y"].value_counts(normalize=True).max()
    tolerance = 3 * math.sqrt(majority * (1 - majority) / scored)
    for result in run.results["results"]:
        assert result["error"] is None
        assert result["metrics"]["accuracy"] <= majority + tolerance, result["model"]
        assert result["metrics"]["roc_auc"] <= 0.5 + tolerance, result["model"]


def test_the_leakage_test_would_catch_an_encoder_fitted_on_the_scored_rows():
    """The same data, with the recipe fitted on every row before splitting, scores far
    above chance: the test above has teeth."""
    frame = noise_frame(800, seed=4)
    recipe = recipe_for(
        frame,
        lambda f: encoding_steps(
            f, target_column="y", column_settings=[{"column": "code", "strategy": "target"}]
        ),
    )
    leaky = recipe_pipeline(recipe, target_column="y").fit(frame)
    encoded = leaky.transform(frame)
    model = LogisticRegression().fit(encoded.iloc[:640], frame["y"].iloc[:640])
    assert model.score(encoded.iloc[640:], frame["y"].iloc[640:]) > 0.65


BROKEN = dataclasses.replace(
    ENTRIES["LogisticRegression"], name="BrokenLogisticRegression", settings={"C": -1.0}
)


def test_a_failing_model_is_recorded_and_the_others_go_on():
    frame = mixed_classification()
    recipe = recipe_for(
        frame, missing_value_steps, lambda f: encoding_steps(f, target_column="label")
    )
    run = trained(frame, recipe, config([BROKEN, "LogisticRegression"], "classification", "label"))
    failed, succeeded = run.results["results"]
    assert "'C' parameter" in failed["error"]
    assert failed["metrics"] == {} and BROKEN.name not in run.pipelines
    assert succeeded["error"] is None and succeeded["metrics"]["accuracy"] > 0.6
    assert run.results["best_model"] == "LogisticRegression"


def test_training_is_refused_when_every_model_fails():
    frame = mixed_classification()
    with pytest.raises(LatheError) as refused:
        train(frame, [], config([BROKEN], "classification", "label"))
    assert refused.value.code == "training_failed"
    assert "'C' parameter" in refused.value.message


def test_labels_come_back_as_the_targets_own_values_even_when_the_recipe_encodes_it():
    frame = mixed_classification()
    # without a target column, the screens encode and scale the target like any column
    recipe = recipe_for(
        frame,
        missing_value_steps,
        lambda f: encoding_steps(
            f,
            column_settings=[
                {"column": "colour", "strategy": "onehot"},
                {"column": "label", "strategy": "label"},
            ],
        ),
        scaling_steps,
    )
    assert "label" in recipe[-2]["params"]["strategies"]
    assert "label" in recipe[-1]["params"]["methods"]
    run = trained(frame, recipe, config(["LogisticRegression"], "classification", "label"))
    assert run.results["results"][0]["metrics"]["accuracy"] > 0.6
    predicted = run.pipelines["LogisticRegression"].predict(frame.drop(columns=["label"]))
    assert set(predicted) == {"high", "mid", "low"}
    flags = trained(frame, recipe, config(["DecisionTreeClassifier"], "classification", "flag"))
    assert set(flags.pipelines["DecisionTreeClassifier"].predict(frame)) == {True, False}


def test_rows_without_a_target_are_left_out():
    frame, target = bundled("diabetes")
    frame.loc[frame.index[:12], target] = np.nan
    frame.loc[frame.index[12:14], target] = [np.inf, -np.inf]
    run = trained(frame, [], config(["LinearRegression"], "regression", target))
    assert run.results["rows_without_target"] == 14
    assert run.results["dataset_shape"][0] == len(frame) - 14
    assert math.isfinite(run.results["results"][0]["metrics"]["r2"])


def test_a_model_over_its_row_limit_trains_on_a_stratified_sample():
    frame, target = bundled("iris")
    limited = dataclasses.replace(ENTRIES["KNeighborsClassifier"], row_limit=60)
    run = trained(frame, [], config([limited], "classification", target))
    (result,) = run.results["results"]
    assert result["sampling"] == [{"purpose": "training", "rows": 60, "of_rows": 120}]
    assert sum(map(sum, result["charts"]["confusion_matrix"]["matrix"])) == 30
    knn = model_step(run.pipelines["KNeighborsClassifier"]).estimator
    assert knn.n_samples_fit_ == 60
    assert list(np.unique(knn._y, return_counts=True)[1]) == [20, 20, 20]


def test_silhouette_is_scored_on_a_sample_of_large_data():
    frame = blobs_frame(rows=10_400)
    run = trained(frame, [], config(["KMeans"], "clustering"))
    (result,) = run.results["results"]
    assert result["sampling"] == [{"purpose": "silhouette", "rows": 10_000, "of_rows": 10_400}]
    assert 0 < result["metrics"]["silhouette_score"] <= 1


def test_columns_left_non_numeric_are_converted_for_the_models():
    frame = regression_frame().assign(
        when=pd.date_range("2024-01-01", periods=200, freq="D"),
    )
    run = trained(frame, [], config(["RandomForestRegressor"], "regression", "price"))
    assert run.results["converted_columns"] == {"city": "ordinal", "when": "datetime"}
    (result,) = run.results["results"]
    assert result["error"] is None and result["metrics"]["r2"] > 0.5


def test_progress_counts_every_fit_of_every_model():
    frame, target = bundled("iris")
    calls = []
    trained(
        frame,
        [],
        config(
            ["GaussianNB", "DecisionTreeClassifier"],
            "classification",
            target,
            validation_method="cross_validation",
            cv_folds=3,
        ),
        lambda done, total, message: calls.append((done, total, message)),
    )
    assert [done for done, _, _ in calls] == list(range(9))
    assert {total for _, total, _ in calls} == {8}
    assert calls[0][2] == "Training GaussianNB (model 1 of 2), fold 1 of 3"
    assert calls[3][2] == "Training GaussianNB (model 1 of 2), final fit on every row"
    assert calls[-1][2] == "Training finished"


def test_too_few_rows_for_the_split_is_refused():
    frame = pd.DataFrame({"x": range(6), "y": ["a", "a", "b", "b", "c", "c"]})
    with pytest.raises(LatheError) as refused:
        train(frame, [], config(["GaussianNB"], "classification", "y", test_size=0.2))
    assert refused.value.code == "too_few_rows"


def test_a_one_row_class_trains_with_a_note_under_both_validations():
    frame = mixed_classification()
    frame.loc[5, "label"] = "rare"
    frame.loc[[8, 9], "label"] = "scarce"
    split = train(frame, [], config(["LogisticRegression"], "classification", "label"))
    assert split.results["left_out_classes"] == {"rare": 1}
    assert "rare" not in model_step(split.pipelines["LogisticRegression"]).classes_
    folds = train(
        frame,
        [],
        config(
            ["LogisticRegression"],
            "classification",
            "label",
            validation_method="cross_validation",
            cv_folds=3,
        ),
    )
    assert folds.results["left_out_classes"] == {"scarce": 2, "rare": 1}
    assert folds.results["dataset_shape"][0] == len(frame) - 3


@pytest.mark.parametrize("problem_type", ["classification", "regression", "clustering"])
def test_every_catalogue_model_trains_on_a_frame_with_missing_values(problem_type):
    frame = mixed_classification() if problem_type != "regression" else regression_frame()
    rng = np.random.default_rng(4)
    numbers = [c for c in frame.columns if frame[c].dtype == np.float64]
    for column in numbers:
        frame.loc[rng.random(len(frame)) < 0.1, column] = np.nan
    frame["colour_or_gap"] = rng.choice(np.array(["a", "b", None], dtype=object), size=len(frame))
    target = {"classification": "label", "regression": "price", "clustering": None}[problem_type]
    if problem_type == "clustering":
        frame = frame.drop(columns=["label"])
    missing_cells = int(frame.drop(columns=[target] if target else []).isna().sum().sum())
    run = train(frame, [], config(names_of(problem_type), problem_type, target))
    for result in run.results["results"]:
        assert result["error"] is None, (result["model"], result["error"])
        takes_missing = ENTRIES[result["model"]].takes_missing
        imputed = result["imputed_cells"]
        assert imputed == 0 if takes_missing else imputed > 0, result["model"]
        assert imputed <= missing_cells


def test_held_out_codes_are_the_positions_of_the_models_own_predictions_ties_included():
    # identical rows of two classes: the tree's leaves tie at one half, and the model
    # never saw the class "z" of the training's classes
    frame = pd.DataFrame({"x": [0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 2.0], "label": list("ababbaa")})
    pipeline = training_pipeline([], ENTRIES["DecisionTreeClassifier"], "label")
    pipeline.fit(frame.drop(columns=["label"]), frame["label"])
    classes = np.array(["a", "b", "z"], dtype=object)
    rows = np.arange(len(frame), dtype=np.int64)
    part = held_out_part(pipeline, frame.drop(columns=["label"]), rows, classes)
    np.testing.assert_array_equal(part.predicted, pipeline.predict(frame.drop(columns=["label"])))
    assert part.codes is not None
    np.testing.assert_array_equal(part.codes, positions_among(part.predicted, classes))
    assert part.probabilities is not None and (part.probabilities[:, 2] == 0).all()
