import subprocess
import sys

import pandas as pd
import pytest

from lathe.ml.catalog import ENTRIES
from lathe.ml.model_export import exported_bytes, safe_file_name, usage_code
from lathe.ml.pipeline import training_pipeline
from lathe.steps.encoding import encoding_steps
from lathe.steps.missing import missing_value_steps
from tests.utils.datasets import mixed_classification
from tests.utils.recipes import recipe_for


@pytest.mark.parametrize(
    ("name", "extension", "expected"),
    [
        ("churn model", "joblib", "churn_model.joblib"),
        ("../../etc/passwd", "pkl", "etc_passwd.pkl"),
        ('a"b;c\r\nd', "onnx", "a_b_c_d.onnx"),
        ("Müşteri", "joblib", "M_teri.joblib"),
        ("", "joblib", "model_export.joblib"),
        ("...", "pkl", "model_export.pkl"),
        ("x" * 300, "pkl", "x" * 100 + ".pkl"),
    ],
)
def test_file_names_are_safe_for_disk_and_header(name, extension, expected):
    assert safe_file_name(name, extension) == expected


@pytest.fixture(scope="module")
def fitted():
    frame = mixed_classification()
    recipe = recipe_for(
        frame, missing_value_steps, lambda f: encoding_steps(f, target_column="label")
    )
    pipeline = training_pipeline(recipe, ENTRIES["RandomForestClassifier"], "label")
    return pipeline.fit(frame.drop(columns=["label"]), frame["label"])


@pytest.mark.parametrize("export_format", ["joblib", "pkl"])
def test_the_usage_code_runs_as_shown_in_a_fresh_interpreter(fitted, tmp_path, export_format):
    file_name = safe_file_name("churn", export_format)
    (tmp_path / file_name).write_bytes(
        exported_bytes(fitted, "RandomForestClassifier", export_format)
    )
    new_rows = mixed_classification(rows=40, seed=5).drop(columns=["label"])
    new_rows.to_csv(tmp_path / "new_data.csv", index=False)

    code = usage_code(file_name, export_format)
    finished = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )

    assert finished.returncode == 0, finished.stderr
    written = pd.read_csv(tmp_path / "predictions.csv")
    assert written["prediction"].tolist() == fitted.predict(new_rows).tolist()
    assert len(code.splitlines()) <= 10
