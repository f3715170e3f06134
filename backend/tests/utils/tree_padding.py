"""The padding bytes of scikit-learn's tree nodes and the trees a model holds."""

import io
import pickle
from typing import Any

from sklearn.tree._tree import NODE_DTYPE, Tree

PADDING = slice(NODE_DTYPE.fields["missing_go_to_left"][1] + 1, NODE_DTYPE.itemsize)
"""The seven padding bytes after the last field of a tree node."""


def trees(value: object) -> list[Tree]:
    """Every scikit-learn tree `value` holds, however deep."""
    found: list[Tree] = []

    class Walker(pickle.Pickler):
        def reducer_override(self, obj: object) -> Any:
            if isinstance(obj, Tree):
                found.append(obj)
            return NotImplemented

    Walker(io.BytesIO()).dump(value)
    return found
