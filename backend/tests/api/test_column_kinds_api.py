"""The frame payload names each column's kind and the scaling candidates, decided on the
full frame by the steps' own rules, not on the preview's first rows."""

import gc
import io

import pandas as pd

from lathe.api import frame_kinds
from lathe.steps.scaling import scaling_candidates
from tests.utils.client import upload

ROWS = 1_000
TEXT_ROWS = 150
"""The first 150 rows of ``reading`` are words: 70 % of the 500-row preview, 85 % of the frame."""


def quirky_csv() -> bytes:
    frame = pd.DataFrame(
        {
            "reading": ["about three"] * TEXT_ROWS + [str(i / 4) for i in range(ROWS - TEXT_ROWS)],
            "mixed": ["low" if i % 2 else str(i) for i in range(ROWS)],
            "amount": [i * 1.5 for i in range(ROWS)],
            "count": list(range(ROWS)),
            "when": [f"2024-01-{1 + i % 28:02d}" for i in range(ROWS)],
            "member": ["true" if i % 3 else "false" for i in range(ROWS)],
            "empty": [None] * ROWS,
            "city": ["Oslo", "Lima"] * (ROWS // 2),
        }
    )
    buffer = io.StringIO()
    frame.to_csv(buffer, index=False)
    return buffer.getvalue().encode()


def test_the_payload_names_kinds_and_scaling_candidates_of_the_full_frame(client):
    uploaded = upload(client, "quirks.csv", quirky_csv())
    for payload in (uploaded, client.get("/api/get-session-data/").json()):
        assert payload["column_kinds"] == {
            "reading": "categorical",
            "mixed": "categorical",
            "amount": "numeric",
            "count": "numeric",
            "when": "datetime",
            "member": "boolean",
            "empty": "numeric",
            "city": "categorical",
        }
        # an all-empty column reads as float64: scaling takes it and leaves it empty
        assert payload["scaling_candidates"] == ["reading", "amount", "count", "empty"]


def test_a_step_answers_the_kinds_of_the_frame_it_made(client):
    upload(client, "quirks.csv", quirky_csv())
    scaled = client.post(
        "/api/scale-features/",
        json={"method": "standard", "column_specific_settings": {"reading": "minmax"}},
    )
    assert scaled.status_code == 200, scaled.text
    answer = scaled.json()
    assert answer["column_kinds"]["reading"] == "numeric"
    assert answer["scaling_candidates"][:3] == ["reading", "amount", "count"]


def test_the_candidates_are_found_once_per_frame_and_forgotten_with_it(client, monkeypatch):
    upload(client, "quirks.csv", quirky_csv())
    found: list[list[str]] = []

    def counted(frame: pd.DataFrame) -> list[str]:
        found.append(scaling_candidates(frame))
        return found[-1]

    monkeypatch.setattr(frame_kinds, "scaling_candidates", counted)
    scaled = client.post("/api/scale-features/", json={"method": "standard"})
    assert scaled.status_code == 200, scaled.text
    for _ in range(3):
        read = client.get("/api/get-session-data/").json()
        assert read["scaling_candidates"] == scaled.json()["scaling_candidates"]
    assert len(found) == 1

    frame = pd.DataFrame({"n": [1.0, 2.0]})
    assert frame_kinds.frame_scaling_candidates(frame) == ["n"]
    key = id(frame)
    assert key in frame_kinds._known_candidates
    del frame
    gc.collect()
    assert key not in frame_kinds._known_candidates
