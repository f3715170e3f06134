import inspect
import pickle

import pytest
from sklearn.base import clone
from sklearn.calibration import CalibratedClassifierCV

from lathe.ml.catalog import CATALOG, ENTRIES, catalog_entries

SPEC_MODELS = {
    "classification": [
        "LogisticRegression",
        "RandomForestClassifier",
        "DecisionTreeClassifier",
        "KNeighborsClassifier",
        "SVC",
        "XGBClassifier",
        "LGBMClassifier",
        "CatBoostClassifier",
        "GaussianNB",
        "MultinomialNB",
        "ExtraTreesClassifier",
    ],
    "regression": [
        "LinearRegression",
        "RandomForestRegressor",
        "DecisionTreeRegressor",
        "KNeighborsRegressor",
        "SVR",
        "XGBRegressor",
        "LGBMRegressor",
        "CatBoostRegressor",
        "Ridge",
        "Lasso",
        "ElasticNet",
        "ExtraTreesRegressor",
    ],
    "clustering": [
        "KMeans",
        "DBSCAN",
        "AgglomerativeClustering",
        "GaussianMixture",
        "Birch",
        "MeanShift",
        "OPTICS",
    ],
}


def test_the_catalogue_is_the_spec_list_in_order():
    for problem_type, names in SPEC_MODELS.items():
        assert [e.name for e in CATALOG if e.problem_type == problem_type] == names


@pytest.mark.parametrize("entry", CATALOG, ids=lambda entry: entry.name)
def test_each_entry_builds_seeded_quiet_and_picklable(entry):
    estimator = entry.build()
    params = estimator.get_params()
    for seed in ("random_state", "random_seed", "estimator__random_state"):
        if seed in params:
            assert params[seed] == 0
    for quiet, value in (("verbosity", None), ("logging_level", "Silent")):
        if quiet in params and value is not None:
            assert params[quiet] == value
    if "allow_writing_files" in params:
        assert params["allow_writing_files"] is False
    assert pickle.loads(pickle.dumps(clone(estimator))).get_params().keys() == params.keys()


@pytest.mark.parametrize("entry", CATALOG, ids=lambda entry: entry.name)
def test_search_space_parameters_are_the_models_own(entry):
    space = entry.search_space
    assert space.grid and space.distributions
    built = entry.build()
    model = built.estimator if isinstance(built, CalibratedClassifierCV) else built
    own = {*model.get_params(), *inspect.signature(type(model)).parameters}
    for name, values in space.grid.items():
        assert name in own
        assert len(values) >= 2
    for name, distribution in space.distributions.items():
        assert name in own
        drawn = distribution.rvs(random_state=0) if hasattr(distribution, "rvs") else None
        entry.build(**{name: drawn if drawn is not None else distribution[0]})


def test_costly_models_declare_row_limits():
    limited = {entry.name: entry.row_limit for entry in CATALOG if entry.row_limit}
    assert set(limited) == {
        "RandomForestClassifier",
        "ExtraTreesClassifier",
        "RandomForestRegressor",
        "ExtraTreesRegressor",
        "KNeighborsClassifier",
        "SVC",
        "KNeighborsRegressor",
        "SVR",
        "DBSCAN",
        "AgglomerativeClustering",
        "GaussianMixture",
        "Birch",
        "MeanShift",
        "OPTICS",
    }
    assert max(limited.values()) <= 100_000


def test_entries_by_name():
    assert catalog_entries(["SVC"], "classification") == [ENTRIES["SVC"]]
