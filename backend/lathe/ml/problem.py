"""Problem types, and the target column as a supervised model learns it.

``auto`` detects the problem from the target's values (missing values left out): a
boolean or non-numeric target, or a numeric one whose values are all whole numbers with at
most 20 distinct values, is classification; any other numeric target is regression.
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
import numpy.typing as npt
import pandas as pd
from pandas.api.types import is_bool_dtype

from lathe.errors import ErrorCode, LatheError
from lathe.steps.column_kinds import is_numeric

ProblemType = Literal["classification", "regression", "clustering"]
MAX_CLASS_VALUES = 20


def _whole_numbers(values: pd.Series[Any]) -> bool:
    numbers = values.to_numpy(dtype=np.float64, na_value=np.nan)
    return bool(np.all(np.isfinite(numbers) & (numbers == np.round(numbers))))


def detect_problem_type(target: pd.Series[Any]) -> ProblemType:
    """Classification or regression for a target without missing values."""
    if not is_numeric(target):
        return "classification"
    if target.nunique() <= MAX_CLASS_VALUES and _whole_numbers(target):
        return "classification"
    return "regression"


def class_labels(target: pd.Series[Any]) -> pd.Series[Any]:
    """The target (no missing values) as class labels: integers, whole-number floats as
    integers, other floats, booleans, and anything else as text."""
    values: npt.NDArray[Any]
    if is_bool_dtype(target.dtype):
        values = target.to_numpy(dtype=np.bool_)
    elif not is_numeric(target):
        values = _text_labels(target)
    elif target.dtype.kind in "iu" or _whole_numbers(target):
        values = target.to_numpy(dtype=np.int64)
    else:
        values = target.to_numpy(dtype=np.float64)
    # object, not pandas' Arrow-backed text: training reads the labels as a numpy array
    # dozens of times, and each read of Arrow text builds a new array of Python strings
    return pd.Series(values, index=target.index, name=target.name, dtype=values.dtype)


def _text_labels(target: pd.Series[Any]) -> npt.NDArray[np.object_]:
    """Each label as text. Pandas' text gives each row's label as one string of its
    class's, found by Arrow's hashing of the text: hashing the labels again (the class
    counts, each fit's class codes) then compares rows of one class by identity, a third
    faster than rows of strings of their own, which is what other labels are made."""
    if isinstance(target.dtype, pd.StringDtype):
        codes, distinct = pd.factorize(target)
        if (codes >= 0).all():
            return np.asarray(distinct, dtype=object)[codes]
    return target.astype("str").to_numpy(dtype=object)


def class_counts(labels: pd.Series[Any]) -> pd.Series[Any]:
    """Rows per class, in ``value_counts``' order (most first, ties as the classes first
    appear), counted on the labels' codes: the labels are hashed once, not once per
    count."""
    codes, distinct = pd.factorize(labels.to_numpy())
    counts = pd.Series(codes).value_counts()
    return pd.Series(counts.to_numpy(), index=pd.Index(np.asarray(distinct)[counts.index]))


def learning_target(target: pd.Series[Any], problem_type: ProblemType) -> pd.Series[Any]:
    """The target of rows that have one, checked for `problem_type`: regression needs
    numbers; classification needs two classes (rows of classes too small for the
    validation are left out later, ``rows_of_large_classes``)."""
    if problem_type == "regression":
        if not is_numeric(target):
            raise LatheError(
                "Regression needs a numeric target column; choose classification for "
                f'"{target.name}".',
                ErrorCode.TARGET_NOT_NUMERIC,
                {"column": str(target.name)},
            )
        return target.astype(np.float64)
    return class_target(target)[0]


def class_target(target: pd.Series[Any]) -> tuple[pd.Series[Any], pd.Series[Any]]:
    """The target (no missing values) as class labels (``class_labels``) and its rows
    per class (``class_counts``); refused with fewer than two classes."""
    labels = class_labels(target)
    counts = class_counts(labels)
    if len(counts) < 2:
        raise LatheError(
            "The target column needs at least two classes.",
            ErrorCode.TOO_FEW_CLASSES,
            {"column": str(target.name)},
        )
    return labels, counts


def rows_of_large_classes(
    frame: pd.DataFrame,
    target: pd.Series[Any],
    min_rows: int,
    counts: pd.Series[Any],
) -> tuple[pd.DataFrame, pd.Series[Any], dict[str, int]]:
    """The rows whose class has at least `min_rows` rows (a stratified split needs one per
    side, k-fold cross-validation one per fold), and the classes left out with their row
    counts (`counts`: the target's ``class_counts``). Refused when most classes are that
    small (a number to predict, not classes) or fewer than two classes remain."""
    small = counts[counts < min_rows]
    if small.empty:
        return frame, target, {}
    left_out = {str(label): int(count) for label, count in small.items()}
    if 2 * len(small) > len(counts):
        raise LatheError(
            f'Most classes of "{target.name}" are too small to validate: '
            f"{len(small)} of {len(counts)} have fewer than the {min_rows} rows this "
            f"validation needs ({left_out_summary(left_out)}). Is it a number to predict? "
            "Choose regression.",
            ErrorCode.MOST_CLASSES_TOO_SMALL,
            {
                "column": str(target.name),
                "small": len(small),
                "classes": len(counts),
                "min_rows": min_rows,
                "examples": ", ".join(list(left_out)[:SHOWN_CLASSES]),
            },
        )
    if len(counts) - len(small) < 2:
        shown = ", ".join(list(left_out)[:5])
        raise LatheError(
            f"Fewer than two classes have the {min_rows} rows this validation needs "
            f"({len(small)} classes have fewer, e.g. {shown}). Is this a regression target?",
            ErrorCode.CLASS_TOO_SMALL,
            {"classes": shown, "count": len(small), "min_rows": min_rows},
        )
    keep = ~target.isin(small.index).to_numpy()
    return frame.loc[keep], target.loc[keep], left_out


SHOWN_CLASSES = 3


def left_out_summary(left_out: dict[str, int]) -> str:
    """Left-out classes in a few words: each when there are few, else how many have each
    row count and a few of them ("73 classes with 1 row each, e.g. 18, 15.5, 14, ...")."""
    if len(left_out) <= SHOWN_CLASSES:
        return ", ".join(f"{label} ({rows})" for label, rows in left_out.items())
    by_rows: dict[int, int] = {}
    for rows in left_out.values():
        by_rows[rows] = by_rows.get(rows, 0) + 1
    groups = ", ".join(
        f"{classes} {'class' if classes == 1 else 'classes'} with {rows} "
        f"{'row' if rows == 1 else 'rows'}{' each' if classes > 1 else ''}"
        for rows, classes in sorted(by_rows.items())
    )
    return f"{groups}, e.g. {', '.join(list(left_out)[:SHOWN_CLASSES])}, ..."
