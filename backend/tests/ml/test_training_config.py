import pandas as pd
import pytest

from lathe.errors import LatheError
from lathe.ml.training_config import training_config

RAW = pd.DataFrame({"x": [1.0, 2.0, 3.0, 4.0], "y": [0, 1, 0, None], "city": list("abab")})
CURRENT = ["x", "y", "city_a", "city_b"]


def config(**changes):
    settings = {
        "model_names": ["LogisticRegression"],
        "problem_type": "classification",
        "target_column": "y",
        **changes,
    }
    return training_config(RAW, CURRENT, **settings)


def test_auto_resolves_and_entries_come_in_order_once():
    resolved = config(model_names=["GaussianNB", "SVC", "GaussianNB"], problem_type="auto")
    assert resolved.problem_type == "classification"
    assert [entry.name for entry in resolved.models] == ["GaussianNB", "SVC"]
    assert (resolved.validation_method, resolved.test_size, resolved.cv_folds) == (
        "train_test",
        0.2,
        5,
    )


def test_clustering_ignores_target_and_validation():
    resolved = config(model_names=["KMeans"], problem_type="clustering", test_size=0.4)
    assert resolved.target_column is None and resolved.problem_type == "clustering"
    assert resolved.test_size != 0.4


def test_clustering_refuses_validation_settings_out_of_range():
    with pytest.raises(LatheError) as refused:
        config(model_names=["KMeans"], problem_type="clustering", test_size=9.0)
    assert refused.value.code == "test_size_out_of_range"


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"model_names": []}, "no_models"),
        ({"target_column": None}, "target_required"),
        ({"target_column": "z"}, "unknown_target"),
        ({"target_column": "city_a"}, "target_not_uploaded"),
        ({"target_column": "city"}, "unknown_target"),
        ({"test_size": 0.05}, "test_size_out_of_range"),
        ({"cv_folds": 11}, "cv_folds_out_of_range"),
        ({"model_names": ["Ridge"]}, "models_not_for_problem_type"),
        ({"model_names": ["Nope", "Never"]}, "unknown_models"),
    ],
)
def test_refusals(changes, code):
    with pytest.raises(LatheError) as refused:
        config(**changes)
    assert refused.value.code == code


def test_a_target_without_values_is_refused():
    raw = RAW.assign(y=None)
    with pytest.raises(LatheError) as refused:
        training_config(raw, CURRENT, model_names=["Ridge"], problem_type="auto", target_column="y")
    assert refused.value.code == "target_empty"
