import inspect
import pickle
from pathlib import Path

import pytest
from sklearn.base import clone
from sklearn.calibration import CalibratedClassifierCV

from lathe.ml.catalog import ENTRIES, catalog_entries

REQUIREMENTS = Path(__file__).resolve().parents[3] / "docs" / "requirements.md"


def required_models() -> dict[str, list[str]]:
    """The model lists of requirements §9 (``**Models.**``), by problem type."""
    section = REQUIREMENTS.read_text(encoding="utf-8").split("**Models.**")[1].split("**")[0]
    models: dict[str, list[str]] = {}
    for item in section.split("\n- ")[1:]:
        kind, names = item.split(":", 1)
        models[kind.strip().lower()] = [name.strip(" .\n") for name in names.split(",")]
    return models


def test_the_catalogue_is_the_required_list_in_order():
    required = required_models()
    assert set(required) == {"classification", "regression", "clustering"}
    for problem_type, names in required.items():
        listed = [e.name for e in ENTRIES.values() if e.problem_type == problem_type]
        assert listed == names


@pytest.mark.parametrize("entry", ENTRIES.values(), ids=lambda entry: entry.name)
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


@pytest.mark.parametrize("entry", ENTRIES.values(), ids=lambda entry: entry.name)
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
    limited = {entry.name: entry.row_limit for entry in ENTRIES.values() if entry.row_limit}
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
