"""What a training run stores and the evaluation screen reads, as JSON-safe dicts."""

import math
from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from lathe.ml.model_input import Conversion
from lathe.ml.problem import ProblemType

ValidationMethod = Literal["train_test", "cross_validation"]
Label = str | int | float | bool
Metrics = dict[str, float | int | None]
"""Metric name to value (counts as integers); null where undefined on these rows."""


class ConfusionMatrix(TypedDict):
    labels: list[Label]
    matrix: list[list[int]]
    """Rows are actual classes, columns predicted ones, both in the order of `labels`."""


class RocCurve(TypedDict):
    label: Label
    fpr: list[float]
    tpr: list[float]


class PrCurve(TypedDict):
    label: Label
    recall: list[float]
    precision: list[float]


class PredictionSample(TypedDict):
    actual: list[float | None]
    predicted: list[float | None]
    residual: list[float | None]
    """actual - predicted."""


class FeatureImportance(TypedDict):
    feature: str
    importance: float


class FeatureImportances(TypedDict):
    method: Literal["native", "permutation"]
    features: list[FeatureImportance]


class ClusterSize(TypedDict):
    cluster: int
    size: int


class Charts(TypedDict):
    confusion_matrix: ConfusionMatrix | None
    roc_curves: list[RocCurve]
    pr_curves: list[PrCurve]
    prediction_sample: PredictionSample | None
    feature_importances: FeatureImportances | None
    cluster_sizes: list[ClusterSize]


ExplanationMethod = Literal["xgboost", "lightgbm", "catboost", "tree", "linear", "kernel"]
ExplanationOutput = Literal["value", "probability", "log_odds", "margin"]


class ColumnContribution(TypedDict):
    column: str
    mean_abs_contribution: float


class BeeswarmColumn(TypedDict):
    column: str
    kind: Literal["number", "category", "date"]
    contributions: list[float]
    """One per explained row, in the order of every column's list."""
    values: list[float | str | None]
    """Each explained row's uploaded value, for colouring: numbers (booleans 0 and 1),
    dates as ISO text, categories as text."""


class Explanation(TypedDict):
    method: ExplanationMethod
    """The booster's own exact contributions, shap's tree or linear explainer, or shap's
    sampled kernel explainer."""
    output: ExplanationOutput
    """What the contributions add up to: the predicted value, a class probability, the
    log-odds of the positive class, or a class's raw score."""
    explained_class: Label | None
    """Two classes: the second (positive) class; more: null, each row's predicted class
    is explained; regression: null."""
    rows: int
    """Held-out rows explained (a sample, within the time budget)."""
    of_rows: int
    columns: list[ColumnContribution]
    """Mean |contribution| per uploaded column reaching the model, largest first."""
    beeswarm: list[BeeswarmColumn]
    """The explained rows' contributions of the most contributing columns."""


class SamplingNote(TypedDict):
    purpose: Literal["training", "silhouette", "search"]
    """What ran on the sample: fitting the model, the silhouette score, or an
    optimization's search."""
    rows: int
    of_rows: int


class ModelResult(TypedDict):
    model: str
    metrics: Metrics
    error: str | None
    train_seconds: float
    sampling: list[SamplingNote]
    fold_metrics: NotRequired[list[Metrics]]
    """Cross-validation: every metric on each fold's held-out rows; ``metrics`` holds
    their means."""
    metrics_std: NotRequired[Metrics]
    """Cross-validation: each metric's standard deviation over the folds (absent for a
    train/test split, which has one score)."""
    charts: Charts
    imputed_cells: NotRequired[int]
    """Missing cells filled at the model's input in the final fit (models that cannot take
    missing values)."""
    beats_baseline: NotRequired[bool | None]
    """Supervised: the primary metric is better than the baseline's; null where either is
    undefined."""
    at_chance: NotRequired[bool]
    """Classification: balanced accuracy within 0.02 of 1 / classes."""
    explanation: NotRequired[Explanation | None]
    """Per-column contributions on held-out rows (supervised models), once asked for;
    null when the model could not be explained."""
    explained: NotRequired[bool]
    """Supervised: the held-out explanation and, for a model without importances of its
    own, the permutation importances have been computed (``POST /api/explanations/``);
    until then ``explanation`` is absent and ``charts.feature_importances`` null."""


