"""What a session folder holds, as JSON beside its Parquet frames."""

from typing import Any

from pydantic import BaseModel, Field


class Snapshot(BaseModel):
    version: int
    recipe: list[dict[str, Any]]


class Manifest(BaseModel):
    session_id: str
    filename: str
    raw_version: int
    version: int
    latest_version: int
    recipe: list[dict[str, Any]] = Field(default_factory=list)
    snapshots: dict[int, Snapshot] = Field(default_factory=dict)
    warnings: list[str] = Field(default_factory=list)

    def referenced_versions(self) -> set[int]:
        return {self.raw_version, self.version} | {s.version for s in self.snapshots.values()}
