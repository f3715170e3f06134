"""The Python a person runs to predict a CSV file with the exported model.

The file is read as Lathe reads one: UTF-8 with or without a BOM, else Windows-1252;
comma, semicolon, tab or pipe, whichever the header row holds most of; with a delimiter
other than the comma, a decimal comma (1.250,5); cells without the spaces around them,
Lathe's missing-value markers missing.

Columns are named as Lathe names them (``normalize_headers``): spaces trimmed, a blank
name is col_<position> and a repeated one gets _2, _3, ...; pandas would name them
"Unnamed: 3" and "rooms.1", which the model's inputs are not. Dates are read as Lathe
reads them: ISO 8601 first, then day first (05/03/2024 is
5 March); pandas' ``dayfirst`` alone would read ISO dates day first too (2024-03-05 as
3 May). Amounts are read as Lathe reads them too: $1,250.00 is 1250, 12% is 12 and
(5.00) is -5.
"""

import json

from lathe.io.delimited_reader import NULL_VALUES
from lathe.io.type_inference import CURRENCY_SIGNS

USAGE_CODE = """\
import csv
import io
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


def numbers(column, decimal_comma):
    # as Lathe reads numbers: plain ones when every value is one, else amounts: $1,250.00
    # is 1250, 12% is 12 and (5.00) is -5; with a decimal comma, 1.250,00 € is 1250
    plain = pd.to_numeric(column, errors="coerce")
    if plain.notna().sum() == column.notna().sum():
        return plain.to_numpy(np.float64, na_value=np.nan)
    grouping = r"[{signs}%.()\\s]" if decimal_comma else r"[{signs}%,()\\s]"
    digits = column.str.replace(grouping, "", regex=True)
    if decimal_comma:
        digits = digits.str.replace(",", ".", regex=False)
    values = pd.to_numeric(digits, errors="coerce")
    values = values.where(~column.str.startswith("(", na=False), -values)
    return values.to_numpy(np.float64, na_value=np.nan)


def read_text(path):
    # as Lathe reads text: UTF-8 with or without a BOM, else Windows-1252, else Latin-1
    raw = open(path, "rb").read()
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            pass
    return raw.decode("latin-1")


def column_names(header):
    # as Lathe names columns: a blank name is col_<position>, a repeated one gets _2, _3, ...
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
text = read_text("new_data.csv")
first_line = text.lstrip().partition("\\n")[0]
delimiter = max(",;\\t|", key=first_line.count)
header = next(csv.reader(io.StringIO(first_line), delimiter=delimiter))
data = pd.read_csv(
    io.StringIO(text),
    sep=delimiter,
    dtype=str,
    na_filter=False,
    header=0,
    names=column_names(header),
)
# as Lathe reads cells: without the spaces around them, its missing-value markers missing
data = data.apply(lambda column: column.str.strip())
data = data.mask(data.isin({null_values}))
feed = {{}}
for model_input in session.get_inputs():
    column = data[model_input.name]
    if model_input.name in datetime_inputs:
        values = seconds_since_epoch(column)
    elif model_input.type == "tensor(double)":
        values = numbers(column, decimal_comma=delimiter != ",")
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
    return USAGE_CODE.format(
        file_name=json.dumps(file_name), signs=CURRENCY_SIGNS, null_values=NULL_VALUES
    )
