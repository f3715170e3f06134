import threading

import pytest

from lathe.errors import LatheError
from lathe.ml.progress import IDLE, FinishedJob, ProgressRegistry, TaskProgress


def test_a_task_reports_then_ends_idle():
    registry = ProgressRegistry()
    assert registry.status("s1") == IDLE
    assert registry.status(None) == IDLE
    registry.begin("s1", "training", "Training in progress")
    assert registry.status("s1") == TaskProgress("training", 0, 0, "Training in progress")
    registry.report("s1", 2, 5, "fold 3 of 5")
    assert registry.status("s1") == TaskProgress("training", 2, 5, "fold 3 of 5")
    assert registry.status("s2") == IDLE
    registry.end("s1")
    assert registry.status("s1") == IDLE
    assert registry.last_finished("s1") is None


def test_the_last_finished_job_of_a_session_is_kept_until_the_next_ends():
    registry = ProgressRegistry()
    registry.begin("s1", "training", job_id="a")
    registry.end("s1", "a", FinishedJob("a", "training", "completed"))
    registry.begin("s1", "optimization", job_id="b")
    assert registry.status("s1").task == "optimization"
    assert registry.last_finished("s1") == FinishedJob("a", "training", "completed")
    cancelled = FinishedJob("b", "optimization", "cancelled", "task_cancelled", {"task": "x"})
    registry.end("s1", "b", cancelled)
    assert registry.last_finished("s1") == cancelled
    assert registry.last_finished("s2") is None
    assert registry.last_finished(None) is None


def test_one_task_at_a_time_per_session():
    registry = ProgressRegistry()
    registry.begin("s1", "training")
    registry.begin("s2", "training")
    with pytest.raises(LatheError) as refused:
        registry.begin("s1", "optimization")
    assert refused.value.code == "task_running"
    assert registry.status("s1").task == "training"


def test_reports_after_the_end_are_ignored():
    registry = ProgressRegistry()
    registry.report("s1", 1, 2, "late")
    assert registry.status("s1") == IDLE


def test_threads_report_and_read_concurrently():
    registry = ProgressRegistry()
    sessions = [f"s{number}" for number in range(8)]
    for session in sessions:
        registry.begin(session, "training")

    def work(session: str) -> None:
        for done in range(200):
            registry.report(session, done + 1, 200, f"{done + 1}")
            assert registry.status(session).task == "training"

    threads = [threading.Thread(target=work, args=(session,)) for session in sessions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(registry.status(session).done == 200 for session in sessions)


def test_a_session_runs_one_task_of_a_kind_and_at_most_its_limit():
    registry = ProgressRegistry()
    registry.begin("s1", "training", job_id="j1", limit=2)
    with pytest.raises(LatheError) as same_kind:
        registry.begin("s1", "training", job_id="j2", limit=2)
    assert same_kind.value.params == {"task": "training"}
    registry.begin("s1", "optimization", "Waiting", job_id="j3", limit=2)
    with pytest.raises(LatheError) as beyond:
        registry.begin("s1", "evaluation", job_id="j4", limit=2)
    assert beyond.value.code == "task_running"
    registry.report("s1", 1, 4, "fold 1", job_id="j3")
    assert [job.job_id for job in registry.running_jobs("s1")] == ["j1", "j3"]
    assert registry.status("s1").job_id == "j1"
    assert registry.running_jobs("s1")[1] == TaskProgress("optimization", 1, 4, "fold 1", "j3")
    registry.end("s1", "j1")
    assert registry.status("s1").task == "optimization"
    registry.end("s1", "j3")
    assert registry.status("s1") == IDLE
