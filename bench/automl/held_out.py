"""What every runner shares: scoring its predictions of the held-out 20 % and handing
the score back to the bench as a small JSON file (both venvs have pandas and sklearn)."""

import json
from pathlib import Path

import pandas as pd
from data_sets import Task
from sklearn.metrics import accuracy_score, r2_score

# Lathe reads a yes/no column as booleans and predicts True/False for it.
_BOOLEAN_WORDS = {"true": "1", "yes": "1", "false": "0", "no": "0"}


def _labels(values: pd.Series) -> pd.Series:
    """One spelling for a class, whichever tool wrote it: 1, 1.0, "1", True and "yes"
    are the same class."""
    text = values.astype(str).str.strip().str.lower().replace(_BOOLEAN_WORDS)
    numbers = pd.to_numeric(text, errors="coerce")
    if numbers.notna().all():
        return numbers.astype(float).astype(str)
    return text


def score(task: Task, truth: pd.Series, predicted: pd.Series) -> float:
    """Accuracy for classification, R² for regression."""
    truth = truth.reset_index(drop=True)
    predicted = predicted.reset_index(drop=True)
    if task == "regression":
        return float(r2_score(truth.astype(float), predicted.astype(float)))
    return float(accuracy_score(_labels(truth), _labels(predicted)))


def write_result(path: Path, metric: float, seconds: float, detail: str = "") -> None:
    path.write_text(json.dumps({"metric": metric, "seconds": seconds, "detail": detail}))
