"""Target encoding of integer level codes with scikit-learn's ``TargetEncoder`` arithmetic
(``smooth="auto"``, a continuous target), counted with ``np.bincount``.

Each column's categories are the codes it holds at fit; a category's encoding shrinks its
mean towards the target's mean by Micci-Barreca's empirical-Bayes weight
``λ = var·n / (var·n + ssd/n)`` (``ssd``: the category's squared deviations from its own
mean), the target's mean where that weight is undefined or the category has no rows. Sums
run over the rows in order as scikit-learn's loop does, so the encodings are the same
numbers. Codes are small integers, so a lookup table finds their categories where
scikit-learn sorts: at ten million rows its fit and cross-fit took 3 s of the encoding
step's 9.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lathe.steps.encoding.levels import FloatArray, IntArray

Split = tuple[IntArray, IntArray]


def _encodings(ordinal: IntArray, y: FloatArray, categories: int) -> FloatArray:
    """Each category's smoothed mean of `y` (`ordinal`: each row's category)."""
    mean, variance = np.mean(y), np.var(y)
    counts = np.bincount(ordinal, minlength=categories)
    with np.errstate(divide="ignore", invalid="ignore"):
        means = np.bincount(ordinal, weights=y, minlength=categories) / counts
        deviations = y - means[ordinal]
        squares = np.bincount(ordinal, weights=deviations * deviations, minlength=categories)
        weight = variance * counts / (variance * counts + squares / counts)
        encoded: FloatArray = np.where(np.isnan(weight), mean, weight * means + (1 - weight) * mean)
    return encoded


class _Categories:
    """The codes one column holds at fit, and each code's position among them."""

    def __init__(self, codes: IntArray) -> None:
        self.low = int(codes.min())
        present = np.bincount(codes - self.low) > 0
        self.count = int(present.sum())
        self.lookup = np.full(len(present), -1, dtype=np.int64)
        self.lookup[present] = np.arange(self.count)

    def ordinal(self, codes: IntArray) -> IntArray:
        """Each code's position; -1 for a code not held at fit."""
        offset = codes - self.low
        inside = (offset >= 0) & (offset < len(self.lookup))
        position = np.full(len(codes), -1, dtype=np.int64)
        position[inside] = self.lookup[offset[inside]]
        return position


class MeanEncoder:
    """``fit``, ``transform`` and cross-fitted ``fit_transform`` of code columns against a
    continuous target (a class's 0/1 indicator included)."""

    def fit(self, codes: IntArray, y: FloatArray) -> MeanEncoder:
        self._fit(codes, y)
        return self

    def _fit(self, codes: IntArray, y: FloatArray) -> list[IntArray]:
        """Learns every row's encodings; gives each column's codes as positions."""
        self.columns_ = [_Categories(codes[:, column]) for column in range(codes.shape[1])]
        self.target_mean_ = float(np.mean(y))
        ordinals = [
            categories.ordinal(codes[:, column]) for column, categories in enumerate(self.columns_)
        ]
        self.encodings_ = [
            _encodings(ordinal, y, categories.count)
            for ordinal, categories in zip(ordinals, self.columns_, strict=True)
        ]
        return ordinals

    def transform(self, codes: IntArray) -> FloatArray:
        """Each row's encoding; the fit target's mean for a code not seen at fit."""
        encoded = np.empty(codes.shape, dtype=np.float64)
        for column, categories in enumerate(self.columns_):
            ordinal = categories.ordinal(codes[:, column])
            encoded[:, column] = np.where(
                ordinal >= 0, self.encodings_[column][ordinal], self.target_mean_
            )
        return encoded

    def fit_transform(self, codes: IntArray, y: FloatArray, splits: Sequence[Split]) -> FloatArray:
        """Fit on every row; return each row's encoding learned on the training rows of
        the split whose held-out rows hold it."""
        ordinals = self._fit(codes, y)
        encoded = np.empty(codes.shape, dtype=np.float64)
        for column, (ordinal, categories) in enumerate(zip(ordinals, self.columns_, strict=True)):
            for train, held_out in splits:
                fold = _encodings(ordinal[train], y[train], categories.count)
                encoded[held_out, column] = fold[ordinal[held_out]]
        return encoded
