"""A step never changes a date column's kind: a global constant fill ("unknown") fills
the text columns and leaves the dates dates, so a global one-hot afterwards is not
refused for a date column's many values."""

import pandas as pd
import pytest

from tests.utils.client import upload
from tests.utils.training import csv_bytes


def movies(rows: int = 400) -> pd.DataFrame:
    dates = pd.date_range("1990-01-01", periods=rows, freq="9D").strftime("%Y-%m-%d")
    frame = pd.DataFrame(
        {
            "Release Date": dates,
            "Distributor": [["Fox", "Paramount", "Universal", None][i % 4] for i in range(rows)],
            "Gross": [float(1000 + 37 * i) for i in range(rows)],
        }
    )
    frame.loc[frame.index % 7 == 0, "Release Date"] = None
    return frame


@pytest.fixture
def uploaded(client):
    upload(client, "movies.csv", csv_bytes(movies()))
    assert client.get("/api/get-session-data/").json()["column_kinds"]["Release Date"] == "datetime"
    return client


def test_a_global_constant_fill_leaves_date_columns_dates(uploaded):
    body = {"strategy": "mean", "cat_strategy": "constant", "fill_value": "unknown"}
    answer = uploaded.post("/api/handle-missing/", json=body).json()
    assert answer["column_kinds"]["Release Date"] == "datetime"
    assert answer["missing_values"]["Distributor"] == 0
    assert answer["missing_values"]["Release Date"] > 0
    encoded = uploaded.post("/api/encode-features/", json={"method": "onehot"})
    assert encoded.status_code == 200, encoded.text
    assert "Distributor_Fox" in encoded.json()["columns"]


def test_a_date_constant_fills_date_columns_as_dates(uploaded):
    body = {"cat_strategy": "constant", "fill_value": "2000-01-01"}
    answer = uploaded.post("/api/handle-missing/", json=body).json()
    assert answer["column_kinds"]["Release Date"] == "datetime"
    assert answer["missing_values"]["Release Date"] == 0
    assert answer["missing_values"]["Distributor"] == 0


def test_a_text_constant_for_a_date_column_is_refused(uploaded):
    settings = [{"column": "Release Date", "strategy": "constant", "fillValue": "unknown"}]
    response = uploaded.post("/api/handle-missing/", json={"column_specific_settings": settings})
    assert response.status_code == 400
    assert response.json()["code"] == "strategy_not_for_column"
    assert uploaded.get("/api/get-session-data/").json()["missing_values"]["Release Date"] > 0
