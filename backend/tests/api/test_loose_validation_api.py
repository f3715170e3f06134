"""Settings that were once accepted loosely are refused, and change nothing: an unknown
scaling target, a max_categories below 2 whatever the strategy, `false` (or text) where a
number is expected, `optimized=garbage` on prediction. A file with no rows is predicted
with the classifier's probability columns all the same."""

import io

import pandas as pd
import pytest

from tests.utils.client import upload
from tests.utils.datasets import mixed_classification
from tests.utils.files import SMALL_CSV
from tests.utils.session_state import session_state
from tests.utils.training import csv_bytes


@pytest.fixture
def uploaded(client):
    upload(client, "small.csv", SMALL_CSV)
    return client


def refused(client, settings, path, body, status, code):
    before = session_state(client, settings.data_dir)
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    assert response.json()["code"] == code
    assert session_state(client, settings.data_dir) == before


def test_scaling_refuses_an_unknown_target(uploaded, settings):
    refused(
        uploaded, settings, "/api/scale-features/", {"target_column": "nope"}, 400, "unknown_target"
    )


@pytest.mark.parametrize("strategy", ["auto", "onehot", "label"])
@pytest.mark.parametrize("max_categories", [-1, 0, 1])
def test_encoding_refuses_max_categories_below_two(uploaded, settings, strategy, max_categories):
    body = {"default_strategy": strategy, "max_categories": max_categories}
    refused(uploaded, settings, "/api/encode-features/", body, 400, "max_categories_too_small")


NUMBER_FIELDS = [
    ("/api/handle-missing/", {"drop_strategy": "rows", "drop_threshold": "X"}),
    ("/api/handle-missing/", {"fill_value": "X"}),
    (
        "/api/handle-missing/",
        {"column_specific_settings": [{"column": "price", "strategy": "mean", "fillValue": "X"}]},
    ),
    ("/api/detect-outliers/", {"factor": "X"}),
    ("/api/remove-outliers/", {"factor": "X"}),
    ("/api/remove-outliers/", {"column_configs": {"price": {"factor": "X"}}}),
    ("/api/encode-features/", {"max_categories": "X"}),
    ("/api/correlation-analysis/", {"threshold": "X", "preview_only": True}),
    (
        "/api/train-models/",
        {"model_names": ["GaussianNB"], "target_column": "sold", "test_size": "X"},
    ),
    (
        "/api/train-models/",
        {"model_names": ["GaussianNB"], "target_column": "sold", "cv_folds": "X"},
    ),
    ("/api/optimize-model/", {"selected_model": "GaussianNB", "cv_folds": "X"}),
    ("/api/optimize-model/", {"selected_model": "GaussianNB", "n_iterations": "X"}),
    ("/api/snapshot-step/", {"step_id": "X"}),
    ("/api/undo-step/", {"step_id": "X"}),
    ("/api/drop-columns/", {"columns": ["city"], "step_id": "X"}),
]


def with_value(body, value):
    """`body` with its "X" placeholder replaced by `value`, wherever it is nested."""
    if body == "X":
        return value
    if isinstance(body, dict):
        return {key: with_value(item, value) for key, item in body.items()}
    if isinstance(body, list):
        return [with_value(item, value) for item in body]
    return body


@pytest.mark.parametrize("value", [False, True, "1", "0.5"])
@pytest.mark.parametrize(("path", "body"), NUMBER_FIELDS)
def test_a_boolean_or_text_is_no_number(uploaded, settings, path, body, value):
    if "fill" in str(body) and isinstance(value, str):
        pytest.skip("a fill value may be text")
    refused(uploaded, settings, path, with_value(body, value), 422, "invalid_request")


def test_a_whole_number_is_still_a_fraction(uploaded):
    """Strict numbers refuse `false` and "0.5", not 1 where a float is expected."""
    response = uploaded.post(
        "/api/correlation-analysis/", json={"threshold": 1, "preview_only": True}
    )
    assert response.status_code == 200, response.text


def test_a_whole_float_is_an_integer_as_json_schema_says(uploaded):
    assert uploaded.post("/api/snapshot-step/", json={"step_id": 3.0}).json()["step_id"] == 3
    response = uploaded.post("/api/snapshot-step/", json={"step_id": 3.5})
    assert response.status_code == 422, response.text


@pytest.fixture
def trained(client):
    upload(client, "customers.csv", csv_bytes(mixed_classification()))
    body = {"model_names": ["GaussianNB"], "target_column": "label"}
    response = client.post("/api/train-models/", json=body)
    assert response.status_code == 200, response.text
    return client


def predict(client, content, **fields):
    return client.post(
        "/api/predict/",
        files={"file": ("new.csv", content, "text/csv")},
        data={"selected_model": "GaussianNB", **fields},
    )


def new_rows_csv(rows=5):
    return csv_bytes(mixed_classification(rows=rows, seed=3).drop(columns=["label"]))


@pytest.mark.parametrize("optimized", ["garbage", "2", "truthy", ""])
def test_predict_refuses_an_optimized_flag_that_is_no_boolean(trained, settings, optimized):
    before = session_state(trained, settings.data_dir)
    response = predict(trained, new_rows_csv(), optimized=optimized)
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "invalid_request"
    assert "optimized" in response.json()["error"]
    assert session_state(trained, settings.data_dir) == before


@pytest.mark.parametrize("optimized", ["false", "False", "0", "no"])
def test_predict_reads_a_false_optimized_flag(trained, optimized):
    assert predict(trained, new_rows_csv(), optimized=optimized).status_code == 200


def test_a_file_without_rows_gets_the_probability_columns(trained):
    with_rows = pd.read_csv(io.StringIO(predict(trained, new_rows_csv()).text))
    header_only = new_rows_csv().splitlines()[0] + b"\n"
    response = predict(trained, header_only)
    assert response.status_code == 200, response.text
    empty = pd.read_csv(io.StringIO(response.text))
    assert list(empty.columns) == list(with_rows.columns)
    assert [c for c in empty.columns if c.startswith("probability_")] == [
        "probability_high",
        "probability_low",
        "probability_mid",
    ]
    assert empty.empty
