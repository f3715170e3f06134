"""Step 5, encoding: categorical columns turned into numbers.

Only categorical columns are encoded (text, ``category``, ``object``: not numeric,
boolean or datetime), and never the target column. Values are compared as text, and a
column's levels are its distinct values in sorted (code point) order. A missing value is a
level of its own, after the others and named ``nan``, when the fit rows have one.

Strategies, each replacing the column in place by its outputs:

- ``label`` and ``ordinal``: the level's position (0, 1, ...; ``int64``). An unknown
  category (not seen at fit) is -1, or missing (``float64`` column) for a column whose
  ``ordinal`` flag was switched off in the column settings.
- ``onehot``: one ``uint8`` column ``<col>_<level>`` per level; an unknown category is all
  zeros.
- ``binary``: levels numbered 1, 2, ... written in ``ceil(log2(levels + 1))`` bits,
  ``<col>_bin0`` (most significant) to ``<col>_bin<k>`` (``uint8``); an unknown category
  is all zeros (number 0 is kept for it).
- ``target``: sklearn's ``TargetEncoder`` (smoothing ``auto``), fitted on the target. The
  target type is ``continuous`` for a numeric target with more than two values,
  ``binary`` for two values, ``multiclass`` otherwise; a multiclass target gives one column
  ``<col>_<class>`` per class, the others one column named like the input. A class target
  is encoded as sklearn encodes it, one-vs-rest: each output column is the encoding of
  one class's indicator (the second class for a binary target), so a class absent from the
  fit rows still has its column (all zeros). ``fit_transform`` cross-fits (5 shuffled
  folds, seed 0, stratified by class for a class target, fewer when rows are few): each
  row is encoded by a model that did not see that row's target. ``transform`` uses the
  encoding learned from all fit rows; an unknown category gets the target's mean. The
  target comes from ``target_column`` when the frame has it, else from ``y``; rows
  without a target value are left out of the fit and encoded like new rows.

The output schema is fixed when the step is recorded (``encoding_steps``): the levels of
each encoded column (``levels``) and the classes of a class target (``target_classes``)
are learned on the whole frame then and kept in the step's params. Refitted on any subset
of rows, the step gives the same columns; a recorded level absent from the subset is
encoded as an unseen category (``Levels.absent``). Statistics (target means) are learned on
the fit rows only.

``auto`` (resolved per column when the settings are applied, from the levels of the
current frame, missing not counted): at most 2 levels: ``label``; at most
``max_categories``: ``onehot``; more: ``target`` when a target column is chosen, else
``ordinal``. A column with more than ``max_categories`` levels and a distinct value in
at least 98 % of the rows (SPEC §5's id-like rule) identifies rows rather than
describing them: global ``auto`` drops it (a ``drop_columns`` step before the encoding)
instead of encoding it. One-hot encoding of a column with more than 200 levels is refused (a
million-row frame would grow by a column per level).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, NotRequired, TypedDict

import numpy as np
import numpy.typing as npt
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
from sklearn.model_selection import KFold, StratifiedKFold
from sklearn.preprocessing import TargetEncoder

from lathe.analysis.quality import ID_LIKE_MIN_DISTINCT_FRACTION
from lathe.errors import ErrorCode
from lathe.steps.column_kinds import is_categorical, is_numeric
from lathe.steps.errors import StepConfigError, check_choice, check_columns_present
from lathe.steps.frame_estimator import FrameTransformer, Names
from lathe.steps.recipe_step import RecipeStep, recipe_step
from lathe.steps.target_rows import has_target_value

STRATEGIES = ("auto", "label", "onehot", "ordinal", "binary", "target")
ENCODINGS = ("label", "onehot", "ordinal", "binary", "target")
TARGET_TYPES = ("auto", "continuous", "binary", "multiclass")
DEFAULT_MAX_CATEGORIES = 10
MIN_MAX_CATEGORIES = 2
MAX_ONEHOT_LEVELS = 200
MISSING_LEVEL = "nan"
CROSS_FIT_FOLDS = 5
CROSS_FIT_SEED = 0

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


class ColumnEncodingSetting(TypedDict):
    """One row of the screen's column-specific settings."""

    column: str
    strategy: str
    ordinal: NotRequired[bool]


class Levels(NamedTuple):
    values: tuple[str, ...]
    has_missing: bool
    absent: tuple[int, ...] = ()
    """Codes of recorded levels the fit rows lack: encoded as unknown categories."""

    @property
    def names(self) -> tuple[str, ...]:
        return (*self.values, MISSING_LEVEL) if self.has_missing else self.values


def fitted_levels(recorded: Levels, series: pd.Series[Any]) -> Levels:
    """The recorded levels, with those `series` lacks (the missing level included) marked
    absent."""
    present = learn_levels(series)
    seen = set(present.values)
    absent = [code for code, value in enumerate(recorded.values) if value not in seen]
    if recorded.has_missing and not present.has_missing:
        absent.append(len(recorded.values))
    return recorded._replace(absent=tuple(absent))


