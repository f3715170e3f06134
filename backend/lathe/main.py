"""The Lathe application: API routers, error handlers, and the built interface at /."""

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles

from lathe.api.body_limit import BodyLimit
from lathe.api.deps import progress_registry
from lathe.api.error_handlers import install_error_handlers
from lathe.api.routes import (
    analyze,
    automatic,
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
    recipe,
    scaling,
    training,
    upload,
)
from lathe.api.routes.analyze import AnalysisCache
from lathe.api.same_origin import SameOrigin, allowed_origins
from lathe.api.security_headers import SecurityHeaders
from lathe.api.session_changes import replay_recorded
from lathe.api.session_quota import NewSessionQuota
from lathe.api.upload_stream import streams_a_file
from lathe.config import Settings, get_settings
from lathe.jobs.board import JobBoard
from lathe.jobs.cluster import JobCluster, open_cluster
from lathe.jobs.prediction_queue import PredictionQueue
from lathe.store.lru_cache import LruCache
from lathe.store.session_store import SessionStore
from lathe.store.sweep import sweep_store

log = logging.getLogger(__name__)

_SWEEP_EVERY_SECONDS = 300
_CLUSTER_CHECK_SECONDS = 5
_ANALYSES_KEPT = 16


def operation_id(route: APIRoute) -> str:
    return f"{route.tags[0]}-{route.name}"


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()
    store = SessionStore(
        settings.data_dir,
        settings.session_ttl_hours,
        settings.frame_cache_size,
        settings.frame_cache_mb,
    )
    analyses: AnalysisCache = LruCache(_ANALYSES_KEPT)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(store.recover_uploads, upload.read_kept_upload)
        await asyncio.to_thread(store.recover_commits, replay_recorded)
        await _sweep(store, analyses, settings)
        sweeper = asyncio.create_task(_sweep_forever(store, analyses, settings))
        cluster = await asyncio.to_thread(open_cluster, settings)
        jobs = await asyncio.to_thread(
            JobBoard, cluster, store, progress_registry(), settings.max_jobs_per_session
        )
        app.state.jobs = jobs
        app.state.predictions = PredictionQueue(progress_registry(), settings.max_jobs_per_session)
        watcher = asyncio.create_task(_keep_connected(cluster))
        try:
            yield
        finally:
            for task in (watcher, sweeper):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            jobs.close()
            await asyncio.to_thread(cluster.close)

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
    app.state.session_quota = NewSessionQuota(
        settings.max_new_sessions_per_client, settings.new_sessions_window_s
    )
    install_error_handlers(app)
    routers = [
        area.router
        for area in (
            health,
            upload,
            history,
            analyze,
            automatic,
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
            recipe,
        )
    ]
    for router in routers:
        app.include_router(router)
    streamed = frozenset(
        route.path for router in routers for route in router.routes if streams_a_file(route)
    )
    app.add_middleware(BodyLimit, limit_kb=settings.max_json_kb, streamed_paths=streamed)
    origins = allowed_origins(settings.allowed_origins)
    app.add_middleware(SameOrigin, allowed_origins=origins)
    if origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=sorted(origins),
            allow_credentials=True,
            allow_methods=["*"],
            allow_headers=["*"],
        )
    app.add_middleware(SecurityHeaders)
    if (settings.static_dir / "index.html").exists():
        app.mount("/", StaticFiles(directory=settings.static_dir, html=True), name="interface")
    return app


async def _sweep(store: SessionStore, analyses: AnalysisCache, settings: Settings) -> None:
    try:
        swept = await asyncio.to_thread(sweep_store, store, settings.max_store_gb)
    except Exception:
        # A broken leftover must neither stop the server starting nor end the sweeps.
        log.exception("the sweep of %s failed; it runs again later", store.root)
        return
    for session_id in swept:
        analyses.forget(session_id)


async def _sweep_forever(store: SessionStore, analyses: AnalysisCache, settings: Settings) -> None:
    while True:
        await asyncio.sleep(_SWEEP_EVERY_SECONDS)
        await _sweep(store, analyses, settings)


async def _keep_connected(cluster: JobCluster) -> None:
    """A client lost with its scheduler is replaced even when no job asks for it, so
    `/ready/` and the workers' progress come back with the scheduler."""
    while True:
        await asyncio.sleep(_CLUSTER_CHECK_SECONDS)
        await asyncio.to_thread(cluster.reachable)
