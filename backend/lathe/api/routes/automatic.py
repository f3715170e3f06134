"""Prepare automatically: the automatic recipe (``lathe.steps.automatic_recipe``) recorded
as ordinary steps, each screen's under its own snapshot, so that undo on that screen
removes them like any step the person applied."""

import pandas as pd
from fastapi import APIRouter
from pydantic import BaseModel, Field

from lathe.api.deps import Config, SessionId, Store
from lathe.api.payloads import frame_payload
from lathe.api.responses import ERRORS
from lathe.api.routes.recipe import RecipeStepSettings, step_settings
from lathe.api.schemas import FramePayload
from lathe.api.session_changes import replayed
from lathe.steps.automatic_recipe import automatic_recipe

router = APIRouter(tags=["automatic"], responses=ERRORS)


class AutomaticScreen(BaseModel):
    step_id: int = Field(description="The pipeline screen the steps belong to (3 to 7).")
    steps: list[RecipeStepSettings] = Field(
        description="The steps recorded, each column with its setting and why."
    )


class PreparedResult(FramePayload):
    message: str
    screens: list[AutomaticScreen]


@router.post("/api/prepare-automatically/")
def prepare_automatically(store: Store, settings: Config, current: SessionId) -> PreparedResult:
    """Steps 3 to 7 chosen from the data for the session target; nothing is recorded for
    a screen with nothing to do."""
    with store.changing(current) as session:
        screens = [
            screen for screen in automatic_recipe(session.frame, session.target) if screen.steps
        ]
        frames: list[pd.DataFrame] = []
        for screen in screens:
            frames.append(replayed(frames[-1] if frames else session.frame, screen.steps))
        frame = frames[-1] if frames else session.frame
        for screen, after in zip(screens, frames, strict=True):
            if screen.step_id not in session.manifest.snapshots:
                session.snapshot(screen.step_id)
            session.commit(after, screen.steps, behind=True)
    recorded = sum(len(screen.steps) for screen in screens)
    return PreparedResult(
        **frame_payload(frame, settings),
        message=f"Prepared automatically: {recorded} steps recorded.",
        screens=[
            AutomaticScreen(
                step_id=screen.step_id, steps=[step_settings(step) for step in screen.steps]
            )
            for screen in screens
        ],
    )