class TargetEncoding:
    """Target encodings of level codes: one ``TargetEncoder`` for a continuous target; for
    a class target, one per output class, fitted on that class's indicator with the folds
    of the class target (what sklearn's binary and multiclass encodings compute), so the
    output columns do not depend on which classes the fit rows hold."""

    def __init__(self, kind: str, classes: Sequence[str]) -> None:
        self.kind = kind
        self.classes = tuple(classes)

    def output_classes(self) -> tuple[str, ...]:
        """The classes whose indicators are encoded: the second of a binary target, each of
        a multiclass one, none for a continuous target."""
        if self.kind == "continuous":
            return ()
        return self.classes[-1:] if self.kind == "binary" else self.classes

    def _indicators(self, target: pd.Series[Any]) -> list[FloatArray]:
        if self.kind == "continuous":
            return [target.to_numpy(np.float64)]
        text = as_text(target).to_numpy(dtype=object)
        return [(text == name).astype(np.float64) for name in self.output_classes()]

    def fit(self, codes: IntArray, target: pd.Series[Any], cross_fit: bool) -> FloatArray | None:
        """Learn the encodings of the rows' codes; with `cross_fit`, return each row's
        encoding learned without that row's target."""
        labels = pd.factorize(as_text(target), sort=True)[0]
        splits = list(cross_fit_folds(self.kind, target).split(codes, labels))
        indicators = self._indicators(target)
        self.encoders_ = [TargetEncoder(target_type="continuous", cv=splits) for _ in indicators]
        fitted = []
        for encoder, indicator in zip(self.encoders_, indicators, strict=True):
            if cross_fit:
                fitted.append(encoder.fit_transform(codes, indicator))
            else:
                encoder.fit(codes, indicator)
        return _interleaved(fitted, codes.shape[1]) if cross_fit else None

    def transform(self, codes: IntArray) -> FloatArray:
        encoded = [encoder.transform(codes) for encoder in self.encoders_]
        return _interleaved(encoded, codes.shape[1])


def _interleaved(per_class: list[FloatArray], columns: int) -> FloatArray:
    """Columns ordered input column by input column, class by class within one."""
    return np.column_stack(
        [encoded[:, column] for column in range(columns) for encoded in per_class]
    )


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


def as_text(series: pd.Series[Any]) -> pd.Series[Any]:
    return series if series.dtype == "str" else series.astype("str")


def learn_levels(series: pd.Series[Any]) -> Levels:
    text = as_text(series)
    values = tuple(sorted(str(value) for value in text.dropna().unique()))
    return Levels(values, bool(text.hasnans))


def level_codes(series: pd.Series[Any], levels: Levels) -> IntArray:
    """Each value's level position; -1 for an unknown category (and for a missing value
    when missing was not a level at fit)."""
    text = as_text(series)
    values = pa.array(text)
    found = pc.index_in(values, value_set=pa.array(levels.values, type=values.type))
    codes: IntArray = found.fill_null(-1).to_numpy(zero_copy_only=False).astype(np.int64)
    if levels.has_missing:
        codes[text.isna().to_numpy()] = len(levels.values)
    if levels.absent:
        codes[np.isin(codes, levels.absent)] = -1
    return codes


def binary_width(level_count: int) -> int:
    return max(1, math.ceil(math.log2(level_count + 1)))


def target_type_of(target: pd.Series[Any]) -> str:
    distinct = target.nunique(dropna=True)
    if distinct <= 2:
        return "binary"
    return "continuous" if is_numeric(target) else "multiclass"


def _wanted_names(
    name: str, strategy: str, levels: Levels, target_classes: tuple[str, ...]
) -> list[str]:
    """The columns that replace column `name`."""
    if strategy == "onehot":
        return [f"{name}_{level}" for level in levels.names]
    if strategy == "binary":
        return [f"{name}_bin{bit}" for bit in range(binary_width(len(levels.names)))]
    if strategy == "target" and target_classes:
        return [f"{name}_{target_class}" for target_class in target_classes]
    return [name]


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


def class_names(target: pd.Series[Any]) -> tuple[str, ...]:
    """The classes of a class target as text, in sorted order; missing values left out."""
    return tuple(sorted(str(value) for value in as_text(target).dropna().unique()))


def recorded_levels(levels: Mapping[str, Any]) -> dict[str, Levels]:
    """Levels as a step's params keep them (``{"values": [...], "has_missing": bool}``)."""
    return {
        column: Levels(tuple(str(v) for v in level["values"]), bool(level["has_missing"]))
        for column, level in levels.items()
    }


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


def cross_fit_folds(target_type: str, target: pd.Series[Any]) -> KFold | StratifiedKFold:
    """Up to 5 shuffled folds (seed 0), stratified by class for a class target."""
    continuous = target_type == "continuous"
    rows = len(target) if continuous else int(as_text(target).value_counts().max())
    folds = min(CROSS_FIT_FOLDS, rows)
    if folds < 2:
        raise StepConfigError(
            "Target encoding needs at least two rows (of one class, for a class target).",
            ErrorCode.TOO_FEW_ROWS_FOR_TARGET_ENCODING,
        )
    splitter = KFold if continuous else StratifiedKFold
    return splitter(n_splits=folds, shuffle=True, random_state=CROSS_FIT_SEED)


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
    return pd.DataFrame(pieces, index=frame.index)


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


