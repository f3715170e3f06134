"""The model catalogue of SPEC §9: one entry per model, in the order the screens list them.

Each entry builds its estimator with fixed seeds, quiet logs and every core (``n_jobs=-1``,
CatBoost ``thread_count=-1``); CatBoost writes no files (``allow_writing_files=False``).
Defaults are the libraries' own except where noted: ``LogisticRegression`` gets
``max_iter=1000``, ``SVC`` gives probabilities (``probability=True``), LightGBM reports gain
importances, CatBoost stops at 500 iterations or earlier when an inner split stops
improving (``early_stopping``) and splits numbers at 128 borders, ``SVR`` learns the
target standardized (``scaled_target``), ``GaussianMixture`` fits 3 components and
``MeanShift`` seeds from bins. Thread counts are set per fit by its size (``lathe.ml.threads``).
``takes_missing``, ``non_negative`` and ``scaled_input`` say what ``ModelInput`` prepares
for the model.

``row_limit``: above this many rows the model is fitted on a sample of them (stratified
by class for classifiers, uniform otherwise), so that nothing runs for hours on a million
rows; its predictions still cover every scored row. Forests are limited for their size
(``FOREST_ROWS``), the others for time: kernel and neighbour methods and most clusterers
cost more than linearly in the rows. ``search_space`` is what the
optimization step searches: a grid, and distributions for random search.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from catboost import CatBoostClassifier, CatBoostRegressor
from lightgbm import LGBMClassifier, LGBMRegressor
from scipy.stats import loguniform, randint, uniform
from sklearn.calibration import CalibratedClassifierCV
from sklearn.cluster import DBSCAN, OPTICS, AgglomerativeClustering, Birch, KMeans, MeanShift
from sklearn.ensemble import (
    ExtraTreesClassifier,
    ExtraTreesRegressor,
    RandomForestClassifier,
    RandomForestRegressor,
)
from sklearn.linear_model import ElasticNet, Lasso, LinearRegression, LogisticRegression, Ridge
from sklearn.mixture import GaussianMixture
from sklearn.naive_bayes import GaussianNB, MultinomialNB
from sklearn.neighbors import KNeighborsClassifier, KNeighborsRegressor
from sklearn.svm import SVC, SVR
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor
from xgboost import XGBClassifier, XGBRegressor

from lathe.errors import ErrorCode, LatheError
from lathe.ml.problem import ProblemType

SEED = 0
FOREST_ROWS = 100_000
"""Fully grown trees grow with the rows: on a million rows a forest takes minutes and
gigabytes (extra trees, without bootstrap, about ten)."""


def calibrated_svc(**params: Any) -> CalibratedClassifierCV:
    """An SVC whose decision values are calibrated into probabilities."""
    return CalibratedClassifierCV(SVC(**params), ensemble=False)


@dataclass(frozen=True)
class SearchSpace:
    grid: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    distributions: Mapping[str, Any] = field(default_factory=dict)
    """Each parameter's scipy.stats distribution, or a list to draw from."""


@dataclass(frozen=True)
class CatalogEntry:
    name: str
    problem_type: ProblemType
    estimator: Callable[..., Any]
    settings: Mapping[str, Any]
    search_space: SearchSpace
    row_limit: int | None = None
    takes_missing: bool = False
    """The model learns from missing values itself; others get them imputed at their
    input (``ModelInput``)."""
    non_negative: bool = False
    """The model takes non-negative values only (counts): ``ModelInput`` shifts columns
    with negative values."""
    scaled_input: bool = False
    """The model needs columns of like scales (its solver to converge, its distances to
    mean anything, or, for Gaussian naive Bayes, its variance smoothing, a share of the
    largest variance, not to drown every other column under a date's seconds):
    ``ModelInput`` standardizes the columns the recipe did not scale."""
    early_stopping: bool = False
    """The model stops on an inner split of its rows (``ModelStep``)."""
    scaled_target: bool = False
    """The model's settings are in the target's units (SVR's tube width ``epsilon`` and
    its penalty ``C``): ``ModelStep`` fits it on the target standardized, so that its
    defaults mean the same for prices in thousands as for a rate."""
    row_major: bool = False
    """The model's solver copies a matrix that is not row-major: ``ModelInput`` makes its
    matrix row-major (at ten million rows, a second matrix of every row is gigabytes)."""
    tree: str | None = None
    """A forest: the entry of one of its trees, whose fold time foretells the forest's
    before the forest has fitted a fold (``BestModelSearch.expected_fold_seconds``)."""

    def build(self, **params: Any) -> Any:
        """A new unfitted estimator: the entry's settings, overridden by `params`."""
        return self.estimator(**{**self.settings, **params})


