import numpy as np
import pandas as pd
import pytest
from catboost import CatBoostClassifier, CatBoostRegressor
from lightgbm import LGBMClassifier, LGBMRegressor
from xgboost import XGBClassifier, XGBRegressor

from lathe.ml.catalog import ENTRIES
from lathe.ml.explainers import ModelExplainer, method_of
from lathe.ml.model_step import ModelStep


def data(classes: int, rows: int = 300, seed: int = 0):
    """Numbers with missing values; a target of `classes` classes (0: a number in units
    far from a standard normal's, as a price is)."""
    rng = np.random.default_rng(seed)
    matrix = rng.normal(size=(rows, 5))
    signal = matrix[:, 0] + 0.5 * matrix[:, 1] - matrix[:, 2] * matrix[:, 3]
    matrix[rng.random(matrix.shape) < 0.05] = np.nan
    if classes == 0:
        return matrix, 40 * signal + 100
    edges = np.quantile(signal, np.linspace(0, 1, classes + 1)[1:-1])
    return matrix, np.asarray(["c", "a", "b", "d"])[np.digitize(signal, edges)]


def _frame(matrix):
    return pd.DataFrame(matrix, columns=[f"x{i}" for i in range(matrix.shape[1])])


def fitted(name: str, classes: int):
    matrix, target = data(classes)
    entry = ENTRIES[name]
    if not entry.takes_missing:
        matrix = np.nan_to_num(matrix)
    if entry.non_negative:
        matrix = np.abs(matrix)
    step = ModelStep(entry.build(), entry.problem_type, scaled_target=entry.scaled_target)
    step.fit(_frame(matrix), target)
    return step, matrix


def raw_output(step: ModelStep, matrix):
    """Each library's own raw output: margins for boosters, the decision function for
    linear classifiers, probabilities for the others; (rows, outputs)."""
    model = step.estimator
    if isinstance(model, XGBClassifier | XGBRegressor):
        found = model.predict(matrix, output_margin=True)
    elif isinstance(model, LGBMClassifier | LGBMRegressor):
        found = model.predict(matrix, raw_score=True)
    elif isinstance(model, CatBoostClassifier | CatBoostRegressor):
        found = model.predict(matrix, prediction_type="RawFormulaVal")
    elif step.problem_type == "regression":
        found = step.in_target_units(model.predict(matrix))
    elif method_of(model) == "linear":
        found = model.decision_function(matrix)
    else:
        found = model.predict_proba(matrix)
    found = np.asarray(found, dtype=np.float64)
    return found.reshape(len(matrix), -1)


SUPERVISED = [entry.name for entry in ENTRIES.values() if entry.problem_type != "clustering"]
EXACT = {"xgboost", "lightgbm", "catboost", "tree", "linear"}


@pytest.mark.parametrize("name", SUPERVISED)
@pytest.mark.parametrize("classes", [2, 3])
def test_contributions_and_base_add_up_to_the_models_own_output(name, classes):
    if ENTRIES[name].problem_type == "regression":
        if classes == 3:
            pytest.skip("one regression case")
        classes = 0
    step, matrix = fitted(name, classes)
    explainer = ModelExplainer(step, np.nan_to_num(matrix[-50:]))
    found = explainer.explain(matrix[:40])
    raw = raw_output(step, matrix[:40])
    rows = np.arange(40)
    if classes == 0:
        assert found.class_positions is None
        expected = raw[:, 0]
    elif classes == 2:
        # the positive class: the second in sorted order
        assert found.class_positions is not None
        assert (found.class_positions == 1).all()
        expected = raw[:, -1]
    else:
        assert (
            found.class_positions == np.argmax(step.predict_proba(_frame(matrix[:40])), 1)
        ).all()
        expected = raw[rows, found.class_positions]
    total = found.values.sum(axis=1) + found.base
    tolerance = 1e-6 if explainer.method in EXACT else 1e-9
    scale = max(1.0, float(np.abs(expected).max()))
    assert np.abs(total - expected).max() <= tolerance * scale
    assert found.values.shape == (40, matrix.shape[1])


def test_each_model_family_is_explained_by_its_method():
    methods = {name: method_of(ENTRIES[name].build()) for name in SUPERVISED}
    assert methods["XGBClassifier"] == "xgboost"
    assert methods["LGBMRegressor"] == "lightgbm"
    assert methods["CatBoostClassifier"] == "catboost"
    assert methods["RandomForestRegressor"] == methods["DecisionTreeClassifier"] == "tree"
    assert methods["ExtraTreesClassifier"] == "tree"
    assert methods["LogisticRegression"] == methods["ElasticNet"] == "linear"
    for name in ("SVC", "SVR", "KNeighborsClassifier", "GaussianNB", "MultinomialNB"):
        assert methods[name] == "kernel"
