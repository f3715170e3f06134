"""The settings the recipes send, gathered from their bodies for each data set."""

from collections.abc import Iterable, Mapping
from typing import Any

from tests.matrix.messy_data import DataSet
from tests.matrix.recipes import (
    ENCODING,
    MISSING,
    OUTLIERS,
    SCALING,
    Body,
    FrameView,
    Recipe,
    dtype_kind,
)

Sent = dict[str, set[str]]
"""``"<step>.<setting>"`` to the values sent for it."""


def view_of(data_set: DataSet) -> FrameView:
    """The data set as the first step sees it (types as pandas reads them)."""
    frame = data_set.build()
    return FrameView(
        columns=tuple(str(name) for name in frame.columns),
        dtypes={str(name): str(dtype) for name, dtype in frame.dtypes.items()},
        missing={str(name): int(count) for name, count in frame.isna().sum().items()},
        levels={str(name): int(count) for name, count in frame.nunique().items()},
        target=data_set.target,
    )


def _missing(body: Body, frame: FrameView, sent: Sent) -> None:
    for key in ("strategy", "cat_strategy", "drop_strategy"):
        if key in body:
            sent.setdefault(f"missing.{key}", set()).add(body[key])
    for setting in body.get("column_specific_settings") or []:
        numeric = dtype_kind(frame.dtypes[setting["column"]]) == "numeric"
        key = "missing.strategy" if numeric else "missing.cat_strategy"
        sent.setdefault(key, set()).add(setting["strategy"])
        sent.setdefault("missing.column_specific", set()).add("yes")


def _outliers(body: Body, sent: Sent) -> None:
    configs: Iterable[Mapping[str, Any]] = (body.get("column_configs") or {}).values()
    for config in [body, *configs]:
        for key in ("method", "strategy"):
            if key in config:
                sent.setdefault(f"outliers.{key}", set()).add(config[key])
    if body.get("column_configs"):
        sent.setdefault("outliers.column_specific", set()).add("yes")


def _encoding(body: Body, sent: Sent) -> None:
    if "default_strategy" in body:
        sent.setdefault("encoding.strategy", set()).add(body["default_strategy"])
    for setting in body.get("column_specific_settings") or []:
        sent.setdefault("encoding.strategy", set()).add(setting["strategy"])
        if setting.get("ordinal") is False:
            sent.setdefault("encoding.ordinal_off", set()).add("yes")


def _scaling(body: Body, sent: Sent) -> None:
    methods: Mapping[str, str] = body.get("column_specific_settings") or {}
    sent.setdefault("scaling.method", set()).update([body.get("method", "standard")])
    sent.setdefault("scaling.method", set()).update(methods.values())
    if methods:
        sent.setdefault("scaling.column_specific", set()).add("yes")


def sent_settings(recipes: Iterable[Recipe], frames: Iterable[FrameView]) -> Sent:
    """Each recipe's calls built for each frame (as the upload left it), and what they set."""
    sent: Sent = {}
    views = list(frames)
    for recipe in recipes:
        for call in recipe.calls:
            for frame in views:
                body = call.body(frame)
                if body is not None:
                    _gather(call.path, body, frame, sent)
    return sent


def _gather(path: str, body: Body, frame: FrameView, sent: Sent) -> None:
    if path == MISSING:
        _missing(body, frame, sent)
    elif path == OUTLIERS:
        _outliers(body, sent)
    elif path == ENCODING:
        _encoding(body, sent)
    elif path == SCALING:
        _scaling(body, sent)


def frames_of(data_sets: Iterable[DataSet]) -> list[FrameView]:
    return [view_of(data_set) for data_set in data_sets]
