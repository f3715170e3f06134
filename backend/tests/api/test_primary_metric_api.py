"""The primary metric: chosen with the training, or afterwards without training again;
the best model follows it in its direction."""

from tests.utils.client import upload
from tests.utils.datasets import regression_frame
from tests.utils.training import csv_bytes, train_body

MODELS = ["LinearRegression", "DecisionTreeRegressor"]


def _regression(client, **changes):
    upload(client, "prices.csv", csv_bytes(regression_frame()))
    body = train_body(
        model_names=MODELS, target_column="price", problem_type="regression", **changes
    )
    return client.post("/api/train-models/", json=body)


def _lowest(results, metric):
    return min(results, key=lambda result: result["metrics"][metric])["model"]


def test_the_primary_metric_travels_with_the_training_request(client):
    trained = _regression(client, primary_metric="mae", validation_method="cross_validation")
    assert trained.status_code == 200, trained.json()
    assert trained.json()["primary_metric"] == "mae"
    evaluation = client.post("/api/evaluate-models/").json()
    assert evaluation["primary_metric"] == "mae"
    assert evaluation["best_model"] == _lowest(evaluation["results"], "mae")
    first = evaluation["results"][0]
    assert len(first["fold_metrics"]) == 5
    assert set(first["metrics_std"]) == set(first["metrics"])


def test_a_metric_of_another_problem_type_is_refused(client):
    response = _regression(client, primary_metric="accuracy")
    assert response.status_code == 400
    assert response.json()["code"] == "primary_metric_unavailable"


def test_evaluation_ranks_again_by_another_metric_without_training(client):
    assert _regression(client).status_code == 200
    before = client.post("/api/evaluate-models/").json()
    assert before["primary_metric"] == "r2"
    assert "fold_metrics" not in before["results"][0]

    changed = client.put("/api/primary-metric/", json={"metric": "rmse"})
    body = changed.json()
    assert changed.status_code == 200, body
    assert body["primary_metric"] == "rmse"
    assert body["best_model"] == _lowest(body["results"], "rmse")
    baseline = body["baseline"]["metrics"]["rmse"]
    for result in body["results"]:
        assert result["beats_baseline"] == (result["metrics"]["rmse"] < baseline)
        assert result["metrics"] == next(
            r["metrics"] for r in before["results"] if r["model"] == result["model"]
        )
    # kept: a reload reads the same ranking
    assert client.post("/api/evaluate-models/").json()["primary_metric"] == "rmse"


def test_an_unavailable_metric_changes_nothing(client):
    assert _regression(client).status_code == 200
    refused = client.put("/api/primary-metric/", json={"metric": "silhouette_score"})
    assert refused.status_code == 400
    assert refused.json()["code"] == "primary_metric_unavailable"
    assert "error" in refused.json()
    assert client.post("/api/evaluate-models/").json()["primary_metric"] == "r2"


def test_choosing_a_metric_needs_a_training(client):
    upload(client, "prices.csv", csv_bytes(regression_frame()))
    response = client.put("/api/primary-metric/", json={"metric": "rmse"})
    assert response.status_code == 400
    assert response.json()["code"] == "no_training_results"
