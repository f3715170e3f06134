"""What each kind of recipe step says of its settings: the columns it acts on and the
strategy or method chosen for each, without what it learned from the data.

``RECIPE_STEPS`` (``recipe.py``) gives every kind one of these describers, so a new kind
cannot be registered without saying what its settings are.
"""

from collections.abc import Callable, Mapping
from typing import Any, NotRequired

from typing_extensions import TypedDict

Params = Mapping[str, Any]


class ColumnSetting(TypedDict):
    """One column a step acts on, with the setting chosen for it (none for a drop)."""

    column: str
    setting: NotRequired[str]
    detection: NotRequired[str]
    factor: NotRequired[float]
    fill_value: NotRequired[Any]
    indicator: NotRequired[bool]


class StepSettings(TypedDict):
    threshold: float | None
    columns: list[ColumnSetting]


Describer = Callable[[Params], list[ColumnSetting]]


def no_columns(params: Params) -> list[ColumnSetting]:
    """A step over rows, set by its threshold alone."""
    return []


def listed(param: str) -> Describer:
    """A step that drops the columns listed in `param`."""

    def columns(params: Params) -> list[ColumnSetting]:
        return [{"column": column} for column in params[param]]

    return columns


def chosen(param: str) -> Describer:
    """A step whose `param` maps each column to the strategy or method chosen for it."""

    def columns(params: Params) -> list[ColumnSetting]:
        return [{"column": column, "setting": value} for column, value in params[param].items()]

    return columns


def imputed(params: Params) -> list[ColumnSetting]:
    """Missing values: each column's strategy, with the constant of a fill, and whether
    a missing-value indicator column was added for it."""
    fills = params.get("fill_values") or {}
    indicators = set(params.get("indicators") or ())
    settings: list[ColumnSetting] = []
    for column, strategy in params["strategies"].items():
        setting: ColumnSetting = {"column": column, "setting": strategy}
        if column in fills:
            setting["fill_value"] = fills[column]
        if column in indicators:
            setting["indicator"] = True
        settings.append(setting)
    return settings


def detected(strategy: str | None) -> Describer:
    """Outliers: each column's detection and factor, with its own strategy or `strategy`."""

    def columns(params: Params) -> list[ColumnSetting]:
        return [
            {
                "column": column,
                "setting": strategy or config["strategy"],
                "detection": config["method"],
                "factor": config["factor"],
            }
            for column, config in params["column_configs"].items()
        ]

    return columns
