"""The usage code, run as a person would, predicts what the pipeline predicts."""

import subprocess
import sys

import numpy as np
import pandas as pd

from lathe.ml.catalog import ENTRIES
from lathe.ml.onnx_export import onnx_model, onnx_usage_code
from tests.ml.onnx_export.frames import (
    TARGETS,
    fitted,
    raw_frame,
    recipe,
    unseen_rows,
    with_targets,
)

SCALING = {"x1": "minmax", "x2": "standard", "x3": "robust", "x4": "minmax"}


def run_usage_code(tmp_path, model: bytes, new_data: pd.DataFrame) -> pd.DataFrame:
    (tmp_path / "model.onnx").write_bytes(model)
    new_data.to_csv(tmp_path / "new_data.csv", index=False)
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
    assert imports == ["import numpy as np", "import onnxruntime as ort", "import pandas as pd"]
    assert 'ort.InferenceSession("model.onnx")' in lines[4]
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
