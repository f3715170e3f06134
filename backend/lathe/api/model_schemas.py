"""Bodies of optimization (step 10), export, usage code, prediction and the catalogue."""

from typing import Any

from pydantic import BaseModel, Field

from lathe.api.schemas import RequestBody, WholeNumber, stated_range
from lathe.ml.model_export import ExportFormat
from lathe.ml.optimization import (
    DEFAULT_CV_FOLDS,
    DEFAULT_ITERATIONS,
    MAX_CV_FOLDS,
    MAX_ITERATIONS,
    MIN_CV_FOLDS,
    MIN_ITERATIONS,
)
from lathe.ml.problem import ProblemType
from lathe.ml.results import SamplingNote
from lathe.ml.search_candidates import SearchMethod


class OptimizeModelRequest(RequestBody):
    """`cv_folds` 2-10; `n_iterations` 1-200, used by random search and bayesian."""

    selected_model: str = ""
    optimization_method: SearchMethod = "grid_search"
    cv_folds: WholeNumber = Field(
        default=DEFAULT_CV_FOLDS, json_schema_extra=stated_range(MIN_CV_FOLDS, MAX_CV_FOLDS)
    )
    n_iterations: WholeNumber = Field(
        default=DEFAULT_ITERATIONS, json_schema_extra=stated_range(MIN_ITERATIONS, MAX_ITERATIONS)
    )


class SearchTrial(BaseModel):
    params: dict[str, Any]
    score: float | None
    error: str | None


class OptimizeModelResponse(BaseModel):
    message: str
    selected_model: str
    optimization_method: SearchMethod
    primary_metric: str
    best_score: float = Field(description="The primary metric of `best_params`.")
    best_params: dict[str, Any]
    kept_baseline: bool = Field(
        description="No searched set scored above the model's own settings, which are kept "
        "(`best_params` is then empty)."
    )
    baseline_score: float | None = Field(
        description="The primary metric of the catalogue's own settings, scored the same way."
    )
    improvement: float | None = Field(
        description="(best_score - baseline_score) / |baseline_score|; null without a baseline."
    )
    cv_folds: int | None = Field(description="Null for clustering, scored on every row.")
    trials: list[SearchTrial]
    sampling: list[SamplingNote]


class ExportModelRequest(RequestBody):
    selected_model: str = ""
    model_name: str = ""
    format: ExportFormat = "joblib"
    optimized: bool = Field(
        default=False, description="Export the model's optimized pipeline (step 10)."
    )


class PredictForm(BaseModel):
    """The text fields of a prediction's form, read as text: `optimized` is true or false
    (also 1/0, yes/no, on/off); anything else is refused."""

    selected_model: str = ""
    optimized: bool = Field(
        default=False, description="Predict with the model's optimized pipeline (step 10)."
    )
    explain: bool = Field(
        default=False,
        description="Add each row's top 3 contributing columns: `top_<n>_column` and "
        "`top_<n>_contribution`.",
    )


class UsageCodeResponse(BaseModel):
    file_name: str
    code: str


class SearchSpaceDescription(BaseModel):
    grid: dict[str, list[Any]]
    distributions: dict[str, dict[str, Any]] = Field(
        description="Each parameter's distribution and range, or its choices."
    )


class CatalogModel(BaseModel):
    name: str
    problem_type: ProblemType
    row_limit: int | None
    search_space: SearchSpaceDescription


class ModelCatalogResponse(BaseModel):
    models: list[CatalogModel]
