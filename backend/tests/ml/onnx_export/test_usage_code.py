"""The usage code, run as a person would, predicts what the pipeline predicts."""

import subprocess
import sys

import numpy as np
import pandas as pd

from lathe.io.readers import read_table
from lathe.ml.catalog import ENTRIES
from lathe.ml.onnx_export import onnx_model, onnx_usage_code
from lathe.steps.recipe import RecipePipeline
from tests.matrix.messy_data import euros
from tests.ml.onnx_export.frames import (
    TARGETS,
    dated_frame,
    dated_recipe,
    fitted,
    raw_frame,
    recipe,
    unseen_rows,
    with_targets,
)

SCALING = {"x1": "minmax", "x2": "standard", "x3": "robust", "x4": "minmax"}


def run_usage_code(
    tmp_path, model: bytes, new_data: pd.DataFrame, header: list[str] | None = None
) -> pd.DataFrame:
    written = new_data.to_csv(index=False, header=header or True).encode()
    return run_usage_code_on_file(tmp_path, model, written)


def run_usage_code_on_file(tmp_path, model: bytes, new_data: bytes) -> pd.DataFrame:
    (tmp_path / "model.onnx").write_bytes(model)
    (tmp_path / "new_data.csv").write_bytes(new_data)
    code = onnx_usage_code("model.onnx")
    ran = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert ran.returncode == 0, ran.stderr
    assert "prediction" in ran.stdout
    return pd.read_csv(tmp_path / "predictions.csv", dtype=str)


def new_rows() -> pd.DataFrame:
    return unseen_rows(with_targets(raw_frame(80, seed=7)), seed=8).drop(columns=TARGETS)


def test_the_code_imports_only_numpy_pandas_and_onnxruntime():
    lines = onnx_usage_code("model.onnx").splitlines()
    imports = [line for line in lines if line.startswith(("import ", "from "))]
    assert imports == [
        "import csv",
        "import io",
        "import json",
        "import re",
        "from collections import Counter",
        "import numpy as np",
        "import onnxruntime as ort",
        "import pandas as pd",
    ]
    assert 'session = ort.InferenceSession("model.onnx")' in lines
    assert "outputs = session.run(None, feed)" in lines


def test_the_code_predicts_the_pipelines_classes(tmp_path):
    train = with_targets(raw_frame(240, seed=0))
    pipeline = fitted(ENTRIES["RandomForestClassifier"], train, "label", recipe("label", SCALING))
    rows = new_rows()
    predicted = run_usage_code(tmp_path, onnx_model(pipeline, "RandomForestClassifier"), rows)
    assert predicted["prediction"].tolist() == pipeline.predict(rows).tolist()


def test_the_code_predicts_the_pipelines_values(tmp_path):
    train = with_targets(raw_frame(240, seed=0))
    pipeline = fitted(ENTRIES["Ridge"], train, "price", recipe("price", SCALING))
    rows = new_rows()
    predicted = run_usage_code(tmp_path, onnx_model(pipeline, "Ridge"), rows)
    values = predicted["prediction"].astype(np.float64).to_numpy()
    np.testing.assert_allclose(values, pipeline.predict(rows), rtol=1e-12)


def dated_pipeline_and_rows() -> tuple[RecipePipeline, pd.DataFrame]:
    train = with_targets(dated_frame(240, seed=0))
    pipeline = fitted(ENTRIES["LGBMClassifier"], train, "label", dated_recipe("label", SCALING))
    rows = unseen_rows(with_targets(dated_frame(80, seed=7)), seed=8).drop(columns=TARGETS)
    return pipeline, rows


def test_the_code_reads_dates_as_a_person_writes_them(tmp_path):
    pipeline, rows = dated_pipeline_and_rows()
    rows.loc[0, "signup"] = pd.Timestamp("2024-03-05")
    rows.loc[1, "renewal"] = pd.Timestamp("2024-03-05 14:30")
    written = rows.assign(
        signup=rows["signup"].dt.strftime("%Y-%m-%d"),
        renewal=rows["renewal"].dt.strftime("%d/%m/%Y %H:%M"),
        seen=rows["seen"].map(pd.Timestamp.isoformat, na_action="ignore"),
    )
    assert written.loc[0, "signup"] == "2024-03-05"
    assert written.loc[1, "renewal"] == "05/03/2024 14:30"
    predicted = run_usage_code(tmp_path, onnx_model(pipeline, "LGBMClassifier"), written)
    read = read_table(tmp_path / "new_data.csv", "new_data.csv").frame
    dates = ["signup", "renewal", "seen"]
    assert read[dates].isna().sum().tolist() == rows[dates].isna().sum().tolist()
    assert read.loc[1, "renewal"] == pd.Timestamp("2024-03-05 14:30")
    assert predicted["prediction"].tolist() == pipeline.predict(read).tolist()


