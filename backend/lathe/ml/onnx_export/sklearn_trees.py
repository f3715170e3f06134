"""Two corrections to skl2onnx's tree ensembles of scikit-learn trees and forests.

- Missing values: scikit-learn learns, at each split, which side a missing value goes to
  (``tree_.missing_go_to_left``); skl2onnx sends it right at every split.
- Class votes: skl2onnx weights a forest's leaves by ``1 / n_trees`` in float32 (and
  keeps only class 1 of two), so a vote scikit-learn ties exactly, say 50 trees to 50,
  comes out a float32 rounding apart and ArgMax can pick the other class. Each leaf's
  weights become its class fractions for every class instead: pure leaves vote 1.0, the
  sums are exact, and the prediction graph divides each row by its sum.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import onnx
from onnx import helper

MISSING_SIDE = "nodes_missing_value_tracks_true"
CLASS_ATTRIBUTES = ("class_treeids", "class_nodeids", "class_ids", "class_weights")


def _trees(estimator: Any) -> list[Any]:
    return [tree.tree_ for tree in getattr(estimator, "estimators_", [estimator])]


def _attribute(node: onnx.NodeProto, name: str) -> Any:
    return next(
        helper.get_attribute_value(attribute)
        for attribute in node.attribute
        if attribute.name == name
    )


def _replaced(node: onnx.NodeProto, values: dict[str, Sequence[Any]]) -> None:
    kept = [attribute for attribute in node.attribute if attribute.name not in values]
    del node.attribute[:]
    node.attribute.extend(
        [*kept, *(helper.make_attribute(name, list(value)) for name, value in values.items())]
    )


def _missing_sides(node: onnx.NodeProto, trees: list[Any]) -> list[int]:
    return [
        0 if mode == b"LEAF" else int(trees[tree].missing_go_to_left[index])
        for tree, index, mode in zip(
            _attribute(node, "nodes_treeids"),
            _attribute(node, "nodes_nodeids"),
            _attribute(node, "nodes_modes"),
            strict=True,
        )
    ]


def _class_votes(trees: list[Any]) -> dict[str, list[Any]]:
    votes: dict[str, list[Any]] = {name: [] for name in CLASS_ATTRIBUTES}
    for tree_id, tree in enumerate(trees):
        leaves = np.flatnonzero(tree.children_left == -1)
        for leaf in leaves:
            counts = tree.value[leaf][0]
            for class_id, fraction in enumerate(counts / counts.sum()):
                votes["class_treeids"].append(tree_id)
                votes["class_nodeids"].append(int(leaf))
                votes["class_ids"].append(class_id)
                votes["class_weights"].append(float(fraction))
    return votes


def corrected_trees(model: onnx.ModelProto, estimator: Any, classifier: bool) -> None:
    """Give `model`'s tree ensemble `estimator`'s missing-value sides and, for a
    classifier, its exact class votes."""
    trees = _trees(estimator)
    for node in model.graph.node:
        if node.op_type.startswith("TreeEnsemble"):
            corrections: dict[str, Sequence[Any]] = {MISSING_SIDE: _missing_sides(node, trees)}
            if classifier:
                corrections.update(_class_votes(trees))
            _replaced(node, corrections)
