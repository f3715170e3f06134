"""Parquet files through the API: an upload keeps the types its writer chose, and a
damaged or foreign file named .parquet is refused with a code, changing nothing."""

import datetime
import io
import pickle

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from tests.utils.client import upload
from tests.utils.files import SMALL_CSV
from tests.utils.training import parquet_bytes


def post(client, content: bytes, name: str = "cars.parquet"):
    return client.post("/api/upload/", files={"file": (name, content, "application/octet-stream")})


def test_an_upload_keeps_dates_booleans_categories_and_whole_numbers_with_gaps(client):
    frame = pd.DataFrame(
        {
            "registered": [datetime.date(2021, 3, 1), None, datetime.date(2023, 11, 30)],
            "serviced": pd.DatetimeIndex(
                ["2024-01-05 09:30", "2024-02-06 17:00", "NaT"]
            ).tz_localize("Europe/Rome"),
            "electric": [True, False, True],
            "body": pd.Categorical(["saloon", "estate", "saloon"]),
            "doors": pd.Series([5, None, 3], dtype="Int64"),
            "plate": pd.Series(["0123", "AB12", None], dtype="str"),
            "litres": [1.6, None, 2.0],
        }
    )
    response = post(client, parquet_bytes(frame))
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["dtypes"] == {
        "registered": "datetime64[s]",
        "serviced": "datetime64[us, Europe/Rome]",
        "electric": "bool",
        "body": "str",
        "doors": "Int64",
        "plate": "str",
        "litres": "float64",
    }
    assert body["column_kinds"] == {
        "registered": "datetime",
        "serviced": "datetime",
        "electric": "boolean",
        "body": "categorical",
        "doors": "numeric",
        "plate": "categorical",
        "litres": "numeric",
    }
    assert body["missing_values"]["doors"] == 1 and body["data"][0][5] == "0123"


WHOLE = parquet_bytes(pd.DataFrame({"a": range(100), "b": [str(n) for n in range(100)]}))
EMPTY = io.BytesIO()
pq.write_table(pa.table({}), EMPTY)


@pytest.mark.parametrize(
    ("content", "status", "code"),
    [
        (WHOLE[: len(WHOLE) // 2], 422, "file_unreadable"),
        (b"PAR1" + bytes(64) + b"PAR1", 422, "file_unreadable"),
        (EMPTY.getvalue(), 422, "empty_file"),
        (pickle.dumps(pd.DataFrame({"a": [1]})), 400, "unsupported_file"),
        (b"", 400, "empty_file"),
    ],
    ids=["cut", "no footer", "no columns", "pickle", "empty"],
)
def test_a_broken_parquet_upload_is_refused_and_keeps_the_session(client, content, status, code):
    upload(client, "shop.csv", SMALL_CSV)
    response = post(client, content)
    assert response.status_code == status, response.text
    assert response.json()["code"] == code and response.json()["error"]
    assert client.get("/api/get-session-data/").json()["filename"] == "shop.csv"
