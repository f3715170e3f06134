import pandas as pd
import pytest

from lathe.steps.recipe import replay
from lathe.store.session_store import SessionStore
from tests.utils.client import session_id_of, upload
from tests.utils.files import SHOP_CSV


@pytest.fixture
def uploaded(client):
    upload(client, "shop.csv", SHOP_CSV)
    return client


def session_frames(client, settings):
    store = SessionStore(settings.data_dir, ttl_hours=1, cache_size=0)
    with store.reading(session_id_of(client)) as session:
        return session.raw_frame(), session.frame, session.manifest.recipe


def test_handle_missing_global(uploaded):
    response = uploaded.post(
        "/api/handle-missing/", json={"strategy": "median", "cat_strategy": "constant"}
    )
    body = response.json()
    assert response.status_code == 200, body
    assert sum(body["missing_values"].values()) == 0
    assert body["data"][2][0] == 32.0
    assert body["data"][1][1] == 1250.0
    assert body["data"][3][2] == "unknown"
    assert body["message"].startswith("Missing values handled: 3 filled")


def test_a_step_says_whether_it_changed_the_data(uploaded):
    settings = {"strategy": "median", "cat_strategy": "constant"}
    assert uploaded.post("/api/handle-missing/", json=settings).json()["changed"] is True
    assert uploaded.post("/api/handle-missing/", json=settings).json()["changed"] is False
    no_outliers = {"column_configs": {"age": {"strategy": "remove", "factor": 10}}}
    assert uploaded.post("/api/remove-outliers/", json=no_outliers).json()["changed"] is False


def test_handle_missing_drop_rows_first(uploaded):
    body = uploaded.post("/api/handle-missing/", json={"drop_strategy": "rows"}).json()
    assert body["shape"] == [5, 5]


def test_handle_missing_column_specific(uploaded):
    body = uploaded.post(
        "/api/handle-missing/",
        json={
            "column_specific_settings": [
                {"column": "city", "strategy": "constant", "fillValue": "?"}
            ]
        },
    ).json()
    assert body["missing_values"] == {"age": 1, "income": 1, "city": 0, "plan": 0, "bought": 0}
    assert body["data"][3][2] == "?"


def test_handle_missing_refuses_a_numeric_strategy_for_text(uploaded):
    response = uploaded.post(
        "/api/handle-missing/",
        json={"column_specific_settings": [{"column": "city", "strategy": "mean"}]},
    )
    assert response.status_code == 400
    assert "city" in response.json()["error"]


def test_detect_outliers_changes_nothing(uploaded):
    body = uploaded.post("/api/detect-outliers/", json={"method": "iqr", "factor": 1.5}).json()
    assert body["outliers"]["income"]["count"] == 1
    assert body["affected_columns"] == ["income"]
    assert body["total"] == 1
    assert body["percentage"] == pytest.approx(100 / 8)
    assert uploaded.get("/api/get-session-data/").json()["shape"] == [8, 5]


def test_detect_outliers_column_config_overrides(uploaded):
    body = uploaded.post(
        "/api/detect-outliers/",
        json={"factor": 1.5, "column_configs": {"income": {"method": "zscore", "factor": 10}}},
    ).json()
    assert body["outliers"]["income"]["count"] == 0
    assert set(body["outliers"]) == {"age", "income", "bought"}


@pytest.mark.parametrize("factor", [0.05, 10.5])
def test_outlier_factor_must_be_in_range(uploaded, factor):
    response = uploaded.post("/api/remove-outliers/", json={"factor": factor})
    assert response.status_code == 400


def test_remove_outliers_remove_and_cap(uploaded):
    removed = uploaded.post(
        "/api/remove-outliers/", json={"column_configs": {"income": {"strategy": "remove"}}}
    ).json()
    assert removed["shape"] == [7, 5]
    assert removed["message"] == "Outliers handled: 1 rows removed."


def test_encode_features_auto_and_target_rules(uploaded):
    refused = uploaded.post("/api/encode-features/", json={"default_strategy": "target"})
    assert refused.status_code == 400
    assert refused.json()["error"] == "Please select a target column for Target strategy."
    body = uploaded.post(
        "/api/encode-features/", json={"default_strategy": "onehot", "target_column": "bought"}
    ).json()
    assert "city_Paris" in body["columns"] and "plan_pro" in body["columns"]
    assert "city" not in body["columns"] and "bought" in body["columns"]


