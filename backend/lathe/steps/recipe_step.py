"""One recipe step: ``{"step": "<name>", "params": {...}}``, and the stored recipe read
back as steps.

The store keeps the recipe as plain JSON and knows nothing of steps; ``recipe_steps`` is
the one place that turns what it keeps into ``RecipeStep`` values.
"""

from collections.abc import Mapping, Sequence
from typing import Any, NotRequired

from pydantic import TypeAdapter
from typing_extensions import TypedDict


class ChoiceReason(TypedDict):
    """Why the automatic recipe chose a column's setting: a code the screens word, with
    the numbers it rests on."""

    code: str
    missing_share: NotRequired[float]
    levels: NotRequired[int]


class RecipeStep(TypedDict):
    """One applied action, replayable: ``{"step": "<name>", "params": {...}}``; a step
    the automatic recipe chose also says why, per column (``reasons``)."""

    step: str
    params: dict[str, Any]
    reasons: NotRequired[dict[str, ChoiceReason]]
    encoded_by_auto: NotRequired[dict[str, str]]
    """An ``encode`` step of a global strategy: the columns it does not apply to, encoded
    by the ``auto`` rule instead, with the encoding each got."""


_RECIPE = TypeAdapter(list[RecipeStep])


def recipe_step(name: str, **params: Any) -> RecipeStep:
    return {"step": name, "params": params}


def recipe_steps(stored: Sequence[Mapping[str, Any]]) -> list[RecipeStep]:
    """The stored recipe (plain JSON objects) as steps, each checked for its shape."""
    return _RECIPE.validate_python(list(stored))
