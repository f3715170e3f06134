"""Bodies of training (step 8) and evaluation (step 9): SPEC §3 config and results."""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from lathe.api.schemas import RequestBody, WholeNumber, stated_range
from lathe.ml.best_model_search import DEFAULT_BUDGET, MAX_BUDGET, MIN_BUDGET
from lathe.ml.metric_catalog import Direction
from lathe.ml.problem import ProblemType
from lathe.ml.results import (
    Explanation,
    FeatureImportances,
    Leaderboard,
    SamplingNote,
    TrainingResults,
    TrainingSummary,
    ValidationMethod,
)
from lathe.ml.training_config import (
    DEFAULT_CV_FOLDS,
    DEFAULT_TEST_SIZE,
    MAX_CV_FOLDS,
    MAX_TEST_SIZE,
    MIN_CV_FOLDS,
    MIN_TEST_SIZE,
    RequestedProblemType,
)


class TrainModelsRequest(RequestBody):
    """`test_size` and `cv_folds` are checked against SPEC's ranges (0.1-0.5, 3-10);
    clustering takes neither, nor a target or a validation method."""

    model_names: list[str] = Field(default_factory=list)
    target_column: str | None = None
    problem_type: RequestedProblemType = "classification"
    validation_method: ValidationMethod = "train_test"
    test_size: float = Field(
        default=DEFAULT_TEST_SIZE, json_schema_extra=stated_range(MIN_TEST_SIZE, MAX_TEST_SIZE)
    )
    cv_folds: WholeNumber = Field(
        default=DEFAULT_CV_FOLDS, json_schema_extra=stated_range(MIN_CV_FOLDS, MAX_CV_FOLDS)
    )
    primary_metric: str | None = Field(
        default=None,
        description="A rankable metric of the problem type (see `GET /api/metric-catalog/`) "
        "that names the best model; null: SPEC's (accuracy, r2, silhouette_score).",
    )
    mode: Literal["selected", "best"] = Field(
        default="selected",
        description="selected: train `model_names`; best: find the best model within "
        "`time_budget` (every catalogue model of the problem type cross-validated on "
        "`cv_folds` folds, the leaders tuned, an ensemble of the best), `model_names` and "
        "the validation method unused.",
    )
    time_budget: WholeNumber = Field(
        default=DEFAULT_BUDGET,
        description="Seconds the best-model search may take.",
        json_schema_extra=stated_range(MIN_BUDGET, MAX_BUDGET),
    )


class LeaderboardResponse(BaseModel):
    leaderboard: Leaderboard | None = Field(
        description="The best-model search running or last run; null before the first."
    )


class PrimaryMetricRequest(RequestBody):
    metric: str = Field(description="A rankable metric of the trained problem type.")


class ModelError(TypedDict):
    model: str
    error: str


class TrainModelsResponse(TrainingSummary):
    message: str
    trained_models: list[str]
    failed_models: list[ModelError]
    sampling: Annotated[
        dict[str, list[SamplingNote]],
        Field(description="Per model, what ran on a sample of the rows."),
    ]
    imputed_cells: Annotated[
        dict[str, int],
        Field(
            description="Per model, missing cells filled at its input (models that cannot "
            "take missing values)."
        ),
    ]


class FinishedJobResponse(BaseModel):
    job_id: str
    task: str = Field(description="training or optimization.")
    outcome: Literal["completed", "cancelled", "failed"]
    code: str | None = Field(description="The refusal's code when it did not complete.")
    params: dict[str, Any] = Field(description="The refusal's params.")


class ProgressResponse(BaseModel):
    task: str | None = Field(description="The running task, null when idle.")
    done: int
    total: int
    message: str
    job_id: str | None = Field(None, description="The running task's job, null when idle.")
    queue_position: int | None = Field(
        None,
        description="While the task waits for a worker: 1 when it is the next to start; "
        "null once it runs.",
    )
    finished: FinishedJobResponse | None = Field(
        None,
        description="How the session's last job ended (kept by this server process), so a "
        "screen that lost the request which started it can show its end.",
    )


class CancelTaskResponse(BaseModel):
    cancelled: list[str] = Field(description="The tasks cancelled (training, optimization).")
    message: str


class EvaluateModelsResponse(TrainingResults):
    message: str


class ExplanationRequest(RequestBody):
    model: str = Field(description="A trained supervised model of the session's training.")


class ExplanationResponse(BaseModel):
    model: str
    explanation: Explanation | None = Field(
        description="Per-column contributions on held-out rows; null when the model could "
        "not be explained."
    )
    feature_importances: FeatureImportances | None
    computed: bool = Field(
        description="Computed by this request's job; false when they were kept already."
    )


class DetectedProblemType(BaseModel):
    target_column: str
    problem_type: ProblemType = Field(description="Classification or regression.")
    distinct_values: int


class MetricDescription(BaseModel):
    name: str
    problem_type: ProblemType
    direction: Direction = Field(description="Which way is better; none for counts.")
    tone_bounds: tuple[float, float] | None = Field(
        description="SPEC §9's colours: green from / yellow from for a higher-is-better "
        "metric, green below / yellow below for the others; null: not coloured."
    )
    whole_number: bool = Field(
        description="A count: a whole value is shown without decimals (SPEC §9)."
    )
    rankable: bool = Field(description="May be chosen as the primary metric.")
    baseline_relative: bool = Field(
        description="In the data's units: `tone_bounds` bound the model's value over the "
        "baseline's."
    )


class MetricCatalogResponse(BaseModel):
    metrics: list[MetricDescription] = Field(description="In the order screens list them.")
    primary: dict[ProblemType, str] = Field(
        description="The metric each problem type ranks its models by."
    )