_FOREST = SearchSpace(
    grid={"n_estimators": [100, 200], "max_depth": [None, 10, 20], "min_samples_split": [2, 5]},
    distributions={
        "n_estimators": randint(50, 301),
        "max_depth": [None, 5, 10, 20, 40],
        "min_samples_split": randint(2, 11),
        "max_features": ["sqrt", "log2", None],
    },
)
_TREE = SearchSpace(
    grid={"max_depth": [None, 5, 10, 20], "min_samples_split": [2, 5, 10]},
    distributions={"max_depth": [None, 3, 5, 10, 20, 40], "min_samples_split": randint(2, 21)},
)
_NEIGHBORS = SearchSpace(
    grid={"n_neighbors": [3, 5, 7, 11, 15], "weights": ["uniform", "distance"]},
    distributions={"n_neighbors": randint(1, 51), "weights": ["uniform", "distance"]},
)
_XGBOOST = SearchSpace(
    grid={"n_estimators": [100, 300], "max_depth": [3, 6], "learning_rate": [0.05, 0.1, 0.3]},
    distributions={
        "n_estimators": randint(50, 501),
        "max_depth": randint(2, 11),
        "learning_rate": loguniform(0.01, 0.5),
        "subsample": uniform(0.5, 0.5),
    },
)
_LIGHTGBM = SearchSpace(
    grid={"num_leaves": [15, 31, 63], "learning_rate": [0.05, 0.1], "n_estimators": [100, 300]},
    distributions={
        "num_leaves": randint(8, 129),
        "learning_rate": loguniform(0.01, 0.5),
        "n_estimators": randint(50, 501),
        "min_child_samples": randint(5, 101),
    },
)
_CATBOOST = SearchSpace(
    grid={"depth": [4, 6, 8], "learning_rate": [0.03, 0.1]},
    distributions={"depth": randint(3, 11), "learning_rate": loguniform(0.01, 0.3)},
)
_PENALTY = SearchSpace(
    grid={"alpha": [0.001, 0.01, 0.1, 1.0, 10.0]},
    distributions={"alpha": loguniform(1e-4, 1e2)},
)

_QUIET_FOREST = {"n_estimators": 100, "n_jobs": -1, "random_state": SEED}
_QUIET_XGBOOST = {
    "n_estimators": 100,
    "tree_method": "hist",
    "n_jobs": -1,
    "random_state": SEED,
    "verbosity": 0,
}
_QUIET_LIGHTGBM = {
    "n_estimators": 100,
    "n_jobs": -1,
    "random_state": SEED,
    "verbosity": -1,
    "importance_type": "gain",
}
_QUIET_CATBOOST = {
    "iterations": 500,
    "random_seed": SEED,
    "thread_count": -1,
    "logging_level": "Silent",
    "allow_writing_files": False,
    # CatBoost's default on fewer than 50,000 rows, ordered boosting, took six times as
    # long on 2,400 rows of 12 classes for the same number of trees
    "boosting_type": "Plain",
    # CatBoost's own default on GPUs; its CPU default of 254 borders spends most of a fit
    # of few rows in the split search (docs/design.md, "CatBoost's 128 borders")
    "border_count": 128,
}

