"""Apply recipe steps to a session's current frame and commit the result."""

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pandas as pd

from lathe.errors import ErrorCode, LatheError
from lathe.steps.applied import AppliedSteps, StepAction
from lathe.steps.recipe import replay
from lathe.steps.recipe_step import RecipeStep, recipe_steps
from lathe.store.session_store import SessionStore

log = logging.getLogger(__name__)

StepBuilder = Callable[[pd.DataFrame, str | None], list[RecipeStep]]
"""Builds the steps from the current frame and the session target."""


def replayed(frame: pd.DataFrame, steps: Sequence[RecipeStep]) -> pd.DataFrame:
    """`frame` after `steps`; an estimator failing on the data is a 400 (`step_failed`)."""
    try:
        return replay(frame, steps)
    except LatheError:
        raise
    except (ValueError, TypeError, ArithmeticError) as error:
        log.warning("step failed on the session's data", exc_info=True)
        raise LatheError(
            f"The step could not be applied to this data: {error}",
            ErrorCode.STEP_FAILED,
            {"detail": str(error)[:300]},
        ) from error


def replay_recorded(frame: pd.DataFrame, steps: Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    """A commit's recorded steps applied again (``SessionStore.recover_commits``)."""
    return replay(frame, recipe_steps(steps))


def apply_steps(
    store: SessionStore,
    session_id: str | None,
    action: StepAction,
    build: StepBuilder,
    chosen_target: str | None = None,
    snapshot_step: int | None = None,
) -> AppliedSteps:
    """Resolve the steps against the current frame and the session target, apply them and
    record them in the recipe. A `chosen_target` (a step that asks for the target) becomes
    the session target. A `snapshot_step` without a snapshot gets one of the frame before
    the steps, so undoing that step restores it.

    The answer does not wait for the new frame to be written (``Session.commit`` with
    `behind`): the session's next use does. With no steps to apply nothing is committed.
    Settings the steps refuse are a 400; an estimator failing on the data is a 400 too,
    and the session is left as it was.
    """
    with store.changing(session_id) as session:
        if chosen_target is not None:
            session.choose_target(chosen_target)
        before = session.frame
        steps = build(before, session.target)
        if not steps:
            if chosen_target is not None:
                session.save_target(chosen_target)
            return AppliedSteps(action, before, before, steps)
        after = replayed(before, steps)
        if snapshot_step is not None and snapshot_step not in session.manifest.snapshots:
            session.snapshot(snapshot_step)
        session.commit(after, steps, behind=True)
        return AppliedSteps(action, before, after, steps)
