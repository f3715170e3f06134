"""The Python a person runs to predict a CSV file with the exported model.

Columns are named as Lathe names them (``normalize_headers``): spaces trimmed, a blank
name is col_<position> and a repeated one gets _2, _3, ...; pandas would name them
"Unnamed: 3" and "rooms.1", which the model's inputs are not. Dates are read as Lathe
reads them: ISO 8601 first, then day first (05/03/2024 is
5 March); pandas' ``dayfirst`` alone would read ISO dates day first too (2024-03-05 as
3 May). Amounts are read as Lathe reads them too: $1,250.00 is 1250, 12% is 12 and
(5.00) is -5.
"""

import json

from lathe.io.type_inference import CURRENCY_SIGNS

USAGE_CODE = """\
import csv
import json

import numpy as np
import onnxruntime as ort
import pandas as pd


def seconds_since_epoch(column):
    # ISO dates first: dayfirst would read 2024-03-05 as 3 May
    iso = pd.to_datetime(column, errors="coerce", format="ISO8601", utc=True)
    day_first = pd.to_datetime(column, errors="coerce", dayfirst=True, format="mixed", utc=True)
    seconds = (iso.fillna(day_first) - pd.Timestamp(0, tz="UTC")) / pd.Timedelta(seconds=1)
    return seconds.to_numpy(np.float64, na_value=np.nan)


def numbers(column):
    # as Lathe reads amounts: $1,250.00 is 1250, 12% is 12 and (5.00) is -5
    text = column.str.strip()
    values = pd.to_numeric(text.str.replace(r"[{signs}%,()\\s]", "", regex=True), errors="coerce")
    values = values.where(~text.str.startswith("(", na=False), -values)
    return values.to_numpy(np.float64, na_value=np.nan)


def column_names(path):
    # as Lathe names columns: a blank name is col_<position>, a repeated one gets _2, _3, ...
    with open(path, newline="", encoding="utf-8-sig") as file:
        header = next(csv.reader(file))
    names = []
    for position, raw in enumerate(header, 1):
        name = raw.strip() or f"col_{{position}}"
        candidate, suffix = name, 2
        while candidate in names:
            candidate, suffix = f"{{name}}_{{suffix}}", suffix + 1
        names.append(candidate)
    return names


session = ort.InferenceSession({file_name})
datetime_inputs = json.loads(session.get_modelmeta().custom_metadata_map["datetime_inputs"])
names = column_names("new_data.csv")
data = pd.read_csv("new_data.csv", dtype=str, keep_default_na=True, header=0, names=names)
feed = {{}}
for model_input in session.get_inputs():
    column = data[model_input.name]
    if model_input.name in datetime_inputs:
        values = seconds_since_epoch(column)
    elif model_input.type == "tensor(double)":
        values = numbers(column)
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
    return USAGE_CODE.format(file_name=json.dumps(file_name), signs=CURRENCY_SIGNS)
