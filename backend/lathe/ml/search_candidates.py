"""The parameter sets a search tries, from a catalogue entry's ``SearchSpace``.

- ``grid_search``: every combination of the grid, in order;
- ``random_search``: ``n_iterations`` draws from the distributions (seed 0), fewer when
  the distributions are all lists with fewer combinations;
- ``bayesian``: Optuna's TPE sampler (seed 0) proposes each next set from the scores of
  the sets before it, so candidates come one at a time (``ask`` and ``tell``); a set
  that failed counts as the worst score.
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
    """Yields parameter sets; ``score`` gives each set's score back (``None`` when the
    set failed), which the bayesian search learns from."""

    def __init__(self, space: SearchSpace, method: SearchMethod, n_iterations: int) -> None:
        self.space = space
        self.method = method
        self.n_iterations = n_iterations
        self.size = search_size(space, method, n_iterations)
        self._study: optuna.Study | None = None
        self._trial: optuna.trial.Trial | None = None

    def __iter__(self) -> Iterator[Params]:
        if self.method == "grid_search":
            sets: Any = ParameterGrid(dict(self.space.grid))
        elif self.method == "random_search":
            sets = ParameterSampler(dict(self.space.distributions), self.size, random_state=SEED)
        else:
            yield from self._proposed()
            return
        for params in sets:
            yield {name: plain(value) for name, value in params.items()}

    def _proposed(self) -> Iterator[Params]:
        optuna.logging.set_verbosity(optuna.logging.WARNING)
        self._study = optuna.create_study(
            direction="maximize", sampler=optuna.samplers.TPESampler(seed=SEED)
        )
        distributions = {
            name: optuna_distribution(values) for name, values in self.space.distributions.items()
        }
        for _ in range(self.size):
            self._trial = self._study.ask(distributions)
            yield dict(self._trial.params)

    def score(self, value: float | None) -> None:
        if self._study is None or self._trial is None:
            return
        # a failed set is told as the worst score: TPE leaves failed trials out, and
        # would keep proposing sets beside them
        self._study.tell(self._trial, -math.inf if value is None else value)
        self._trial = None


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
