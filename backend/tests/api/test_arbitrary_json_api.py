"""Every JSON endpoint of a live session, sent arbitrary JSON (NaN, infinities, huge and
deeply nested values included): never a 5xx; a refusal is a JSON error with a `code` and
leaves the session byte for byte as it was (its data as the API shows it and its manifest).

Bodies come in two kinds: any JSON at all (objects mostly use the model's field names),
which may also be a valid request; and a request one of whose fields is poisoned with a
value no field takes, which must be refused.
"""

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.utils.client import upload
from tests.utils.files import SMALL_CSV
from tests.utils.session_state import session_state

DOCUMENT = yaml.safe_load((Path(__file__).resolve().parents[3] / "openapi.yaml").read_text())
SCHEMAS = DOCUMENT["components"]["schemas"]
COLUMNS = {"id", "city", "price", "sold"}
FILL_VALUES = {"fill_value", "fillValue"}


def json_endpoints():
    for path, operations in DOCUMENT["paths"].items():
        for method, operation in operations.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body is not None:
                model = body["schema"]["$ref"].rsplit("/", 1)[-1]
                yield pytest.param(method, path, model, id=f"{method} {path}")


ENDPOINTS = list(json_endpoints())


def field_names(model):
    return sorted(SCHEMAS[model].get("properties", {}))


def nested(depth, inner, as_object):
    """`inner` (JSON text) `depth` arrays or objects deep, as text: deeper than Python's
    own JSON writer may go."""
    if as_object:
        return '{"not a column": ' * depth + inner + "}" * depth
    return "[" * depth + inner + "]" * depth


def json_array(items):
    return "[" + ", ".join(items) + "]"


def json_object(members):
    return "{" + ", ".join(f"{json.dumps(key)}: {value}" for key, value in members.items()) + "}"


huge_numbers = st.integers(min_value=20, max_value=400).map(lambda digits: 10**digits)
numbers = (
    st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | huge_numbers
    | huge_numbers.map(lambda number: -number)
)
# names of the upload's columns and of a model, so that bodies reach the checks past them
names = st.sampled_from([*sorted(COLUMNS), "GaussianNB"])
scalars = (st.none() | st.booleans() | numbers | names | st.text(max_size=20)).map(json.dumps)
deep = st.builds(nested, st.integers(2, 3000), scalars, st.booleans())
column_names = names | st.text(max_size=10)


def anything(fields):
    """Any JSON, as text; objects take the model's field names more often than not."""
    keys = st.sampled_from(fields) | column_names if fields else column_names
    return st.recursive(
        scalars | deep,
        lambda inner: (
            st.lists(inner, max_size=4).map(json_array)
            | st.dictionaries(keys, inner, max_size=5).map(json_object)
        ),
        max_leaves=12,
    )


def poisons(field):
    """Values `field` cannot take, as JSON text: non-finite numbers, nesting two or more
    levels deep (under a name no column has), and, but for fill values, numbers below
    every range."""
    raw = st.sampled_from(["NaN", "Infinity", "-Infinity", "1e400", "-1e400"]) | deep
    if field not in FILL_VALUES:
        raw = raw | huge_numbers.map(lambda number: str(-number))
    return raw


def plausible(schema):
    """Values `schema` takes, drawn near the session's data (its column names, a model's
    name), so that a poisoned body gets past every check but its poison."""
    if isinstance(schema, bool):  # JSON Schema's `true`: any value
        return scalars
    if "$ref" in schema:
        return plausible(SCHEMAS[schema["$ref"].rsplit("/", 1)[-1]])
    if "anyOf" in schema:
        return st.one_of([plausible(part) for part in schema["anyOf"]])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    if "const" in schema:
        return st.just(schema["const"])
    return _plausible_of_type(schema)


def _plausible_of_type(schema):
    kind = schema.get("type")
    if kind == "object":
        if "properties" in schema:
            fields = {name: plausible(part) for name, part in schema["properties"].items()}
            return st.fixed_dictionaries(fields)
        return st.dictionaries(names, plausible(schema.get("additionalProperties", {})), max_size=2)
    if kind == "array":
        return st.lists(plausible(schema["items"]), max_size=3)
    if kind in ("integer", "number"):
        low, high = schema.get("minimum", -5), schema.get("maximum", 20)
        if kind == "integer":
            return st.integers(int(low), int(high))
        return st.floats(low, high)
    return {"string": names, "boolean": st.booleans(), "null": st.none()}.get(kind, st.none())


@st.composite
def poisoned_bodies(draw, model):
    """A plausible body of `model` with one of its fields poisoned, as JSON text."""
    body = {name: json.dumps(value) for name, value in draw(plausible(SCHEMAS[model])).items()}
    field = draw(st.sampled_from(field_names(model)))
    body[field] = draw(poisons(field))
    return json_object(body)


class LiveSession:
    """A session with a small upload; a request it accepted may change it, so it is then
    uploaded afresh."""

    def __init__(self, client, data_dir):
        self.client = client
        self.data_dir = data_dir
        self.fresh()

    def fresh(self):
        upload(self.client, "small.csv", SMALL_CSV)
        self.state = session_state(self.client, self.data_dir)

    def send(self, method, path, raw, must_refuse):
        response = self.client.request(
            method, path, content=raw, headers={"content-type": "application/json"}
        )
        assert response.status_code < 500, (raw[:300], response.text)
        if response.status_code < 400:
            assert not must_refuse, (raw[:300], response.text[:300])
            self.fresh()
            return
        body = response.json()
        assert isinstance(body["code"], str) and body["code"], body
        assert isinstance(body["error"], str) and body["error"], body
        assert session_state(self.client, self.data_dir) == self.state, raw[:300]


FUZZ = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.mark.parametrize(("method", "path", "model"), ENDPOINTS)
def test_any_json_gets_an_answer_and_a_refusal_changes_nothing(
    client, settings, method, path, model
):
    live = LiveSession(client, settings.data_dir)

    @FUZZ
    @given(value=anything(field_names(model)))
    def any_json(value):
        live.send(method, path, value, must_refuse=False)

    any_json()


@pytest.mark.parametrize(("method", "path", "model"), ENDPOINTS)
def test_a_poisoned_field_is_refused_and_changes_nothing(client, settings, method, path, model):
    live = LiveSession(client, settings.data_dir)

    @FUZZ
    @given(raw=poisoned_bodies(model))
    def poisoned(raw):
        live.send(method, path, raw, must_refuse=True)

    poisoned()


def test_every_request_model_is_fuzzed():
    fuzzed = {param.values[2] for param in ENDPOINTS}
    assert len(ENDPOINTS) >= 14
    assert {"HandleMissingRequest", "TrainModelsRequest", "StepRequest"} <= fuzzed
