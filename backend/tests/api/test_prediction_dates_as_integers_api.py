"""A column that was a date at training, given as numbers like 20210101 in a new file, is
read as YYYYMMDD dates (it once became 1970-01-01 plus nanoseconds, a silently wrong
prediction); a number that is no such date is refused by name."""

import io

import numpy as np
import pandas as pd
import pytest

from tests.utils.client import train, upload

DAYS = pd.date_range("2021-01-01", periods=60, freq="D")


def trained_on_dates(client, date_format):
    """A regression whose target is the day's number since 1 January 2021."""
    x = np.random.default_rng(0).normal(size=len(DAYS))
    frame = pd.DataFrame({"day": DAYS.strftime(date_format), "x": x, "y": np.arange(60.0)})
    upload(client, "days.csv", frame.to_csv(index=False).encode())
    train(client, "LinearRegression", "y", "regression")
    return client


def predict(client, csv_text):
    return client.post(
        "/api/predict/",
        files={"file": ("new.csv", csv_text.encode(), "text/csv")},
        data={"selected_model": "LinearRegression"},
    )


def predictions(response):
    assert response.status_code == 200, response.text
    return pd.read_csv(io.StringIO(response.text))["prediction"].to_numpy()


@pytest.mark.parametrize("date_format", ["%Y-%m-%d", "%d/%m/%Y"])
def test_dates_written_as_integers_are_read_as_yyyymmdd(client, date_format):
    trained_on_dates(client, date_format)
    as_numbers = predictions(predict(client, "day,x\n20210101,0\n20210301,0\n"))
    as_dates = predictions(predict(client, "day,x\n2021-01-01,0\n2021-03-01,0\n"))
    np.testing.assert_allclose(as_numbers, as_dates, atol=1e-6)
    np.testing.assert_allclose(as_numbers, [0.0, 59.0], atol=1e-6)


def test_integer_dates_beside_a_missing_cell_are_read(client):
    """With a missing cell the column is read as floats: 20210301.0 is still a date."""
    trained_on_dates(client, "%Y-%m-%d")
    result = predictions(predict(client, "day,x\n20210301,0\n,0\n"))
    assert result[0] == pytest.approx(59.0, abs=1e-6)


@pytest.mark.parametrize("number", ["20211301", "2021", "1609459200", "20210101.5"])
def test_a_number_that_is_no_yyyymmdd_date_is_refused_by_name(client, number):
    trained_on_dates(client, "%Y-%m-%d")
    response = predict(client, f"day,x\n{number},0\n20210101,0\n")
    assert response.status_code == 400, response.text
    body = response.json()
    assert body["code"] == "column_type_changed"
    assert body["params"]["column"] == "day"
    assert number in body["error"] and "YYYYMMDD" in body["error"]


def test_text_in_digits_alone_is_read_as_yyyymmdd_only(client):
    """A column read as text (a word beside the digits) gets the same rule: 20211301 is not
    13 January 2021, as a lenient day-first reading would have it."""
    trained_on_dates(client, "%Y-%m-%d")
    response = predict(client, "day,x\n20211301,0\nMarch 1 2021,0\n")
    assert response.status_code == 400, response.text
    assert response.json()["params"] == {"column": "day", "kind": "datetime", "value": "20211301"}
    accepted = predictions(predict(client, "day,x\n20210301,0\nMarch 1 2021,0\n"))
    np.testing.assert_allclose(accepted, [59.0, 59.0], atol=1e-6)
