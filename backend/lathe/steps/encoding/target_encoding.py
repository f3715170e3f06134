"""Target encoding of level codes, one-vs-rest for a class target, and the cross-fit folds
that keep a row's own target out of its encoding."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd
from sklearn.model_selection import KFold, StratifiedKFold

from lathe.errors import ErrorCode
from lathe.steps.column_kinds import is_numeric
from lathe.steps.encoding.levels import (
    FloatArray,
    IntArray,
    as_text,
)
from lathe.steps.encoding.mean_encoder import MeanEncoder
from lathe.steps.errors import StepConfigError

CROSS_FIT_FOLDS = 5
CROSS_FIT_SEED = 0


class TargetEncoding:
    """Target encodings of level codes: one ``MeanEncoder`` for a continuous target; for
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

    def _indicators(self, target: pd.Series[Any]) -> tuple[list[FloatArray], IntArray | None]:
        """The target (continuous) or each output class's indicator, and for a class target
        its labels (positions among its sorted values; -1 where missing) to stratify by."""
        if self.kind == "continuous":
            return [target.to_numpy(np.float64)], None
        labels, names = pd.factorize(as_text(target), sort=True)
        position = {str(name): code for code, name in enumerate(names)}
        indicators = [
            (labels == position.get(name, -2)).astype(np.float64) for name in self.output_classes()
        ]
        return indicators, labels

    def fit(self, codes: IntArray, target: pd.Series[Any], cross_fit: bool) -> FloatArray | None:
        """Learn the encodings of the rows' codes; with `cross_fit`, return each row's
        encoding learned without that row's target. A class target is best passed as text
        (``as_text``): at ten million rows each conversion took 0.4 s, and comparing its
        values with a class name as Python objects longer."""
        indicators, labels = self._indicators(target)
        splits = list(cross_fit_folds(self.kind, target).split(codes, labels))
        self.encoders_ = [MeanEncoder() for _ in indicators]
        fitted = []
        for encoder, indicator in zip(self.encoders_, indicators, strict=True):
            if cross_fit:
                fitted.append(encoder.fit_transform(codes, indicator, splits))
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


def target_type_of(target: pd.Series[Any]) -> str:
    distinct = target.nunique(dropna=True)
    if distinct <= 2:
        return "binary"
    return "continuous" if is_numeric(target) else "multiclass"


def class_names(target: pd.Series[Any]) -> tuple[str, ...]:
    """The classes of a class target as text, in sorted order; missing values left out."""
    return tuple(sorted(str(value) for value in as_text(target).dropna().unique()))


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
