"""What a session folder holds, as JSON beside its frames (Arrow IPC files,
``lathe.store.frame_files``). Fields a manifest no longer has (an old one's ``warnings``) are
ignored when it loads."""

import json
from typing import Any

from pydantic import BaseModel, Field

StoredRecipe = list[dict[str, Any]]
"""The recipe as the store keeps it: plain JSON objects, read as steps by
``lathe.steps.recipe_step.recipe_steps``."""


class Snapshot(BaseModel):
    version: int
    recipe: StoredRecipe


class Manifest(BaseModel):
    session_id: str
    filename: str
    raw_version: int
    version: int
    latest_version: int
    recipe: StoredRecipe = Field(default_factory=list)
    snapshots: dict[int, Snapshot] = Field(default_factory=dict)
    target: str | None = None
    """The session target: set where the person chooses it, the default of every step."""

    def data_version(self) -> tuple[int, str]:
        """What models are trained on: the uploaded frame and the recipe. Equal values mean
        the same training data."""
        return self.raw_version, json.dumps(self.recipe, sort_keys=True)

    def referenced_versions(self) -> set[int]:
        return {self.raw_version, self.version} | {s.version for s in self.snapshots.values()}
