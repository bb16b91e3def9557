"""Where the chroma backend keeps its collections: in process, or on a ChromaDB server.

With no server URL (neither the `chroma_url` task parameter nor the
`MEMGYM_CHROMA_URL` environment variable) every backend uses one
process-wide in-memory client. With a URL, backends use a
`chromadb.HttpClient` for that server, one per (URL, token) per process.
A token (`chroma_token`, else `MEMGYM_CHROMA_TOKEN`) is sent in both
headers ChromaDB's token authentication accepts, `Authorization: Bearer
<token>` and `X-Chroma-Token: <token>`, so it works whichever one the server
is configured to read.

The URL is checked before anything connects; the server must answer a
heartbeat within `HEARTBEAT_TIMEOUT_SECONDS` (`check_chroma_server`, which tasks call
when they are built, so a server that is not there stops the run before any sample
starts). Failures are a `ChromaServerError`: one line naming the server, never the token,
that Inspect prints without a traceback. ChromaDB itself is
imported when the first client is created, not when this module is.
"""

from __future__ import annotations

import json
import os
import string
import threading
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from inspect_memgym.kit.inspect_internals import OneLineError

if TYPE_CHECKING:
    from chromadb.api import ClientAPI

CHROMA_URL_ENV = "MEMGYM_CHROMA_URL"
"""Environment variable read when the `chroma_url` parameter is not given."""
CHROMA_TOKEN_ENV = "MEMGYM_CHROMA_TOKEN"
"""Environment variable read when the `chroma_token` parameter is not given."""
EMBEDDED_LOCATION = "embedded"
"""Location recorded for the in-process client."""
DEFAULT_PORTS = {"http": 8000, "https": 443}
"""Port used when the URL names none: ChromaDB's own default for http."""
HEARTBEAT_PATH = "/api/v2/heartbeat"
HEARTBEAT_TIMEOUT_SECONDS = 10.0

_TOKEN_CHARACTERS = frozenset(string.ascii_letters + string.digits + string.punctuation)

_embedded_client: ClientAPI | None = None
_server_clients: dict[tuple[str, str | None], ClientAPI] = {}
_clients_lock = threading.Lock()


class ChromaServerError(OneLineError):
    """The ChromaDB server cannot be used: unreachable, or it refused the token."""


