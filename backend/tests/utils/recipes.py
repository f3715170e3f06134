"""Recipes built the way the screens build them."""

from lathe.steps.recipe import apply_step
from lathe.steps.recipe_step import RecipeStep


def recipe_for(frame, *actions) -> list[RecipeStep]:
    """The steps of each screen action, applied one after another as the API does."""
    recipe: list[RecipeStep] = []
    for action in actions:
        for step in action(frame):
            frame = apply_step(frame, step)
            recipe.append(step)
    return recipe
