"""Every failure answers JSON {"error", "code", "params"?}; bad input is never a 500."""

import logging
import math
import numbers

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.routing import Match, Mount

from lathe.errors import ErrorCode, LatheError

log = logging.getLogger(__name__)

_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
_HTTP_CODES = {
    404: ErrorCode.NOT_FOUND,
    405: ErrorCode.METHOD_NOT_ALLOWED,
    413: ErrorCode.UPLOAD_TOO_LARGE,
}


def json_safe(value: object) -> object:
    """`value` as JSON can hold it: non-finite numbers and anything else JSON has no form
    for become text, so an error body can always be written."""
    if isinstance(value, dict):
        return {str(key): json_safe(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(item) for item in value]
    if isinstance(value, bool | str) or value is None:
        return value
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        number = float(value)
        return number if math.isfinite(number) else str(value)
    return str(value)


def error_body(
    message: str, code: ErrorCode, params: dict[str, object] | None = None
) -> dict[str, object]:
    body: dict[str, object] = {"error": message, "code": code}
    if params:
        body["params"] = json_safe(params)
    return body


def _allowed_methods(request: Request) -> str:
    """The methods the API routes of the request's path take. The interface mounted at /
    matches every path and would otherwise answer with its own GET and HEAD."""
    path = {"type": "http", "path": request.url.path, "root_path": "", "path_params": {}}
    return ", ".join(
        method
        for method in _METHODS
        if any(
            route.matches({**path, "method": method})[0] is Match.FULL
            for route in request.app.routes
            if not isinstance(route, Mount)
        )
    )


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(LatheError)
    async def refused(_: Request, error: LatheError) -> JSONResponse:
        return JSONResponse(
            error_body(error.message, error.code, error.params), error.status, error.headers()
        )

    @app.exception_handler(RequestValidationError)
    async def malformed(_: Request, error: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in issue['loc'] if part != 'body') or 'body'}: "
            f"{issue['msg']}"
            for issue in error.errors()
        )
        return JSONResponse(
            error_body(f"Invalid request: {problems}", ErrorCode.INVALID_REQUEST), status_code=422
        )

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        code = _HTTP_CODES.get(error.status_code, ErrorCode.HTTP_ERROR)
        headers = dict(error.headers or {})
        if error.status_code == 405:
            headers["Allow"] = _allowed_methods(request) or headers.get("Allow", "")
        return JSONResponse(error_body(str(error.detail), code), error.status_code, headers)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, error: Exception) -> JSONResponse:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return JSONResponse(
            error_body("Something went wrong on the server.", ErrorCode.INTERNAL_ERROR), 500
        )