@dataclass(frozen=True)
class ChromaServerAddress:
    """A validated ChromaDB server URL.

    Attributes:
        scheme: `http` or `https`.
        host: Host name or IP address.
        port: TCP port.
    """

    scheme: str
    host: str
    port: int

    @property
    def ssl(self) -> bool:
        """Whether the connection uses TLS."""
        return self.scheme == "https"

    @property
    def url(self) -> str:
        """The canonical URL, e.g. `http://127.0.0.1:8000` (this is what gets logged)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}"


def resolve_chroma_url(chroma_url: str | None = None) -> str | None:
    """The server URL to use: the parameter, else `MEMGYM_CHROMA_URL`, else none.

    Args:
        chroma_url: Explicit URL (takes precedence over the environment).

    Returns:
        The URL, or None for the embedded client (blank values count as unset).
    """
    return _setting(chroma_url, CHROMA_URL_ENV)


def resolve_chroma_token(chroma_token: str | None = None) -> str | None:
    """The token to send: the parameter, else `MEMGYM_CHROMA_TOKEN`, else none.

    Args:
        chroma_token: Explicit token (takes precedence over the environment).

    Returns:
        The token, or None (blank values count as unset).
    """
    return _setting(chroma_token, CHROMA_TOKEN_ENV)


def parse_chroma_url(chroma_url: str) -> ChromaServerAddress:
    """Validate a ChromaDB server URL.

    Args:
        chroma_url: E.g. `http://localhost:8000` or `https://chroma.example.org`.

    Returns:
        The parsed address (port 8000 for http and 443 for https when absent).

    Raises:
        ValueError: Naming `chroma_url` and what is wrong with it.
    """
    problem = f"chroma_url {chroma_url!r} is not a ChromaDB server URL"
    example = "expected e.g. http://localhost:8000"
    try:
        parts = urlsplit(chroma_url.strip())
        port = parts.port
    except ValueError as error:
        raise ValueError(f"{problem} ({error}); {example}") from None
    if parts.scheme not in DEFAULT_PORTS:
        raise ValueError(f"{problem}: the scheme must be http or https; {example}")
    if not parts.hostname:
        raise ValueError(f"{problem}: it names no host; {example}")
    if parts.username is not None or parts.password is not None:
        raise ValueError(
            f"chroma_url must not contain credentials; pass the token as chroma_token or "
            f"{CHROMA_TOKEN_ENV}; {example}"
        )
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError(f"{problem}: it must have no path, query or fragment; {example}")
    return ChromaServerAddress(
        scheme=parts.scheme,
        host=parts.hostname,
        port=port if port is not None else DEFAULT_PORTS[parts.scheme],
    )


def check_chroma_token(chroma_token: str) -> None:
    """Refuse a token that cannot travel in an HTTP header.

    Args:
        chroma_token: The token.

    Raises:
        ValueError: Naming `chroma_token` (the token itself is never echoed).
    """
    if not chroma_token or not set(chroma_token) <= _TOKEN_CHARACTERS:
        raise ValueError(
            "chroma_token must be non-empty ASCII letters, digits and punctuation "
            "(no spaces or other characters)"
        )


def token_headers(chroma_token: str | None) -> dict[str, str]:
    """HTTP headers that carry a ChromaDB token.

    Args:
        chroma_token: The token, or None for no authentication.

    Returns:
        `Authorization: Bearer <token>` and `X-Chroma-Token: <token>`, or `{}`.
    """
    if chroma_token is None:
        return {}
    check_chroma_token(chroma_token)
    return {"Authorization": f"Bearer {chroma_token}", "X-Chroma-Token": chroma_token}


def chroma_location(chroma_url: str | None = None) -> str:
    """Where collections will live, for the log: the canonical server URL or `embedded`.

    Args:
        chroma_url: Explicit URL, else `MEMGYM_CHROMA_URL`, else embedded.

    Returns:
        E.g. `http://127.0.0.1:8000` or `embedded` (never a token).

    Raises:
        ValueError: If the URL is malformed.
    """
    url = resolve_chroma_url(chroma_url)
    return EMBEDDED_LOCATION if url is None else parse_chroma_url(url).url


def check_chroma_server(chroma_url: str | None = None) -> None:
    """Fail fast when the configured server does not answer its heartbeat.

    Args:
        chroma_url: Explicit URL, else `MEMGYM_CHROMA_URL`; nothing is checked when
            neither is set (the embedded client).

    Raises:
        ValueError: If the URL is malformed.
        ChromaServerError: If nothing answers at the URL, or not a ChromaDB server.
    """
    url = resolve_chroma_url(chroma_url)
    if url is not None:
        _check_heartbeat(parse_chroma_url(url))


def embedded_client() -> ClientAPI:
    """The process-wide in-memory ChromaDB client, created on first use."""
    import chromadb
    from chromadb.config import Settings

    global _embedded_client
    with _clients_lock:
        if _embedded_client is None:
            _embedded_client = chromadb.EphemeralClient(
                settings=Settings(anonymized_telemetry=False)
            )
        return _embedded_client


def is_embedded_client(client: ClientAPI) -> bool:
    """Whether a client is the process-wide in-memory one."""
    return client is _embedded_client


def server_client(chroma_url: str, chroma_token: str | None = None) -> ClientAPI:
    """A client for a ChromaDB server, shared per (URL, token) within the process.

    Args:
        chroma_url: The server URL (validated here).
        chroma_token: Token for servers with token authentication, or None.

    Returns:
        A connected `chromadb.HttpClient`.

    Raises:
        ValueError: If the URL or the token is malformed.
        ChromaServerError: If the server does not answer, or refuses the token.
    """
    address = parse_chroma_url(chroma_url)
    headers = token_headers(chroma_token)
    key = (address.url, chroma_token)
    with _clients_lock:
        client = _server_clients.get(key)
        if client is None:
            client = _connect(address, headers)
            _server_clients[key] = client
        return client


def chroma_client(chroma_url: str | None = None, chroma_token: str | None = None) -> ClientAPI:
    """The client for a location: a server when a URL is given or set, else embedded.

    Args:
        chroma_url: Server URL, else `MEMGYM_CHROMA_URL`, else the embedded client.
        chroma_token: Token, else `MEMGYM_CHROMA_TOKEN` (only used with a server).

    Returns:
        The ChromaDB client.

    Raises:
        ValueError: If the URL or the token is malformed.
        ChromaServerError: If the server does not answer, or refuses the token.
    """
    url = resolve_chroma_url(chroma_url)
    if url is None:
        return embedded_client()
    return server_client(url, resolve_chroma_token(chroma_token))


def _setting(value: str | None, environment_variable: str) -> str | None:
    """A parameter, else its environment variable; blank counts as unset."""
    chosen = value if value is not None else os.environ.get(environment_variable)
    if chosen is None or not chosen.strip():
        return None
    return chosen.strip()


def _connect(address: ChromaServerAddress, headers: dict[str, str]) -> ClientAPI:
    import chromadb
    from chromadb.config import Settings
    from chromadb.errors import AuthorizationError, ChromaAuthError

    _check_heartbeat(address)
    try:
        return chromadb.HttpClient(
            host=address.host,
            port=address.port,
            ssl=address.ssl,
            headers=dict(headers),
            settings=Settings(anonymized_telemetry=False),
        )
    except (ChromaAuthError, AuthorizationError):
        reason = "refused the token" if headers else "requires a token"
        raise ChromaServerError(
            f"The ChromaDB server at {address.url} {reason}; set chroma_token or "
            f"{CHROMA_TOKEN_ENV}."
        ) from None
    except Exception as error:  # chromadb wraps connection failures in ValueError
        raise ChromaServerError(
            f"Cannot use the ChromaDB server at {address.url}: {type(error).__name__}: {error}"
        ) from None


def _check_heartbeat(address: ChromaServerAddress) -> None:
    """Fail fast (with a bounded wait) when nothing answers at the address."""
    url = address.url + HEARTBEAT_PATH
    try:
        with urllib.request.urlopen(url, timeout=HEARTBEAT_TIMEOUT_SECONDS) as response:
            json.loads(response.read())
    except urllib.error.HTTPError as error:
        if error.code in (401, 403):
            return  # the server is there; the client reports the refused token
        raise ChromaServerError(
            f"The server at {address.url} answered the ChromaDB heartbeat with HTTP "
            f"{error.code}; is it a ChromaDB server?"
        ) from None
    except (OSError, ValueError) as error:
        reason = getattr(error, "reason", None) or error
        raise ChromaServerError(
            f"Cannot reach a ChromaDB server at {address.url} (from chroma_url or "
            f"{CHROMA_URL_ENV}): {reason}. Start one with `chroma run --host <host> "
            f"--port <port>` or unset the URL to use the embedded client."
        ) from None
