"""Ranking a training's models by its primary metric: SPEC §9's for the problem type, or
another rankable metric of the catalogue the person chose (when training, or afterwards on
the stored results). Ranking names the best model, marks which models beat the baseline
and notes what makes the best model's score read better than it is:

- an imbalanced target: the largest class holds over ``IMBALANCED_SHARE`` of the rows, or
  the best model's balanced accuracy is ``ACCURACY_GAP`` or more below its accuracy
  (noted unless the primary metric is already one of ``FOR_IMBALANCE``);
- a best model whose log loss is worse (higher) than the baseline's.
"""

from lathe.errors import ErrorCode, LatheError
from lathe.ml.baseline import mark_against
from lathe.ml.evaluation import best_model
from lathe.ml.metric_catalog import BY_NAME, PRIMARY_METRIC
from lathe.ml.problem import ProblemType
from lathe.ml.results import TrainingResults, Weakness

IMBALANCED_SHARE = 0.7
ACCURACY_GAP = 0.15
FOR_IMBALANCE = ("balanced_accuracy", "f1_macro")


def chosen_primary_metric(problem_type: ProblemType, requested: str | None) -> str:
    """`requested` when it is a rankable metric of `problem_type`; SPEC's when None."""
    if requested is None:
        return PRIMARY_METRIC[problem_type]
    metric = BY_NAME.get(requested)
    if metric is None or metric.problem_type != problem_type or not metric.rankable:
        raise LatheError(
            f'"{requested}" cannot rank {problem_type} models.',
            ErrorCode.PRIMARY_METRIC_UNAVAILABLE,
            {"metric": requested, "problem_type": problem_type},
        )
    return requested


def rank(training: TrainingResults, metric: str) -> None:
    """Rank `training`'s results (a stored training, changed in place) by `metric`."""
    results = training["results"]
    baseline = training.get("baseline")
    training["primary_metric"] = metric
    if baseline is not None and training["problem_type"] != "clustering":
        mark_against(results, baseline, metric)
    training["best_model"] = best_model(metric, results)
    training["weaknesses"] = weaknesses(training)


def weaknesses(training: TrainingResults) -> list[Weakness]:
    best = next((r for r in training["results"] if r["model"] == training["best_model"]), None)
    if best is None or training["problem_type"] != "classification":
        return []
    metrics = best["metrics"]
    notes: list[Weakness] = []
    share = training.get("majority_share")
    accuracy, balanced = metrics.get("accuracy"), metrics.get("balanced_accuracy")
    gap = accuracy is not None and balanced is not None and accuracy - balanced >= ACCURACY_GAP
    if training["primary_metric"] not in FOR_IMBALANCE and (
        (share is not None and share > IMBALANCED_SHARE) or gap
    ):
        values = {"majority_share": share, "accuracy": accuracy, "balanced_accuracy": balanced}
        notes.append(
            {
                "kind": "imbalanced_target",
                "model": best["model"],
                "values": {name: value for name, value in values.items() if value is not None},
            }
        )
    log_loss = metrics.get("log_loss")
    baseline_metrics = training["baseline"]["metrics"] if "baseline" in training else {}
    baseline = baseline_metrics.get("log_loss")
    if log_loss is not None and baseline is not None and log_loss > baseline:
        notes.append(
            {
                "kind": "log_loss_above_baseline",
                "model": best["model"],
                "values": {"log_loss": log_loss, "baseline_log_loss": baseline},
            }
        )
    return notes
