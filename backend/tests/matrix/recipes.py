"""Recipes: the calls of steps 3 to 7 a person makes, in the screens' order.

A call's body is built from the frame as the previous step left it, so that
column-specific settings name columns that are there. Across the recipes every strategy
of every step is sent at least once.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

Body = dict[str, Any]
Kind = Literal["numeric", "boolean", "datetime", "text"]

MISSING = "/api/handle-missing/"
DETECT = "/api/detect-outliers/"
OUTLIERS = "/api/remove-outliers/"
ENCODING = "/api/encode-features/"
CORRELATION = "/api/correlation-analysis/"
SCALING = "/api/scale-features/"
MAX_ONEHOT_LEVELS = 200
CORRELATION_THRESHOLD = 0.9


def dtype_kind(dtype: str) -> Kind:
    name = dtype.lower()
    if name.startswith("bool"):
        return "boolean"
    if name.startswith("datetime"):
        return "datetime"
    if name.startswith(("int", "uint", "float")):
        return "numeric"
    return "text"


@dataclass(frozen=True)
class FrameView:
    """What a person sees of the session's frame: its columns, their types and missing
    counts, the level counts of the upload's analysis, and the chosen target."""

    columns: tuple[str, ...]
    dtypes: Mapping[str, str]
    missing: Mapping[str, int]
    levels: Mapping[str, int]
    target: str | None

    def features(self, kind: Kind) -> list[str]:
        return [
            name
            for name in self.columns
            if name != self.target and dtype_kind(self.dtypes.get(name, "")) == kind
        ]

    def with_missing(self, kind: Kind) -> list[str]:
        return [name for name in self.features(kind) if self.missing.get(name, 0) > 0]

    def text_by_levels(self) -> list[str]:
        """Text features, fewest levels first."""
        return sorted(self.features("text"), key=lambda name: (self.levels.get(name, 0), name))

    def after(self, payload: Mapping[str, Any]) -> "FrameView":
        """The view of a step's answer; unchanged when the answer carries no frame."""
        if not payload.get("columns") or payload.get("dtypes") is None:
            return self
        return replace(
            self,
            columns=tuple(payload["columns"]),
            dtypes=dict(payload["dtypes"]),
            missing=dict(payload.get("missing_values") or {}),
        )


BodyOf = Callable[[FrameView], Body | None]
"""A call's body for the frame at hand; None when the call does not apply to it."""
FollowUp = Callable[[FrameView, Mapping[str, Any]], Body | None]
"""A second call to the same path, built from the first one's answer."""


@dataclass(frozen=True)
class Call:
    stage: str
    path: str
    body: BodyOf
    follow_up: FollowUp | None = None


@dataclass(frozen=True)
class Recipe:
    name: str
    calls: tuple[Call, ...]


def _fixed(body: Body) -> BodyOf:
    return lambda _: dict(body)


def _with_target(body: Body) -> BodyOf:
    return lambda frame: {**body, "target_column": frame.target}


def _cycled(columns: Sequence[str], choices: Sequence[str]) -> list[tuple[str, str]]:
    return [(column, choices[index % len(choices)]) for index, column in enumerate(columns)]


def missing_columnwise(frame: FrameView) -> Body | None:
    """Per column: numbers by ffill, median, mean, zero, bfill in turn; text by constant,
    bfill, mode, ffill; booleans by mode. The target is left as it is."""
    numeric = _cycled(frame.with_missing("numeric"), ("ffill", "median", "mean", "zero", "bfill"))
    text = _cycled(frame.with_missing("text"), ("constant", "bfill", "mode", "ffill"))
    flags = [(column, "mode") for column in frame.with_missing("boolean")]
    settings: list[Body] = [
        {"column": column, "strategy": strategy, "fillValue": "none"}
        if strategy == "constant"
        else {"column": column, "strategy": strategy}
        for column, strategy in [*numeric, *text, *flags]
    ]
    return {"column_specific_settings": settings, "drop_strategy": "none"} if settings else None


def outliers_columnwise(frame: FrameView) -> Body | None:
    """The first number imputed by its mean (IQR), the second marked missing (z-score)."""
    numbers = frame.features("numeric")
    configs = [
        {"strategy": "impute_mean", "method": "iqr", "factor": 1.5},
        {"strategy": "nan", "method": "zscore", "factor": 3.0},
    ]
    chosen = dict(zip(numbers, configs, strict=False))
    return {"column_configs": chosen} if chosen else None


def detect_columnwise(frame: FrameView) -> Body | None:
    numbers = frame.features("numeric")[:2]
    configs = {name: {"method": "zscore", "factor": 3.0} for name in numbers}
    return {"method": "iqr", "column_configs": configs} if numbers else None


def encoding_columnwise(frame: FrameView) -> Body | None:
    """Fewest levels one-hot, most levels ordinal with unknowns missing, the rest binary."""
    text = frame.text_by_levels()
    if not text:
        return None
    settings: list[Body] = [{"column": name, "strategy": "binary"} for name in text[1:-1]]
    settings.insert(0, {"column": text[0], "strategy": "onehot"})
    if len(text) > 1:
        settings.append({"column": text[-1], "strategy": "ordinal", "ordinal": False})
    return {"column_specific_settings": settings, "target_column": frame.target}


