"""Bodies of the transforming steps 3 to 7 (SPEC §3 settings, §7 payloads, §9 defaults)."""

from typing import Annotated, Literal, NotRequired

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from lathe.api.schemas import FramePayload, RequestBody, WholeNumber, stated_range
from lathe.steps.correlation import DEFAULT_THRESHOLD, CorrelatedPair, TargetCorrelation
from lathe.steps.encoding import DEFAULT_MAX_CATEGORIES, MIN_MAX_CATEGORIES
from lathe.steps.outliers import (
    MAX_FACTOR,
    MIN_FACTOR,
    MostFlags,
    OutlierReport,
    TargetEffect,
)

NumericMissingStrategy = Literal["mean", "median", "zero", "ffill", "bfill"]
CategoricalMissingStrategy = Literal["mode", "constant", "ffill", "bfill"]
OutlierMethod = Literal["iqr", "zscore", "auto"]
OutlierStrategy = Literal["remove", "nan", "cap", "impute_median", "impute_mean"]
EncodingStrategy = Literal["auto", "label", "onehot", "ordinal", "binary", "target"]
ScalingMethod = Literal["standard", "minmax", "robust"]

FRACTION = stated_range(0.0, 1.0)
OutlierFactor = Annotated[float, Field(json_schema_extra=stated_range(MIN_FACTOR, MAX_FACTOR))]


class StepResult(FramePayload):
    message: str
    changed: NotRequired[
        Annotated[
            bool,
            Field(
                default=True,
                description="False when the settings left the data exactly as it was.",
            ),
        ]
    ]
    dropped_columns: NotRequired[
        Annotated[
            list[str],
            Field(
                default_factory=list,
                description="Columns the step dropped (id-like columns under global auto "
                "encoding, the chosen side of correlated pairs).",
            ),
        ]
    ]
    encoded_by_auto: NotRequired[
        Annotated[
            dict[str, str],
            Field(
                default_factory=dict,
                description="Columns a global encoding strategy could not apply to (one-hot "
                "of more levels than it takes), encoded by the auto rule instead, with the "
                "encoding each got.",
            ),
        ]
    ]


class ColumnMissingSetting(RequestBody):
    column: str
    strategy: NumericMissingStrategy | CategoricalMissingStrategy
    fillValue: str | float | int | None = None


class HandleMissingRequest(RequestBody):
    strategy: NumericMissingStrategy = "mean"
    cat_strategy: CategoricalMissingStrategy = "mode"
    fill_value: str | float | int = "unknown"
    drop_strategy: Literal["rows", "columns", "none"] = "none"
    drop_threshold: float = Field(
        default=0.0,
        description="Drop a row or column when more than this share is missing.",
        json_schema_extra=FRACTION,
    )
    column_specific_settings: list[ColumnMissingSetting] | None = None


class OutlierDetectionConfig(RequestBody):
    method: OutlierMethod = "iqr"
    factor: OutlierFactor = 1.5


class DetectOutliersRequest(RequestBody):
    method: OutlierMethod = "iqr"
    factor: OutlierFactor = 1.5
    column_configs: dict[str, OutlierDetectionConfig] | None = None


class DetectOutliersResponse(OutlierReport):
    most_flags: Annotated[
        MostFlags | None,
        Field(description="The column that flags the most rows, and why; null when none."),
    ]
    target_effect: Annotated[
        TargetEffect | None,
        Field(
            description="What removing the flagged rows does to the session target; null "
            "without a target."
        ),
    ]


class OutlierRemovalConfig(RequestBody):
    strategy: OutlierStrategy = "remove"
    method: OutlierMethod = "iqr"
    factor: OutlierFactor = 1.5


class RemoveOutliersRequest(RequestBody):
    strategy: OutlierStrategy = "remove"
    method: OutlierMethod = "iqr"
    factor: OutlierFactor = 1.5
    column_configs: dict[str, OutlierRemovalConfig] | None = None


class ColumnEncodingSetting(RequestBody):
    column: str
    strategy: EncodingStrategy
    ordinal: bool = True


class EncodeFeaturesRequest(RequestBody):
    default_strategy: EncodingStrategy = "auto"
    max_categories: WholeNumber = Field(
        default=DEFAULT_MAX_CATEGORIES, json_schema_extra=stated_range(MIN_MAX_CATEGORIES)
    )
    target_column: str | None = None
    column_specific_settings: list[ColumnEncodingSetting] | None = None


class CorrelationRequest(RequestBody):
    threshold: float = Field(default=DEFAULT_THRESHOLD, json_schema_extra=FRACTION)
    preview_only: bool = False
    columns_to_drop: list[str] | None = None


class CorrelatedPairs(TypedDict):
    """The pairs at or above the threshold."""

    threshold: float
    highly_correlated: list[CorrelatedPair]


class CorrelationDropResult(StepResult, CorrelatedPairs):
    """The new frame after a drop, with its remaining pairs."""


class TargetCorrelationRequest(RequestBody):
    target_column: str
    method: Literal["pearson", "spearman"] = "pearson"


class TargetCorrelationResponse(BaseModel):
    target_column: str
    method: str
    correlations: list[TargetCorrelation]


class ScaleFeaturesRequest(RequestBody):
    method: ScalingMethod = "standard"
    target_column: str | None = None
    column_specific_settings: dict[str, ScalingMethod] | None = None
