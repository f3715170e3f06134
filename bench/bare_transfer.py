"""The floor of an upload on this machine: the same form posted by the same client to a
socket that reads the body and answers at once, with no parsing of any kind."""

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_ANSWER = b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"


@contextmanager
def body_sink() -> Iterator[str]:
    """The address of an HTTP endpoint on 127.0.0.1 that reads each request's body into one
    reused buffer and answers 200 with an empty body."""
    listener = socket.create_server(("127.0.0.1", 0))
    thread = threading.Thread(target=_serve, args=(listener,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        listener.close()


def _serve(listener: socket.socket) -> None:
    buffer = bytearray(1 << 20)
    while True:
        try:
            connection, _ = listener.accept()
        except OSError:
            return
        with connection:
            while _drain_request(connection, buffer):
                connection.sendall(_ANSWER)


def _drain_request(connection: socket.socket, buffer: bytearray) -> bool:
    """Read one request with a Content-Length; False when the client has closed."""
    head = b""
    while b"\r\n\r\n" not in head:
        received = connection.recv_into(buffer)
        if not received:
            return False
        head += bytes(buffer[:received])
    header, _, body_start = head.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":", 1)[1])
        for line in header.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    remaining = length - len(body_start)
    while remaining > 0:
        received = connection.recv_into(buffer, min(remaining, len(buffer)))
        if not received:
            return False
        remaining -= received
    return True
