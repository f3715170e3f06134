"""Row samples for models and metrics too costly on every row; reproducible (seed 0)."""

from typing import Any

import numpy as np
import numpy.typing as npt

from lathe.ml.label_codes import class_codes

SEED = 0

Positions = npt.NDArray[np.int64]


def uniform_sample(rows: int, size: int, seed: int = SEED) -> Positions:
    """`size` distinct row positions out of `rows` (all of them when there are fewer),
    in row order."""
    if rows <= size:
        return np.arange(rows, dtype=np.int64)
    chosen = np.random.default_rng(seed).choice(rows, size=size, replace=False)
    return np.sort(chosen).astype(np.int64)


def stratified_sample(labels: npt.NDArray[Any], size: int, seed: int = SEED) -> Positions:
    """About `size` row positions keeping each class's share of `labels`, every class
    with at least one row, in row order."""
    if len(labels) <= size:
        return np.arange(len(labels), dtype=np.int64)
    rng = np.random.default_rng(seed)
    classes, codes = class_codes(labels)
    chosen = []
    for code in range(len(classes)):
        members = np.flatnonzero(codes == code)
        take = max(1, round(size * len(members) / len(labels)))
        chosen.append(rng.choice(members, size=min(take, len(members)), replace=False))
    return np.sort(np.concatenate(chosen)).astype(np.int64)
