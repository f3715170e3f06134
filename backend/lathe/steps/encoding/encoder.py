"""The encoding step itself: ``CategoricalEncoder`` and its pure twin ``encode_categorical``,
with the label, ordinal, one-hot, binary and target outputs and their column names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt
import pandas as pd

from lathe.errors import ErrorCode
from lathe.steps.encoding.levels import (
    FloatArray,
    IntArray,
    Levels,
    as_text,
    binary_width,
    fitted_levels,
    learn_levels,
    level_codes,
    recorded_levels,
)
from lathe.steps.encoding.target_encoding import (
    TargetEncoding,
    class_names,
    target_type_of,
)
from lathe.steps.errors import StepConfigError, check_choice, check_columns_present
from lathe.steps.frame_estimator import FrameTransformer, Names
from lathe.steps.target_rows import has_target_value

ENCODINGS = ("label", "onehot", "ordinal", "binary", "target")
TARGET_TYPES = ("auto", "continuous", "binary", "multiclass")


class Encoding(NamedTuple):
    """What an encoder learns at fit."""

    strategies: dict[str, str]
    levels: dict[str, Levels]
    unknown_as_missing: frozenset[str]
    target_encoder: TargetEncoding | None
    target_classes: tuple[str, ...]
    """The classes of a multiclass target, else empty."""
    outputs: dict[str, tuple[str, ...]]
    """The columns that replace each encoded column (``unique_output_names``)."""


def _wanted_names(
    name: str, strategy: str, levels: Levels, target_classes: tuple[str, ...]
) -> list[str]:
    """The columns that replace column `name`."""
    if strategy == "onehot":
        return [f"{name}_{level}" for level in levels.names]
    if strategy == "binary":
        return [f"{name}_bin{bit}" for bit in range(binary_width(len(levels.names)))]
    if strategy == "target" and target_classes:
        return [_target_class_name(name, target_class) for target_class in target_classes]
    return [name]


def _target_class_name(name: str, target_class: str) -> str:
    """The target encoding of column `name` for one class of a multiclass target: not
    ``<name>_<class>``, which reads as a one-hot dummy of a level of that name."""
    return f"{name} (target={target_class})"


def unique_output_names(
    columns: Sequence[str],
    strategies: Mapping[str, str],
    levels: Mapping[str, Levels],
    target_classes: tuple[str, ...],
) -> dict[str, tuple[str, ...]]:
    """The outputs of each encoded column of a frame with `columns`, none of them the
    name of another column: a one-hot `color_red` beside a `color_red` of the file becomes
    `color_red_2` instead of replacing it. Columns that keep their own name come first."""
    wanted = {
        column: _wanted_names(column, strategy, levels[column], target_classes)
        for column, strategy in strategies.items()
    }
    taken = {column for column in columns if wanted.get(column, [column]) == [column]}
    outputs: dict[str, tuple[str, ...]] = {}
    for column in columns:
        if column not in wanted:
            continue
        if wanted[column] == [column]:
            outputs[column] = (column,)
            continue
        names = []
        for name in wanted[column]:
            unique, suffix = name, 2
            while unique in taken:
                unique, suffix = f"{name}_{suffix}", suffix + 1
            taken.add(unique)
            names.append(unique)
        outputs[column] = tuple(names)
    return outputs


def _target(frame: pd.DataFrame, target_column: str | None, y: Any) -> pd.Series[Any]:
    if target_column is not None and target_column in frame.columns:
        return frame[target_column]
    if y is not None:
        return y if isinstance(y, pd.Series) else pd.Series(np.asarray(y), index=frame.index)
    raise StepConfigError(
        "Please select a target column for Target strategy.", ErrorCode.TARGET_COLUMN_REQUIRED
    )


def target_not_encoded(column: str) -> StepConfigError:
    return StepConfigError(
        f'Column "{column}" is the target column and is never encoded.',
        ErrorCode.TARGET_COLUMN_NOT_ENCODED,
        {"column": column},
    )


def _check_strategies(strategies: Mapping[str, str], target_column: str | None) -> None:
    for column, strategy in strategies.items():
        check_choice(strategy, ENCODINGS, "strategy")
        if column == target_column:
            raise target_not_encoded(column)


def fit_encoding(
    frame: pd.DataFrame,
    strategies: Mapping[str, str],
    *,
    target_column: str | None = None,
    target_type: str = "auto",
    unknown_as_missing: Sequence[str] = (),
    y: Any = None,
    cross_fit: bool = False,
    levels: Mapping[str, Levels] | None = None,
    target_classes: Sequence[str] | None = None,
) -> tuple[Encoding, FloatArray | None]:
    """Learn the encoding of `frame`; with `cross_fit`, also the cross-fitted target
    encodings of its rows (``None`` without target-encoded columns).

    `levels` and `target_classes`, when given, are the recorded schema; otherwise they are
    learned from `frame`."""
    check_columns_present(strategies, frame.columns)
    _check_strategies(strategies, target_column)
    check_choice(target_type, TARGET_TYPES, "target_type")
    known_levels = levels or {}
    levels = {
        column: fitted_levels(known_levels[column], frame[column])
        if column in known_levels
        else learn_levels(frame[column])
        for column in strategies
    }
    target_columns = [c for c, strategy in strategies.items() if strategy == "target"]
    encoder, cross_fitted = None, None
    classes: tuple[str, ...] = ()
    if target_columns:
        target = _target(frame, target_column, y)
        has_target = has_target_value(target).to_numpy()
        known = target[has_target]
        kind = target_type_of(known) if target_type == "auto" else target_type
        if kind != "continuous":
            known = as_text(known)
        names = () if kind == "continuous" else tuple(target_classes or class_names(known))
        encoder = TargetEncoding(kind, names)
        codes = _code_matrix(frame, target_columns, levels)
        fitted = encoder.fit(codes[has_target], known, cross_fit)
        if fitted is not None:
            cross_fitted = fitted if has_target.all() else encoder.transform(codes)
            cross_fitted[has_target] = fitted
        if kind == "multiclass":
            classes = names
    outputs = unique_output_names(list(map(str, frame.columns)), strategies, levels, classes)
    encoding = Encoding(
        dict(strategies), levels, frozenset(unknown_as_missing), encoder, classes, outputs
    )
    return encoding, cross_fitted


def _code_matrix(frame: pd.DataFrame, columns: list[str], levels: Mapping[str, Levels]) -> IntArray:
    return np.column_stack([level_codes(frame[column], levels[column]) for column in columns])


def encoded_frame(
    frame: pd.DataFrame, encoding: Encoding, target_encoded: FloatArray | None = None
) -> pd.DataFrame:
    """The frame with each encoded column replaced in place by its outputs.

    `target_encoded` holds the target-encoded columns (cross-fitted at fit time); by
    default they come from the learned encoder.
    """
    target_columns = [c for c, strategy in encoding.strategies.items() if strategy == "target"]
    if target_columns and target_encoded is None and encoding.target_encoder is not None:
        codes = _code_matrix(frame, target_columns, encoding.levels)
        target_encoded = encoding.target_encoder.transform(codes)
    width = max(1, len(encoding.target_classes))
    pieces: dict[str, Any] = {}
    for name in frame.columns:
        strategy = encoding.strategies.get(name)
        if strategy is None:
            pieces[name] = frame[name]
            continue
        names = encoding.outputs[name]
        if strategy == "target" and target_encoded is not None:
            start = target_columns.index(name) * width
            pieces.update(zip(names, target_encoded[:, start : start + width].T, strict=True))
            continue
        codes = level_codes(frame[name], encoding.levels[name])
        outputs = _code_outputs(codes, strategy, len(names), name, encoding)
        pieces.update(zip(names, outputs, strict=True))
    # the kept columns shared, not copied with the new ones into one block per type
    return pd.DataFrame(pieces, index=frame.index, copy=False)


def _code_outputs(
    codes: IntArray, strategy: str, width: int, name: str, encoding: Encoding
) -> list[npt.NDArray[Any]]:
    if strategy == "onehot":
        return [(codes == level).astype(np.uint8) for level in range(width)]
    if strategy == "binary":
        numbers = codes + 1
        return [((numbers >> (width - 1 - bit)) & 1).astype(np.uint8) for bit in range(width)]
    if name in encoding.unknown_as_missing:
        return [np.where(codes < 0, np.nan, codes.astype(np.float64))]
    return [codes]


def encode_categorical(
    frame: pd.DataFrame,
    strategies: Mapping[str, str],
    target_column: str | None = None,
    target_type: str = "auto",
    unknown_as_missing: Sequence[str] = (),
    levels: Mapping[str, Mapping[str, Any]] | None = None,
    target_classes: Sequence[str] | None = None,
) -> pd.DataFrame:
    """Encode ``{column: strategy}`` of `frame` as ``CategoricalEncoder.fit_transform``
    does (target encodings cross-fitted)."""
    encoding, cross_fitted = fit_encoding(
        frame,
        strategies,
        target_column=target_column,
        target_type=target_type,
        unknown_as_missing=unknown_as_missing,
        cross_fit=True,
        levels=recorded_levels(levels) if levels else None,
        target_classes=target_classes,
    )
    return encoded_frame(frame, encoding, cross_fitted)


class CategoricalEncoder(FrameTransformer):
    """Encodes ``strategies`` (``{column: label | onehot | ordinal | binary | target}``);
    other columns, the target column among them, pass through.

    ``target_type`` is ``auto``, ``continuous``, ``binary`` or ``multiclass``;
    ``unknown_as_missing`` lists label/ordinal columns whose unknown categories become
    missing instead of -1. ``levels`` (``{column: {"values", "has_missing"}}``) and
    ``target_classes`` are the schema recorded with the step; without them the fit rows'
    own are learned.
    """

    def __init__(
        self,
        strategies: Mapping[str, str] | None = None,
        target_column: str | None = None,
        target_type: str = "auto",
        unknown_as_missing: Sequence[str] = (),
        levels: Mapping[str, Mapping[str, Any]] | None = None,
        target_classes: Sequence[str] | None = None,
    ) -> None:
        self.strategies = strategies
        self.target_column = target_column
        self.target_type = target_type
        self.unknown_as_missing = unknown_as_missing
        self.levels = levels
        self.target_classes = target_classes

    def _fit(self, X: Any, y: Any, cross_fit: bool) -> tuple[pd.DataFrame, FloatArray | None]:
        frame = self._fit_frame(X)
        self.encoding_, cross_fitted = fit_encoding(
            frame,
            self.strategies or {},
            target_column=self.target_column,
            target_type=self.target_type,
            unknown_as_missing=self.unknown_as_missing,
            y=y,
            cross_fit=cross_fit,
            levels=recorded_levels(self.levels) if self.levels else None,
            target_classes=self.target_classes,
        )
        return frame, cross_fitted

    def fit(self, X: Any, y: Any = None) -> CategoricalEncoder:
        self._fit(X, y, cross_fit=False)
        return self

    def fit_transform(self, X: Any, y: Any = None, **fit_params: Any) -> pd.DataFrame:
        """Fit, and encode the fit rows with cross-fitted target encodings."""
        frame, cross_fitted = self._fit(X, y, cross_fit=True)
        return encoded_frame(frame, self.encoding_, cross_fitted)

    def transform(self, X: Any) -> pd.DataFrame:
        return encoded_frame(self._transform_frame(X), self.encoding_)

    def get_feature_names_out(self, input_features: Any = None) -> Names:
        fitted, names = self._output_names(input_features)
        encoding = self.encoding_
        out: list[str] = []
        for column in fitted:
            strategy = encoding.strategies.get(column)
            if strategy is None:
                out.append(names[column])
            else:
                out.extend(encoding.outputs[column])
        return np.asarray(out, dtype=object)
