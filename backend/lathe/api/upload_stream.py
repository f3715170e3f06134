"""Stream a multipart upload straight to disk, counting bytes as they arrive, and read it."""

import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from fastapi import Request
from fastapi.routing import APIRoute
from python_multipart.exceptions import FormParserError
from python_multipart.multipart import MultipartParser, MultipartState, parse_options_header
from starlette.concurrency import run_in_threadpool
from starlette.routing import BaseRoute

from lathe.api.server_timing import ServerTiming
from lathe.errors import ErrorCode, LatheError, PayloadTooLargeError, UnreadableFileError
from lathe.io.readers import ReadTable, read_table

if TYPE_CHECKING:
    from python_multipart.multipart import MultipartCallbacks

log = logging.getLogger(__name__)

FIELD_NAME = "file"
_FORM_OVERHEAD = 64 * 1024
MAX_FIELD_BYTES = 1024


@dataclass
class ReceivedFile:
    path: Path
    filename: str
    size: int
    fields: dict[str, str] = field(default_factory=dict)
    """The form's text fields (the first kilobyte of each)."""

    async def read(self, expected: Sequence[str] | None = None) -> ReadTable:
        """The file as a frame, read off the event loop (see `read_received_file`)."""
        return await run_in_threadpool(read_received_file, self.path, self.filename, expected)


