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


class ChoiceReasonModel(BaseModel):
    code: str = Field(
        description="no_missing, few_missing, many_missing, constant, id_like, or "
        "encoded_<strategy>."
    )
    missing_share: float | None = Field(default=None, description="Share of cells missing.")
    levels: int | None = Field(default=None, description="Distinct values of the column.")


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
    indicator: bool | None = Field(
        default=None,
        description="Missing values: true when a 0/1 column marks where it was missing.",
    )
    reason: ChoiceReasonModel | None = Field(
        default=None, description="Why the automatic recipe chose this setting."
    )


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
    encoded_by_auto: dict[str, str] = Field(
        default_factory=dict,
        description="Encoding of a global strategy: the columns it does not apply to (one-hot "
        "of more levels than it takes), encoded by the auto rule instead, with the encoding "
        "each got.",
    )


class RecipeResponse(BaseModel):
    steps: list[RecipeStepSettings] = Field(description="In the order they were applied.")


def step_settings(step: RecipeStep) -> RecipeStepSettings:
    settings = step_kind(step["step"]).settings(step["params"])
    reasons = step.get("reasons") or {}
    columns = [
        {**column, "reason": reasons.get(column["column"])} for column in settings["columns"]
    ]
    return RecipeStepSettings.model_validate(
        {
            "step": step["step"],
            "threshold": settings["threshold"],
            "columns": columns,
            "encoded_by_auto": step.get("encoded_by_auto", {}),
        }
    )


@router.get("/api/recipe/")
def get_recipe(store: Store, current: SessionId) -> RecipeResponse:
    """The session's recipe, step by step with its settings: what the report describes."""
    with store.reading(current) as session:
        recipe = session_recipe(session)
    return RecipeResponse(steps=[step_settings(step) for step in recipe])