def test_correlation_preview_and_drop(uploaded):
    uploaded.post("/api/handle-missing/", json={})
    preview = uploaded.post(
        "/api/correlation-analysis/", json={"threshold": 0.0, "preview_only": True}
    ).json()
    assert preview["highly_correlated"] and set(preview) == {"threshold", "highly_correlated"}
    empty = uploaded.post(
        "/api/correlation-analysis/", json={"threshold": 0.9, "columns_to_drop": []}
    )
    assert empty.json()["error"] == "Please select at least one column to drop."
    dropped = uploaded.post(
        "/api/correlation-analysis/", json={"threshold": 0.9, "columns_to_drop": ["age"]}
    ).json()
    assert dropped["dropped_columns"] == ["age"] and "age" not in dropped["columns"]
    assert dropped["message"] == "1 columns dropped"


def test_target_correlation_sorted_by_absolute_value(uploaded):
    uploaded.post("/api/handle-missing/", json={})
    body = uploaded.post(
        "/api/target-correlation/", json={"target_column": "bought", "method": "spearman"}
    ).json()
    assert body["target_column"] == "bought" and body["method"] == "spearman"
    values = [abs(item["correlation"]) for item in body["correlations"]]
    assert values == sorted(values, reverse=True)
    assert {item["column"] for item in body["correlations"]} == {"age", "income"}


def test_scale_features_excludes_the_target(uploaded):
    uploaded.post("/api/handle-missing/", json={})
    body = uploaded.post(
        "/api/scale-features/", json={"method": "minmax", "target_column": "bought"}
    ).json()
    ages = [row[0] for row in body["data"]]
    assert min(ages) == 0.0 and max(ages) == 1.0
    assert [row[4] for row in body["data"]] == [1, 0, 1, 0, 1, 0, 1, 0]


def test_scaling_without_numeric_columns(client):
    upload(client, "t.csv", b"a,b\nx,y\nz,w\n")
    response = client.post("/api/scale-features/", json={})
    assert response.json()["code"] == "no_numeric_columns"


def test_recipe_replays_to_the_current_frame_and_undo_restores_it(uploaded, settings):
    uploaded.post("/api/drop-columns/", json={"columns": ["plan"]})
    uploaded.post("/api/snapshot-step/", json={"step_id": 3})
    uploaded.post("/api/handle-missing/", json={"drop_strategy": "rows"})
    uploaded.post("/api/snapshot-step/", json={"step_id": 4})
    uploaded.post("/api/remove-outliers/", json={"strategy": "cap"})
    uploaded.post("/api/encode-features/", json={"target_column": "bought"})
    uploaded.post("/api/scale-features/", json={"target_column": "bought"})
    raw, current, recipe = session_frames(uploaded, settings)
    assert [step["step"] for step in recipe] == [
        "drop_columns",
        "drop_missing_rows",
        "impute_missing",
        "handle_outliers",
        "encode",
        "scale",
    ]
    pd.testing.assert_frame_equal(replay(raw, recipe), current)

    uploaded.post("/api/undo-step/", json={"step_id": 4})
    raw, current, recipe = session_frames(uploaded, settings)
    assert [step["step"] for step in recipe] == [
        "drop_columns",
        "drop_missing_rows",
        "impute_missing",
    ]
    pd.testing.assert_frame_equal(replay(raw, recipe), current)


@pytest.mark.parametrize(
    ("path", "body"),
    [
        (
            "/api/handle-missing/",
            {"column_specific_settings": [{"column": "ghost", "strategy": "mode"}]},
        ),
        ("/api/remove-outliers/", {"column_configs": {"ghost": {}}}),
        (
            "/api/encode-features/",
            {"column_specific_settings": [{"column": "ghost", "strategy": "label"}]},
        ),
        ("/api/scale-features/", {"column_specific_settings": {"ghost": "robust"}}),
        ("/api/correlation-analysis/", {"columns_to_drop": ["ghost"]}),
    ],
)
def test_unknown_columns_are_named_and_change_nothing(uploaded, path, body):
    response = uploaded.post(path, json=body)
    assert response.status_code == 400
    assert response.json()["code"] == "unknown_columns"
    assert "ghost" in response.json()["error"]
    assert uploaded.get("/api/get-session-data/").json()["shape"] == [8, 5]


@pytest.mark.parametrize(
    "path",
    [
        "/api/handle-missing/",
        "/api/detect-outliers/",
        "/api/encode-features/",
        "/api/scale-features/",
    ],
)
def test_steps_need_a_dataset(client, path):
    assert client.post(path, json={}).json()["code"] == "no_dataset"


def test_invalid_enumerations_are_422(uploaded):
    response = uploaded.post("/api/handle-missing/", json={"strategy": "average"})
    assert response.status_code == 422
    assert response.json()["code"] == "invalid_request"
