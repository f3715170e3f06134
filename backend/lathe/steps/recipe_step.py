"""One recipe step: ``{"step": "<name>", "params": {...}}``, and the stored recipe read
back as steps.

The store keeps the recipe as plain JSON and knows nothing of steps; ``recipe_steps`` is
the one place that turns what it keeps into ``RecipeStep`` values.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import TypeAdapter
from typing_extensions import TypedDict


class RecipeStep(TypedDict):
    """One applied action, replayable: ``{"step": "<name>", "params": {...}}``."""

    step: str
    params: dict[str, Any]


_RECIPE = TypeAdapter(list[RecipeStep])


def recipe_step(name: str, **params: Any) -> RecipeStep:
    return {"step": name, "params": params}


def recipe_steps(stored: Sequence[Mapping[str, Any]]) -> list[RecipeStep]:
    """The stored recipe (plain JSON objects) as steps, each checked for its shape."""
    return _RECIPE.validate_python(list(stored))
