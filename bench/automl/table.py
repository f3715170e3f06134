"""The automl bench's one table: data set × tool → held-out metric and wall seconds,
each tool's median rank, and whether Lathe met the issue's target."""

from dataclasses import dataclass
from statistics import median

from data_sets import DataSet

LATHE_BEST = "Lathe (best)"
LATHE_DEFAULTS = "Lathe (defaults)"
PEERS = ("FLAML", "AutoGluon")
TOOLS = (LATHE_BEST, LATHE_DEFAULTS, *PEERS)
# How far behind the best peer Lathe may be on any one data set.
TOLERANCE = 0.01


@dataclass(frozen=True)
class Result:
    metric: float
    seconds: float
    detail: str = ""


@dataclass(frozen=True)
class Row:
    data_set: DataSet
    rows: int
    columns: int
    # None: the tool failed or ran out of time on this data set.
    results: dict[str, Result | None]


def _ranks(row: Row) -> dict[str, float]:
    """1 for the best metric; ties share their mean rank; a failed tool is last."""
    scores = {tool: (r.metric if (r := row.results.get(tool)) else float("-inf")) for tool in TOOLS}
    return {
        tool: 1
        + sum(other > score for other in scores.values())
        + (sum(other == score for other in scores.values()) - 1) / 2
        for tool, score in scores.items()
    }


def _cell(result: Result | None) -> str:
    return "failed" if result is None else f"{result.metric:.4f} {result.seconds:4.0f} s"


def _lines(header: list[str], body: list[list[str]]) -> list[str]:
    widths = [max(len(cells[i]) for cells in [header, *body]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        cells = [text.ljust(width) for text, width in zip(cells, widths, strict=True)]
        return "  ".join(cells).rstrip()

    return [line(header), line(["-" * width for width in widths]), *map(line, body)]


def _target(rows: list[Row]) -> str:
    gaps: dict[str, float] = {}
    below_defaults = []
    for row in rows:
        best = row.results.get(LATHE_BEST)
        peers = [r.metric for tool in PEERS if (r := row.results.get(tool))]
        defaults = row.results.get(LATHE_DEFAULTS)
        if peers:
            gaps[row.data_set.name] = (best.metric if best else float("-inf")) - max(peers)
        if best is None or (defaults is not None and best.metric < defaults.metric):
            below_defaults.append(row.data_set.name)
    if not gaps:
        return "Target: no peer finished, nothing to compare."
    middle = median(gaps.values())
    behind = [name for name, gap in gaps.items() if gap < -TOLERANCE]
    checks = [
        f"median gap to the best of FLAML/AutoGluon {middle:+.4f} "
        f"({'met' if middle >= 0 else 'NOT met'}: ≥ 0)",
        f"more than {TOLERANCE} behind on {', '.join(behind) or 'none'} "
        f"({'NOT met' if behind else 'met'})",
        f"below Lathe's defaults on {', '.join(below_defaults) or 'none'} "
        f"({'NOT met' if below_defaults else 'met'})",
    ]
    verdict = "met" if middle >= 0 and not behind and not below_defaults else "NOT met"
    return f"Target {verdict}: " + "; ".join(checks) + "."


def render(rows: list[Row], budget: int) -> str:
    """The table, held-out accuracy (classification) or R² (regression) and wall seconds."""
    header = ["data set", "task", "rows", "cols", *TOOLS]
    body = [
        [
            row.data_set.name,
            row.data_set.task,
            str(row.rows),
            str(row.columns),
            *(_cell(row.results.get(tool)) for tool in TOOLS),
        ]
        for row in rows
    ]
    ranks = [_ranks(row) for row in rows]
    body.append(
        ["median rank", "", "", "", *(f"{median(r[tool] for r in ranks):g}" for tool in TOOLS)]
    )
    chosen = ", ".join(
        f"{row.data_set.name} {result.detail}"
        for row in rows
        if (result := row.results.get(LATHE_BEST)) and result.detail
    )
    return "\n".join(
        [
            f"Held-out accuracy (classification) or R² (regression), wall seconds; "
            f"time budget {budget} s.",
            *_lines(header, body),
            f"Lathe (best) chose: {chosen or 'nothing'}.",
            _target(rows),
        ]
    )
