"""Settings read from LATHE_* environment variables."""

from functools import lru_cache
from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict

REPO_ROOT = Path(__file__).resolve().parents[2]
FRAME_CACHE_MB = 1024
"""What the cached frames but the most recent may take together: at ten million rows a
frame is 1.7 GiB, and a step that kept the version before its own beside the one it
reads and the one it makes passed three times the frame's size in the web process."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="LATHE_")

    host: str = "127.0.0.1"
    port: int = 8000
    data_dir: Path = Path(".lathe-data")
    static_dir: Path = REPO_ROOT / "frontend" / "dist"
    preview_rows: int = 500
    preview_cells: int = 50_000
    """The preview's rows are cut so they hold at most this many cells (one row at least)."""
    preview_cell_chars: int = 2000
    max_upload_mb: int = 1024
    max_json_kb: int = 1024
    session_ttl_hours: float = 72.0
    max_store_gb: float = 20.0
    analysis_sample_rows: int = 200_000
    cookie_secure: bool = False
    allowed_origins: str = ""
    """Comma-separated origins (https://lathe.example.org) of interfaces served elsewhere
    that may call the API with a person's cookie, besides the app's own."""
    max_new_sessions_per_client: int = 60
    """New sessions one client address may start per `new_sessions_window_s`; 0: any."""
    new_sessions_window_s: float = 3600.0
    frame_cache_size: int = 2
    frame_cache_mb: int = FRAME_CACHE_MB
    dask_scheduler: str | None = None
    """A Dask scheduler's address (tcp://host:8786) to run jobs on; none: an embedded
    LocalCluster of worker processes on 127.0.0.1."""
    dask_workers: int | None = None
    """The embedded cluster's worker processes (one thread each); none: one per core."""
    max_jobs_per_session: int = 1
    prediction_job_rows: int = 10_000
    """A prediction of a file with at least this many rows runs as a job; a smaller one in
    the web process."""


@lru_cache
def get_settings() -> Settings:
    return Settings()
