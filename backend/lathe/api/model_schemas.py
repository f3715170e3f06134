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
from lathe.ml.results import Metrics, SamplingNote, ValidationMethod
from lathe.ml.search_candidates import SearchMethod


class OptimizeModelRequest(RequestBody):
    """`cv_folds` 2-10; `n_iterations` 1-200, used by random search and bayesian;
    `search_space` narrows the catalogue's space for the method (see the catalogue)."""

    selected_model: str = ""
    optimization_method: SearchMethod = "grid_search"
    cv_folds: WholeNumber = Field(
        default=DEFAULT_CV_FOLDS, json_schema_extra=stated_range(MIN_CV_FOLDS, MAX_CV_FOLDS)
    )
    n_iterations: WholeNumber = Field(
        default=DEFAULT_ITERATIONS, json_schema_extra=stated_range(MIN_ITERATIONS, MAX_ITERATIONS)
    )
    search_space: dict[str, dict[str, Any]] = Field(
        default_factory=dict,
        description='Per parameter of the searched space, `{"choices": [...]}` (some of the '
        'catalogue\'s) or `{"low": a, "high": b}` within the catalogue\'s range.',
    )


class SearchTrial(BaseModel):
    params: dict[str, Any]
    score: float | None
    error: str | None


class SearchSpaceDescription(BaseModel):
    grid: dict[str, list[Any]]
    distributions: dict[str, dict[str, Any]] = Field(
        description="Each parameter's distribution and range, or its choices."
    )


class RankedScore(BaseModel):
    """A run's held-out score in the primary metric chosen now; in the metric it was
    searched by when it was kept without the chosen one (`metric` then differs)."""

    metric: str
    score: float
    baseline_score: float | None = Field(
        description="The trained model's Evaluation score in `metric`."
    )
    improvement: float | None = Field(
        description="(score - baseline_score) / |baseline_score|; null without a baseline."
    )


class OptimizationRunRecord(BaseModel):
    run_id: int = Field(description="The run's number among the model's runs.")
    finished_at: str = Field(description="When the run finished (ISO 8601, UTC).")
    selected_model: str
    optimization_method: SearchMethod
    n_iterations: int
    search_space: SearchSpaceDescription = Field(description="The space this run searched.")
    validation_method: ValidationMethod | None = Field(
        description="The training run's validation, on whose held-out rows the run is "
        "scored; null for clustering, scored on every row."
    )
    primary_metric: str
    best_score: float = Field(
        description="The optimized model's primary metric on held-out rows (outer folds)."
    )
    best_params: dict[str, Any]
    kept_baseline: bool = Field(
        description="No searched set scored above the model's own settings, which are kept "
        "(`best_params` is then empty)."
    )
    baseline_score: float | None = Field(
        description="The primary metric of the catalogue's own settings on the same rows: "
        "the model's Evaluation score."
    )
    improvement: float | None = Field(
        description="(best_score - baseline_score) / |baseline_score|; null without a baseline."
    )
    search_score: float | None = Field(
        description="The chosen set's cross-validated score within the search."
    )
    metrics: Metrics = Field(description="The optimized model's held-out metrics.")
    cv_folds: int | None = Field(description="The search's folds; null for clustering.")
    trials: list[SearchTrial]
    sampling: list[SamplingNote]
    note: str | None = None
    ranked: RankedScore = Field(
        description="The run's score in the primary metric chosen now: what the history "
        "shows and compares runs by, while `primary_metric` and `best_score` stay what the "
        "run was searched by."
    )


class OptimizeModelResponse(OptimizationRunRecord):
    message: str
    picked: bool = Field(
        description="The run became the model's optimized model; a run scoring below the "
        "one picked is kept in the history without replacing it."
    )


class ModelOptimizations(BaseModel):
    model: str
    picked_run: int = Field(description="The run exported and predicting as optimized.")
    picked_by_person: bool = Field(
        description="The person picked the run in use; otherwise it is the best-scoring run, "
        "and follows a change of the primary metric."
    )
    primary_metric: str = Field(description="The primary metric the runs are ranked by now.")
    best_run: int = Field(
        description="The run scoring best in the primary metric (the newest of equals); "
        "another than `picked_run` only when the person picked that one."
    )
    runs: list[OptimizationRunRecord] = Field(description="Oldest first.")


class OptimizationHistoryResponse(BaseModel):
    kept_runs: int = Field(description="Runs kept per model; past it the oldest not picked goes.")
    models: list[ModelOptimizations]


class PickOptimizationRequest(RequestBody):
    selected_model: str = ""
    run_id: WholeNumber = 0


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


class CatalogModel(BaseModel):
    name: str
    problem_type: ProblemType
    row_limit: int | None
    search_space: SearchSpaceDescription
    scaled_target: bool = Field(
        description="The model learns a regression target standardized (less its mean, over "
        "its standard deviation), so its settings are in the target's standard deviations."
    )


class ModelCatalogResponse(BaseModel):
    models: list[CatalogModel]
