"""Requests that change state (POST, PUT, PATCH, DELETE) are taken only from the app's own
origin or one `LATHE_ALLOWED_ORIGINS` lists, so a page elsewhere cannot post a form or a
script into a person's session with their cookie.

The origin is the `Origin` header, or lacking it the `Referer`'s; a request with neither
(curl, scripts) is no browser's and passes. The app's own origin is the one whose host
and port are the request's `Host`, whatever the scheme, so it holds behind a proxy that
ends TLS.
"""

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from lathe.api.error_handlers import error_body
from lathe.errors import ErrorCode

_CHANGES_STATE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class SameOrigin:
    def __init__(self, app: ASGIApp, allowed_origins: frozenset[str]) -> None:
        self.app = app
        self.allowed_origins = allowed_origins

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in _CHANGES_STATE:
            headers = Headers(scope=scope)
            origin = headers.get("origin") or _origin_of(headers.get("referer"))
            if origin is not None and not self._trusted(origin, headers.get("host", "")):
                body = error_body(
                    f"Requests from {origin[:200]} may not change data here; use Lathe from "
                    "its own address.",
                    ErrorCode.CROSS_ORIGIN_REQUEST,
                    {"origin": origin[:200]},
                )
                await JSONResponse(body, 403)(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def _trusted(self, origin: str, host: str) -> bool:
        if origin.rstrip("/") in self.allowed_origins:
            return True
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower() != ""


def _origin_of(referer: str | None) -> str | None:
    if referer is None:
        return None
    parts = urlsplit(referer)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else "null"


def allowed_origins(setting: str) -> frozenset[str]:
    """The origins of `LATHE_ALLOWED_ORIGINS`: comma-separated, trailing slashes ignored."""
    return frozenset(part.strip().rstrip("/") for part in setting.split(",") if part.strip())
