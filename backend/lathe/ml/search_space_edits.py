"""A person's edit of a model's search space, kept within the catalogue's bounds.

An edit names parameters of the space the method searches (the grid for grid search,
the distributions otherwise): a parameter with choices takes ``{"choices": [...]}``, one
or more of the catalogue's; a parameter with a range takes ``{"low": a, "high": b}``
inside the catalogue's range (whole numbers for a whole-number range), low below high.
Parameters not named keep the catalogue's values. Anything else is refused, naming the
parameter and what it may take.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scipy.stats import loguniform, randint, uniform

from lathe.errors import ErrorCode, LatheError
from lathe.ml.catalog import SearchSpace
from lathe.ml.search_candidates import SearchMethod, plain

SpaceEdit = Mapping[str, Mapping[str, Any]]


def edited_space(space: SearchSpace, method: SearchMethod, edit: SpaceEdit) -> SearchSpace:
    """`space` with `edit` applied to the part `method` searches."""
    grid = method == "grid_search"
    searched = dict(space.grid if grid else space.distributions)
    for name, change in edit.items():
        if name not in searched:
            raise LatheError(
                f'"{name}" is not a parameter this search tries; it tries '
                f"{', '.join(searched) or 'none'}.",
                ErrorCode.SEARCH_PARAMETER_UNKNOWN,
                {"parameter": name, "parameters": ", ".join(searched)},
            )
        searched[name] = _edited(name, searched[name], change)
    if grid:
        return SearchSpace(grid=searched, distributions=space.distributions)
    return SearchSpace(grid=space.grid, distributions=searched)


def _edited(name: str, values: Any, change: Mapping[str, Any]) -> Any:
    if isinstance(values, list | tuple):
        return _chosen(name, values, change.get("choices"))
    return _narrowed(name, values, change.get("low"), change.get("high"))


def _same(one: Any, other: Any) -> bool:
    return type(one) is type(other) and one == other


def _chosen(name: str, values: Sequence[Any], choices: Any) -> list[Any]:
    if (
        not isinstance(choices, list)
        or not choices
        or not all(any(_same(choice, value) for value in values) for choice in choices)
    ):
        allowed = ", ".join("none" if value is None else str(value) for value in values)
        raise LatheError(
            f'Choose one or more of the values of "{name}": {allowed}.',
            ErrorCode.SEARCH_CHOICES_INVALID,
            {"parameter": name, "choices": allowed},
        )
    return [value for value in values if any(_same(value, choice) for choice in choices)]


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _narrowed(name: str, distribution: Any, low: Any, high: Any) -> Any:
    lowest, highest = (plain(bound) for bound in distribution.support())
    kind = distribution.dist.name
    whole = kind == "randint"
    valid = (
        _is_number(low)
        and _is_number(high)
        and lowest <= low < high <= highest
        and (not whole or (float(low).is_integer() and float(high).is_integer()))
    )
    if not valid:
        raise LatheError(
            f'The range of "{name}" must lie within {lowest} and {highest}, its low below '
            f"its high{', in whole numbers' if whole else ''}.",
            ErrorCode.SEARCH_RANGE_INVALID,
            {"parameter": name, "low": str(lowest), "high": str(highest)},
        )
    if whole:
        return randint(int(low), int(high) + 1)
    if kind == "uniform":
        return uniform(float(low), float(high) - float(low))
    return loguniform(float(low), float(high))
