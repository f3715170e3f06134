"""The error responses every router documents."""

from typing import Any

from lathe.api.schemas import ErrorResponse

ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorResponse, "description": "The request was refused."},
    422: {"model": ErrorResponse, "description": "The request body is malformed."},
}


def attachment(file_name: str) -> dict[str, str]:
    """The header that makes a response a download named `file_name`."""
    return {"Content-Disposition": f'attachment; filename="{file_name}"'}