def test_the_code_reads_dates_with_month_names(tmp_path):
    pipeline, rows = dated_pipeline_and_rows()
    rows.loc[0, "signup"] = pd.Timestamp("2024-06-12")
    rows.loc[1, "renewal"] = pd.Timestamp("2024-09-03 14:30:05")
    written = rows.assign(
        signup=rows["signup"].dt.strftime("%d-%b-%Y").str.upper(),
        renewal=rows["renewal"].dt.strftime("%B %d, %Y %H:%M:%S"),
        seen=rows["seen"].map(pd.Timestamp.isoformat, na_action="ignore"),
    )
    assert written.loc[0, "signup"] == "12-JUN-2024"
    assert written.loc[1, "renewal"] == "September 03, 2024 14:30:05"
    predicted = run_usage_code(tmp_path, onnx_model(pipeline, "LGBMClassifier"), written)
    read = read_table(tmp_path / "new_data.csv", "new_data.csv").frame
    for name in ["signup", "renewal"]:
        assert read[name].dtype == "datetime64[us]"
        assert read[name].tolist() == rows[name].astype("datetime64[us]").tolist()
    assert predicted["prediction"].tolist() == pipeline.predict(read).tolist()
    assert predicted["prediction"].tolist() == pipeline.predict(rows).tolist()


def test_the_code_names_columns_as_lathe_does_and_takes_infinities(tmp_path):
    lathe_names = {"x2": "x1_2", "x4": "col_4"}
    train = with_targets(raw_frame(240, seed=0)).rename(columns=lathe_names)
    train.loc[[3, 9], "x1"] = np.inf
    pipeline = fitted(ENTRIES["Ridge"], train, "price", [])
    rows = new_rows().rename(columns=lathe_names)
    rows.loc[[0, 5], "x1"] = [np.inf, -np.inf]
    rows.loc[2, "x1_2"] = np.inf
    header = ["x1", "x1", "x3", " ", *rows.columns[4:]]
    predicted = run_usage_code(tmp_path, onnx_model(pipeline, "Ridge"), rows, header)
    read = read_table(tmp_path / "new_data.csv", "new_data.csv").frame
    assert read.columns.tolist() == rows.columns.tolist()
    assert np.isinf(read.loc[[0, 5], "x1"]).all()
    expected = pipeline.predict(rows)
    assert np.isfinite(expected).all()
    values = predicted["prediction"].astype(np.float64).to_numpy()
    np.testing.assert_allclose(values, expected, rtol=1e-12)


def amounts_pipeline_and_rows() -> tuple[RecipePipeline, pd.DataFrame]:
    """A regressor whose x4 is in thousands, and new rows of it to two decimals."""
    train = with_targets(raw_frame(240, seed=0))
    train["x4"] *= 1000
    pipeline = fitted(ENTRIES["Ridge"], train, "price", recipe("price", SCALING))
    rows = new_rows()
    rows["x4"] = (rows["x4"] * 1000).round(2)
    return pipeline, rows


def assert_predicts_as_lathe(
    predicted: pd.DataFrame, pipeline: RecipePipeline, read: pd.DataFrame, rows: pd.DataFrame
) -> None:
    """The usage code's values are the pipeline's on the file as Lathe read it, and on the
    rows before they were written."""
    values = predicted["prediction"].astype(np.float64).to_numpy()
    np.testing.assert_allclose(values, pipeline.predict(read), rtol=1e-12)
    np.testing.assert_allclose(values, pipeline.predict(rows), rtol=1e-9)


def test_the_code_reads_amounts_as_lathe_does(tmp_path):
    pipeline, rows = amounts_pipeline_and_rows()
    written = rows.assign(
        x4=rows["x4"].map(lambda value: f"${value:,.2f}", na_action="ignore"),
        x2=rows["x2"].map(
            lambda value: f"({-value})" if value < 0 else f"{value}%", na_action="ignore"
        ),
    )
    assert written["x4"].str.contains(",").any()
    predicted = run_usage_code(tmp_path, onnx_model(pipeline, "Ridge"), written)
    read = read_table(tmp_path / "new_data.csv", "new_data.csv").frame
    assert read["x4"].dtype == "float64" and read["x2"].dtype == "float64"
    np.testing.assert_allclose(read["x4"], rows["x4"])
    np.testing.assert_allclose(read["x2"], rows["x2"])
    assert_predicts_as_lathe(predicted, pipeline, read, rows)


