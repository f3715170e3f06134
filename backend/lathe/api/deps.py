"""Dependencies every router shares."""

from functools import lru_cache
from typing import Annotated

from fastapi import Depends, Request

from lathe.api.session_cookie import session_id, settings_of, store_of
from lathe.config import Settings
from lathe.jobs.board import JobBoard
from lathe.ml.progress import ProgressRegistry
from lathe.store.session_store import SessionStore


@lru_cache
def progress_registry() -> ProgressRegistry:
    """One registry for the process: session ids never repeat, so apps can share it."""
    return ProgressRegistry()


def jobs_of(request: Request) -> JobBoard:
    jobs: JobBoard = request.app.state.jobs
    return jobs


Store = Annotated[SessionStore, Depends(store_of)]
Config = Annotated[Settings, Depends(settings_of)]
SessionId = Annotated[str | None, Depends(session_id)]
Progress = Annotated[ProgressRegistry, Depends(progress_registry)]
Jobs = Annotated[JobBoard, Depends(jobs_of)]
