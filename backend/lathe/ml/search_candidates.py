"""The parameter sets a search tries, from a catalogue entry's ``SearchSpace``.

- ``grid_search``: every combination of the grid, in order;
- ``random_search``: ``n_iterations`` draws from the distributions (seed 0), fewer when
  the distributions are all lists with fewer combinations;
- ``bayesian``: Optuna's TPE sampler (seed 0) proposes each next set from the scores of
  the sets before it (``ask`` and ``tell``), so candidates come in batches as wide as
  the sets scored at once (one on a single worker); a set that failed counts as the
  worst score. Grid and random sets are independent: they come in one batch.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any, Literal

import numpy as np
import optuna
from sklearn.model_selection import ParameterGrid, ParameterSampler

from lathe.ml.catalog import SearchSpace

SearchMethod = Literal["grid_search", "random_search", "bayesian"]
SEED = 0

Params = dict[str, Any]


def plain(value: Any) -> Any:
    """A parameter value as plain Python (numpy scalars drawn by scipy become numbers)."""
    return value.item() if isinstance(value, np.generic) else value


def optuna_distribution(values: Any) -> optuna.distributions.BaseDistribution:
    """The Optuna form of a scipy.stats distribution (randint, uniform, loguniform) or a
    list of choices."""
    if isinstance(values, list | tuple):
        return optuna.distributions.CategoricalDistribution(list(values))
    low, high = values.support()
    name = values.dist.name
    if name == "randint":
        return optuna.distributions.IntDistribution(int(low), int(high))
    return optuna.distributions.FloatDistribution(
        float(low), float(high), log=name in ("loguniform", "reciprocal")
    )


def search_size(space: SearchSpace, method: SearchMethod, n_iterations: int) -> int:
    """How many parameter sets the search tries."""
    if method == "grid_search":
        return len(ParameterGrid(dict(space.grid))) if space.grid else 0
    if not space.distributions:
        return 0
    if method == "random_search" and all(
        isinstance(values, list | tuple) for values in space.distributions.values()
    ):
        return min(n_iterations, len(ParameterGrid(dict(space.distributions))))
    return n_iterations


class CandidateSearch:
    """Yields batches of parameter sets; ``score`` gives each batch's scores back (``None``
    for a set that failed), which the bayesian search learns from."""

    def __init__(self, space: SearchSpace, method: SearchMethod, n_iterations: int) -> None:
        self.space = space
        self.method = method
        self.n_iterations = n_iterations
        self.size = search_size(space, method, n_iterations)
        self._study: optuna.Study | None = None
        self._asked: list[optuna.trial.Trial] = []

    def batches(self, width: int = 1) -> Iterator[list[Params]]:
        """Every set, in batches of at most `width` for the bayesian search (whose later
        sets depend on the scores of earlier ones), in one batch otherwise."""
        if self.method == "grid_search":
            sets: Any = ParameterGrid(dict(self.space.grid))
        elif self.method == "random_search":
            sets = ParameterSampler(dict(self.space.distributions), self.size, random_state=SEED)
        else:
            yield from self._proposed(max(1, width))
            return
        batch = [{name: plain(value) for name, value in params.items()} for params in sets]
        if batch:
            yield batch

    def _proposed(self, width: int) -> Iterator[list[Params]]:
        optuna.logging.set_verbosity(optuna.logging.WARNING)
        self._study = optuna.create_study(
            direction="maximize", sampler=optuna.samplers.TPESampler(seed=SEED)
        )
        distributions = {
            name: optuna_distribution(values) for name, values in self.space.distributions.items()
        }
        for start in range(0, self.size, width):
            count = min(width, self.size - start)
            self._asked = [self._study.ask(distributions) for _ in range(count)]
            yield [dict(trial.params) for trial in self._asked]

    def score(self, values: list[float | None]) -> None:
        """The scores of the last batch, in its order."""
        if self._study is None:
            return
        for trial, value in zip(self._asked, values, strict=True):
            # a failed set is told as the worst score: TPE leaves failed trials out, and
            # would keep proposing sets beside them
            self._study.tell(trial, -math.inf if value is None else value)
        self._asked = []


def described(space: SearchSpace) -> Mapping[str, Mapping[str, Any]]:
    """The search space as plain data for the screen: the grid's lists, and each
    distribution's kind and range (or its choices)."""
    distributions: dict[str, Any] = {}
    for name, values in space.distributions.items():
        if isinstance(values, list | tuple):
            distributions[name] = {"choices": list(values)}
        else:
            low, high = values.support()
            distributions[name] = {
                "distribution": values.dist.name,
                "low": plain(low),
                "high": plain(high),
            }
    return {
        "grid": {name: list(values) for name, values in space.grid.items()},
        "distributions": distributions,
    }
