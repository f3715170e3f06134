"""The Python a person runs to predict a CSV file with the exported model."""

import json

USAGE_CODE = """\
import numpy as np
import onnxruntime as ort
import pandas as pd

session = ort.InferenceSession({file_name})
data = pd.read_csv("new_data.csv", dtype=str, keep_default_na=True)
feed = {{}}
for model_input in session.get_inputs():
    column = data[model_input.name]
    if model_input.type == "tensor(double)":
        values = pd.to_numeric(column, errors="coerce").to_numpy(np.float64, na_value=np.nan)
    else:
        values = column.fillna("").to_numpy(object)
    feed[model_input.name] = values.reshape(-1, 1)
outputs = session.run(None, feed)
predictions = pd.DataFrame({{"prediction": outputs[0]}})
predictions.to_csv("predictions.csv", index=False)
print(predictions)
"""


def onnx_usage_code(file_name: str) -> str:
    """Standalone code (numpy, pandas, onnxruntime) that predicts ``new_data.csv`` with the
    model saved as `file_name` and writes ``predictions.csv``."""
    # a JSON string is a valid Python string literal, in double quotes like the rest
    return USAGE_CODE.format(file_name=json.dumps(file_name))
