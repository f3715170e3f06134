"""The Analyze step: the profile of the session's current frame, cached per version."""

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request

from lathe.analysis.profile import UnknownTargetError, analyze_frame
from lathe.api.deps import Config, SessionId, Store
from lathe.api.payloads import frame_payload
from lathe.api.responses import ERRORS
from lathe.api.schemas import AnalyzeResponse
from lathe.errors import ErrorCode, LatheError
from lathe.store.lru_cache import LruCache

router = APIRouter(tags=["analysis"], responses=ERRORS)

AnalysisCache = LruCache[tuple[str, int, str | None], AnalyzeResponse]


def analysis_cache(request: Request) -> AnalysisCache:
    cache: AnalysisCache = request.app.state.analysis_cache
    return cache


@router.get("/api/analyze/")
def analyze(
    store: Store,
    settings: Config,
    cache: Annotated[AnalysisCache, Depends(analysis_cache)],
    current: SessionId,
    target: Annotated[str | None, Query(description="Optional target column.")] = None,
) -> AnalyzeResponse:
    target = target or None
    with store.reading(current) as session:
        key = (session.manifest.session_id, session.manifest.version, target)
        cached = cache.get(key)
        if cached is not None:
            return cached
        frame = session.frame
        try:
            profile = analyze_frame(frame, target, settings.analysis_sample_rows)
        except UnknownTargetError as error:
            raise LatheError(
                f"Unknown target column: {error.column}",
                ErrorCode.UNKNOWN_TARGET,
                {"column": error.column},
            ) from error
        result = AnalyzeResponse(**frame_payload(frame, settings), **profile)
        cache.put(key, result)
        return result
