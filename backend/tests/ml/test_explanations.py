import json

import numpy as np
import pandas as pd
import pytest

from lathe.ml.catalog import ENTRIES
from lathe.ml.explanations import (
    BEESWARM_COLUMNS,
    FIRST_CHUNK_ROWS,
    PipelineExplainer,
    explain_within,
    explanation_summary,
    top_contributions,
    uploaded_contributions,
)
from lathe.ml.importance import feature_sources
from lathe.ml.model_step import model_matrix
from lathe.ml.pipeline import model_features, model_step, training_pipeline
from lathe.steps.recipe_step import recipe_step


def frame(rows: int = 400) -> pd.DataFrame:
    rng = np.random.default_rng(3)
    colour = rng.choice(["red", "green", "blue"], rows)
    shop = rng.choice([f"shop{i}" for i in range(6)], rows)
    town = rng.choice([f"town{i}" for i in range(15)], rows)
    size = rng.normal(size=rows)
    score = size + (colour == "red") + np.char.endswith(town.astype(str), "3") * 2
    frame = pd.DataFrame(
        {
            "colour": pd.Series(colour, dtype="str"),
            "shop": pd.Series(shop, dtype="str"),
            "town": pd.Series(town, dtype="str"),
            "size": size,
            "day": pd.Timestamp("2024-01-01") + pd.to_timedelta(rng.integers(0, 300, rows), "D"),
            "label": pd.Series(np.digitize(score, [0.0, 1.5]).astype(str), dtype="str"),
        }
    )
    frame.loc[rng.random(rows) < 0.05, "size"] = np.nan
    return frame


RECIPE = [
    recipe_step(
        "encode",
        strategies={"colour": "onehot", "shop": "binary", "town": "target"},
        target_column="label",
        target_classes=["0", "1", "2"],
    ),
]


def fitted(name: str):
    data = frame()
    features, target = data.drop(columns=["label"]), data["label"]
    pipeline = training_pipeline(RECIPE, ENTRIES[name], "label").fit(features, target)
    return pipeline, features


@pytest.mark.parametrize("name", ["XGBClassifier", "LogisticRegression", "GaussianNB"])
def test_derived_columns_are_summed_back_to_the_uploaded_column(name):
    pipeline, features = fitted(name)
    sources = feature_sources(pipeline)
    # one-hot, binary bits and per-class target encodings all derive from one column
    assert sources.count("colour") == 3 and sources.count("town") == 3
    assert sources.count("shop") == 3
    explainer = PipelineExplainer(pipeline, features).explainer
    rows = features.iloc[:30]
    found = explainer.explain(model_matrix(model_features(pipeline, rows)))
    per_column = uploaded_contributions(pipeline, found)
    assert list(per_column.columns) == ["colour", "shop", "town", "size", "day"]
    names = list(model_step(pipeline).feature_names_in_)
    for column in ("colour", "shop", "town"):
        derived = [position for position, source in enumerate(sources) if source == column]
        assert len(derived) > 1
        expected = found.values[:, derived].sum(axis=1)
        assert np.allclose(per_column[column], expected, atol=1e-12)
        assert all(names[position].startswith(column) for position in derived)
    assert np.allclose(per_column.sum(axis=1) + found.base, found.values.sum(axis=1) + found.base)


def test_summary_is_bounded_and_names_uploaded_columns():
    pipeline, features = fitted("RandomForestClassifier")
    summary = explanation_summary(pipeline, features.iloc[300:], features.iloc[:300])
    assert summary["method"] == "tree" and summary["output"] == "probability"
    assert summary["explained_class"] is None  # three classes: each row's predicted one
    assert summary["rows"] == summary["of_rows"] == 100
    columns = [item["column"] for item in summary["columns"]]
    assert sorted(columns) == ["colour", "day", "shop", "size", "town"]
    strengths = [item["mean_abs_contribution"] for item in summary["columns"]]
    assert strengths == sorted(strengths, reverse=True)
    assert len(summary["beeswarm"]) <= BEESWARM_COLUMNS
    kinds = {item["column"]: item["kind"] for item in summary["beeswarm"]}
    assert kinds == {
        "colour": "category",
        "shop": "category",
        "town": "category",
        "size": "number",
        "day": "date",
    }
    for item in summary["beeswarm"]:
        assert len(item["contributions"]) == len(item["values"]) == 100
    size = next(item for item in summary["beeswarm"] if item["column"] == "size")
    assert None in size["values"]  # missing values stay missing
    json.dumps(summary, allow_nan=False)


def test_binary_summary_explains_the_positive_class():
    data = frame()
    data["label"] = np.where(data["label"] == "2", "yes", "no")
    features, target = data.drop(columns=["label"]), data["label"]
    recipe = [recipe_step("encode", strategies={"colour": "onehot"}, target_column=None)]
    pipeline = training_pipeline(recipe, ENTRIES["LGBMClassifier"], "label").fit(features, target)
    summary = explanation_summary(pipeline, features, features)
    assert summary["explained_class"] == "yes" and summary["output"] == "log_odds"


def test_explaining_stops_after_a_chunk_once_the_time_is_spent():
    pipeline, features = fitted("KNeighborsClassifier")
    explainer = PipelineExplainer(pipeline, features).explainer
    matrix = model_matrix(model_features(pipeline, features))
    assert len(explain_within(explainer, matrix, 0.0).values) == FIRST_CHUNK_ROWS
    assert len(explain_within(explainer, matrix[:50], 60.0).values) == 50


def test_top_contributions_are_the_largest_per_row():
    pipeline, features = fitted("LGBMClassifier")
    rows = features.iloc[:25]
    top = top_contributions(pipeline, rows, features)
    assert list(top.columns) == [
        f"top_{rank}_{part}" for rank in (1, 2, 3) for part in ("column", "contribution")
    ]
    explainer = PipelineExplainer(pipeline, features).explainer
    per_column = uploaded_contributions(
        pipeline, explainer.explain(model_matrix(model_features(pipeline, rows)))
    )
    for position in range(len(rows)):
        ranked = per_column.iloc[position].abs().sort_values(ascending=False, kind="stable")
        assert list(top.iloc[position][["top_1_column", "top_2_column", "top_3_column"]]) == list(
            ranked.index[:3]
        )
        assert top.iloc[position]["top_1_contribution"] == pytest.approx(
            per_column.iloc[position][ranked.index[0]]
        )


def test_prediction_explains_rows_in_order_within_its_time_and_leaves_the_rest_empty():
    pipeline, features = fitted("KNeighborsClassifier")
    rows = features.iloc[:40]
    top = top_contributions(pipeline, rows, features, seconds=0.0)
    explained = top["top_1_column"].notna()
    assert explained.sum() == FIRST_CHUNK_ROWS
    assert explained.iloc[:FIRST_CHUNK_ROWS].all()
    assert top["top_1_contribution"].iloc[FIRST_CHUNK_ROWS:].isna().all()


def test_a_file_without_rows_has_the_explanation_columns():
    pipeline, features = fitted("LGBMClassifier")
    top = top_contributions(pipeline, features.iloc[:0], features)
    assert list(top.columns) == [
        f"top_{rank}_{part}" for rank in (1, 2, 3) for part in ("column", "contribution")
    ]
    assert len(top) == 0