def encoding_onehot(frame: FrameView) -> Body:
    """One-hot everywhere; columns over the one-hot limit, which one-hot refuses, are
    listed as ordinal instead."""
    text = frame.features("text")
    wide = [name for name in text if frame.levels.get(name, 0) > MAX_ONEHOT_LEVELS]
    if not wide:
        return {"default_strategy": "onehot", "target_column": frame.target}
    settings = [
        {"column": name, "strategy": "ordinal" if name in wide else "onehot"} for name in text
    ]
    return {"column_specific_settings": settings, "target_column": frame.target}


def encoding_target(frame: FrameView) -> Body:
    """Target encoding, or binary without a target."""
    strategy = "target" if frame.target else "binary"
    return {"default_strategy": strategy, "target_column": frame.target}


def scaling_columnwise(frame: FrameView) -> Body | None:
    numbers = frame.features("numeric")
    methods = dict(zip(numbers, ("robust", "minmax", "standard"), strict=False))
    if not methods:
        return None
    return {"column_specific_settings": methods, "target_column": frame.target}


def correlated_drop(frame: FrameView, answer: Mapping[str, Any]) -> Body | None:
    """Drop the second column of the first correlated pair that spares the target."""
    for pair in answer.get("highly_correlated") or []:
        column = pair["col2"] if pair["col2"] != frame.target else pair["col1"]
        if column != frame.target:
            return {"threshold": CORRELATION_THRESHOLD, "columns_to_drop": [column]}
    return None


CORRELATION_CALL = Call(
    "correlation",
    CORRELATION,
    _fixed({"threshold": CORRELATION_THRESHOLD, "preview_only": True}),
    correlated_drop,
)


def _outlier_calls(method: str, strategy: str, factor: float) -> tuple[Call, Call]:
    settings = {"method": method, "factor": factor}
    return (
        Call("detect_outliers", DETECT, _fixed(settings)),
        Call("outliers", OUTLIERS, _fixed({**settings, "strategy": strategy})),
    )


TYPICAL = Recipe(
    "typical",
    (
        Call("missing", MISSING, _fixed({"strategy": "mean", "cat_strategy": "mode"})),
        *_outlier_calls("iqr", "cap", 1.5),
        Call(
            "encoding", ENCODING, _with_target({"default_strategy": "auto", "max_categories": 10})
        ),
        CORRELATION_CALL,
        Call("scaling", SCALING, _with_target({"method": "standard"})),
    ),
)
CAREFUL = Recipe(
    "careful",
    (
        Call(
            "missing",
            MISSING,
            _fixed(
                {
                    "strategy": "median",
                    "cat_strategy": "constant",
                    "fill_value": "missing",
                    "drop_strategy": "columns",
                    "drop_threshold": 0.5,
                }
            ),
        ),
        *_outlier_calls("zscore", "impute_median", 3.0),
        Call("encoding", ENCODING, encoding_target),
        CORRELATION_CALL,
        Call("scaling", SCALING, _with_target({"method": "robust"})),
    ),
)
ORDERED = Recipe(
    "ordered",
    (
        Call(
            "missing",
            MISSING,
            _fixed(
                {
                    "strategy": "zero",
                    "cat_strategy": "ffill",
                    "drop_strategy": "rows",
                    "drop_threshold": 0.2,
                }
            ),
        ),
        *_outlier_calls("auto", "remove", 1.5),
        Call("encoding", ENCODING, _with_target({"default_strategy": "label"})),
        CORRELATION_CALL,
        Call("scaling", SCALING, _with_target({"method": "minmax"})),
    ),
)
BACK_FILL = Recipe(
    "back_fill",
    (
        Call("missing", MISSING, _fixed({"strategy": "bfill", "cat_strategy": "bfill"})),
        *_outlier_calls("auto", "impute_mean", 1.5),
        Call("encoding", ENCODING, encoding_onehot),
        Call("scaling", SCALING, _with_target({"method": "standard"})),
    ),
)
COLUMNWISE = Recipe(
    "columnwise",
    (
        Call("missing", MISSING, missing_columnwise),
        Call("detect_outliers", DETECT, detect_columnwise),
        Call("outliers", OUTLIERS, outliers_columnwise),
        Call("encoding", ENCODING, encoding_columnwise),
        CORRELATION_CALL,
        Call("scaling", SCALING, scaling_columnwise),
    ),
)
QUICK = Recipe(
    "quick",
    (
        Call("missing", MISSING, _fixed({"strategy": "median", "cat_strategy": "mode"})),
        Call("encoding", ENCODING, _with_target({"default_strategy": "ordinal"})),
    ),
)
SKIP = Recipe("skip", ())

RECIPES: tuple[Recipe, ...] = (TYPICAL, CAREFUL, ORDERED, BACK_FILL, COLUMNWISE, QUICK, SKIP)
