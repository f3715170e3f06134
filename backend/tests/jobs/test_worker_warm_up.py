import sys
import time

from distributed import LocalCluster

from lathe.jobs.cluster import WARM_MODULES, JobCluster


def _imported() -> bool:
    return all(name in sys.modules for name in WARM_MODULES)


def test_a_new_client_has_every_worker_import_the_job_modules_before_any_job() -> None:
    with LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
    ) as fresh:
        cluster = JobCluster(fresh.scheduler_address)
        try:
            client = cluster.connected()
            deadline = time.monotonic() + 120
            while not all(client.run(_imported).values()):
                assert time.monotonic() < deadline, "the worker never imported the job modules"
                time.sleep(0.5)
        finally:
            cluster.close()
