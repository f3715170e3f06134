"""What a step screen's recipe steps did to the frame, and the message that says so.

``APPLIED_MESSAGES`` is the one table of the "applied" messages: each pipeline step that
changes the data words its message here from the frames before and after and the steps
it applied, so its router only sends it. The messages are keyed by the screen's action,
not by recipe step: a change may apply no step at all (nothing to encode), several kinds
at once (missing rows, columns and values), and the same kind is worded differently by
different screens (a table's column drop and the correlation step's).
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import pandas as pd

from lathe.io.preview import missing_counts
from lathe.steps.recipe import acted_on
from lathe.steps.recipe_step import RecipeStep

StepAction = Literal["missing", "outliers", "encoding", "correlation", "scaling", "drop_columns"]
"""The screens' actions that change the data."""


@dataclass(frozen=True)
class AppliedSteps:
    action: StepAction
    before: pd.DataFrame
    after: pd.DataFrame
    steps: list[RecipeStep]

    @property
    def changed(self) -> bool:
        """The data differs after the steps (values, dtypes, rows or columns)."""
        return not self.after.equals(self.before)

    @property
    def message(self) -> str:
        return APPLIED_MESSAGES[self.action](self)

    def acted_on(self, name: str) -> list[str]:
        """The columns the applied steps named `name` act on, in order."""
        return acted_on(self.steps, name)


def _missing_handled(applied: AppliedSteps) -> str:
    before, after = applied.before, applied.after
    filled = sum(missing_counts(before).values()) - sum(missing_counts(after).values())
    return (
        f"Missing values handled: {filled} filled or removed, "
        f"{len(before) - len(after)} rows and {before.shape[1] - after.shape[1]} columns dropped."
    )


def _outliers_handled(applied: AppliedSteps) -> str:
    return f"Outliers handled: {len(applied.before) - len(applied.after)} rows removed."


def _features_encoded(applied: AppliedSteps) -> str:
    encoded = applied.acted_on("encode")
    message = (
        f"Encoded {len(encoded)} columns: {', '.join(encoded)}."
        if encoded
        else "No categorical column to encode."
    )
    dropped = applied.acted_on("drop_columns")
    if dropped:
        message += (
            " Dropped id-like columns (a distinct value in almost every row): "
            f"{', '.join(dropped)}. Undo brings them back."
        )
    return message


def _correlated_dropped(applied: AppliedSteps) -> str:
    return f"{len(applied.acted_on('drop_columns'))} columns dropped"


def _features_scaled(applied: AppliedSteps) -> str:
    return f"Scaled {len(applied.acted_on('scale'))} columns."


def _columns_dropped(applied: AppliedSteps) -> str:
    names = applied.acted_on("drop_columns")
    return f'Column "{names[0]}" dropped.' if len(names) == 1 else f"{len(names)} columns dropped"


APPLIED_MESSAGES: dict[StepAction, Callable[[AppliedSteps], str]] = {
    "missing": _missing_handled,
    "outliers": _outliers_handled,
    "encoding": _features_encoded,
    "correlation": _correlated_dropped,
    "scaling": _features_scaled,
    "drop_columns": _columns_dropped,
}
"""Each action's "applied" message; those SPEC §8 quotes are its words."""
