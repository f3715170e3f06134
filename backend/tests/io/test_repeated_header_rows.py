"""Files joined end to end, each part with its header row."""

from itertools import pairwise
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from lathe.io.readers import read_table


def read(tmp_path: Path, text: str):
    path = tmp_path / "joined.csv"
    path.write_text(text)
    return read_table(path, "joined.csv")


def joined(frame: pd.DataFrame, parts: int, **options) -> str:
    bounds = np.linspace(0, len(frame), parts + 1).astype(int)
    return "".join(
        frame.iloc[start:end].to_csv(index=False, **options) for start, end in pairwise(bounds)
    )


PEOPLE = pd.DataFrame(
    {
        "age": [39, 40, 41, 52, 23, 35],
        "city": ["Lima", "Oslo", "Lima", "Pune", "Oslo", "Lima"],
        "score": [1.5, 2.25, None, 3.0, 0.5, 1.0],
        "member": [True, False, True, True, False, False],
        "joined": ["2024-01-02", "2024-02-03", "2024-03-04", "2024-04-05", "2024-05-06", None],
    }
)


@pytest.mark.parametrize(
    ("parts", "warning"),
    [
        (2, "1 row repeated the header row and was skipped."),
        (3, "2 rows repeated the header row and were skipped."),
    ],
)
def test_the_rows_of_joined_files_keep_their_types(tmp_path, parts, warning):
    table = read(tmp_path, joined(PEOPLE, parts))
    frame = table.frame
    assert len(frame) == len(PEOPLE)
    assert frame["age"].dtype == "int64" and frame["age"].tolist() == PEOPLE["age"].tolist()
    assert frame["score"].dtype == "float64"
    assert str(frame["member"].dtype) == "boolean"
    assert frame["joined"].dtype.kind == "M"
    assert set(frame["city"]) == {"Lima", "Oslo", "Pune"}
    assert table.warnings == [warning]


def test_cells_written_after_a_comma_and_a_space(tmp_path):
    text = joined(PEOPLE[["age", "city", "score"]], 2, na_rep="?").replace(",", ", ")
    frame = read(tmp_path, text).frame
    assert frame["age"].dtype == "int64" and frame["score"].dtype == "float64"
    assert frame["score"].isna().sum() == 1


def test_a_blank_name_and_a_number_as_a_name(tmp_path):
    text = "age,,2019\n39,,1\n40,x,2\nage,,2019\n41,,3\n"
    table = read(tmp_path, text)
    assert list(table.frame.columns) == ["age", "col_2", "2019"]
    assert table.frame["2019"].tolist() == [1, 2, 3]
    assert table.frame["age"].dtype == "int64"


@pytest.mark.parametrize(
    "text",
    [
        # a name among the values, in a row that is not the header
        "age,city\n39,Lima\n40,city\n",
        "age,city\n39,Lima\nage,Oslo\n",
        # numbers only
        "age,score\n39,1.5\n40,2.5\n",
    ],
)
def test_rows_that_do_not_repeat_the_header_stay(tmp_path, text):
    table = read(tmp_path, text)
    assert len(table.frame) == 2
    assert table.warnings == []


def test_a_repeat_past_the_first_block_the_parser_types(tmp_path):
    rows = pd.DataFrame({"n": np.arange(120_000), "x": np.arange(120_000) / 4})
    frame = read(tmp_path, joined(rows, 2)).frame
    assert frame["n"].dtype == "int64" and frame["x"].dtype == "float64"
    assert frame["n"].tolist() == list(range(120_000))
