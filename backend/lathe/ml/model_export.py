"""A fitted pipeline as a file a person downloads, and the code that uses that file.

joblib and pkl hold the whole pipeline object; loading them needs Lathe's backend package
(its steps are Lathe classes) and runs the same code the server runs. ONNX holds the
pipeline as a graph that onnxruntime runs alone (``lathe.ml.onnx_export``).

A scikit-learn tree's node array has 7 bytes of padding after each node. Older releases
left them as the memory held them, and a tree loaded from a file keeps what the file
held: on a worker shared by sessions, fragments of other sessions' column names. Every
tree is written into the file with its nodes copied field by field into zeros, whatever
estimator holds it (a forest, boosting, a calibrated model, a recipe step).
"""

from __future__ import annotations

import copyreg
import io
import pickle
import re
from typing import Any, Literal

import numpy as np
from joblib.numpy_pickle import NumpyPickler
from sklearn.tree._tree import Tree

from lathe.steps.recipe import RecipePipeline

ExportFormat = Literal["joblib", "pkl", "onnx"]
DEFAULT_NAME = "model_export"
MAX_NAME_CHARS = 100
NEW_DATA = "new_data.csv"


def safe_file_name(stem: str, extension: str) -> str:
    """`stem` made safe for a file name and a header: ASCII letters, digits, dots, dashes
    and underscores; anything else becomes one underscore. An empty stem is
    ``model_export``."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", stem).strip("._-")[:MAX_NAME_CHARS]
    return f"{safe or DEFAULT_NAME}.{extension}"


def _zeroed_tree(tree: Tree) -> tuple[Any, ...]:
    """`tree`'s pickle with its nodes copied into a zero-filled array, padding included."""
    cls, arguments, state = tree.__reduce__()
    nodes = state["nodes"]
    zeroed = np.zeros(len(nodes), dtype=nodes.dtype)
    for field in nodes.dtype.names:
        zeroed[field] = nodes[field]
    return cls, arguments, {**state, "nodes": zeroed}


_ZEROED_TREES = {**copyreg.dispatch_table, Tree: _zeroed_tree}


def exported_bytes(pipeline: RecipePipeline, model: str, export_format: ExportFormat) -> bytes:
    if export_format == "onnx":
        # ONNX's libraries take a second to import: paid at the first export, not by every
        # process at start-up
        from lathe.ml.onnx_export import onnx_model

        return onnx_model(pipeline, model)
    buffer = io.BytesIO()
    # the pickler joblib.dump writes a file object with, but for the trees
    pickler = (
        pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
        if export_format == "pkl"
        else NumpyPickler(buffer)
    )
    pickler.dispatch_table = _ZEROED_TREES
    pickler.dump(pipeline)
    return buffer.getvalue()


_LOADERS: dict[ExportFormat, tuple[str, str]] = {
    "joblib": ("import joblib", 'model = joblib.load("{file}")'),
    "pkl": (
        "import pickle",
        'with open("{file}", "rb") as handle:\n    model = pickle.load(handle)',
    ),
}


def usage_code(file_name: str, export_format: ExportFormat) -> str:
    """The Python that loads the exported file and predicts the rows of a new CSV."""
    if export_format == "onnx":
        from lathe.ml.onnx_export import onnx_usage_code

        return onnx_usage_code(file_name)
    library, load = _LOADERS[export_format]
    return "\n".join(
        [
            "# Needs Lathe's backend package: pip install ./backend (in Lathe's folder)",
            library,
            "from lathe.ml.prediction import predict_file",
            "",
            load.format(file=file_name),
            f'predictions = predict_file(model, "{NEW_DATA}")',
            'predictions.to_csv("predictions.csv", index=False)',
            "print(predictions)",
            "",
        ]
    )
