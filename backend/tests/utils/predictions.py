"""New rows to predict and what an exported ONNX model predicts for them."""

import pandas as pd

from tests.utils.datasets import mixed_classification


def new_rows():
    return mixed_classification(rows=30, seed=7)


def onnx_predictions(model: bytes, rows: pd.DataFrame) -> list:
    """The `prediction` output of the ONNX `model` on `rows`, fed as the usage code does."""
    import onnxruntime

    session = onnxruntime.InferenceSession(model)
    feed = {}
    for model_input in session.get_inputs():
        column = rows[model_input.name]
        if model_input.type == "tensor(double)":
            feed[model_input.name] = column.to_numpy("float64").reshape(-1, 1)
        else:
            feed[model_input.name] = column.astype(str).to_numpy(object).reshape(-1, 1)
    return session.run(["prediction"], feed)[0].tolist()
