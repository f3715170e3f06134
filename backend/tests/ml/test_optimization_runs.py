"""Kept optimization runs read in the primary metric chosen now, and runs kept without it
compared by a metric they have."""

from lathe.ml.optimization_runs import best_run, picks_following, run_score, scores_better


def run(run_id, primary_metric, best_score, **metrics):
    return {
        "run_id": run_id,
        "primary_metric": primary_metric,
        "best_score": best_score,
        "baseline_score": 0.5,
        "metrics": {primary_metric: best_score, **metrics},
    }


def test_runs_are_ranked_in_the_metric_chosen_now_in_its_direction():
    runs = [run(1, "accuracy", 0.9, log_loss=0.5), run(2, "accuracy", 0.8, log_loss=0.3)]
    assert best_run(runs, "accuracy") == 1
    assert best_run(runs, "log_loss") == 2
    assert run_score(runs[0], "log_loss", 0.6) == {
        "metric": "log_loss",
        "score": 0.5,
        "baseline_score": 0.6,
        "improvement": (0.5 - 0.6) / 0.6,
    }


def test_the_newest_of_equal_runs_is_the_best():
    assert best_run([run(1, "accuracy", 0.9), run(2, "accuracy", 0.9)], "accuracy") == 2


def test_a_run_without_the_metric_is_read_and_compared_in_its_own():
    old = run(1, "accuracy", 0.7)
    new = run(2, "log_loss", 0.3, accuracy=0.8)
    assert run_score(old, "log_loss", 0.6) == {
        "metric": "accuracy",
        "score": 0.7,
        "baseline_score": 0.5,
        "improvement": (0.7 - 0.5) / 0.5,
    }
    assert scores_better(new, old, "log_loss")
    assert best_run([old, new], "log_loss") == 2
    # nothing in common: neither counts as better
    assert not scores_better(run(3, "roc_auc", 0.99), old, "log_loss")


def test_only_picks_made_by_score_follow_the_metric():
    runs = [run(1, "accuracy", 0.9, log_loss=0.5), run(2, "accuracy", 0.8, log_loss=0.3)]
    history = {
        "A": {"picked_run": 1, "picked_by_person": False, "runs": runs},
        "B": {"picked_run": 1, "picked_by_person": True, "runs": runs},
    }
    assert picks_following(history, "log_loss") == {"A": 2}
