from lathe.steps.recipe import RECIPE_STEPS
from tests.utils.client import upload
from tests.utils.files import SHOP_CSV


def test_recipe_lists_each_step_with_its_settings(client):
    upload(client, "shop.csv", SHOP_CSV)
    assert client.get("/api/recipe/").json() == {"steps": []}
    steps = [
        (
            "/api/handle-missing/",
            {"strategy": "median", "drop_strategy": "rows", "drop_threshold": 0.5},
        ),
        ("/api/remove-outliers/", {"column_configs": {"income": {"strategy": "cap", "factor": 2}}}),
        ("/api/remove-outliers/", {"column_configs": {"age": {"method": "zscore"}}}),
        ("/api/encode-features/", {"default_strategy": "onehot", "target_column": "bought"}),
        ("/api/drop-columns/", {"columns": ["plan_pro"]}),
        ("/api/scale-features/", {"method": "robust", "target_column": "bought"}),
    ]
    for path, body in steps:
        response = client.post(path, json=body)
        assert response.status_code == 200, response.text

    recipe = client.get("/api/recipe/").json()["steps"]

    assert [step["step"] for step in recipe] == [
        "drop_missing_rows",
        "impute_missing",
        "handle_outliers",
        "remove_outlier_rows",
        "encode",
        "drop_columns",
        "scale",
    ]
    assert recipe[0]["threshold"] == 0.5 and recipe[0]["columns"] == []
    imputed = {column["column"]: column["setting"] for column in recipe[1]["columns"]}
    assert imputed["income"] == "median" and imputed["city"] == "mode"
    capped = recipe[2]["columns"]
    assert capped == [
        {
            "column": "income",
            "setting": "cap",
            "detection": "iqr",
            "factor": 2.0,
            "fill_value": None,
            "indicator": None,
            "reason": None,
        }
    ]
    removed = recipe[3]["columns"][0]
    assert (removed["column"], removed["setting"], removed["detection"]) == (
        "age",
        "remove",
        "zscore",
    )
    encoded = {column["column"]: column["setting"] for column in recipe[4]["columns"]}
    assert encoded == {"city": "onehot", "plan": "onehot"}
    assert recipe[5]["columns"] == [
        {
            "column": "plan_pro",
            "setting": None,
            "detection": None,
            "factor": None,
            "fill_value": None,
            "indicator": None,
            "reason": None,
        }
    ]
    assert {column["setting"] for column in recipe[6]["columns"]} == {"robust"}
    assert "bought" not in {column["column"] for column in recipe[6]["columns"]}


def test_recipe_gives_the_constant_of_a_fill(client):
    upload(client, "shop.csv", SHOP_CSV)
    body = {
        "column_specific_settings": [
            {"column": "city", "strategy": "constant", "fillValue": "none"}
        ]
    }
    assert client.post("/api/handle-missing/", json=body).status_code == 200
    (step,) = client.get("/api/recipe/").json()["steps"]
    assert step["columns"] == [
        {
            "column": "city",
            "setting": "constant",
            "detection": None,
            "factor": None,
            "fill_value": "none",
            "indicator": None,
            "reason": None,
        }
    ]


def test_recipe_describes_a_step_of_every_kind(client):
    rows = SHOP_CSV.decode().splitlines()
    visits = ["visits", "", "", "", "4", "5", "6", "7", "8"]
    with_visits = "\n".join(f"{row},{v}" for row, v in zip(rows, visits, strict=True))
    upload(client, "shop.csv", with_visits.encode())
    steps = [
        ("/api/handle-missing/", {"drop_strategy": "columns", "drop_threshold": 0.2}),
        ("/api/handle-missing/", {"drop_strategy": "rows", "drop_threshold": 0.5}),
        ("/api/remove-outliers/", {"column_configs": {"income": {"strategy": "cap"}}}),
        ("/api/remove-outliers/", {"column_configs": {"income": {"strategy": "remove"}}}),
        ("/api/encode-features/", {"default_strategy": "label", "target_column": "bought"}),
        ("/api/drop-columns/", {"columns": ["plan"]}),
        ("/api/scale-features/", {"method": "minmax", "target_column": "bought"}),
    ]
    for path, body in steps:
        response = client.post(path, json=body)
        assert response.status_code == 200, response.text

    recipe = client.get("/api/recipe/").json()["steps"]

    assert {step["step"] for step in recipe} == set(RECIPE_STEPS)
    described = {step["step"]: [column["column"] for column in step["columns"]] for step in recipe}
    assert described["drop_missing_columns"] == ["visits"]
    assert described["drop_missing_rows"] == []
    assert described["remove_outlier_rows"] == ["income"]
    assert described["drop_columns"] == ["plan"]
    assert {step["step"]: step["threshold"] for step in recipe if step["threshold"]} == {
        "drop_missing_columns": 0.2,
        "drop_missing_rows": 0.5,
    }


def test_recipe_without_a_session_is_refused(client):
    response = client.get("/api/recipe/")
    assert response.status_code == 400
    assert response.json()["code"] == "no_dataset"
