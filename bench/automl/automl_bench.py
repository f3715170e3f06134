"""`make automl-bench`: Lathe's automatic path against FLAML and AutoGluon on R's data sets.

Run with Lathe's venv; the data and the peers live in bench/automl/.venv. Each data set
is split 80/20 once (seed 0, stratified for classification); each tool then fits on the
80 % in a process of its own at the same time budget and is scored on the 20 %. Prints
one table (see table.py); each run's output is kept under WORK_DIR/logs. `--tools` runs
some of the tools only and takes the others' cells from the results kept in WORK_DIR/logs
by an earlier run, saying so under the table. `--sets check` runs the check sets
(data_sets.CHECK_SETS) instead of the bench's, `--sets fresh` the second check
(data_sets.FRESH_SETS).
"""

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from data_sets import BY_NAME, DATA_SETS, GROUPS
from table import LATHE_BEST, LATHE_DEFAULTS, TOOLS, Result, Row, render

HERE = Path(__file__).resolve().parent
BENCH_PYTHON = HERE / ".venv" / "bin" / "python"
# Tool → (interpreter, runner script, what the runner is asked to run).
RUNNERS = {
    LATHE_BEST: (Path(sys.executable), "lathe_run.py", "best"),
    LATHE_DEFAULTS: (Path(sys.executable), "lathe_run.py", "defaults"),
    "FLAML": (BENCH_PYTHON, "peer_run.py", "flaml"),
    "AutoGluon": (BENCH_PYTHON, "peer_run.py", "autogluon"),
}
# A run that hangs: Lathe's defaults path has no budget (diamonds' took 8 minutes here).
TIMEOUT_S = 1800
# What Lathe's Find the best model accepts as `time_budget`.
BUDGET_RANGE = range(30, 3601)


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=60, help="seconds each tool may search")
    parser.add_argument(
        "--sets",
        default="",
        help=(
            f"comma-separated data sets, or a group of them ({', '.join(GROUPS)}); "
            "the bench's if empty"
        ),
    )
    parser.add_argument(
        "--tools",
        default="",
        help="comma-separated tools to run (best, defaults, flaml, autogluon); all if empty",
    )
    parser.add_argument("--work-dir", type=Path, default=HERE / "work")
    arguments = parser.parse_args()
    if arguments.budget not in BUDGET_RANGE:
        parser.error("the budget is 30 to 3600 seconds, as Lathe's Find the best model takes it")
    chosen = GROUPS.get(arguments.sets, ())
    names = [data_set.name for data_set in chosen] or [n for n in arguments.sets.split(",") if n]
    unknown = sorted(set(names) - BY_NAME.keys())
    if unknown:
        parser.error(f"unknown data sets {', '.join(unknown)}; known: {', '.join(BY_NAME)}")
    arguments.names = names or [data_set.name for data_set in DATA_SETS]
    by_key = {RUNNERS[tool][2]: tool for tool in TOOLS}
    keys = [key for key in arguments.tools.split(",") if key]
    unknown = sorted(set(keys) - by_key.keys())
    if unknown:
        parser.error(f"unknown tools {', '.join(unknown)}; known: {', '.join(by_key)}")
    arguments.run = [by_key[key] for key in keys] or list(TOOLS)
    return arguments


def _result_file(tool: str, folder: Path, logs: Path) -> Path:
    return logs / f"{folder.name}-{RUNNERS[tool][2]}.json"


def _kept(tool: str, folder: Path, logs: Path) -> Result | None:
    """The result an earlier run left for `tool`, if any."""
    result = _result_file(tool, folder, logs)
    return Result(**json.loads(result.read_text())) if result.exists() else None


def _run(tool: str, folder: Path, budget: int, logs: Path) -> Result | None:
    python, script, what = RUNNERS[tool]
    result = _result_file(tool, folder, logs)
    result.unlink(missing_ok=True)
    command = [str(python), str(HERE / script), what, str(folder), str(budget), str(result)]
    # A scratch working directory: CatBoost writes catboost_info/ wherever it runs.
    with (
        (logs / f"{folder.name}-{what}.log").open("w") as log,
        tempfile.TemporaryDirectory(prefix="automl-run-") as scratch,
    ):
        try:
            subprocess.run(
                command,
                cwd=scratch,
                stdout=log,
                stderr=subprocess.STDOUT,
                timeout=TIMEOUT_S + 4 * budget,
                check=False,
            )
        except subprocess.TimeoutExpired:
            log.write("\nstopped: out of time\n")
    return _kept(tool, folder, logs)


def main() -> None:
    arguments = _arguments()
    data_dir = arguments.work_dir.resolve() / "data"
    logs = arguments.work_dir.resolve() / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [str(BENCH_PYTHON), str(HERE / "prepare_data.py"), str(data_dir), *arguments.names],
        check=True,
    )
    rows = []
    for name in arguments.names:
        folder = data_dir / name
        meta = json.loads((folder / "meta.json").read_text())
        results = {tool: _kept(tool, folder, logs) for tool in TOOLS if tool not in arguments.run}
        for tool in arguments.run:
            started = time.monotonic()
            results[tool] = outcome = _run(tool, folder, arguments.budget, logs)
            said = "failed, see the log" if outcome is None else f"{outcome.metric:.4f}"
            print(f"{name}: {tool} {said} ({time.monotonic() - started:.0f} s)", file=sys.stderr)
        rows.append(Row(BY_NAME[name], meta["rows"], meta["columns"], results))
    print(render(rows, arguments.budget))
    kept = [tool for tool in TOOLS if tool not in arguments.run]
    if kept:
        print(f"{', '.join(kept)}: the results an earlier run kept in {logs}.")


if __name__ == "__main__":
    main()
