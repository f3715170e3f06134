"""Build the JSON form of one recipe step: ``{"step": "<name>", "params": {...}}``."""

from typing import Any

from lathe.store.manifest import RecipeStep


def recipe_step(name: str, **params: Any) -> RecipeStep:
    return {"step": name, "params": params}
