"""A reproducible mixed tabular dataset for benchmarks: numbers, categories, flags, dates,
missing values and outliers, with a target that depends on the features."""

from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.csv as pacsv

DATE_COLUMNS = ("signup_date", "last_seen")


def mixed_frame(rows: int, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)

    def with_missing(values: np.ndarray, share: float) -> np.ndarray:
        values = values.astype("float64")
        values[rng.random(rows) < share] = np.nan
        return values

    income = rng.lognormal(10, 0.6, rows)
    income[rng.random(rows) < 0.002] *= 40
    age = rng.integers(18, 90, rows)
    score = rng.normal(600, 80, rows)
    frame = pd.DataFrame(
        {
            "customer_id": np.arange(rows),
            "age": age,
            "income": with_missing(income, 0.05),
            "score": with_missing(score, 0.02),
            "balance": rng.normal(0, 1, rows) * 1000,
            "debt_ratio": with_missing(rng.beta(2, 5, rows), 0.03),
            "visits": rng.poisson(3, rows),
            "tenure_months": rng.integers(0, 240, rows),
            "spend": income * 0.3 + rng.normal(0, 500, rows),
            "discount": rng.exponential(5, rows),
            "region": rng.choice(["north", "south", "east", "west", "centre"], rows),
            "segment": rng.choice([f"seg_{i}" for i in range(40)], rows),
            "channel": pd.Series(rng.choice(["web", "store", "phone"], rows)).where(
                rng.random(rows) > 0.04
            ),
            "plan": rng.choice(["basic", "plus", "pro"], rows, p=[0.6, 0.3, 0.1]),
            "is_member": rng.random(rows) < 0.4,
            "newsletter": pd.Series(rng.random(rows) < 0.5).where(rng.random(rows) > 0.05),
            "signup_date": pd.Timestamp("2015-01-01")
            + pd.to_timedelta(rng.integers(0, 3650, rows), unit="D"),
            "last_seen": pd.Timestamp("2024-01-01")
            + pd.to_timedelta(rng.integers(0, 86400 * 365, rows), unit="s"),
            "note": rng.choice(["", "vip", "late payer", "referred", "moved"], rows),
        }
    )
    logit = 0.00002 * income - 0.01 * (age - 50) + 0.004 * (score - 600)
    frame["churned"] = rng.random(rows) < 1 / (1 + np.exp(-np.nan_to_num(logit)))
    return frame


def write_csv(frame: pd.DataFrame, path: Path) -> None:
    pacsv.write_csv(pa.Table.from_pandas(frame, preserve_index=False), path)
