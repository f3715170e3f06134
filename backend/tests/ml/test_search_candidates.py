import optuna
import pytest
from scipy.stats import loguniform, randint, uniform

from lathe.ml.catalog import ENTRIES, SearchSpace
from lathe.ml.search_candidates import (
    CandidateSearch,
    described,
    optuna_distribution,
    search_size,
)


def test_every_catalogue_model_has_a_grid_and_distributions():
    for entry in ENTRIES.values():
        assert entry.search_space.grid, entry.name
        assert entry.search_space.distributions, entry.name
        for method in ("grid_search", "random_search", "bayesian"):
            params = next(iter(CandidateSearch(entry.search_space, method, 3).batches()))[0]
            entry.build(**params)


def test_scipy_distributions_become_optunas():
    assert optuna_distribution(randint(2, 11)) == optuna.distributions.IntDistribution(2, 10)
    assert optuna_distribution(loguniform(0.01, 10.0)) == optuna.distributions.FloatDistribution(
        0.01, 10.0, log=True
    )
    assert optuna_distribution(uniform(0.5, 0.5)) == optuna.distributions.FloatDistribution(
        0.5, 1.0
    )
    assert optuna_distribution([None, 5, "sqrt"]) == (
        optuna.distributions.CategoricalDistribution([None, 5, "sqrt"])
    )


SPACE = SearchSpace(
    grid={"a": [1, 2], "b": ["x", "y", "z"]},
    distributions={"a": randint(1, 100), "c": loguniform(1e-3, 1.0)},
)


def test_grid_search_tries_every_combination_in_order():
    (sets,) = CandidateSearch(SPACE, "grid_search", 1).batches(4)
    assert sets[:3] == [{"a": 1, "b": "x"}, {"a": 1, "b": "y"}, {"a": 1, "b": "z"}]
    assert len(sets) == search_size(SPACE, "grid_search", 1) == 6


def test_random_search_draws_reproducible_plain_values():
    (first,) = CandidateSearch(SPACE, "random_search", 5).batches()
    assert [first] == list(CandidateSearch(SPACE, "random_search", 5).batches())
    assert len(first) == 5
    for params in first:
        assert type(params["a"]) is int and 1 <= params["a"] <= 99
        assert type(params["c"]) is float and 1e-3 <= params["c"] <= 1.0


def test_random_search_over_lists_stops_at_the_number_of_combinations():
    lists = SearchSpace(distributions={"a": [1, 2], "b": [True, False]})
    assert search_size(lists, "random_search", 50) == 4
    assert [len(batch) for batch in CandidateSearch(lists, "random_search", 50).batches()] == [4]


def test_bayesian_search_learns_from_the_scores_it_is_told():
    search = CandidateSearch(SearchSpace(distributions={"x": uniform(0.0, 10.0)}), "bayesian", 30)
    tried = []
    for (params,) in search.batches(1):
        tried.append(params["x"])
        search.score([-((params["x"] - 7.0) ** 2)])
    assert len(tried) == 30
    late = sorted(tried[-10:], key=lambda x: abs(x - 7.0))
    assert abs(late[0] - 7.0) < 0.5


def test_a_failed_bayesian_candidate_is_not_learned_as_a_score():
    # Sets below 5 fail; the others score at most 0. A failure told as any score (0 or
    # more) would draw the search below 5; told as a failure, it settles near 7.
    search = CandidateSearch(SearchSpace(distributions={"x": uniform(0.0, 10.0)}), "bayesian", 40)
    tried = []
    for (params,) in search.batches(1):
        tried.append(params["x"])
        search.score([None if params["x"] < 5 else -((params["x"] - 7.0) ** 2)])
    assert len(tried) == 40
    late = tried[-10:]
    assert sum(x >= 5 for x in late) >= 8
    assert min(abs(x - 7.0) for x in late) < 0.5


def test_bayesian_batches_are_asked_together_and_told_together():
    search = CandidateSearch(SearchSpace(distributions={"x": uniform(0.0, 10.0)}), "bayesian", 7)
    widths = []
    for batch in search.batches(3):
        widths.append(len(batch))
        search.score([-((params["x"] - 7.0) ** 2) for params in batch])
    assert widths == [3, 3, 1]
    assert search._study is not None and len(search._study.trials) == 7


@pytest.mark.parametrize("method", ["grid_search", "random_search", "bayesian"])
def test_an_empty_space_has_no_candidates(method):
    assert search_size(SearchSpace(), method, 10) == 0


def test_the_space_is_described_as_plain_data():
    assert described(SPACE) == {
        "grid": {"a": [1, 2], "b": ["x", "y", "z"]},
        "distributions": {
            "a": {"distribution": "randint", "low": 1, "high": 99},
            "c": {"distribution": "loguniform", "low": 0.001, "high": 1.0},
        },
    }
