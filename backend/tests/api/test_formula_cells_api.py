"""Text cells a spreadsheet would run as a formula come back inert, with a leading quote, in
every CSV download: the session's data, the recipe applied to a new file, and predictions.
Numbers stay numbers, and Parquet keeps every value as it is."""

import csv
import io

import pandas as pd
import pytest

from lathe.io.formula_cells import inert_cells
from tests.utils.client import upload
from tests.utils.datasets import mixed_classification
from tests.utils.training import csv_bytes, train_body

HOSTILE = ['=HYPERLINK("http://x")', "+49 30 1234", "-2+3", "@SUM(A1)"]
"""Uploads trim a leading tab and end a line at a carriage return: those two triggers are
left to the writer's own test below."""


def with_formulas(rows: int = 240, seed: int = 0) -> pd.DataFrame:
    """`mixed_classification` whose colours read as formulas, with a column named as one
    and a number column of negative numbers."""
    frame = mixed_classification(rows, seed)
    frame["colour"] = frame["colour"].map({"red": "=1+1", "green": "@green", "blue": "blue"})
    frame["-note"] = [HOSTILE[row % len(HOSTILE)] for row in range(rows)]
    frame["x1"] = -frame["x1"].abs() - 0.5
    return frame


def cells(content: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(content.decode(), newline="")))


def column(rows: list[list[str]], name: str) -> list[str]:
    position = rows[0].index(name)
    return [row[position] for row in rows[1:]]


def assert_inert(rows: list[list[str]]) -> None:
    assert "'-note" in rows[0]
    notes = column(rows, "'-note")
    assert all(note.startswith("'") for note in notes)
    assert {note[1:] for note in notes} == set(HOSTILE)
    colours = set(column(rows, "colour"))
    assert colours <= {"'=1+1", "'@green", "blue"} and "'=1+1" in colours


@pytest.fixture
def uploaded(client):
    upload(client, "formulas.csv", csv_bytes(with_formulas()))
    return client


def test_the_data_download_quotes_formulas_and_keeps_numbers(uploaded):
    rows = cells(uploaded.get("/api/download-data/", params={"format": "csv"}).content)
    assert_inert(rows)
    numbers = column(rows, "x1")
    assert all(number.startswith("-") for number in numbers)
    assert [float(number) for number in numbers] == pytest.approx(with_formulas()["x1"].tolist())


def test_parquet_keeps_the_cells_as_they_are(uploaded):
    frame = pd.read_parquet(io.BytesIO(uploaded.get("/api/download-data/?format=parquet").content))
    assert set(frame["-note"]) == set(HOSTILE)
    assert "=1+1" in set(frame["colour"])


def test_the_recipe_applied_to_a_new_file_quotes_formulas(uploaded):
    response = uploaded.post(
        "/api/apply-recipe/",
        files={"file": ("april.csv", csv_bytes(with_formulas(40, seed=3)), "text/csv")},
        data={"format": "csv"},
    )
    assert response.status_code == 200, response.text
    assert_inert(cells(response.content))


def test_predictions_quote_formulas(uploaded):
    for path, body in [
        ("/api/handle-missing/", {}),
        ("/api/encode-features/", {"target_column": "label"}),
        ("/api/train-models/", train_body(model_names=["LogisticRegression"])),
    ]:
        response = uploaded.post(path, json=body)
        assert response.status_code == 200, response.text
    new_rows = with_formulas(40, seed=5).drop(columns=["label"])
    response = uploaded.post(
        "/api/predict/",
        files={"file": ("new.csv", csv_bytes(new_rows), "text/csv")},
        data={"selected_model": "LogisticRegression"},
    )
    assert response.status_code == 200, response.text
    rows = cells(response.content)
    assert_inert(rows)
    assert set(column(rows, "prediction")) <= {"low", "mid", "high"}


def test_only_text_cells_that_start_with_a_trigger_change():
    frame = pd.DataFrame(
        {
            "number": [-3.5, 2.0, None],
            "text": pd.Series(["-3.5", "a=b", None], dtype="str"),
            "spaced": pd.Series(["\tcalc", "\rcalc", " =x"], dtype="str"),
            "accented": pd.Series(["é=x", "", "=é"], dtype="str"),
            "python": pd.Series(["=a", None, "b"], dtype="string[python]"),
            "mixed": pd.Series(["@x", 7, True], dtype=object),
            "level": pd.Categorical(["=a", "b", "=a"]),
            "flag": [True, False, True],
        }
    )
    inert = inert_cells(frame)
    assert inert["number"].tolist()[:2] == [-3.5, 2.0]
    assert inert["text"].tolist()[:2] == ["'-3.5", "a=b"]
    assert inert["spaced"].tolist() == ["'\tcalc", "'\rcalc", " =x"]
    assert inert["accented"].tolist() == ["é=x", "", "'=é"]
    assert inert["python"].tolist()[::2] == ["'=a", "b"]
    assert inert["mixed"].tolist() == ["'@x", 7, True]
    assert inert["level"].tolist() == ["'=a", "b", "'=a"]
    assert inert["flag"].tolist() == [True, False, True]
    assert frame["text"].tolist()[0] == "-3.5"
    plain = pd.DataFrame({"text": ["a", "b"], "number": [-1, 2]})
    assert inert_cells(plain) is plain
