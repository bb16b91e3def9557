"""A real ChromaDB server on loopback for tests and benchmarks, and a token-checking proxy.

`running_chroma_server` launches the `chroma run` CLI that ships with the chromadb
package on a free port, waits for its heartbeat and kills it on exit.

ChromaDB's own server (the Rust one behind `chroma run`) has no token authentication
in the open-source build, so `token_proxy` stands in for an authenticating server: a
loopback HTTP proxy that forwards to a real ChromaDB server only requests carrying the
token in the configured header (as ChromaDB's token authentication does), answers the
others with ChromaDB's own 403 `AuthError`, and records the headers it saw.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

HOST = "127.0.0.1"
STARTUP_TIMEOUT_SECONDS = 60.0
UNAUTHENTICATED_PATHS = ("/api/v2/heartbeat", "/api/v2/version", "/api/v1/heartbeat")
"""Paths ChromaDB's token authentication leaves open (its `chroma_server_auth_ignore_paths`)."""
_HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "host"}


@dataclass
class ChromaServer:
    """A running ChromaDB server process."""

    url: str
    path: Path
    process: subprocess.Popen[bytes]


def free_port() -> int:
    """A TCP port nothing listens on right now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def chroma_executable() -> str:
    """The `chroma` CLI installed next to this Python (falls back to PATH)."""
    candidate = Path(sys.executable).with_name("chroma")
    if candidate.exists():
        return str(candidate)
    found = shutil.which("chroma")
    if found is None:
        raise RuntimeError("The `chroma` CLI (installed with chromadb) was not found.")
    return found


@contextlib.contextmanager
def running_chroma_server(path: Path, port: int | None = None) -> Iterator[ChromaServer]:
    """Run `chroma run --path <path> --host 127.0.0.1 --port <port>` until exit.

    Args:
        path: Directory for the server's data (a restart on the same path keeps it).
        port: TCP port; a free one when None.

    Yields:
        The server, already answering its heartbeat.
    """
    port = free_port() if port is None else port
    log = (path / "server.log").open("ab")
    process = subprocess.Popen(
        [chroma_executable(), "run", "--path", str(path), "--host", HOST, "--port", str(port)],
        stdout=log,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
    )
    server = ChromaServer(url=f"http://{HOST}:{port}", path=path, process=process)
    try:
        _wait_for_heartbeat(server)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        log.close()


def _wait_for_heartbeat(server: ChromaServer) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            output = (server.path / "server.log").read_text(errors="replace")
            raise RuntimeError(f"chroma run exited with {server.process.returncode}:\n{output}")
        heartbeat = server.url + "/api/v2/heartbeat"
        with (
            contextlib.suppress(OSError),
            urllib.request.urlopen(heartbeat, timeout=2) as reply,
        ):
            if reply.status == 200:
                return
        time.sleep(0.1)
    raise RuntimeError(f"No ChromaDB heartbeat at {server.url} after {STARTUP_TIMEOUT_SECONDS}s")


@dataclass
class TokenProxy:
    """A loopback proxy that lets through only requests carrying the token."""

    url: str
    token: str
    header: str
    seen_headers: list[dict[str, str]] = field(default_factory=list)
    refused: int = 0


@contextlib.contextmanager
def token_proxy(upstream: str, token: str, header: str = "Authorization") -> Iterator[TokenProxy]:
    """Serve an authenticating front for a ChromaDB server until exit.

    Args:
        upstream: URL of the real ChromaDB server.
        token: The one accepted token.
        header: `Authorization` (expects `Bearer <token>`) or `X-Chroma-Token`.

    Yields:
        The proxy; its `url` is what clients connect to.
    """
    target = urlsplit(upstream)
    expected = f"Bearer {token}" if header == "Authorization" else token
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:
            return

        def _forward(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else None
            headers = {name: value for name, value in self.headers.items()}
            with lock:
                proxy.seen_headers.append(headers)
            path = self.path.split("?", 1)[0]
            if path not in UNAUTHENTICATED_PATHS and self.headers.get(header) != expected:
                with lock:
                    proxy.refused += 1
                self._reply(403, json.dumps({"error": "AuthError", "message": "Forbidden"}))
                return
            connection = http.client.HTTPConnection(target.hostname, target.port, timeout=60)
            try:
                forwarded = {
                    name: value
                    for name, value in headers.items()
                    if name.lower() not in _HOP_BY_HOP
                }
                connection.request(self.command, self.path, body=body, headers=forwarded)
                response = connection.getresponse()
                data = response.read()
                self.send_response(response.status)
                for name, value in response.getheaders():
                    if name.lower() not in _HOP_BY_HOP:
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            finally:
                connection.close()

        def _reply(self, status: int, text: str) -> None:
            data = text.encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _forward

    server = ThreadingHTTPServer((HOST, 0), Handler)
    server.daemon_threads = True
    proxy = TokenProxy(url=f"http://{HOST}:{server.server_address[1]}", token=token, header=header)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield proxy
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
