"""Refusals of a step's settings, as ValueErrors the API answers with their code."""

from collections.abc import Hashable, Iterable

from lathe.errors import ErrorCode, LatheError, unknown_columns


class StepConfigError(LatheError, ValueError):
    """A step's settings do not fit the data: an English message, a stable code and
    params, answered by the API like every ``LatheError`` (400)."""


def missing_columns(columns: list[str]) -> StepConfigError:
    """The columns a step needs are not in the frame it was given."""
    refusal = unknown_columns(columns)
    return StepConfigError(refusal.message, refusal.code, refusal.params)


def check_columns_present(columns: Iterable[str], available: Iterable[Hashable]) -> None:
    """Refuse with the names of every column in `columns` that is not in `available`."""
    present = set(available)
    absent = [name for name in columns if name not in present]
    if absent:
        raise missing_columns(absent)


def check_choice(value: object, choices: tuple[str, ...], setting: str) -> None:
    """Refuse a setting whose value is not one of its choices."""
    if value not in choices:
        allowed = ", ".join(choices)
        raise StepConfigError(
            f"Unknown {setting} '{value}'; choose one of: {allowed}.",
            ErrorCode(f"invalid_{setting}"),
            {"value": str(value), "choices": allowed},
        )


def column_not_numeric(column: str) -> StepConfigError:
    return StepConfigError(
        f'Column "{column}" is not numeric.', ErrorCode.COLUMN_NOT_NUMERIC, {"column": column}
    )
