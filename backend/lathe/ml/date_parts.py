"""The calendar parts a date column gives every model beside its seconds since 1970.

Seconds since 1970 hide the season from linear, naive-Bayes and distance models and make a
tree learn one interval per season and year; the parts make it one split. Each part is a
whole number in a float column (missing where the date is): ``year``, ``month`` (1–12),
``day`` (1–31), ``day_of_week`` (Monday 0 … Sunday 6), ``day_of_year`` (1–366), and,
where the time of day varies at fit, ``hour`` and ``minute``. Time-zone aware columns are
read in UTC, the clock their seconds since 1970 count in (the ONNX graph takes only those
seconds, so it can compute nothing else).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import numpy as np
import pandas as pd

from lathe.steps.frame_estimator import free_name

DATE_PARTS = ("year", "month", "day", "day_of_week", "day_of_year")
TIME_PARTS = ("hour", "minute")


def utc_stamps(series: pd.Series[Any]) -> pd.Series[Any]:
    """A date column as naive timestamps, aware ones converted to UTC."""
    return series.dt.tz_convert(None) if series.dt.tz is not None else series


def parts_to_learn(series: pd.Series[Any]) -> tuple[str, ...]:
    """The parts of a date column at fit: the calendar always, the clock where it varies."""
    stamps = utc_stamps(series).dropna()
    minutes = stamps.dt.hour * 60 + stamps.dt.minute
    return DATE_PARTS + TIME_PARTS if minutes.nunique() > 1 else DATE_PARTS


def part_values(series: pd.Series[Any], part: str) -> pd.Series[Any]:
    values: pd.Series[Any] = getattr(utc_stamps(series).dt, part)
    return values.astype(np.float64)


def part_columns(
    columns: Collection[str], parts: Mapping[str, tuple[str, ...]]
) -> dict[str, dict[str, str]]:
    """The name of each part column of each date column, `date_month` for the month of
    `date`, none the name of another column."""
    taken = set(columns)
    names: dict[str, dict[str, str]] = {}
    for column, column_parts in parts.items():
        names[column] = {}
        for part in column_parts:
            name = free_name(f"{column}_{part}", taken)
            taken.add(name)
            names[column][part] = name
    return names
