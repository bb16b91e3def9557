"""Calls to a ChromaDB server that survive a short outage, and one clear line when it lasts.

A server can drop a connection, restart or be briefly overloaded mid-run. Each call of the
chroma backend goes through `call_with_retry`: on a transport error (connection refused or
reset, a timeout, a broken response) it waits and tries again, with delays doubling from
`RETRY_DELAYS_SECONDS[0]`, at most `len(RETRY_DELAYS_SECONDS)` more times. The first retry
of an outage is logged once per server (not once per sample or per call); when the server
answers again that is logged too. When every retry fails the call raises
`ChromaServerLostError`, one line naming the server and saying how to resume the run.

Errors that are not about the transport (a missing collection, a bad argument) are raised
at once, unchanged: retrying cannot help them.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TypeVar

import httpx

from inspect_memgym.memory.chroma_connection import ChromaServerError

logger = logging.getLogger(__name__)

RETRY_DELAYS_SECONDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Waits before each retry of a failed call: about 15 s in all before giving up."""
RESUME_HINT = "restart it, then resume the run with `inspect eval-retry <log file>`"

Result = TypeVar("Result")

_servers_in_outage: set[str] = set()
_outage_lock = threading.Lock()


class ChromaServerLostError(ChromaServerError):
    """The ChromaDB server stopped answering mid-run and did not come back."""


def is_transport_error(error: BaseException) -> bool:
    """Whether an error means the server could not be reached or did not answer.

    Args:
        error: An exception raised by a ChromaDB client call.

    Returns:
        True for httpx transport errors (connect, read, write, timeouts, protocol).
    """
    return isinstance(error, httpx.TransportError)


def call_with_retry(
    operation: Callable[[], Result],
    *,
    server: str,
    action: str,
    delays: tuple[float, ...] | None = None,
) -> Result:
    """Run a ChromaDB call, retrying transport errors with bounded, doubling waits.

    Args:
        operation: The call, with its arguments bound.
        server: The server's URL, named in the log and the error.
        action: What the call does, e.g. `search collection memgym-...`.
        delays: Waits before each retry (default `RETRY_DELAYS_SECONDS`; `()` tries once).

    Returns:
        The call's result.

    Raises:
        ChromaServerLostError: If the call still fails after every retry.
    """
    waits = RETRY_DELAYS_SECONDS if delays is None else delays
    attempt = 0
    while True:
        try:
            result = operation()
        except Exception as error:
            if not is_transport_error(error):
                raise
            if attempt >= len(waits):
                raise ChromaServerLostError(_lost_message(server, action, error, waits)) from None
            _log_outage_once(server, error, waits)
            time.sleep(waits[attempt])
            attempt += 1
            continue
        _log_recovery(server)
        return result


def _lost_message(server: str, action: str, error: BaseException, waits: tuple[float, ...]) -> str:
    tries = len(waits) + 1
    detail = f"{type(error).__name__}: {error}".rstrip(": ")
    return (
        f"Lost the ChromaDB server at {server} ({action}: {detail}; {tries} tries over "
        f"{sum(waits):.0f} s); {RESUME_HINT}."
    )


def _log_outage_once(server: str, error: BaseException, waits: tuple[float, ...]) -> None:
    with _outage_lock:
        if server in _servers_in_outage:
            return
        _servers_in_outage.add(server)
    logger.warning(
        "The ChromaDB server at %s did not answer (%s: %s); retrying for up to %.0f s.",
        server,
        type(error).__name__,
        error,
        sum(waits),
    )


def _log_recovery(server: str) -> None:
    if not _servers_in_outage:  # the common case: no lock taken
        return
    with _outage_lock:
        if server not in _servers_in_outage:
            return
        _servers_in_outage.discard(server)
    logger.warning("The ChromaDB server at %s answers again.", server)
