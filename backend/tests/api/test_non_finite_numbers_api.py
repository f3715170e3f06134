"""NaN and infinities in a numeric setting are a 4xx with a JSON error, never a 500, and the
session stays as it was."""

import numpy as np
import pytest

from lathe.api.error_handlers import error_body
from lathe.errors import ErrorCode
from tests.utils.client import upload
from tests.utils.files import SMALL_CSV

NON_FINITE = ["NaN", "Infinity", "-Infinity"]
BODIES = [
    ("/api/handle-missing/", lambda v: {"drop_strategy": "rows", "drop_threshold": v}),
    ("/api/detect-outliers/", lambda v: {"factor": v}),
    ("/api/remove-outliers/", lambda v: {"column_configs": {"price": {"factor": v}}}),
    ("/api/correlation-analysis/", lambda v: {"threshold": v, "preview_only": True}),
    ("/api/train-models/", lambda v: {"model_names": ["GaussianNB"], "test_size": v}),
]


@pytest.mark.parametrize("value", NON_FINITE)
@pytest.mark.parametrize(("path", "body"), BODIES, ids=[path for path, _ in BODIES])
def test_a_non_finite_setting_is_refused_and_changes_nothing(client, path, body, value):
    upload(client, "small.csv", SMALL_CSV)
    before = client.get("/api/get-session-data/").json()
    raw = str(body(0.5)).replace("'", '"').replace("0.5", value)
    response = client.post(path, content=raw, headers={"content-type": "application/json"})
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "invalid_request"
    assert client.get("/api/get-session-data/").json() == before


def test_an_error_body_holds_any_params():
    body = error_body(
        "x", ErrorCode.STEP_FAILED, {"value": np.float64("nan"), "n": np.int64(3), "t": (1, np.inf)}
    )
    assert body["params"] == {"value": "nan", "n": 3, "t": [1, "inf"]}
