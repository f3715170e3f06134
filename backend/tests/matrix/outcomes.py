"""What happened at each stage of a walk, and the table of walks by stage."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

Status = Literal["ok", "refused", "failed"]

COLUMNS = (
    "upload",
    "analyze",
    "steps",
    "train",
    "evaluate",
    "optimize",
    "export:joblib",
    "export:onnx",
    "predict",
    "onnx:usage",
)
"""The table's columns; every step of the recipe falls under ``steps``."""
STEP_PREFIX = "step:"


@dataclass(frozen=True)
class Outcome:
    stage: str
    status: Status
    model: str | None = None
    http_status: int | None = None
    error: str = ""

    @property
    def column(self) -> str:
        return "steps" if self.stage.startswith(STEP_PREFIX) else self.stage

    def describe(self) -> str:
        where = self.stage if self.model is None else f"{self.stage} [{self.model}]"
        status = "" if self.http_status is None else f" HTTP {self.http_status}"
        return f"{where}:{status} {self.error}".rstrip()


@dataclass
class WalkReport:
    walk: str
    outcomes: list[Outcome] = field(default_factory=list)

    def ok(self, stage: str, model: str | None = None) -> None:
        self.outcomes.append(Outcome(stage, "ok", model))

    def refused(self, stage: str, status: int, error: str, model: str | None = None) -> None:
        self.outcomes.append(Outcome(stage, "refused", model, status, error))

    def failed(self, stage: str, status: int | None, error: str, model: str | None = None) -> None:
        self.outcomes.append(Outcome(stage, "failed", model, status, error))

    def failures(self) -> list[Outcome]:
        return [outcome for outcome in self.outcomes if outcome.status == "failed"]

    def cell(self, column: str) -> str:
        """``ok``, ``refused``, ``FAIL <n>``, or ``-`` when the walk never got there."""
        found = [outcome for outcome in self.outcomes if outcome.column == column]
        failed = sum(outcome.status == "failed" for outcome in found)
        if failed:
            return f"FAIL {failed}"
        if any(outcome.status == "refused" for outcome in found):
            return "refused"
        return "ok" if found else "-"

    def failure_message(self) -> str:
        lines = [f"{self.walk}: {len(self.failures())} failures"]
        lines += [f"  {outcome.describe()}" for outcome in self.failures()]
        return "\n".join(lines)


def table(reports: Sequence[WalkReport]) -> str:
    """Walks by stage, as aligned text."""
    rows = [["walk", *COLUMNS]]
    rows += [[report.walk, *(report.cell(column) for column in COLUMNS)] for report in reports]
    widths = [max(len(row[index]) for row in rows) for index in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    )


def distinct_failures(reports: Iterable[WalkReport]) -> dict[str, list[str]]:
    """Each failure text (stage, model, status and error) with the walks it happened in."""
    seen: dict[str, list[str]] = {}
    for report in reports:
        for outcome in report.failures():
            seen.setdefault(outcome.describe(), []).append(report.walk)
    return seen
