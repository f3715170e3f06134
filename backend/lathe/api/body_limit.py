"""Request bodies other than streamed uploads are read up to a limit, then refused with 413.

The body is read here, before any route sees it, and reading stops at the first chunk past
the limit, so no request can make the server hold more than the limit and one chunk.
"""

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from lathe.api.error_handlers import error_body
from lathe.errors import ErrorCode


class BodyLimit:
    def __init__(self, app: ASGIApp, limit_kb: int, streamed_paths: frozenset[str]) -> None:
        self.app = app
        self.limit_kb = limit_kb
        self.streamed_paths = streamed_paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] in self.streamed_paths:
            await self.app(scope, receive, send)
            return
        limit = self.limit_kb * 1024
        declared = Headers(scope=scope).get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            await self._refuse(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await self._refuse(scope, receive, send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        await self.app(scope, _replay(b"".join(chunks), receive), send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        body = error_body(
            f"The request body is larger than the {self.limit_kb} KB limit.",
            ErrorCode.BODY_TOO_LARGE,
            {"limit_kb": self.limit_kb},
        )
        await JSONResponse(body, 413, headers={"Connection": "close"})(scope, receive, send)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A receive that hands over the whole body once, then waits on the client."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return replayed