def auto_encoding(levels: int, max_categories: int, has_target: bool) -> str:
    if levels <= 2:
        return "label"
    if levels <= max_categories:
        return "onehot"
    return "target" if has_target else "ordinal"


def encoding_steps(
    frame: pd.DataFrame,
    *,
    default_strategy: str = "auto",
    max_categories: int = DEFAULT_MAX_CATEGORIES,
    target_column: str | None = None,
    column_settings: Sequence[ColumnEncodingSetting] | None = None,
) -> list[RecipeStep]:
    """The recipe steps for the screen's settings, resolved against `frame`: the drop of
    id-like columns (global ``auto``) and the encoding (none when there is nothing to
    encode).

    Without column settings every categorical column but the target takes
    `default_strategy`; with them, only the listed columns are encoded.
    """
    if target_column is not None:
        check_columns_present([target_column], frame.columns)
    if column_settings:
        requested, unknown_as_missing = _column_requests(frame, column_settings, target_column)
    else:
        requested = _global_requests(frame, default_strategy, target_column)
        unknown_as_missing = []
    if max_categories < MIN_MAX_CATEGORIES:
        raise StepConfigError(
            "Max categories must be at least 2.",
            ErrorCode.MAX_CATEGORIES_TOO_SMALL,
            {"max_categories": max_categories},
        )
    level_counts = {column: as_text(frame[column]).nunique() for column in requested}
    id_like = (
        [
            column
            for column, strategy in requested.items()
            if strategy == "auto"
            and level_counts[column] > max_categories
            and level_counts[column] >= ID_LIKE_MIN_DISTINCT_FRACTION * len(frame)
        ]
        if not column_settings
        else []
    )
    requested = {
        column: strategy for column, strategy in requested.items() if column not in id_like
    }
    dropped = [recipe_step("drop_columns", columns=id_like)] if id_like else []
    strategies = {
        column: strategy
        if strategy != "auto"
        else auto_encoding(level_counts[column], max_categories, target_column is not None)
        for column, strategy in requested.items()
    }
    for column, strategy in strategies.items():
        if strategy == "onehot" and level_counts[column] > MAX_ONEHOT_LEVELS:
            raise StepConfigError(
                f'Column "{column}" has {level_counts[column]} categories, too many for '
                f"one-hot encoding (at most {MAX_ONEHOT_LEVELS}); choose binary, target or "
                "ordinal encoding.",
                ErrorCode.TOO_MANY_CATEGORIES_FOR_ONEHOT,
                {"column": column, "categories": level_counts[column], "max": MAX_ONEHOT_LEVELS},
            )
    if not strategies:
        return dropped
    uses_target = "target" in strategies.values()
    target = frame[target_column].dropna() if uses_target and target_column else None
    target_type = target_type_of(target) if target is not None else "auto"
    params: dict[str, Any] = {
        "strategies": strategies,
        "target_column": target_column,
        "target_type": target_type,
        "unknown_as_missing": [
            c for c in unknown_as_missing if strategies[c] in ("label", "ordinal")
        ],
        "levels": {
            column: {"values": list(levels.values), "has_missing": levels.has_missing}
            for column in strategies
            for levels in [learn_levels(frame[column])]
        },
    }
    if target is not None and target_type != "continuous":
        params["target_classes"] = list(class_names(target))
    return [*dropped, recipe_step("encode", **params)]


def _global_requests(
    frame: pd.DataFrame, strategy: str, target_column: str | None
) -> dict[str, str]:
    check_choice(strategy, STRATEGIES, "strategy")
    if strategy == "target" and target_column is None:
        raise StepConfigError(
            "Please select a target column for Target strategy.", ErrorCode.TARGET_COLUMN_REQUIRED
        )
    return {
        str(name): strategy
        for name in frame.columns
        if name != target_column and is_categorical(frame[name])
    }


def _column_requests(
    frame: pd.DataFrame, settings: Sequence[ColumnEncodingSetting], target_column: str | None
) -> tuple[dict[str, str], list[str]]:
    check_columns_present([setting["column"] for setting in settings], frame.columns)
    requested: dict[str, str] = {}
    unknown_as_missing = []
    for setting in settings:
        column, strategy = setting["column"], setting["strategy"]
        check_choice(strategy, STRATEGIES, "strategy")
        if strategy == "target" and target_column is None:
            raise StepConfigError(
                "Target strategy selected for a column. Please set a Target Column above.",
                ErrorCode.TARGET_COLUMN_REQUIRED_FOR_COLUMN,
                {"column": column},
            )
        if column == target_column:
            raise target_not_encoded(column)
        if not is_categorical(frame[column]):
            raise StepConfigError(
                f'Column "{column}" is not categorical; only categorical columns are encoded.',
                ErrorCode.COLUMN_NOT_CATEGORICAL,
                {"column": column},
            )
        requested[column] = strategy
        if not setting.get("ordinal", True):
            unknown_as_missing.append(column)
    return requested, unknown_as_missing
