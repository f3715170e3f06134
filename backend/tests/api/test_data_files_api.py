import io

import numpy as np
import pandas as pd
import pytest

from lathe.io import table_download
from tests.utils.client import upload
from tests.utils.datasets import mixed_classification
from tests.utils.training import csv_bytes, parquet_bytes


def frame(rows: int = 130) -> pd.DataFrame:
    data = mixed_classification(rows=rows)
    data["day"] = pd.date_range("2024-01-01", periods=rows, freq="D").strftime("%Y-%m-%d")
    stamps = pd.Series(pd.date_range("2024-01-01", periods=rows, freq="D"))
    stamps.iloc[-1] += pd.Timedelta(hours=5)  # one time of day, in the last batch
    data["seen"] = stamps.dt.strftime("%Y-%m-%d %H:%M:%S")
    return data


@pytest.fixture
def prepared(client, monkeypatch):
    # several batches of a small frame
    monkeypatch.setattr(table_download, "BATCH_ROWS", 50)
    monkeypatch.setattr(table_download, "PARQUET_BATCH_ROWS", 50)
    upload(client, "customers.csv", csv_bytes(frame()))
    assert client.post("/api/handle-missing/", json={}).status_code == 200
    encoded = client.post("/api/encode-features/", json={"target_column": "label"})
    assert encoded.status_code == 200, encoded.text
    return client


def session_columns(client) -> list[str]:
    return client.get("/api/get-session-data/").json()["columns"]


def test_download_data_as_csv_has_every_row(prepared):
    response = prepared.get("/api/download-data/", params={"format": "csv"})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/csv")
    assert response.headers["content-disposition"] == (
        'attachment; filename="customers_encode.csv"'
    )
    downloaded = pd.read_csv(io.BytesIO(response.content))
    assert len(downloaded) == 130
    assert list(downloaded.columns) == session_columns(prepared)
    # each date column written in one format in every batch
    assert downloaded["day"].iloc[-1] == "2024-05-09"
    assert downloaded["seen"].iloc[0] == "2024-01-01 00:00:00"
    assert response.content.count(b"colour_red") == 1  # one header


def test_download_data_as_parquet_has_every_row_and_types(prepared):
    response = prepared.get("/api/download-data/", params={"format": "parquet"})
    assert response.status_code == 200, response.text
    assert response.headers["content-disposition"] == (
        'attachment; filename="customers_encode.parquet"'
    )
    downloaded = pd.read_parquet(io.BytesIO(response.content))
    csv = pd.read_csv(io.BytesIO(prepared.get("/api/download-data/").content))
    assert len(downloaded) == 130 and list(downloaded.columns) == list(csv.columns)
    np.testing.assert_allclose(downloaded["x1"], csv["x1"])
    assert pd.api.types.is_datetime64_any_dtype(downloaded["day"])


def test_download_of_the_upload_is_named_after_it(client):
    upload(client, "raw data.csv", csv_bytes(frame(10)))
    response = client.get("/api/download-data/")
    assert response.headers["content-disposition"] == 'attachment; filename="raw_data_uploaded.csv"'
    assert len(pd.read_csv(io.BytesIO(response.content))) == 10


def test_download_refuses_an_unknown_format_and_no_session(prepared, client):
    response = prepared.get("/api/download-data/", params={"format": "xlsx"})
    assert response.status_code == 400
    assert response.json()["code"] == "unknown_format"
    prepared.cookies.clear()
    response = prepared.get("/api/download-data/")
    assert response.status_code == 400 and response.json()["code"] == "no_dataset"


def apply(client, rows, name="april.csv", **fields):
    return client.post(
        "/api/apply-recipe/",
        files={"file": (name, csv_bytes(rows), "text/csv")},
        data=fields,
    )


def test_apply_recipe_gives_the_recorded_columns(prepared):
    rows = frame(30)
    response = apply(prepared, rows)
    assert response.status_code == 200, response.text
    assert response.headers["content-disposition"] == ('attachment; filename="april_prepared.csv"')
    result = pd.read_csv(io.BytesIO(response.content))
    assert list(result.columns) == session_columns(prepared)
    assert len(result) == 30
    assert result.notna().all().all()  # imputed as recorded
    onehot = result[["colour_blue", "colour_green", "colour_red"]]
    assert (onehot.sum(axis=1) == 1).all()
    assert (result["colour_red"] == (rows["colour"] == "red").astype(int)).all()


def test_apply_recipe_without_the_target_and_as_parquet(prepared):
    response = apply(prepared, frame(20).drop(columns=["label"]), format="parquet")
    assert response.status_code == 200, response.text
    result = pd.read_parquet(io.BytesIO(response.content))
    expected = [column for column in session_columns(prepared) if column != "label"]
    assert list(result.columns) == expected and len(result) == 20


def test_apply_recipe_refuses_missing_columns_and_unknown_formats(prepared):
    response = apply(prepared, frame(20).drop(columns=["x1"]))
    assert response.status_code == 400 and response.json()["code"] == "missing_columns"
    response = apply(prepared, frame(20), format="xml")
    assert response.status_code == 400 and response.json()["code"] == "unknown_format"


def test_apply_recipe_reads_a_parquet_file_as_it_reads_the_csv(prepared):
    rows = frame(30)
    typed = rows.assign(day=pd.to_datetime(rows["day"]), seen=pd.to_datetime(rows["seen"]))
    response = prepared.post(
        "/api/apply-recipe/",
        files={"file": ("april.parquet", parquet_bytes(typed), "application/octet-stream")},
    )
    assert response.status_code == 200, response.text
    from_parquet = pd.read_csv(io.BytesIO(response.content))
    from_csv = pd.read_csv(io.BytesIO(apply(prepared, rows).content))
    pd.testing.assert_frame_equal(from_parquet, from_csv)
