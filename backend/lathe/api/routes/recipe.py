"""The session's recipe as settings a person chose: each step with the columns it acts on
and their strategy or method, without what it learned from the data. Each kind of step
describes its own settings (``RECIPE_STEPS``)."""

from fastapi import APIRouter
from pydantic import BaseModel, Field

from lathe.api.deps import SessionId, Store
from lathe.api.responses import ERRORS
from lathe.io.preview import Cell
from lathe.jobs.session_job import session_recipe
from lathe.steps.recipe import RECIPE_STEPS, step_kind
from lathe.steps.recipe_step import RecipeStep

router = APIRouter(tags=["data"], responses=ERRORS)


class RecipeColumn(BaseModel):
    column: str
    setting: str | None = Field(
        default=None,
        description="The column's strategy or method, as the step's request names it "
        "(null for a drop).",
    )
    detection: str | None = Field(default=None, description="Outliers: iqr or zscore.")
    factor: float | None = Field(default=None, description="Outliers: the detection factor.")
    fill_value: Cell = Field(default=None, description="Missing values: the constant filled.")


class RecipeStepSettings(BaseModel):
    step: str = Field(
        title="Step",
        description="The kind of step, as the recipe records it.",
        json_schema_extra={"enum": list(RECIPE_STEPS)},
    )
    threshold: float | None = Field(
        default=None, description="Missing-value drops: the missing share above which to drop."
    )
    columns: list[RecipeColumn]


class RecipeResponse(BaseModel):
    steps: list[RecipeStepSettings] = Field(description="In the order they were applied.")


def _settings(step: RecipeStep) -> RecipeStepSettings:
    settings = step_kind(step["step"]).settings(step["params"])
    return RecipeStepSettings.model_validate({"step": step["step"], **settings})


@router.get("/api/recipe/")
def get_recipe(store: Store, current: SessionId) -> RecipeResponse:
    """The session's recipe, step by step with its settings: what the report describes."""
    with store.reading(current) as session:
        recipe = session_recipe(session)
    return RecipeResponse(steps=[_settings(step) for step in recipe])
