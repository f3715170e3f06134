"""Schemathesis over the OpenAPI document, against the app in process and a live session:
no server error, and every answer as the contract describes it (status, content type,
body schema); a body the schema allows is never refused as malformed (422), one it does
not allow is refused."""

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig

from lathe.api.session_cookie import COOKIE_NAME
from lathe.config import Settings
from lathe.main import create_app
from tests.utils.files import SMALL_CSV

CONFIG = SchemathesisConfig.from_dict(
    {
        "checks": {
            # A request the schema allows may still be refused for the session's state or
            # data (400: no such column, too few rows, nothing trained yet); only a 422,
            # the contract disagreeing with the server, is a failure.
            "positive_data_acceptance": {"expected-statuses": ["2xx", "400", "404"]},
        }
    }
)


def without_tuples(node: Any) -> Any:
    """`node` with each tuple (`prefixItems`, only the [rows, columns] shapes) as an array
    of its items' schemas. Schemathesis 4.32 rewrites `prefixItems` into draft 4's
    `items: [...]` and then rejects that when it checks a 3.1 response."""
    if isinstance(node, list):
        return [without_tuples(item) for item in node]
    if not isinstance(node, dict):
        return node
    converted = {key: without_tuples(value) for key, value in node.items()}
    if "prefixItems" in converted:
        converted["items"] = {"anyOf": converted.pop("prefixItems")}
    return converted


# the parametrized tests need the app when they are collected
DATA = Path(tempfile.mkdtemp(prefix="lathe-schemathesis-"))
APP = create_app(Settings(data_dir=DATA / "data", static_dir=DATA / "no-interface"))
schema = schemathesis.openapi.from_dict(without_tuples(APP.openapi()), config=CONFIG)
schema.app = APP


@pytest.fixture(scope="module")
def session_cookie() -> Iterator[dict[str, str]]:
    with TestClient(APP) as client:
        response = client.post("/api/upload/", files={"file": ("small.csv", SMALL_CSV, "text/csv")})
        assert response.status_code == 200, response.text
        yield {"cookie": f"{COOKIE_NAME}={response.cookies[COOKIE_NAME]}"}
    shutil.rmtree(DATA, ignore_errors=True)


@schema.parametrize()
@settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_the_api_keeps_its_contract(case, session_cookie):
    case.call_and_validate(headers=session_cookie)
