import pytest

from lathe.errors import LatheError
from lathe.ml.catalog import ENTRIES
from lathe.ml.search_candidates import CandidateSearch, described
from lathe.ml.search_space_edits import edited_space

FOREST = ENTRIES["RandomForestClassifier"].search_space


def test_a_narrowed_range_and_chosen_values_are_what_the_search_tries():
    space = edited_space(
        FOREST,
        "random_search",
        {"n_estimators": {"low": 60, "high": 80}, "max_depth": {"choices": [None, 5]}},
    )
    assert described(space)["distributions"]["n_estimators"] == {
        "distribution": "randint",
        "low": 60,
        "high": 80,
    }
    [batch] = CandidateSearch(space, "random_search", 12).batches()
    assert all(60 <= params["n_estimators"] <= 80 for params in batch)
    assert {params["max_depth"] for params in batch} <= {None, 5}
    assert space.grid == FOREST.grid


def test_a_grid_edit_keeps_the_chosen_values_in_the_catalogues_order():
    space = edited_space(FOREST, "grid_search", {"max_depth": {"choices": [20, None]}})
    assert space.grid["max_depth"] == [None, 20]
    assert space.grid["n_estimators"] == FOREST.grid["n_estimators"]


def test_float_ranges_keep_their_kind():
    xgboost = ENTRIES["XGBClassifier"].search_space
    space = edited_space(
        xgboost,
        "bayesian",
        {"learning_rate": {"low": 0.02, "high": 0.2}, "subsample": {"low": 0.6, "high": 0.9}},
    )
    described_space = described(space)["distributions"]
    assert described_space["learning_rate"]["distribution"] == "loguniform"
    assert described_space["learning_rate"]["low"] == pytest.approx(0.02)
    assert described_space["subsample"]["high"] == pytest.approx(0.9)


@pytest.mark.parametrize(
    ("method", "edit", "code"),
    [
        ("random_search", {"criterion": {"choices": ["gini"]}}, "search_parameter_unknown"),
        ("grid_search", {"max_depth": {"choices": [7]}}, "search_choices_invalid"),
        ("grid_search", {"max_depth": {"choices": []}}, "search_choices_invalid"),
        ("grid_search", {"max_depth": {"low": 1, "high": 5}}, "search_choices_invalid"),
        ("random_search", {"n_estimators": {"low": 10, "high": 80}}, "search_range_invalid"),
        ("random_search", {"n_estimators": {"low": 90, "high": 80}}, "search_range_invalid"),
        ("random_search", {"n_estimators": {"low": 60.5, "high": 80}}, "search_range_invalid"),
        ("random_search", {"n_estimators": {"low": True, "high": 80}}, "search_range_invalid"),
        ("random_search", {"n_estimators": {"choices": [60]}}, "search_range_invalid"),
    ],
)
def test_an_edit_outside_the_catalogues_bounds_is_refused(method, edit, code):
    with pytest.raises(LatheError) as refused:
        edited_space(FOREST, method, edit)
    assert refused.value.code == code
    assert refused.value.status == 400
