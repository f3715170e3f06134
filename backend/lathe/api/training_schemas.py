"""Bodies of training (step 8) and evaluation (step 9): SPEC §3 config and results."""

from pydantic import BaseModel, Field

from lathe.api.schemas import RequestBody, WholeNumber, stated_range
from lathe.ml.model_input import Conversion
from lathe.ml.problem import ProblemType
from lathe.ml.results import ModelResult, SamplingNote, ValidationMethod
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


class ModelError(BaseModel):
    model: str
    error: str


class TrainingSummary(BaseModel):
    problem_type: ProblemType = Field(description="The detected type when `auto` was asked.")
    target_column: str | None
    validation_method: ValidationMethod | None
    test_size: float | None
    cv_folds: int | None
    dataset_shape: tuple[int, int] = Field(
        description="Rows with a target value, and the columns the models take."
    )
    rows_without_target: int = Field(description="Rows left out: their target is missing.")
    left_out_classes: dict[str, int] = Field(
        default_factory=dict,
        description="Classes left out, with their rows: fewer rows than the validation needs.",
    )
    converted_columns: dict[str, Conversion] = Field(
        description="Columns the recipe left non-numeric, converted to numbers for the models."
    )
    primary_metric: str
    best_model: str | None


class TrainModelsResponse(TrainingSummary):
    message: str
    trained_models: list[str]
    failed_models: list[ModelError]
    sampling: dict[str, list[SamplingNote]] = Field(
        description="Per model, what ran on a sample of the rows."
    )
    imputed_cells: dict[str, int] = Field(
        description="Per model, missing cells filled at its input (models that cannot take "
        "missing values)."
    )


class ProgressResponse(BaseModel):
    task: str | None = Field(description="The running task, null when idle.")
    done: int
    total: int
    message: str


class EvaluateModelsResponse(TrainingSummary):
    message: str
    results: list[ModelResult]


class DetectedProblemType(BaseModel):
    target_column: str
    problem_type: ProblemType = Field(description="Classification or regression.")
    distinct_values: int
