"""The Lathe application: API routers, error handlers, and the built interface at /."""

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles

from lathe.api import (
    analyze,
    correlation,
    data_files,
    encoding,
    evaluation,
    health,
    history,
    missing,
    model_files,
    optimization,
    outliers,
    scaling,
    training,
    upload,
)
from lathe.api.analyze import AnalysisCache
from lathe.api.error_handlers import install_error_handlers
from lathe.config import Settings, get_settings
from lathe.store.lru_cache import LruCache
from lathe.store.session_store import SessionStore

_SWEEP_EVERY_SECONDS = 3600
_ANALYSES_KEPT = 16


def operation_id(route: APIRoute) -> str:
    return f"{route.tags[0]}-{route.name}"


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    store = SessionStore(settings.data_dir, settings.session_ttl_hours, settings.frame_cache_size)
    analyses: AnalysisCache = LruCache(_ANALYSES_KEPT)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        sweeper = asyncio.create_task(_sweep_forever(store, analyses))
        try:
            yield
        finally:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper

    app = FastAPI(
        title="Lathe",
        version="0.1.0",
        description="No-code machine learning workbench for tabular data.",
        generate_unique_id_function=operation_id,
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.store = store
    app.state.analysis_cache = analyses
    install_error_handlers(app)
    for area in (
        health,
        upload,
        history,
        analyze,
        missing,
        outliers,
        encoding,
        correlation,
        scaling,
        training,
        evaluation,
        optimization,
        model_files,
        data_files,
    ):
        app.include_router(area.router)
    if (settings.static_dir / "index.html").exists():
        app.mount("/", StaticFiles(directory=settings.static_dir, html=True), name="interface")
    return app


async def _sweep_forever(store: SessionStore, analyses: AnalysisCache) -> None:
    while True:
        for swept in await asyncio.to_thread(store.sweep):
            analyses.forget(swept)
        await asyncio.sleep(_SWEEP_EVERY_SECONDS)
