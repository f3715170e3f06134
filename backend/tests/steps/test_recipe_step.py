import pydantic
import pytest

from lathe.steps.recipe_step import recipe_step, recipe_steps


def test_the_stored_recipe_reads_back_as_the_steps_it_was_built_from():
    steps = [recipe_step("drop_columns", columns=["a"]), recipe_step("scale", methods={"b": "z"})]
    stored = [{"step": step["step"], "params": dict(step["params"])} for step in steps]
    assert recipe_steps(stored) == steps


def test_a_stored_step_without_params_is_refused():
    with pytest.raises(pydantic.ValidationError):
        recipe_steps([{"step": "scale"}])
