"""Small data built for the training tests."""

import numpy as np
import pandas as pd
from sklearn.datasets import load_breast_cancer, load_diabetes, load_iris


def mixed_classification(rows: int = 240, seed: int = 0) -> pd.DataFrame:
    """Numbers, a category, a flag, missing values and a three-class text target that
    depends on them."""
    rng = np.random.default_rng(seed)
    x1 = rng.normal(size=rows)
    x2 = rng.normal(size=rows)
    colour = rng.choice(["red", "green", "blue"], size=rows)
    score = x1 + 0.5 * x2 + np.where(colour == "red", 1.0, 0.0) + rng.normal(0, 0.3, rows)
    label = np.where(score > 0.8, "high", np.where(score > -0.2, "mid", "low"))
    frame = pd.DataFrame(
        {
            "x1": x1,
            "x2": x2,
            "colour": pd.Series(colour, dtype="str"),
            "flag": rng.random(rows) < 0.5,
            "label": pd.Series(label, dtype="str"),
        }
    )
    frame.loc[rng.random(rows) < 0.05, "x2"] = np.nan
    return frame


def regression_frame(rows: int = 200, seed: int = 1) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    x1 = rng.normal(size=rows)
    x2 = rng.uniform(0, 4, size=rows)
    city = rng.choice(["a", "b", "c", "d"], size=rows)
    price = 3 * x1 + x2**2 + np.where(city == "a", 5.0, 0.0) + rng.normal(0, 0.5, rows)
    return pd.DataFrame({"x1": x1, "x2": x2, "city": pd.Series(city, dtype="str"), "price": price})


def blobs_frame(rows: int = 150, seed: int = 2) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    centres = np.array([[0.0, 0.0], [5.0, 5.0], [0.0, 6.0]])
    members = rng.integers(0, 3, size=rows)
    points = centres[members] + rng.normal(0, 0.6, size=(rows, 2))
    return pd.DataFrame({"a": points[:, 0], "b": points[:, 1]})


def bundled(name: str) -> tuple[pd.DataFrame, str]:
    """sklearn's bundled iris (text labels), diabetes or breast_cancer, and its target."""
    if name == "iris":
        data = load_iris(as_frame=True)
        frame = data.frame.assign(target=data.target_names[data.target])
        return frame, "target"
    loader = load_diabetes if name == "diabetes" else load_breast_cancer
    return loader(as_frame=True).frame, "target"


QUIRKY_ROWS = 200


def quirky_frame() -> pd.DataFrame:
    """Ids, a constant, numbers and text missing often and rarely, a yes/no column with
    gaps, a date with a gap and a text column of 30 levels, with a yes/no text target."""
    rng = np.random.default_rng(3)
    frame = pd.DataFrame(
        {
            "customer_id": np.arange(1000, 1000 + QUIRKY_ROWS),
            "code": pd.Series([f"C{i:05d}" for i in rng.permutation(QUIRKY_ROWS)], dtype="str"),
            "site": pd.Series(["north"] * QUIRKY_ROWS, dtype="str"),
            "income": rng.normal(50, 10, QUIRKY_ROWS),
            "age": rng.integers(18, 90, QUIRKY_ROWS).astype(float),
            "colour": pd.Series(rng.choice(["red", "green", "blue"], QUIRKY_ROWS), dtype="str"),
            "town": pd.Series(rng.choice([f"t{i}" for i in range(30)], QUIRKY_ROWS), dtype="str"),
            "member": pd.Series(rng.random(QUIRKY_ROWS) < 0.5, dtype="boolean"),
            "joined": pd.date_range("2020-01-01", periods=QUIRKY_ROWS, freq="D"),
            "label": pd.Series(rng.choice(["yes", "no"], QUIRKY_ROWS), dtype="str"),
        }
    )
    frame.loc[:39, "income"] = np.nan  # 20 % missing
    frame.loc[:3, "age"] = np.nan  # 2 %
    frame.loc[10:49, "colour"] = None  # 20 %
    frame.loc[5:24, "member"] = None  # 10 %
    frame.loc[7, "joined"] = pd.NaT
    return frame
