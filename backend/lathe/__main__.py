"""Serve Lathe: `python -m lathe` (LATHE_HOST, LATHE_PORT; default 127.0.0.1:8000)."""

import uvicorn

from lathe.config import get_settings

if __name__ == "__main__":
    settings = get_settings()
    uvicorn.run("lathe.main:create_app", factory=True, host=settings.host, port=settings.port)
