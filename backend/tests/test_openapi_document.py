from pathlib import Path

from lathe.openapi_document import openapi_yaml

COMMITTED = Path(__file__).resolve().parents[2] / "openapi.yaml"


def test_committed_openapi_matches_the_app():
    assert COMMITTED.read_text(encoding="utf-8") == openapi_yaml(), (
        "openapi.yaml is stale: run `make openapi` and commit the result"
    )


def test_operation_ids_are_stable_tag_function_names():
    document = openapi_yaml()
    for operation in (
        "data-upload",
        "history-undo_step",
        "health-health",
        "training-train_models",
        "training-progress",
        "evaluation-evaluate_models",
    ):
        assert f"operationId: {operation}" in document
