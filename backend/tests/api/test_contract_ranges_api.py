"""Every bounded number of a request body states its minimum and maximum in the contract
(generated clients and fuzzers once knew none of them), and the server refuses a value
just outside them and changes nothing."""

import pytest

from tests.utils.client import upload
from tests.utils.files import SMALL_CSV
from tests.utils.session_state import session_state

UNBOUNDED = {
    ("ColumnMissingSetting", "fillValue"): "a value to fill, not a setting",
    ("HandleMissingRequest", "fill_value"): "a value to fill, not a setting",
    ("PickOptimizationRequest", "run_id"): "a run the server numbered: any other is unknown",
}
OPEN_ABOVE = {("EncodeFeaturesRequest", "max_categories")}

# (component, property) -> the request that sets it, "X" standing for the value
REQUESTS = {
    ("HandleMissingRequest", "drop_threshold"): (
        "/api/handle-missing/",
        {"drop_strategy": "rows", "drop_threshold": "X"},
    ),
    ("DetectOutliersRequest", "factor"): ("/api/detect-outliers/", {"factor": "X"}),
    ("OutlierDetectionConfig", "factor"): (
        "/api/detect-outliers/",
        {"column_configs": {"price": {"factor": "X"}}},
    ),
    ("RemoveOutliersRequest", "factor"): ("/api/remove-outliers/", {"factor": "X"}),
    ("OutlierRemovalConfig", "factor"): (
        "/api/remove-outliers/",
        {"column_configs": {"price": {"factor": "X"}}},
    ),
    ("EncodeFeaturesRequest", "max_categories"): (
        "/api/encode-features/",
        {"max_categories": "X"},
    ),
    ("CorrelationRequest", "threshold"): (
        "/api/correlation-analysis/",
        {"threshold": "X", "preview_only": True},
    ),
    ("TrainModelsRequest", "test_size"): (
        "/api/train-models/",
        {"model_names": ["GaussianNB"], "target_column": "sold", "test_size": "X"},
    ),
    ("TrainModelsRequest", "cv_folds"): (
        "/api/train-models/",
        {"model_names": ["GaussianNB"], "target_column": "sold", "cv_folds": "X"},
    ),
    ("TrainModelsRequest", "time_budget"): (
        "/api/train-models/",
        {"mode": "best", "target_column": "sold", "time_budget": "X"},
    ),
    ("OptimizeModelRequest", "cv_folds"): (
        "/api/optimize-model/",
        {"selected_model": "GaussianNB", "cv_folds": "X"},
    ),
    ("OptimizeModelRequest", "n_iterations"): (
        "/api/optimize-model/",
        {"selected_model": "GaussianNB", "n_iterations": "X"},
    ),
    ("StepRequest", "step_id"): ("/api/snapshot-step/", {"step_id": "X"}),
    ("DropColumnsRequest", "step_id"): (
        "/api/drop-columns/",
        {"columns": ["city"], "step_id": "X"},
    ),
}


def _referenced(schema):
    """The components a schema refers to, directly or through its parts."""
    if isinstance(schema, dict):
        ref = schema.get("$ref")
        if ref is not None:
            yield ref.rsplit("/", 1)[-1]
        for part in schema.values():
            yield from _referenced(part)
    elif isinstance(schema, list):
        for part in schema:
            yield from _referenced(part)


def request_components(document):
    components = document["components"]["schemas"]
    pending = [
        name
        for path in document["paths"].values()
        for operation in path.values()
        for name in _referenced(
            operation.get("requestBody", {}).get("content", {}).get("application/json", {})
        )
    ]
    found = set()
    while pending:
        name = pending.pop()
        if name not in found:
            found.add(name)
            pending.extend(_referenced(components[name]))
    return {name: components[name] for name in found}


def _is_number(schema):
    kinds = [schema, *schema.get("anyOf", [])]
    return any(kind.get("type") in ("number", "integer") for kind in kinds)


def number_properties(document):
    return {
        (name, prop): schema
        for name, component in request_components(document).items()
        for prop, schema in component.get("properties", {}).items()
        if _is_number(schema)
    }


def test_every_bounded_number_of_a_request_states_its_range(client):
    numbers = number_properties(client.app.openapi())
    assert "OutlierRemovalConfig" in {name for name, _ in numbers}, "nested parts are walked"
    bounded = {key for key in numbers if key not in UNBOUNDED}
    assert bounded == set(REQUESTS)
    for key in bounded:
        assert "minimum" in numbers[key], key
        assert ("maximum" in numbers[key]) == (key not in OPEN_ABOVE), key


def with_value(body, value):
    if body == "X":
        return value
    if isinstance(body, dict):
        return {key: with_value(item, value) for key, item in body.items()}
    return body


def outside_values(schema):
    step = (
        1
        if any(kind.get("type") == "integer" for kind in [schema, *schema.get("anyOf", [])])
        else 0.01
    )
    values = [schema["minimum"] - step]
    if "maximum" in schema:
        values.append(schema["maximum"] + step)
    return [int(value) if step == 1 else value for value in values]


def test_the_server_refuses_each_value_just_outside_its_stated_range(client, settings):
    upload(client, "small.csv", SMALL_CSV)
    numbers = number_properties(client.app.openapi())
    for key, (path, body) in REQUESTS.items():
        for value in outside_values(numbers[key]):
            before = session_state(client, settings.data_dir)
            response = client.post(path, json=with_value(body, value))
            assert response.status_code == 400, (key, value, response.text)
            assert response.json()["code"].endswith(("_out_of_range", "_too_small", "step_id")), (
                key,
                response.text,
            )
            assert session_state(client, settings.data_dir) == before, (key, value)


@pytest.mark.parametrize("step_id", [1, 10])
def test_the_first_and_last_steps_take_snapshots(client, step_id):
    upload(client, "small.csv", SMALL_CSV)
    assert client.post("/api/snapshot-step/", json={"step_id": step_id}).status_code == 200
