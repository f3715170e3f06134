"""The Python a person runs to predict a CSV file with the exported model.

The file is read as Lathe reads one: UTF-8 with or without a BOM, else Windows-1252;
comma, semicolon, tab or pipe, whichever splits the opening lines most consistently; lines
above the header row that are not part of the table (a title, an export date) passed over;
with a delimiter other than the comma, a decimal comma (1.250,5); cells without the spaces
around them, Lathe's missing-value markers missing, rows that repeat the header row
dropped.

Columns are named as Lathe names them (``normalize_headers``): spaces trimmed, a blank
name is col_<position> and a repeated one gets _2, _3, ...; pandas would name them
"Unnamed: 3" and "rooms.1", which the model's inputs are not. A model of a file Lathe read
without a header row takes col_1, col_2, ...; a file whose first row names none of them
is read without one too. Dates are read as Lathe reads them: ISO 8601 first, then day
first (05/03/2024 is 5 March); pandas' ``dayfirst`` alone would read ISO dates day first
too (2024-03-05 as 3 May). Amounts and measures are read as Lathe reads them too:
$1,250.00 is 1250, 12% is 12, (5.00) is -5 and 12 kg is 12.
"""

import json

from lathe.io.text_cells import NULL_VALUES
from lathe.io.type_inference import CURRENCY_SIGNS

USAGE_CODE = """\
import csv
import io
import json
import re
from collections import Counter

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
    # as Lathe reads numbers: plain ones when every value is one, else amounts and
    # measures: $1,250.00 is 1250, 12% is 12, (5.00) is -5 and 12 kg is 12; with a decimal
    # comma, 1.250,00 € is 1250
    plain = pd.to_numeric(column, errors="coerce")
    if plain.notna().sum() == column.notna().sum():
        return plain.to_numpy(np.float64, na_value=np.nan)
    grouping = r"[{signs}%.()\\s]" if decimal_comma else r"[{signs}%,()\\s]"
    digits = column.str.replace(grouping, "", regex=True)
    # a measure's unit, the same in every row: 12 kg is 12, 23.4 km/h is 23.4
    digits = digits.str.replace(r"[^\\W\\d_]+(/[^\\W\\d_]+)?$", "", regex=True)
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


def table_text(text):
    # as Lathe finds the table: the delimiter that splits the opening lines into the most
    # consistent number of fields, then the header row, the first with at least the table's
    # number of fields, below lines that hold at most half as many (a title, an export date)
    lines = text.lstrip().splitlines(keepends=True)

    def widths(delimiter):
        return [len(row) for row in csv.reader(lines[:50], delimiter=delimiter)]

    def consistency(delimiter):
        present = [width for width in widths(delimiter) if width]
        width, count = Counter(present).most_common(1)[0]
        return (count / len(present), int(present[0] == width), width) if width >= 2 else (0,)

    delimiter = max(",;\\t|", key=consistency)
    counts = Counter(width for width in widths(delimiter) if width >= 2)
    if not counts:
        return delimiter, "".join(lines)
    table_width = counts.most_common(1)[0][0]
    for index, width in enumerate(widths(delimiter)):
        if width >= table_width:
            rows = [count for count in widths(delimiter)[index:] if count]
            wide = sum(count >= table_width for count in rows)
            if 2 * wide > len(rows) and '"' not in "".join(lines[:index]):
                return delimiter, "".join(lines[index:])
            break
        if width > max(1, table_width // 2):
            break
    return delimiter, "".join(lines)


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
delimiter, text = table_text(text)
header = next(csv.reader(io.StringIO(text), delimiter=delimiter))
names = column_names(header)
inputs = [model_input.name for model_input in session.get_inputs()]
# a model of a file without a header row takes col_1, col_2, ...; a file whose first
# row names none of them is read without one too
generated = all(re.fullmatch(r"col_\\d+", name) for name in inputs)
headerless = generated and not set(names) & set(inputs)
if headerless:
    names = [f"col_{{position}}" for position in range(1, len(header) + 1)]
data = pd.read_csv(
    io.StringIO(text),
    sep=delimiter,
    dtype=str,
    na_filter=False,
    header=None if headerless else 0,
    names=names,
)
# as Lathe reads cells: without the spaces around them, its missing-value markers missing
data = data.apply(lambda column: column.str.strip())
if not headerless:
    # a row that repeats the header row (files joined end to end) is no row to predict
    data = data[~(data == [raw.strip() for raw in header]).all(axis="columns")]
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
