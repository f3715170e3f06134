"""Exported models carry no bytes but their own: the 7 bytes of padding after each node of a
scikit-learn tree are written as zeros, whatever the tree's memory or file held there."""

import gc
import pickle
from pathlib import Path

import joblib
import numpy as np
import pytest
from sklearn.tree._tree import NODE_DTYPE, Tree

from lathe.ml.catalog import ENTRIES
from lathe.ml.model_export import exported_bytes
from lathe.ml.pipeline import training_pipeline
from lathe.steps.encoding import encoding_steps
from lathe.steps.missing import missing_value_steps
from tests.utils.datasets import mixed_classification, regression_frame
from tests.utils.recipes import recipe_for
from tests.utils.tree_padding import PADDING, trees

MARKER = b"zqx_jv!"
"""Seven bytes: one node's padding."""
TREE_MODELS = {
    "DecisionTreeClassifier": "classification",
    "RandomForestClassifier": "classification",
    "ExtraTreesRegressor": "regression",
    "DecisionTreeRegressor": "regression",
}


def node_padding(tree: Tree) -> np.ndarray:
    nodes = tree.__getstate__()["nodes"]
    return nodes.view(np.uint8).reshape(len(nodes), NODE_DTYPE.itemsize)[:, PADDING]


def fitted(model: str):
    """`model`'s whole pipeline fitted, and rows to predict."""
    classification = TREE_MODELS[model] == "classification"
    frame = mixed_classification() if classification else regression_frame()
    target = "label" if classification else "price"
    recipe = recipe_for(
        frame, missing_value_steps, lambda f: encoding_steps(f, target_column=target)
    )
    pipeline = training_pipeline(recipe, ENTRIES[model], target)
    rows = frame.drop(columns=[target])
    return pipeline.fit(rows, frame[target]), rows.head(20)


def with_marked_padding(pipeline) -> None:
    """`pipeline` with `MARKER` in every node's padding, as a tree fitted by an older
    scikit-learn on a worker, or loaded from its file, holds other sessions' bytes."""
    for tree in trees(pipeline):
        state = tree.__getstate__()
        nodes = state["nodes"].copy()
        nodes.view(np.uint8).reshape(len(nodes), NODE_DTYPE.itemsize)[:, PADDING] = np.frombuffer(
            MARKER, dtype=np.uint8
        )
        tree.__setstate__({**state, "nodes": nodes})
    assert MARKER in pickle.dumps(pipeline)


def loaded(content: bytes, export_format: str, folder: Path):
    """The exported pipeline, its arrays as the file holds them: joblib reads an array it
    does not map into new memory field by field, which leaves the reader's own memory in
    the padding."""
    if export_format == "pkl":
        return pickle.loads(content)
    (folder / "model.joblib").write_bytes(content)
    return joblib.load(folder / "model.joblib", mmap_mode="r")


@pytest.mark.parametrize("export_format", ["joblib", "pkl"])
@pytest.mark.parametrize("model", TREE_MODELS)
def test_every_node_is_exported_with_zero_padding(model, export_format, tmp_path):
    pipeline, rows = fitted(model)
    expected = pipeline.predict(rows)
    with_marked_padding(pipeline)

    content = exported_bytes(pipeline, model, export_format)

    assert MARKER not in content
    assert MARKER[:4] not in content
    exported = loaded(content, export_format, tmp_path)
    assert trees(exported), "the export holds no tree"
    for tree in trees(exported):
        assert not node_padding(tree).any()
    assert exported.predict(rows).tolist() == expected.tolist()


def test_a_tree_fitted_over_freed_memory_full_of_a_marker_exports_without_it():
    spill = [MARKER * (size % 300 + 10) for size in range(100_000)]
    del spill
    gc.collect()
    pipeline, _ = fitted("RandomForestClassifier")
    content = exported_bytes(pipeline, "RandomForestClassifier", "joblib")
    assert MARKER[:4] not in content
