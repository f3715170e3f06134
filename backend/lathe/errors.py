"""Errors a person can act on, each with an HTTP status and a stable code."""

from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from typing import Any


class ErrorCode(StrEnum):
    """Every code an error answer carries. The interface translates each one
    (`errors.<camelCase>` in every language); the English message sent beside it is the
    fallback."""

    # requests and the server
    INVALID_REQUEST = "invalid_request"
    BODY_TOO_LARGE = "body_too_large"
    NOT_FOUND = "not_found"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    HTTP_ERROR = "http_error"
    INTERNAL_ERROR = "internal_error"
    CROSS_ORIGIN_REQUEST = "cross_origin_request"
    TOO_MANY_SESSIONS = "too_many_sessions"
    # upload and files
    UPLOAD_TOO_LARGE = "upload_too_large"
    MALFORMED_UPLOAD = "malformed_upload"
    NO_FILE = "no_file"
    TOO_MANY_FILES = "too_many_files"
    UNSUPPORTED_FILE = "unsupported_file"
    EMPTY_FILE = "empty_file"
    FILE_UNREADABLE = "file_unreadable"
    HEADER_TOO_LONG = "header_too_long"
    TOO_MANY_CELLS = "too_many_cells"
    TOO_MANY_PARQUET_CELLS = "too_many_parquet_cells"
    UNKNOWN_FORMAT = "unknown_format"
    STORE_FULL = "store_full"
    DISK_FULL = "disk_full"
    UPLOAD_NOT_STORED = "upload_not_stored"
    STEP_NOT_STORED = "step_not_stored"
    # the session's data and history
    NO_DATASET = "no_dataset"
    UNKNOWN_COLUMNS = "unknown_columns"
    UNKNOWN_TARGET = "unknown_target"
    INVALID_STEP = "invalid_step"
    INVALID_STEP_ID = "invalid_step_id"
    NO_SNAPSHOT = "no_snapshot"
    STEP_FAILED = "step_failed"
    # step settings (`invalid_<setting>` from check_choice)
    INVALID_STRATEGY = "invalid_strategy"
    INVALID_CAT_STRATEGY = "invalid_cat_strategy"
    INVALID_DROP_STRATEGY = "invalid_drop_strategy"
    INVALID_METHOD = "invalid_method"
    INVALID_TARGET_TYPE = "invalid_target_type"
    NO_COLUMNS = "no_columns"
    LAST_COLUMN = "last_column"
    NO_COLUMNS_LEFT = "no_columns_left"
    NO_ROWS_LEFT = "no_rows_left"
    COLUMN_NOT_NUMERIC = "column_not_numeric"
    COLUMN_NOT_CATEGORICAL = "column_not_categorical"
    NO_NUMERIC_COLUMNS = "no_numeric_columns"
    FRACTION_OUT_OF_RANGE = "fraction_out_of_range"
    STRATEGY_NOT_FOR_COLUMN = "strategy_not_for_column"
    FACTOR_OUT_OF_RANGE = "factor_out_of_range"
    THRESHOLD_OUT_OF_RANGE = "threshold_out_of_range"
    MAX_CATEGORIES_TOO_SMALL = "max_categories_too_small"
    TOO_MANY_CATEGORIES_FOR_ONEHOT = "too_many_categories_for_onehot"
    TOO_FEW_ROWS_FOR_TARGET_ENCODING = "too_few_rows_for_target_encoding"
    TARGET_COLUMN_REQUIRED = "target_column_required"
    TARGET_COLUMN_REQUIRED_FOR_COLUMN = "target_column_required_for_column"
    TARGET_COLUMN_NOT_IMPUTED = "target_column_not_imputed"
    TARGET_COLUMN_NOT_HANDLED = "target_column_not_handled"
    TARGET_COLUMN_NOT_ENCODED = "target_column_not_encoded"
    TARGET_COLUMN_NOT_SCALED = "target_column_not_scaled"
    TARGET_NOT_NUMERIC = "target_not_numeric"
    # the recipe
    UNKNOWN_STEP = "unknown_step"
    TARGET_COLUMN_DROPPED = "target_column_dropped"
    RECIPE_FAILED = "recipe_failed"
    # training and its settings
    NO_MODELS = "no_models"
    UNKNOWN_MODELS = "unknown_models"
    MODELS_NOT_FOR_PROBLEM_TYPE = "models_not_for_problem_type"
    TARGET_REQUIRED = "target_required"
    TARGET_NOT_UPLOADED = "target_not_uploaded"
    TARGET_EMPTY = "target_empty"
    TEST_SIZE_OUT_OF_RANGE = "test_size_out_of_range"
    CV_FOLDS_OUT_OF_RANGE = "cv_folds_out_of_range"
    TIME_BUDGET_OUT_OF_RANGE = "time_budget_out_of_range"
    PRIMARY_METRIC_UNAVAILABLE = "primary_metric_unavailable"
    TOO_FEW_CLASSES = "too_few_classes"
    CLASS_TOO_SMALL = "class_too_small"
    MOST_CLASSES_TOO_SMALL = "most_classes_too_small"
    TARGET_CONSTANT = "target_constant"
    TARGET_CONSTANT_AFTER_STEP = "target_constant_after_step"
    TOO_FEW_ROWS = "too_few_rows"
    TRAINING_FAILED = "training_failed"
    NO_TRAINING_RESULTS = "no_training_results"
    MODEL_NOT_TRAINED = "model_not_trained"
    NOT_EXPLAINABLE = "not_explainable"
    # optimization
    OPTIMIZATION_MODEL_REQUIRED = "optimization_model_required"
    N_ITERATIONS_OUT_OF_RANGE = "n_iterations_out_of_range"
    NO_SEARCH_SPACE = "no_search_space"
    OPTIMIZATION_FAILED = "optimization_failed"
    MODEL_NOT_OPTIMIZED = "model_not_optimized"
    SEARCH_PARAMETER_UNKNOWN = "search_parameter_unknown"
    SEARCH_CHOICES_INVALID = "search_choices_invalid"
    SEARCH_RANGE_INVALID = "search_range_invalid"
    OPTIMIZATION_RUN_UNKNOWN = "optimization_run_unknown"
    # export and prediction
    MODEL_REQUIRED = "model_required"
    ONNX_UNSUPPORTED = "onnx_unsupported"
    MISSING_COLUMNS = "missing_columns"
    UNEXPECTED_COLUMNS = "unexpected_columns"
    COLUMN_TYPE_CHANGED = "column_type_changed"
    PREDICTION_FAILED = "prediction_failed"
    # long tasks (`data_changed_during_<task>` from JobKind)
    TASK_RUNNING = "task_running"
    NO_TASK_RUNNING = "no_task_running"
    TASK_CANCELLED = "task_cancelled"
    DATA_CHANGED_DURING_TRAINING = "data_changed_during_training"
    DATA_CHANGED_DURING_OPTIMIZATION = "data_changed_during_optimization"
    DATA_CHANGED_DURING_PREDICTION = "data_changed_during_prediction"
    DATA_CHANGED_DURING_EXPLANATION = "data_changed_during_explanation"
    # the cluster jobs run on
    CLUSTER_UNREACHABLE = "cluster_unreachable"
    JOB_LOST = "job_lost"
    WORKER_DIED = "worker_died"
    JOB_INTERRUPTED = "job_interrupted"


