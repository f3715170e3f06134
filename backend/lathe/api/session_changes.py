"""Apply recipe steps to a session's current frame and commit the result."""

import logging
from collections.abc import Callable
from dataclasses import dataclass

import pandas as pd

from lathe.errors import LatheError
from lathe.steps.recipe import replay
from lathe.store.manifest import RecipeStep
from lathe.store.session_store import SessionStore

log = logging.getLogger(__name__)

StepBuilder = Callable[[pd.DataFrame], list[RecipeStep]]


@dataclass
class Change:
    before: pd.DataFrame
    after: pd.DataFrame
    steps: list[RecipeStep]


def apply_steps(store: SessionStore, session_id: str | None, build: StepBuilder) -> Change:
    """Resolve the steps against the current frame, apply them and record them in the recipe.

    With no steps to apply nothing is committed. Settings the steps refuse are a 400; an
    estimator failing on the data is a 400 too, and the session is left as it was.
    """
    with store.changing(session_id) as session:
        before = session.frame
        steps = build(before)
        if not steps:
            return Change(before, before, steps)
        try:
            after = replay(before, steps)
        except LatheError:
            raise
        except (ValueError, TypeError, ArithmeticError) as error:
            log.warning("step failed on the session's data", exc_info=True)
            raise LatheError(
                f"The step could not be applied to this data: {error}",
                "step_failed",
                {"detail": str(error)[:300]},
            ) from error
        session.commit(after, steps)
        return Change(before, after, steps)
