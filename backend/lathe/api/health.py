from fastapi import APIRouter

from lathe.api.schemas import HealthResponse

router = APIRouter(tags=["health"])


@router.get("/health/")
def health() -> HealthResponse:
    return HealthResponse(status="ok")
