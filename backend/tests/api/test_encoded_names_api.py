"""An encoded column's outputs never take the name of a column of the file."""

import io
import subprocess
import sys

import joblib
import pandas as pd

from tests.utils.client import train, upload
from tests.utils.predictions import onnx_predictions


def test_a_one_hot_column_beside_a_column_of_its_name_keeps_both(client, tmp_path):
    rows = pd.DataFrame(
        {
            "color": ["red" if i % 2 else "blue" for i in range(60)],
            "color_red": [i * 1.5 for i in range(60)],
            "y": [i * 3.0 + (i % 2) for i in range(60)],
        }
    )
    upload(client, "paint.csv", rows.to_csv(index=False).encode())
    encoded = client.post(
        "/api/encode-features/", json={"default_strategy": "onehot", "target_column": "y"}
    )
    assert encoded.status_code == 200, encoded.text
    frame = pd.DataFrame(encoded.json()["data"], columns=encoded.json()["columns"])
    assert list(frame.columns) == ["color_blue", "color_red_2", "color_red", "y"]
    assert frame["color_red"].tolist() == rows["color_red"].tolist()
    assert frame["color_red_2"].tolist() == [i % 2 for i in range(60)]

    train(client, "LinearRegression", "y", "regression")
    new = rows.drop(columns="y").head(8)
    predicted = client.post(
        "/api/predict/",
        files={"file": ("new.csv", new.to_csv(index=False).encode(), "text/csv")},
        data={"selected_model": "LinearRegression"},
    )
    assert predicted.status_code == 200, predicted.text
    lathe = pd.read_csv(io.StringIO(predicted.text))["prediction"]
    # y is 2 × color_red + the red indicator: both columns reach the model
    assert (lathe - (2 * new["color_red"] + (new["color"] == "red"))).abs().max() < 1e-6

    exported = client.post(
        "/api/export-model/", json={"selected_model": "LinearRegression", "format": "onnx"}
    )
    assert exported.status_code == 200, exported.text
    code = client.get(
        "/api/usage-code/", params={"model_name": "LinearRegression", "format": "onnx"}
    ).json()
    (tmp_path / code["file_name"]).write_bytes(exported.content)
    new.to_csv(tmp_path / "new_data.csv", index=False)
    ran = subprocess.run(
        [sys.executable, "-c", code["code"]], cwd=tmp_path, capture_output=True, text=True
    )
    assert ran.returncode == 0, ran.stderr
    onnx = pd.read_csv(tmp_path / "predictions.csv")["prediction"]
    assert (onnx - lathe).abs().max() < 1e-6


def test_a_column_target_encoded_for_each_class_is_named_for_the_class_and_round_trips(client):
    distributors = ["Warner", "Fox", "Lionsgate", "A24"]
    rows = pd.DataFrame(
        {
            "Distributor": [distributors[i % 4] for i in range(90)],
            "Budget": [float(i % 7) for i in range(90)],
            "Genre": [["Action", "Drama", "Comedy"][(i % 4 + i % 3) % 3] for i in range(90)],
        }
    )
    upload(client, "films.csv", rows.to_csv(index=False).encode())
    encoded = client.post(
        "/api/encode-features/", json={"default_strategy": "target", "target_column": "Genre"}
    )
    assert encoded.status_code == 200, encoded.text
    # not Distributor_Action, which reads as the one-hot dummy of a distributor "Action"
    assert encoded.json()["columns"] == [
        "Distributor (target=Action)",
        "Distributor (target=Comedy)",
        "Distributor (target=Drama)",
        "Budget",
        "Genre",
    ]

    train(client, "LogisticRegression", "Genre", "classification")
    new = rows.drop(columns="Genre").head(12)
    predicted = client.post(
        "/api/predict/",
        files={"file": ("new.csv", new.to_csv(index=False).encode(), "text/csv")},
        data={"selected_model": "LogisticRegression"},
    )
    assert predicted.status_code == 200, predicted.text
    lathe = pd.read_csv(io.StringIO(predicted.text))["prediction"].tolist()
    assert set(lathe) > {"Action"}

    for export_format in ("joblib", "onnx"):
        exported = client.post(
            "/api/export-model/",
            json={"selected_model": "LogisticRegression", "format": export_format},
        )
        assert exported.status_code == 200, exported.text
        if export_format == "joblib":
            pipeline = joblib.load(io.BytesIO(exported.content))
            assert pipeline.predict(new).tolist() == lathe
        else:
            assert onnx_predictions(exported.content, new) == lathe
