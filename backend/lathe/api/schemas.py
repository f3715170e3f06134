"""Request and response bodies of the HTTP contract."""

from typing import Any

from pydantic import BaseModel, Field

Cell = str | int | float | bool | None


class ErrorResponse(BaseModel):
    error: str = Field(description="An English message a person can act on.")
    code: str = Field(description="A stable snake_case code the interface translates.")
    params: dict[str, Any] | None = Field(default=None, description="Values in the message.")


class HealthResponse(BaseModel):
    status: str


class FramePayload(BaseModel):
    columns: list[str]
    data: list[list[Cell]] = Field(description="A preview: at most LATHE_PREVIEW_ROWS rows.")
    shape: tuple[int, int] = Field(description="The full frame's [rows, columns].")
    dtypes: dict[str, str]
    missing_values: dict[str, int]


class UploadResponse(FramePayload):
    session_id: str
    filename: str
    warnings: list[str]
    message: str


class SessionDataResponse(FramePayload):
    filename: str


class DropColumnsRequest(BaseModel):
    columns: list[str]
    step_id: int | None = None


class DropColumnsResponse(FramePayload):
    dropped_columns: list[str]
    message: str


class StepRequest(BaseModel):
    step_id: int | None = None


class SnapshotResponse(BaseModel):
    step_id: int
    message: str


class UndoResponse(FramePayload):
    step_id: int
    message: str
