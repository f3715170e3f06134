"""A file without a header row, from upload to the predictions of a file like it: Lathe's
own, through the recipe, and the ONNX usage code's."""

import io
import subprocess
import sys

import numpy as np
import pandas as pd

from tests.utils.client import train, upload

SPECIES = ("setosa", "versicolor", "virginica")


def measurements(rows: int, seed: int) -> pd.DataFrame:
    """Iris-like rows: four measurements and the species last, written without names."""
    rng = np.random.default_rng(seed)
    species = rng.integers(0, 3, rows)
    sizes = rng.normal(0, 0.3, (rows, 4)) + species[:, None] * [1.0, -0.3, 2.0, 0.8] + 4
    frame = pd.DataFrame(sizes.round(1), columns=[f"col_{n}" for n in range(1, 5)])
    frame["col_5"] = [f"Iris-{SPECIES[s]}" for s in species]
    return frame


def headerless(frame: pd.DataFrame) -> bytes:
    return frame.to_csv(index=False, header=False).encode()


def post_file(client, path, content, **data):
    return client.post(path, files={"file": ("new.csv", content, "text/csv")}, data=data)


def test_a_headerless_file_trains_predicts_and_exports(client, tmp_path):
    rows_trained_on = measurements(150, seed=0)
    uploaded = upload(client, "iris.csv", headerless(rows_trained_on))
    assert uploaded["columns"] == [f"col_{n}" for n in range(1, 6)]
    assert uploaded["shape"] == [150, 5]
    assert any("col_1 to col_5" in warning for warning in uploaded["warnings"])
    assert uploaded["notes"] == [{"code": "no_header_row", "params": {"count": 5}}]
    train(client, "LogisticRegression", "col_5", "classification")

    # new rows without the species, the first of them a size the file never held
    new = measurements(12, seed=1).drop(columns="col_5")
    new.iloc[0, 0] = 9.9
    predicted = post_file(
        client, "/api/predict/", headerless(new), selected_model="LogisticRegression"
    )
    assert predicted.status_code == 200, predicted.text
    rows = pd.read_csv(io.StringIO(predicted.text))
    assert len(rows) == 12
    assert rows["col_1"].iloc[0] == 9.9
    assert set(rows["prediction"]) <= {f"Iris-{name}" for name in SPECIES}

    prepared = post_file(client, "/api/apply-recipe/", headerless(new))
    assert prepared.status_code == 200, prepared.text
    assert len(pd.read_csv(io.StringIO(prepared.text))) == 12

    exported = client.post(
        "/api/export-model/",
        json={"selected_model": "LogisticRegression", "format": "onnx"},
    )
    assert exported.status_code == 200, exported.text
    code = client.get(
        "/api/usage-code/", params={"model_name": "LogisticRegression", "format": "onnx"}
    ).json()
    (tmp_path / code["file_name"]).write_bytes(exported.content)
    (tmp_path / "new_data.csv").write_bytes(headerless(new))
    ran = subprocess.run(
        [sys.executable, "-c", code["code"]], cwd=tmp_path, capture_output=True, text=True
    )
    assert ran.returncode == 0, ran.stderr
    onnx = pd.read_csv(tmp_path / "predictions.csv")
    assert onnx["prediction"].tolist() == rows["prediction"].tolist()
