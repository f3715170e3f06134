"""The outlier step says which column causes most flags and why: a running time that a
mean fill made one value in most rows has an IQR of zero, so every other value is flagged."""

import numpy as np
import pandas as pd

from tests.utils.client import upload
from tests.utils.training import csv_bytes


def test_the_column_with_a_collapsed_iqr_is_named_with_its_most_frequent_share(client):
    generator = np.random.default_rng(7)
    running_time = generator.normal(110, 20, 500).round()
    running_time[generator.random(500) < 0.62] = np.nan
    frame = pd.DataFrame({"Running Time": running_time, "Budget": generator.uniform(1, 9, 500)})
    upload(client, "movies.csv", csv_bytes(frame))
    client.post("/api/handle-missing/", json={"strategy": "mean"})
    detected = client.post("/api/detect-outliers/", json={"method": "iqr"}).json()
    cause = detected["most_flags"]
    assert cause["column"] == "Running Time"
    assert cause["collapsed_iqr"] is True
    assert cause["top_value_share"] > 0.5
    assert cause["count"] == detected["outliers"]["Running Time"]["count"]
    assert detected["target_effect"] is None


def test_nothing_is_named_when_nothing_is_flagged(client):
    upload(client, "flat.csv", csv_bytes(pd.DataFrame({"x": np.arange(100.0)})))
    assert client.post("/api/detect-outliers/", json={}).json()["most_flags"] is None
