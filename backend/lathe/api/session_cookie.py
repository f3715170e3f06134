"""The session's credential travels in an HttpOnly cookie set at upload."""

from fastapi import Request, Response

from lathe.config import Settings
from lathe.store.session_store import SessionStore

COOKIE_NAME = "lathe_session"


def session_id(request: Request) -> str | None:
    """The id of the session the request's cookie opens, if any."""
    return store_of(request).session_of(request.cookies.get(COOKIE_NAME))


def set_session_cookie(response: Response, value: str, settings: Settings) -> None:
    response.set_cookie(
        COOKIE_NAME,
        value,
        max_age=int(settings.session_ttl_hours * 3600),
        path="/",
        httponly=True,
        samesite="lax",
        secure=settings.cookie_secure,
    )


def store_of(request: Request) -> SessionStore:
    store: SessionStore = request.app.state.store
    return store


def settings_of(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings
