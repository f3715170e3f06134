"""Stream a multipart upload straight to disk, counting bytes as they arrive, and read it."""

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from fastapi import Request
from fastapi.routing import APIRoute
from python_multipart.exceptions import FormParserError
from python_multipart.multipart import MultipartParser, MultipartState, parse_options_header
from starlette.routing import BaseRoute

from lathe.errors import ErrorCode, LatheError, PayloadTooLargeError, UnreadableFileError
from lathe.io.readers import ReadTable, read_table

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


@dataclass
class _PartState:
    headers: dict[bytes, bytes] = field(default_factory=dict)
    header_field: bytes = b""
    header_value: bytes = b""
    sink: IO[bytes] | None = None
    filename: str | None = None
    size: int = 0
    files_seen: int = 0
    text_field: str | None = None
    fields: dict[str, bytes] = field(default_factory=dict)


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


async def receive_file(
    request: Request,
    target: Path,
    limit_mb: int,
    room: Callable[[int], Awaitable[None]] | None = None,
) -> ReceivedFile:
    """Write the `file` field of a multipart body to `target`; refuse it past `limit_mb`.
    `room` is told the bytes received so far after each chunk, and may refuse them."""
    limit = limit_mb * 1024 * 1024
    content_type, options = parse_options_header(request.headers.get("content-type"))
    boundary = options.get(b"boundary")
    if content_type != b"multipart/form-data" or not boundary:
        raise LatheError(
            "Send the file as multipart/form-data in a field named 'file'.",
            ErrorCode.INVALID_REQUEST,
        )
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit + _FORM_OVERHEAD:
        raise too_large(limit_mb)

    state = _PartState()
    with target.open("wb") as sink:

        def on_header_field(data: bytes, start: int, end: int) -> None:
            state.header_field += data[start:end]

        def on_header_value(data: bytes, start: int, end: int) -> None:
            state.header_value += data[start:end]

        def on_header_end() -> None:
            state.headers[state.header_field.lower()] = state.header_value
            state.header_field = state.header_value = b""

        def on_headers_finished() -> None:
            _, disposition = parse_options_header(state.headers.get(b"content-disposition"))
            name = disposition.get(b"name", b"")
            if name == FIELD_NAME.encode() and b"filename" in disposition:
                state.files_seen += 1
                state.filename = disposition[b"filename"].decode("utf-8", "replace")
                state.sink = sink if state.files_seen == 1 else None
            elif b"filename" not in disposition:
                state.text_field = name.decode("utf-8", "replace")
                state.fields.setdefault(state.text_field, b"")

        def on_part_data(data: bytes, start: int, end: int) -> None:
            if state.sink is not None:
                state.size += end - start
                if state.size <= limit:
                    state.sink.write(memoryview(data)[start:end])
            elif state.text_field is not None:
                value = state.fields[state.text_field] + data[start:end]
                state.fields[state.text_field] = value[:MAX_FIELD_BYTES]

        def on_part_end() -> None:
            state.headers = {}
            state.sink = None
            state.text_field = None

        try:
            parser = MultipartParser(
                boundary,
                {
                    "on_header_field": on_header_field,
                    "on_header_value": on_header_value,
                    "on_header_end": on_header_end,
                    "on_headers_finished": on_headers_finished,
                    "on_part_data": on_part_data,
                    "on_part_end": on_part_end,
                },
            )
            async for chunk in request.stream():
                parser.write(chunk)
                if state.size > limit:
                    raise too_large(limit_mb)
                if room is not None:
                    await room(state.size)
        except FormParserError as error:
            raise malformed_upload(str(error)) from error
        # python-multipart accepts a body that stops before its closing boundary.
        if parser.state != MultipartState.END:
            raise malformed_upload("the body ends before its closing boundary")

    if state.files_seen == 0 or state.filename is None:
        raise LatheError("Choose a file to upload in the field 'file'.", ErrorCode.NO_FILE)
    if state.files_seen > 1:
        raise LatheError("Upload a single file at a time.", ErrorCode.TOO_MANY_FILES)
    fields = {name: value.decode("utf-8", "replace") for name, value in state.fields.items()}
    return ReceivedFile(target, Path(state.filename).name, state.size, fields)


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