def test_the_code_reads_a_file_saved_by_a_german_spreadsheet_as_lathe_does(tmp_path):
    pipeline, rows = amounts_pipeline_and_rows()
    rows.loc[0, "colour"] = "Grün"
    written = rows.assign(x4=rows["x4"].map(euros))
    text = written.to_csv(index=False, sep=";", decimal=",", na_rep="-")
    assert "1." in text and "Grün" in text and ";-;" in text
    predicted = run_usage_code_on_file(
        tmp_path, onnx_model(pipeline, "Ridge"), text.encode("cp1252")
    )
    read = read_table(tmp_path / "new_data.csv", "new_data.csv").frame
    assert read["x4"].dtype == "float64" and read["x1"].dtype == "float64"
    np.testing.assert_allclose(read["x4"], rows["x4"])
    np.testing.assert_allclose(read["x1"], rows["x1"])
    assert read.loc[0, "colour"] == "Grün"
    assert_predicts_as_lathe(predicted, pipeline, read, rows)


def test_the_code_reads_plain_numbers_of_a_semicolon_file_with_decimal_points(tmp_path):
    train = with_targets(raw_frame(240, seed=0))
    pipeline = fitted(ENTRIES["Ridge"], train, "price", recipe("price", SCALING))
    rows = new_rows()
    text = rows.to_csv(index=False, sep=";")
    predicted = run_usage_code_on_file(tmp_path, onnx_model(pipeline, "Ridge"), text.encode())
    values = predicted["prediction"].astype(np.float64).to_numpy()
    np.testing.assert_allclose(values, pipeline.predict(rows), rtol=1e-9)


def test_the_code_trims_cells_written_with_spaces_after_the_delimiter(tmp_path):
    pipeline, rows = dated_pipeline_and_rows()
    text = rows.to_csv(index=False, na_rep="?").replace(",", ", ")
    assert ", ?," in text
    model = onnx_model(pipeline, "LGBMClassifier")
    predicted = run_usage_code_on_file(tmp_path, model, text.encode())
    read = read_table(tmp_path / "new_data.csv", "new_data.csv").frame
    assert read.isna().sum().tolist() == rows.isna().sum().tolist()
    assert predicted["prediction"].tolist() == pipeline.predict(read).tolist()
    assert predicted["prediction"].tolist() == pipeline.predict(rows).tolist()


def test_the_code_passes_over_lines_above_the_header_as_lathe_does(tmp_path):
    train = with_targets(raw_frame(240, seed=0))
    pipeline = fitted(ENTRIES["Ridge"], train, "price", recipe("price", SCALING))
    rows = new_rows()
    text = "Price list\n# exported 2024-05-01\n\n" + rows.to_csv(index=False, sep=";")
    predicted = run_usage_code_on_file(tmp_path, onnx_model(pipeline, "Ridge"), text.encode())
    table = read_table(tmp_path / "new_data.csv", "new_data.csv")
    assert "Price list" in table.warnings[0]
    assert_predicts_as_lathe(predicted, pipeline, table.frame, rows)


def test_the_code_drops_rows_that_repeat_the_header_as_lathe_does(tmp_path):
    train = with_targets(raw_frame(240, seed=0))
    pipeline = fitted(ENTRIES["Ridge"], train, "price", recipe("price", SCALING))
    rows = new_rows()
    text = rows.iloc[:30].to_csv(index=False) + rows.iloc[30:].to_csv(index=False)
    predicted = run_usage_code_on_file(tmp_path, onnx_model(pipeline, "Ridge"), text.encode())
    table = read_table(tmp_path / "new_data.csv", "new_data.csv")
    assert table.warnings == ["1 row repeated the header row and was skipped."]
    assert len(predicted) == len(rows)
    assert_predicts_as_lathe(predicted, pipeline, table.frame, rows)


def test_the_code_reads_measures_with_their_unit_as_lathe_does(tmp_path):
    pipeline, rows = amounts_pipeline_and_rows()
    written = rows.assign(x4=rows["x4"].map(lambda value: f"{value:,.2f} kg", na_action="ignore"))
    assert written["x4"].str.contains(",").any()
    predicted = run_usage_code(tmp_path, onnx_model(pipeline, "Ridge"), written)
    read = read_table(tmp_path / "new_data.csv", "new_data.csv").frame
    np.testing.assert_allclose(read["x4"], rows["x4"])
    assert_predicts_as_lathe(predicted, pipeline, read, rows)
