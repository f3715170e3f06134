"""Errors a person can act on, each with an HTTP status and a stable code."""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class LatheError(Exception):
    """A refusal with an English message, a stable snake_case code and optional params."""

    status = 400

    def __init__(self, message: str, code: str, params: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.params = params or {}

    def __reduce__(self) -> tuple[type["LatheError"], tuple[str, str, dict[str, Any]]]:
        # a refusal raised on a Dask worker travels back to the web process pickled
        return type(self), (self.message, self.code, self.params)


class PayloadTooLargeError(LatheError):
    status = 413


class UnreadableFileError(LatheError):
    status = 422


class InsufficientStorageError(LatheError):
    status = 507


def no_dataset() -> LatheError:
    return LatheError("No dataset uploaded.", "no_dataset")


def unknown_columns(columns: list[str]) -> LatheError:
    names = ", ".join(columns)
    return LatheError(f"Unknown columns: {names}", "unknown_columns", {"columns": names})


def check_range(value: float, minimum: float, maximum: float, what: str, code: str) -> None:
    """Refuse `value` outside [minimum, maximum]: "<what> must be between ... and ..."."""
    if not minimum <= value <= maximum:
        raise LatheError(
            f"{what} must be between {minimum} and {maximum}.",
            code,
            {"value": value, "min": minimum, "max": maximum},
        )


@contextmanager
def refused_rows(what: str, code: str) -> Iterator[None]:
    """Turn a library's TypeError or ValueError on a person's rows into a 400 saying
    `what` failed; Lathe's own refusals pass unchanged."""
    try:
        yield
    except LatheError:
        raise
    except (TypeError, ValueError) as error:
        raise LatheError(f"{what}: {error}", code, {"detail": str(error)[:300]}) from error
