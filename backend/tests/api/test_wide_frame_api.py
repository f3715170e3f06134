"""A frame of a thousand one-hot columns: the encoding's and the analysis's answers stay
bounded, and the pairwise statistics take the columns that matter."""

import numpy as np
import pandas as pd
import pytest

from lathe.analysis.column_choice import PAIRWISE_COLUMNS
from tests.utils.client import upload
from tests.utils.training import csv_bytes

ROWS = 5_000
ANSWER_BYTES = 512 * 1024
"""Before the bound the analysis answered 1.2 MB here, the preview's 500 rows of 1,002
cells most of it, and 30 MB once one-hot columns were booleans (every pair of them)."""


def wide_frame() -> pd.DataFrame:
    """Five text columns of 200 levels (1,000 one-hot columns), a number and a target
    that follows one level of the first column."""
    rng = np.random.default_rng(0)
    frame = pd.DataFrame(
        {f"code{i}": [f"L{level}" for level in rng.integers(0, 200, ROWS)] for i in range(5)}
    )
    frame["amount"] = rng.normal(size=ROWS)
    frame["churned"] = ((frame["code0"] == "L7") | (rng.random(ROWS) < 0.2)).astype(int)
    return frame


@pytest.fixture
def encoded(client):
    upload(client, "wide.csv", csv_bytes(wide_frame()))
    response = client.post(
        "/api/encode-features/",
        json={"default_strategy": "onehot", "max_categories": 200, "target_column": "churned"},
    )
    assert response.status_code == 200, response.text
    assert response.json()["shape"] == [ROWS, 1_002]
    assert len(response.content) < ANSWER_BYTES
    return client


@pytest.mark.parametrize("target", [None, "churned"])
def test_the_analysis_of_a_thousand_columns_stays_bounded(encoded, target):
    response = encoded.get("/api/analyze/", params={"target": target} if target else {})
    assert response.status_code == 200, response.text
    assert len(response.content) < ANSWER_BYTES
    analysis = response.json()
    assert analysis["shape"] == [ROWS, 1_002]
    assert 1 <= len(analysis["data"]) < 500
    assert all(len(row) == 1_002 for row in analysis["data"])
    assert len(analysis["vif"]) + len(analysis["vif_infinite"]) <= PAIRWISE_COLUMNS
    assert analysis["pairwise_left_out"]["vif"] == 1_002 - PAIRWISE_COLUMNS
    if target:
        assert "code0_L7" in analysis["vif"]
        assert len(analysis["feature_target_assoc"]) == 1_001
