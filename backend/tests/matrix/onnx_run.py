"""An exported ONNX file run as a person runs it: the usage code Lathe gives, exactly as
shown, on the uploaded file; its predictions compared with Lathe's own."""

import io
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

NEW_DATA = "new_data.csv"
PREDICTIONS = "predictions.csv"
TOLERANCE = 1e-4
SHOWN_DIFFERENCES = 3
USAGE_TIMEOUT_SECONDS = 300


def usage_predictions(code: str, file_name: str, model: bytes, csv: bytes) -> pd.Series | str:
    """The ``prediction`` column the usage code writes, or what went wrong."""
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, file_name).write_bytes(model)
        Path(folder, NEW_DATA).write_bytes(csv)
        done = subprocess.run(
            [sys.executable, "-c", code],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=USAGE_TIMEOUT_SECONDS,
            check=False,
        )
        if done.returncode != 0:
            last_lines = done.stderr.strip().splitlines()[-3:]
            return "the usage code failed: " + " | ".join(last_lines)
        predictions = pd.read_csv(Path(folder, PREDICTIONS))
    return predictions["prediction"]


def _same(onnx: pd.Series, lathe: pd.Series, continuous: bool) -> np.ndarray:
    if continuous:
        left = pd.to_numeric(onnx, errors="coerce").to_numpy(np.float64)
        right = pd.to_numeric(lathe, errors="coerce").to_numpy(np.float64)
        return np.isclose(left, right, rtol=TOLERANCE, atol=TOLERANCE, equal_nan=True)
    return (onnx.astype(str).to_numpy() == lathe.astype(str).to_numpy()).astype(bool)


def differences(onnx: pd.Series, lathe: pd.Series, continuous: bool) -> str:
    """Empty when the predictions agree (values within 1e-4, labels identical), else how
    many rows differ and the first few."""
    if len(onnx) != len(lathe):
        return f"ONNX gives {len(onnx)} predictions, Lathe {len(lathe)}"
    same = _same(onnx.reset_index(drop=True), lathe.reset_index(drop=True), continuous)
    rows = np.flatnonzero(~same)
    if rows.size == 0:
        return ""
    shown = ", ".join(
        f"row {row}: ONNX {onnx.iloc[row]}, Lathe {lathe.iloc[row]}"
        for row in rows[:SHOWN_DIFFERENCES]
    )
    return f"ONNX predictions differ from Lathe's on {rows.size} of {len(onnx)} rows ({shown})"


def prediction_column(content: bytes) -> pd.Series:
    return pd.read_csv(io.BytesIO(content))["prediction"]