class LatheError(Exception):
    """A refusal with an English message, a code of the catalogue and optional params."""

    status = 400

    def __init__(self, message: str, code: ErrorCode, params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.params = params or {}

    def headers(self) -> dict[str, str]:
        """Headers the answer carries besides the body."""
        return {}

    def __reduce__(self) -> tuple[type["LatheError"], tuple[str, ErrorCode, dict[str, Any]]]:
        # a refusal raised on a Dask worker travels back to the web process pickled
        return type(self), (self.message, self.code, self.params)


class PayloadTooLargeError(LatheError):
    status = 413


class UnreadableFileError(LatheError):
    status = 422


class InsufficientStorageError(LatheError):
    status = 507


class ServerError(LatheError):
    """The server failed at something it should have done; the person can only retry."""

    status = 500


class TooManyRequestsError(LatheError):
    """A 429 whose `Retry-After` header says in how many seconds to try again."""

    status = 429

    def __init__(
        self,
        message: str,
        code: ErrorCode,
        params: dict[str, Any] | None = None,
        retry_after: int = 1,
    ) -> None:
        super().__init__(message, code, params)
        self.retry_after = retry_after

    def headers(self) -> dict[str, str]:
        return {"Retry-After": str(self.retry_after)}


def no_dataset() -> LatheError:
    return LatheError("No dataset uploaded.", ErrorCode.NO_DATASET)


def upload_not_stored(filename: str, disk_full: bool) -> LatheError:
    """An upload read but not written to the session: refused at once when the disk
    certainly cannot take its frame, or said by every use of the session after an answered
    upload failed to be written, until the next upload."""
    if disk_full:
        return InsufficientStorageError(
            f"The server's disk is full: {filename} could not be stored. "
            "Upload it again once there is room.",
            ErrorCode.DISK_FULL,
            {"filename": filename},
        )
    return ServerError(
        f"The server could not store {filename}. Upload it again.",
        ErrorCode.UPLOAD_NOT_STORED,
        {"filename": filename},
    )


def step_not_stored(disk_full: bool) -> LatheError:
    """Answered steps not yet written to the session: its uses are refused until they are."""
    message = (
        "The server could not store the last step: its disk may be full. The step is kept "
        "and stored at the next try; try again in a few minutes."
    )
    error_type = InsufficientStorageError if disk_full else ServerError
    return error_type(message, ErrorCode.STEP_NOT_STORED)


def unknown_columns(columns: list[str]) -> LatheError:
    names = ", ".join(columns)
    return LatheError(f"Unknown columns: {names}", ErrorCode.UNKNOWN_COLUMNS, {"columns": names})


def check_range(value: float, minimum: float, maximum: float, what: str, code: ErrorCode) -> None:
    """Refuse `value` outside [minimum, maximum]: "<what> must be between ... and ..."."""
    if not minimum <= value <= maximum:
        raise LatheError(
            f"{what} must be between {minimum} and {maximum}.",
            code,
            {"value": value, "min": minimum, "max": maximum},
        )


@contextmanager
def refused_rows(what: str, code: ErrorCode) -> Iterator[None]:
    """Turn a library's TypeError or ValueError on a person's rows into a 400 saying
    `what` failed; Lathe's own refusals pass unchanged."""
    try:
        yield
    except LatheError:
        raise
    except (TypeError, ValueError) as error:
        raise LatheError(f"{what}: {error}", code, {"detail": str(error)[:300]}) from error
