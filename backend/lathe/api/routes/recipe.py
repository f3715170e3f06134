"""The session's recipe as settings a person chose: each step with the columns it acts on
and their strategy or method, without what it learned from the data."""

from typing import Any, Literal

from fastapi import APIRouter
from pydantic import BaseModel, Field

from lathe.api.deps import SessionId, Store
from lathe.api.responses import ERRORS
from lathe.io.preview import Cell
from lathe.steps.recipe_step import RecipeStep, recipe_steps

router = APIRouter(tags=["data"], responses=ERRORS)

RecipeStepName = Literal[
    "drop_columns",
    "drop_missing_rows",
    "drop_missing_columns",
    "impute_missing",
    "handle_outliers",
    "remove_outlier_rows",
    "encode",
    "scale",
]


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
    step: RecipeStepName
    threshold: float | None = Field(
        default=None, description="Missing-value drops: the missing share above which to drop."
    )
    columns: list[RecipeColumn]


class RecipeResponse(BaseModel):
    steps: list[RecipeStepSettings] = Field(description="In the order they were applied.")


def _per_column(configs: dict[str, dict[str, Any]], strategy: str | None) -> list[RecipeColumn]:
    return [
        RecipeColumn(
            column=column,
            setting=strategy or config["strategy"],
            detection=config["method"],
            factor=config["factor"],
        )
        for column, config in configs.items()
    ]


def _settings(step: RecipeStep) -> RecipeStepSettings:
    name, params = step["step"], step["params"]
    columns: list[RecipeColumn]
    if name == "drop_columns":
        columns = [RecipeColumn(column=column) for column in params["columns"]]
    elif name == "drop_missing_columns":
        columns = [RecipeColumn(column=column) for column in params["dropped"]]
    elif name == "impute_missing":
        fills = params.get("fill_values", {})
        columns = [
            RecipeColumn(column=column, setting=strategy, fill_value=fills.get(column))
            for column, strategy in params["strategies"].items()
        ]
    elif name == "handle_outliers":
        columns = _per_column(params["column_configs"], None)
    elif name == "remove_outlier_rows":
        columns = _per_column(params["column_configs"], "remove")
    elif name in ("encode", "scale"):
        chosen = params["strategies" if name == "encode" else "methods"]
        columns = [RecipeColumn(column=column, setting=value) for column, value in chosen.items()]
    else:
        columns = []
    return RecipeStepSettings.model_validate(
        {"step": name, "threshold": params.get("threshold"), "columns": columns}
    )


@router.get("/api/recipe/")
def get_recipe(store: Store, current: SessionId) -> RecipeResponse:
    """The session's recipe, step by step with its settings: what the report describes."""
    with store.reading(current) as session:
        recipe = recipe_steps(session.manifest.recipe)
    return RecipeResponse(steps=[_settings(step) for step in recipe])