class Baseline(TypedDict):
    strategy: Literal["most_frequent", "mean", "one_cluster"]
    metrics: Metrics
    """Cross-validation: the means over the folds, as the models' are."""


class Weakness(TypedDict):
    kind: Literal["imbalanced_target", "log_loss_above_baseline"]
    """An imbalanced target (majority class over 70 %, or the best model's balanced
    accuracy 0.15 or more below its accuracy): balanced accuracy or F1 macro say more than
    accuracy. Or the best model's log loss is worse than the baseline's."""
    model: str | None
    values: dict[str, float]
    """imbalanced_target: majority_share, and the best model's accuracy and
    balanced_accuracy; log_loss_above_baseline: log_loss and baseline_log_loss."""


Stage = Literal["default", "tuned", "ensemble"]
Status = Literal["running", "finished", "stopped_early", "skipped_for_time", "failed"]


class LeaderboardRow(TypedDict):
    model: str
    base_model: str | None
    stage: Stage
    settings: dict[str, Any]
    score: float | None
    score_std: float | None
    folds: int
    status: Status
    fit_seconds: float
    predict_ms_per_1000: float | None
    error: str | None


class EnsembleMember(TypedDict):
    model: str
    weight: float
    """The member's share of the weighted average; the weights add up to 1."""


class Leaderboard(TypedDict):
    primary_metric: str
    time_budget: int
    elapsed_seconds: float
    running: bool
    stopped: bool
    rows: list[LeaderboardRow]
    ensemble: list[EnsembleMember]
    """The ensemble's members and weights, empty when none was kept."""


class TrainingSummary(TypedDict):
    """What a training run was: the settings it used and the data it saw."""

    problem_type: Annotated[
        ProblemType, Field(description="The detected type when `auto` was asked.")
    ]
    target_column: str | None
    validation_method: ValidationMethod | None
    test_size: float | None
    cv_folds: int | None
    dataset_shape: Annotated[
        tuple[int, int],
        Field(description="Rows with a target value, and the columns the models take."),
    ]
    rows_without_target: Annotated[
        int, Field(description="Rows left out: their target is missing or infinite.")
    ]
    left_out_classes: NotRequired[
        Annotated[
            dict[str, int],
            Field(
                description="Classes left out, with their rows: fewer rows than the "
                "validation needs."
            ),
        ]
    ]
    converted_columns: Annotated[
        dict[str, Conversion],
        Field(
            description="Columns the recipe left non-numeric, converted to numbers for the models."
        ),
    ]
    primary_metric: Annotated[
        str,
        Field(description="The metric that names the best model: SPEC's, or the one chosen."),
    ]
    best_model: str | None
    majority_share: NotRequired[
        Annotated[
            float,
            Field(description="Classification: the share of the rows in the largest class."),
        ]
    ]
    weaknesses: NotRequired[
        Annotated[
            list[Weakness],
            Field(description="What makes the best model's primary metric read better than it is."),
        ]
    ]
    baseline: NotRequired[
        Annotated[
            Baseline,
            Field(
                description="The most frequent class, the mean or one cluster, scored on the "
                "same held-out rows as the models (clustering: every row)."
            ),
        ]
    ]
    search: NotRequired[
        Annotated[
            Leaderboard,
            Field(description="Find the best model's leaderboard; absent for selected models."),
        ]
    ]


class TrainingResults(TrainingSummary):
    """What a training run stores and the evaluation screen reads."""

    results: list[ModelResult]


def no_charts() -> Charts:
    return {
        "confusion_matrix": None,
        "roc_curves": [],
        "pr_curves": [],
        "prediction_sample": None,
        "feature_importances": None,
        "cluster_sizes": [],
    }


def json_number(value: Any) -> float | None:
    """A finite float, or None for NaN and infinities."""
    number = float(value)
    return number if math.isfinite(number) else None


def json_label(value: Any) -> Label:
    """A class label as a JSON value (numpy scalars unwrapped)."""
    unwrapped = value.item() if hasattr(value, "item") else value
    return unwrapped if isinstance(unwrapped, str | int | float | bool) else str(unwrapped)