_CATALOGUE = (
    CatalogEntry(
        "LogisticRegression",
        "classification",
        LogisticRegression,
        {"max_iter": 1000, "random_state": SEED},
        SearchSpace(
            grid={"C": [0.01, 0.1, 1.0, 10.0, 100.0]},
            distributions={"C": loguniform(1e-3, 1e3)},
        ),
        scaled_input=True,
        row_major=True,
    ),
    CatalogEntry(
        "RandomForestClassifier",
        "classification",
        RandomForestClassifier,
        _QUIET_FOREST,
        _FOREST,
        row_limit=FOREST_ROWS,
        takes_missing=True,
        tree="DecisionTreeClassifier",
    ),
    CatalogEntry(
        "DecisionTreeClassifier",
        "classification",
        DecisionTreeClassifier,
        {"random_state": SEED},
        _TREE,
        takes_missing=True,
    ),
    CatalogEntry(
        "KNeighborsClassifier",
        "classification",
        KNeighborsClassifier,
        {"n_jobs": -1},
        _NEIGHBORS,
        row_limit=20_000,
        scaled_input=True,
    ),
    CatalogEntry(
        "SVC",
        "classification",
        calibrated_svc,
        {"random_state": SEED},
        SearchSpace(
            grid={"C": [0.1, 1.0, 10.0], "gamma": ["scale", "auto"], "kernel": ["rbf", "linear"]},
            distributions={"C": loguniform(1e-2, 1e2), "gamma": loguniform(1e-4, 1e0)},
        ),
        row_limit=10_000,
        scaled_input=True,
        row_major=True,
    ),
    CatalogEntry(
        "XGBClassifier",
        "classification",
        XGBClassifier,
        _QUIET_XGBOOST,
        _XGBOOST,
        takes_missing=True,
    ),
    CatalogEntry(
        "LGBMClassifier",
        "classification",
        LGBMClassifier,
        _QUIET_LIGHTGBM,
        _LIGHTGBM,
        takes_missing=True,
    ),
    CatalogEntry(
        "CatBoostClassifier",
        "classification",
        CatBoostClassifier,
        _QUIET_CATBOOST,
        _CATBOOST,
        takes_missing=True,
        early_stopping=True,
    ),
    CatalogEntry(
        "GaussianNB",
        "classification",
        GaussianNB,
        {},
        SearchSpace(
            grid={"var_smoothing": [1e-9, 1e-8, 1e-7, 1e-6]},
            distributions={"var_smoothing": loguniform(1e-11, 1e-5)},
        ),
        scaled_input=True,
    ),
    CatalogEntry(
        "MultinomialNB",
        "classification",
        MultinomialNB,
        {},
        SearchSpace(
            grid={"alpha": [0.01, 0.1, 0.5, 1.0]}, distributions={"alpha": loguniform(1e-3, 1e1)}
        ),
        non_negative=True,
    ),
    CatalogEntry(
        "ExtraTreesClassifier",
        "classification",
        ExtraTreesClassifier,
        _QUIET_FOREST,
        _FOREST,
        row_limit=FOREST_ROWS,
        takes_missing=True,
        tree="DecisionTreeClassifier",
    ),
    CatalogEntry(
        "LinearRegression",
        "regression",
        LinearRegression,
        {},
        SearchSpace(
            grid={"fit_intercept": [True, False]}, distributions={"fit_intercept": [True, False]}
        ),
    ),
    CatalogEntry(
        "RandomForestRegressor",
        "regression",
        RandomForestRegressor,
        _QUIET_FOREST,
        _FOREST,
        row_limit=FOREST_ROWS,
        takes_missing=True,
        tree="DecisionTreeRegressor",
    ),
    CatalogEntry(
        "DecisionTreeRegressor",
        "regression",
        DecisionTreeRegressor,
        {"random_state": SEED},
        _TREE,
        takes_missing=True,
    ),
    CatalogEntry(
        "KNeighborsRegressor",
        "regression",
        KNeighborsRegressor,
        {"n_jobs": -1},
        _NEIGHBORS,
        row_limit=20_000,
        scaled_input=True,
    ),
    CatalogEntry(
        "SVR",
        "regression",
        SVR,
        {},
        SearchSpace(
            grid={"C": [0.1, 1.0, 10.0], "epsilon": [0.01, 0.1, 0.5]},
            distributions={"C": loguniform(1e-2, 1e2), "epsilon": loguniform(1e-3, 1e0)},
        ),
        row_limit=10_000,
        scaled_input=True,
        row_major=True,
        scaled_target=True,
    ),
    CatalogEntry(
        "XGBRegressor", "regression", XGBRegressor, _QUIET_XGBOOST, _XGBOOST, takes_missing=True
    ),
    CatalogEntry(
        "LGBMRegressor", "regression", LGBMRegressor, _QUIET_LIGHTGBM, _LIGHTGBM, takes_missing=True
    ),
    CatalogEntry(
        "CatBoostRegressor",
        "regression",
        CatBoostRegressor,
        _QUIET_CATBOOST,
        _CATBOOST,
        takes_missing=True,
        early_stopping=True,
    ),
    CatalogEntry("Ridge", "regression", Ridge, {"random_state": SEED}, _PENALTY),
    CatalogEntry("Lasso", "regression", Lasso, {"random_state": SEED}, _PENALTY, scaled_input=True),
    CatalogEntry(
        "ElasticNet",
        "regression",
        ElasticNet,
        {"random_state": SEED},
        SearchSpace(
            grid={"alpha": [0.01, 0.1, 1.0], "l1_ratio": [0.2, 0.5, 0.8]},
            distributions={"alpha": loguniform(1e-4, 1e2), "l1_ratio": uniform(0.0, 1.0)},
        ),
        scaled_input=True,
    ),
    CatalogEntry(
        "ExtraTreesRegressor",
        "regression",
        ExtraTreesRegressor,
        _QUIET_FOREST,
        _FOREST,
        row_limit=FOREST_ROWS,
        takes_missing=True,
        tree="DecisionTreeRegressor",
    ),
    CatalogEntry(
        "KMeans",
        "clustering",
        KMeans,
        {"n_init": "auto", "random_state": SEED},
        SearchSpace(
            grid={"n_clusters": list(range(2, 11))}, distributions={"n_clusters": randint(2, 21)}
        ),
    ),
    CatalogEntry(
        "DBSCAN",
        "clustering",
        DBSCAN,
        {"n_jobs": -1},
        SearchSpace(
            grid={"eps": [0.1, 0.3, 0.5, 1.0, 2.0], "min_samples": [3, 5, 10]},
            distributions={"eps": loguniform(0.01, 10.0), "min_samples": randint(2, 31)},
        ),
        row_limit=10_000,
    ),
    CatalogEntry(
        "AgglomerativeClustering",
        "clustering",
        AgglomerativeClustering,
        {},
        SearchSpace(
            grid={"n_clusters": list(range(2, 9)), "linkage": ["ward", "complete", "average"]},
            distributions={
                "n_clusters": randint(2, 21),
                "linkage": ["ward", "complete", "average", "single"],
            },
        ),
        row_limit=10_000,
    ),
    CatalogEntry(
        "GaussianMixture",
        "clustering",
        GaussianMixture,
        {"n_components": 3, "random_state": SEED},
        SearchSpace(
            grid={
                "n_components": list(range(2, 9)),
                "covariance_type": ["full", "diag", "spherical"],
            },
            distributions={
                "n_components": randint(2, 21),
                "covariance_type": ["full", "tied", "diag", "spherical"],
            },
        ),
        row_limit=50_000,
    ),
    CatalogEntry(
        "Birch",
        "clustering",
        Birch,
        {},
        SearchSpace(
            grid={"n_clusters": list(range(2, 9)), "threshold": [0.3, 0.5, 1.0]},
            distributions={"n_clusters": randint(2, 21), "threshold": loguniform(0.05, 5.0)},
        ),
        row_limit=20_000,
    ),
    CatalogEntry(
        "MeanShift",
        "clustering",
        MeanShift,
        {"bin_seeding": True, "n_jobs": -1},
        SearchSpace(
            grid={"bandwidth": [None, 0.5, 1.0, 2.0, 5.0]},
            distributions={"bandwidth": loguniform(0.1, 10.0)},
        ),
        row_limit=5_000,
    ),
    CatalogEntry(
        "OPTICS",
        "clustering",
        OPTICS,
        {"n_jobs": -1},
        SearchSpace(
            grid={"min_samples": [5, 10, 20], "xi": [0.01, 0.05, 0.1]},
            distributions={"min_samples": randint(2, 51), "xi": uniform(0.01, 0.2)},
        ),
        row_limit=10_000,
    ),
)

ENTRIES: dict[str, CatalogEntry] = {entry.name: entry for entry in _CATALOGUE}
"""The catalogue, by name, in the order the screens list the models: everything that
trains, optimizes, exports or lists a model reads it."""


def catalog_entries(names: Sequence[str], problem_type: ProblemType) -> list[CatalogEntry]:
    """The entries of `names` (duplicates once), refusing unknown names and models of
    another problem type."""
    unique = list(dict.fromkeys(names))
    unknown = [name for name in unique if name not in ENTRIES]
    if unknown:
        listed = ", ".join(unknown)
        raise LatheError(f"Unknown models: {listed}", ErrorCode.UNKNOWN_MODELS, {"models": listed})
    other = [name for name in unique if ENTRIES[name].problem_type != problem_type]
    if other:
        listed = ", ".join(other)
        raise LatheError(
            f"Not {problem_type} models: {listed}",
            ErrorCode.MODELS_NOT_FOR_PROBLEM_TYPE,
            {"models": listed, "problem_type": problem_type},
        )
    return [ENTRIES[name] for name in unique]
