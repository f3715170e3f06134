"""Liveness (`/health/`: the web process answers) and readiness (`/ready/`: it can run
jobs, its Dask scheduler is reachable). An orchestrator restarts on the first and routes
or waits on the second; a lost scheduler is reconnected to by itself."""

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from lathe.api.deps import Jobs
from lathe.api.schemas import HealthResponse

router = APIRouter(tags=["health"])


@router.get("/health/")
async def health(jobs: Jobs) -> HealthResponse:
    """200 while the web process answers; `ready` says whether its cluster is reachable."""
    return HealthResponse(status="ok", ready=jobs.cluster.ready())


@router.get(
    "/ready/",
    response_model=HealthResponse,
    responses={503: {"model": HealthResponse, "description": "No scheduler is reachable."}},
)
async def ready(jobs: Jobs) -> JSONResponse:
    """200 when a job can be submitted now, 503 while the Dask scheduler is unreachable."""
    ready = jobs.cluster.ready()
    body = HealthResponse(status="ok" if ready else "cluster_unreachable", ready=ready)
    return JSONResponse(body.model_dump(), status_code=200 if ready else 503)