def multipart_body(text_fields: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The OpenAPI request body of a form with the `file` field and `text_fields`."""
    properties = {FIELD_NAME: {"type": "string", "format": "binary"}, **(text_fields or {})}
    schema = {"type": "object", "required": [FIELD_NAME], "properties": properties}
    return {
        "requestBody": {"required": True, "content": {"multipart/form-data": {"schema": schema}}}
    }


def streams_a_file(route: BaseRoute) -> bool:
    """Whether `route` takes its body as a streamed multipart file (see `multipart_body`)."""
    extra = route.openapi_extra if isinstance(route, APIRoute) else None
    return "multipart/form-data" in (extra or {}).get("requestBody", {}).get("content", {})


def too_large(limit_mb: int) -> PayloadTooLargeError:
    return PayloadTooLargeError(
        f"The file is larger than the {limit_mb} MB upload limit.",
        ErrorCode.UPLOAD_TOO_LARGE,
        {"limit_mb": limit_mb},
    )


def malformed_upload(detail: str) -> LatheError:
    return LatheError(
        "The upload was malformed or incomplete; send the file again.",
        ErrorCode.MALFORMED_UPLOAD,
        {"detail": detail[:300]},
    )


def _boundary(request: Request, limit_mb: int) -> bytes:
    """The multipart boundary of `request`; a body of another type, or one declared past the
    limit, is refused before any of it is read."""
    content_type, options = parse_options_header(request.headers.get("content-type"))
    boundary = options.get(b"boundary")
    if content_type != b"multipart/form-data" or not boundary:
        raise LatheError(
            "Send the file as multipart/form-data in a field named 'file'.",
            ErrorCode.INVALID_REQUEST,
        )
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit_mb * 1024 * 1024 + _FORM_OVERHEAD:
        raise too_large(limit_mb)
    return boundary


class _FormParts:
    """The parser's callbacks: the first `file` part goes to `sink`, up to `limit` bytes
    (the size keeps counting past it), and each text field keeps its first kilobyte."""

    def __init__(self, sink: IO[bytes], limit: int) -> None:
        self.file_sink = sink
        self.limit = limit
        self.headers: dict[bytes, bytes] = {}
        self.header_field = b""
        self.header_value = b""
        self.sink: IO[bytes] | None = None
        self.filename: str | None = None
        self.size = 0
        self.files_seen = 0
        self.text_field: str | None = None
        self.fields: dict[str, bytes] = {}

    def callbacks(self) -> "MultipartCallbacks":
        return {
            "on_header_field": self.on_header_field,
            "on_header_value": self.on_header_value,
            "on_header_end": self.on_header_end,
            "on_headers_finished": self.on_headers_finished,
            "on_part_data": self.on_part_data,
            "on_part_end": self.on_part_end,
        }

    def on_header_field(self, data: bytes, start: int, end: int) -> None:
        self.header_field += data[start:end]

    def on_header_value(self, data: bytes, start: int, end: int) -> None:
        self.header_value += data[start:end]

    def on_header_end(self) -> None:
        self.headers[self.header_field.lower()] = self.header_value
        self.header_field = self.header_value = b""

    def on_headers_finished(self) -> None:
        _, disposition = parse_options_header(self.headers.get(b"content-disposition"))
        name = disposition.get(b"name", b"")
        if name == FIELD_NAME.encode() and b"filename" in disposition:
            self.files_seen += 1
            self.filename = disposition[b"filename"].decode("utf-8", "replace")
            self.sink = self.file_sink if self.files_seen == 1 else None
        elif b"filename" not in disposition:
            self.text_field = name.decode("utf-8", "replace")
            self.fields.setdefault(self.text_field, b"")

    def on_part_data(self, data: bytes, start: int, end: int) -> None:
        if self.sink is not None:
            self.size += end - start
            if self.size <= self.limit:
                self.sink.write(memoryview(data)[start:end])
        elif self.text_field is not None:
            value = self.fields[self.text_field] + data[start:end]
            self.fields[self.text_field] = value[:MAX_FIELD_BYTES]

    def on_part_end(self) -> None:
        self.headers = {}
        self.sink = None
        self.text_field = None

    def received(self, target: Path) -> ReceivedFile:
        if self.files_seen == 0 or self.filename is None:
            raise LatheError("Choose a file to upload in the field 'file'.", ErrorCode.NO_FILE)
        if self.files_seen > 1:
            raise LatheError("Upload a single file at a time.", ErrorCode.TOO_MANY_FILES)
        fields = {name: value.decode("utf-8", "replace") for name, value in self.fields.items()}
        return ReceivedFile(target, Path(self.filename).name, self.size, fields)


async def _parse_body(
    request: Request,
    parser: MultipartParser,
    parts: _FormParts,
    limit_mb: int,
    room: Callable[[int], Awaitable[None]] | None,
) -> None:
    try:
        async for chunk in request.stream():
            parser.write(chunk)
            if parts.size > parts.limit:
                raise too_large(limit_mb)
            if room is not None:
                await room(parts.size)
    except FormParserError as error:
        raise malformed_upload(str(error)) from error
    # python-multipart accepts a body that stops before its closing boundary.
    if parser.state != MultipartState.END:
        raise malformed_upload("the body ends before its closing boundary")


async def receive_file(
    request: Request,
    target: Path,
    limit_mb: int,
    room: Callable[[int], Awaitable[None]] | None = None,
) -> ReceivedFile:
    """Write the `file` field of a multipart body to `target`; refuse it past `limit_mb`.
    `room` is told the bytes received so far after each chunk, and may refuse them."""
    boundary = _boundary(request, limit_mb)
    with target.open("wb") as sink:
        parts = _FormParts(sink, limit_mb * 1024 * 1024)
        try:
            parser = MultipartParser(boundary, parts.callbacks())
        except FormParserError as error:
            raise malformed_upload(str(error)) from error
        await _parse_body(request, parser, parts, limit_mb, room)
    return parts.received(target)


@asynccontextmanager
async def received_upload(
    request: Request,
    target: Path,
    limit_mb: int,
    room: Callable[[int], Awaitable[None]] | None = None,
    timing: ServerTiming | None = None,
) -> AsyncIterator[ReceivedFile]:
    """The upload of every route that takes a file: `receive_file` into `target` (timed as
    the stage `receive` of `timing`), removed when the block ends, however it ends."""
    try:
        with (timing or ServerTiming()).stage("receive"):
            received = await receive_file(request, target, limit_mb, room)
        yield received
    finally:
        target.unlink(missing_ok=True)


def read_received_file(
    path: Path, filename: str, expected: Sequence[str] | None = None
) -> ReadTable:
    """The received file as a frame (`expected`: the columns a model or recipe takes, as
    ``read_table`` has them); a file no reader understands is a 422."""
    try:
        return read_table(path, filename, expected)
    except LatheError:
        raise
    except Exception as error:
        log.warning("unreadable upload %s", filename, exc_info=True)
        raise UnreadableFileError(
            "The file could not be read.", ErrorCode.FILE_UNREADABLE, {"detail": str(error)[:300]}
        ) from error
