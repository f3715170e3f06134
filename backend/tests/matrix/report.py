"""Every walk of the matrix, or the walks named, as a table of walks by stage, then each
distinct failure with the walks it happened in. Exits 1 on any failure.

Run from backend/: ``python -m tests.matrix.report [walk ...]``.
"""

import logging
import sys
import time
import warnings
from collections.abc import Sequence

from tests.matrix.outcomes import WalkReport, distinct_failures, table
from tests.matrix.walks import ALL_WALKS, WALKS_BY_NAME, Walk, run_walk_in_new_app
from tests.utils.dask_cluster import small_local_cluster


def chosen_walks(names: Sequence[str]) -> list[Walk]:
    unknown = [name for name in names if name not in WALKS_BY_NAME]
    if unknown:
        raise SystemExit(f"Unknown walks: {', '.join(unknown)}")
    return [WALKS_BY_NAME[name] for name in names] if names else list(ALL_WALKS)


def walked(walks: Sequence[Walk]) -> list[WalkReport]:
    reports = []
    with small_local_cluster() as cluster:
        for number, walk in enumerate(walks, start=1):
            reports.append(walked_one(walk, number, len(walks), cluster.scheduler_address))
    return reports


def walked_one(walk: Walk, number: int, walks: int, scheduler: str) -> WalkReport:
    started = time.monotonic()
    report = run_walk_in_new_app(walk, scheduler)
    seconds = time.monotonic() - started
    print(
        f"[{number}/{walks}] {walk.name}: {len(report.failures())} failures ({seconds:.0f} s)",
        file=sys.stderr,
        flush=True,
    )
    return report


def failures_text(reports: Sequence[WalkReport]) -> str:
    lines = []
    for failure, walks in distinct_failures(reports).items():
        lines += [failure, f"    in {len(walks)} walks: {', '.join(walks)}"]
    return "\n".join(lines)


def main(names: Sequence[str]) -> int:
    logging.disable(logging.CRITICAL)
    warnings.simplefilter("ignore")
    reports = walked(chosen_walks(names))
    print(table(reports))
    failed = [report for report in reports if report.failures()]
    print(f"\n{len(failed)} of {len(reports)} walks failed.")
    if failed:
        print("\nDistinct failures:\n" + failures_text(reports))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
