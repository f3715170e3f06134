"""Request and response bodies of the HTTP contract."""

from typing import Annotated, Any, NotRequired

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field
from pydantic.config import JsonDict
from typing_extensions import TypedDict

from lathe.analysis.column_types import ColumnKind
from lathe.analysis.profile import AnalysisResult
from lathe.errors import ErrorCode
from lathe.io.preview import Cell

FIRST_STEP, LAST_STEP = 1, 10
"""The pipeline's ten steps (SPEC §1): the ids snapshots and undo take."""


class RequestBody(BaseModel):
    """Every request body and its parts. Types are strict (`false` or `"1.5"` is no
    number, `1` no boolean) and NaN and infinities are refused as numbers."""

    model_config = ConfigDict(strict=True, allow_inf_nan=False)


def _whole_float_as_int(value: object) -> object:
    """JSON has one kind of number, and JSON Schema counts 5.0 as the integer 5: a whole
    float is taken as an int, while 5.5, `true` and "5" stay refused."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


WholeNumber = Annotated[int, BeforeValidator(_whole_float_as_int)]
"""An integer setting of a request body."""


def stated_range(minimum: float, maximum: float | None = None) -> JsonDict:
    """The `minimum` (and `maximum`) a number field states in the contract. The setting's
    own check refuses a value outside them, with its translated code."""
    bounds: JsonDict = {"minimum": minimum}
    if maximum is not None:
        bounds["maximum"] = maximum
    return bounds


class ErrorResponse(BaseModel):
    error: str = Field(description="An English message a person can act on.")
    code: ErrorCode = Field(description="A stable snake_case code the interface translates.")
    params: dict[str, Any] | None = Field(default=None, description="Values in the message.")


class HealthResponse(BaseModel):
    status: str
    ready: bool
    """Whether the Dask scheduler jobs run on is reachable (`GET /ready/`)."""


class FramePayload(TypedDict):
    """The frame part of every response that shows the data; the responses extend it."""

    columns: list[str]
    data: Annotated[
        list[list[Cell]],
        Field(
            description="A preview: at most LATHE_PREVIEW_ROWS rows, fewer when the frame is"
            " so wide that they would hold more than LATHE_PREVIEW_CELLS cells."
        ),
    ]
    shape: Annotated[tuple[int, int], Field(description="The full frame's [rows, columns].")]
    dtypes: dict[str, str]
    missing_values: dict[str, int]
    column_kinds: Annotated[
        dict[str, ColumnKind],
        Field(
            description="Each column's kind, from its dtype on the full frame: numeric columns"
            " take the numeric missing-value strategies, outlier settings and correlations;"
            " categorical ones are what encoding turns into numbers; boolean and datetime"
            " columns are neither."
        ),
    ]
    scaling_candidates: Annotated[
        list[str],
        Field(
            description="The columns scaling takes, in frame order (SPEC §5: numeric, or text"
            " with at least 80 % of its non-empty values numbers, over the full frame); the"
            " step's target is left out by the screen."
        ),
    ]


class ReadNotePayload(TypedDict):
    """How the file was read, as a code the interface words and the values it names."""

    code: str
    params: dict[str, str | int]


class UploadResponse(FramePayload):
    session_id: str
    filename: str
    warnings: Annotated[list[str], Field(description="The notes in English.")]
    notes: Annotated[
        list[ReadNotePayload],
        Field(
            description="How the file was read: lines_above_table (count, first), "
            "no_header_row (count), repeated_header_rows (count), ragged_rows (count, "
            "example), sheet_read (sheet), no_data_rows."
        ),
    ]
    message: str


class UploadedFrameSummary(TypedDict):
    """The frame as uploaded, before any step: what the report describes first."""

    shape: Annotated[tuple[int, int], Field(description="The uploaded frame's [rows, columns].")]
    column_kinds: Annotated[
        dict[str, ColumnKind], Field(description="Each uploaded column's kind, in upload order.")
    ]
    missing_values: dict[str, int]


class SessionDataResponse(FramePayload):
    filename: str
    uploaded: UploadedFrameSummary
    target_column: Annotated[
        str | None,
        Field(description="The session target: the default target of every step and of training."),
    ]
    snapshot_steps: NotRequired[
        Annotated[
            list[int],
            Field(
                default_factory=list,
                description="The steps that have a snapshot to undo to, in order.",
            ),
        ]
    ]


class SessionTargetRequest(RequestBody):
    target_column: str | None = Field(description="A column of the data; null clears it.")


class SessionTargetResponse(BaseModel):
    target_column: str | None


StepId = Annotated[WholeNumber | None, Field(json_schema_extra=stated_range(FIRST_STEP, LAST_STEP))]


class DropColumnsRequest(RequestBody):
    columns: list[str]
    step_id: StepId = None


class DropColumnsResponse(FramePayload):
    dropped_columns: list[str]
    message: str


class StepRequest(RequestBody):
    step_id: StepId = None


class SnapshotResponse(BaseModel):
    step_id: int
    message: str


class UndoResponse(FramePayload):
    step_id: int
    message: str


class AnalyzeResponse(FramePayload, AnalysisResult):
    """The data profile of SPEC §3. Infinite VIFs (a singular correlation matrix) are sent
    as null and their columns listed in `vif_infinite`."""
