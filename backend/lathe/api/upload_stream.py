"""Stream a multipart upload straight to disk, counting bytes as they arrive."""

from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from fastapi import Request
from python_multipart.multipart import MultipartParser, parse_options_header

from lathe.errors import LatheError, PayloadTooLargeError

FIELD_NAME = "file"
_FORM_OVERHEAD = 64 * 1024


@dataclass
class ReceivedFile:
    path: Path
    filename: str
    size: int


@dataclass
class _PartState:
    headers: dict[bytes, bytes] = field(default_factory=dict)
    header_field: bytes = b""
    header_value: bytes = b""
    sink: IO[bytes] | None = None
    filename: str | None = None
    size: int = 0
    files_seen: int = 0


def too_large(limit_mb: int) -> PayloadTooLargeError:
    return PayloadTooLargeError(
        f"The file is larger than the {limit_mb} MB upload limit.",
        "upload_too_large",
        {"limit_mb": limit_mb},
    )


async def receive_file(request: Request, target: Path, limit_mb: int) -> ReceivedFile:
    """Write the `file` field of a multipart body to `target`; refuse it past `limit_mb`."""
    limit = limit_mb * 1024 * 1024
    content_type, options = parse_options_header(request.headers.get("content-type"))
    boundary = options.get(b"boundary")
    if content_type != b"multipart/form-data" or not boundary:
        raise LatheError(
            "Send the file as multipart/form-data in a field named 'file'.", "invalid_request"
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
            if disposition.get(b"name") == FIELD_NAME.encode() and b"filename" in disposition:
                state.files_seen += 1
                state.filename = disposition[b"filename"].decode("utf-8", "replace")
                state.sink = sink if state.files_seen == 1 else None

        def on_part_data(data: bytes, start: int, end: int) -> None:
            if state.sink is not None:
                state.size += end - start
                if state.size <= limit:
                    state.sink.write(data[start:end])

        def on_part_end() -> None:
            state.headers = {}
            state.sink = None

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
        parser.finalize()

    if state.files_seen == 0 or state.filename is None:
        raise LatheError("Choose a file to upload in the field 'file'.", "no_file")
    if state.files_seen > 1:
        raise LatheError("Upload a single file at a time.", "too_many_files")
    return ReceivedFile(target, Path(state.filename).name, state.size)
