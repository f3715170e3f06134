"""A model's kept optimization runs read in the primary metric chosen now: each run keeps
its held-out scores in every metric of the problem, so its score, which run scores best
and whether a new run beats the one in use follow a primary metric changed after the runs.
A run stored without the chosen metric is read in the metric it was searched by and
compared by a metric both runs have (none in common: it never counts as better)."""

from collections.abc import Mapping, Sequence
from typing import Any

from lathe.ml.optimization import better, relative_improvement

Run = Mapping[str, Any]


def _score(run: Run, metric: str) -> float | None:
    value = run["metrics"].get(metric)
    if value is None and metric == run["primary_metric"]:
        value = run["best_score"]
    return None if value is None else float(value)


def run_score(run: Run, metric: str, baseline: float | None) -> dict[str, Any]:
    """The run's held-out score in `metric` beside the trained model's `baseline` in it;
    in the run's own metric and baseline when it lacks `metric`."""
    score = _score(run, metric)
    if score is None:
        metric, score, baseline = run["primary_metric"], run["best_score"], run["baseline_score"]
    return {
        "metric": metric,
        "score": score,
        "baseline_score": baseline,
        "improvement": relative_improvement(score, baseline),
    }


def scores_better(run: Run, than: Run, metric: str) -> bool:
    """`run` scores strictly better than `than` in `metric`, or in the first metric of the
    two runs' own that both have."""
    for name in (metric, run["primary_metric"], than["primary_metric"]):
        mine, theirs = _score(run, name), _score(than, name)
        if mine is not None and theirs is not None:
            return better(name, mine, theirs)
    return False


def best_run(runs: Sequence[Run], metric: str) -> int:
    """The number of the best-scoring run in `metric`, the newest of equals."""
    best = runs[0]
    for run in runs[1:]:
        if not scores_better(best, run, metric):
            best = run
    return int(best["run_id"])


def picks_following(history: Mapping[str, Any], metric: str) -> dict[str, int]:
    """Each model's best run in `metric`, for the models whose run in use was picked by
    score: a run the person picked stays theirs."""
    return {
        model: best_run(kept["runs"], metric)
        for model, kept in history.items()
        if not kept["picked_by_person"]
    }
