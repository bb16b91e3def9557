"""The scripted sessions that reveal a user's state: openings built from catalogue sentences.

Initial-period sessions reveal every variable, 1-3 per session; each update session
reveals 1-3 changed variables, each after the life event that explains its change. An
opening message names no value verbatim: it carries the catalogue's implicit sentences and
ends with a request for help that reveals nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from inspect_memgym.conversation.world.catalogue import FOLLOW_UPS, get_variable
from inspect_memgym.conversation.world.model import Session
from inspect_memgym.kit.rng import integer_between, pick

MAX_VALUES_PER_SESSION = 3


def group_keys(keys: Sequence[str], rng: random.Random) -> list[list[str]]:
    """Split variable keys (in random order) into groups of 1 to 3.

    Args:
        keys: Variable keys.
        rng: Seeded RNG.
    """
    remaining = list(keys)
    rng.shuffle(remaining)
    groups = []
    while remaining:
        size = integer_between(rng, 1, min(MAX_VALUES_PER_SESSION, len(remaining)))
        groups.append(remaining[:size])
        remaining = remaining[size:]
    return groups


def opening_message(
    exposed: dict[str, str], with_events: bool, rng: random.Random
) -> tuple[str, str | None]:
    """The user's opening message for a session, and its life events (update sessions).

    Args:
        exposed: Variable key -> value the message reveals, in reveal order.
        with_events: Whether each reveal is preceded by the event explaining the change.
        rng: Seeded RNG.

    Returns:
        (message, events text or None).
    """
    sentences: list[str] = []
    events: list[str] = []
    for key, value in exposed.items():
        spec = get_variable(key).value(value)
        if with_events:
            event = pick(rng, spec.events)
            events.append(event)
            sentences.append(event)
        sentences.append(pick(rng, spec.reveals))
    first = get_variable(next(iter(exposed)))
    sentences.append(pick(rng, first.requests))
    return " ".join(sentences), (" ".join(events) if with_events else None)


def follow_ups(rounds: int, rng: random.Random) -> tuple[str, ...]:
    """The scripted user's follow-up messages for a session (none reveals anything).

    Args:
        rounds: User messages in the session.
        rng: Seeded RNG.
    """
    return tuple(rng.sample(FOLLOW_UPS, rounds - 1))


def build_sessions(
    period: int,
    groups: list[list[str]],
    state: dict[str, str],
    times: list[str],
    rounds: int,
    rng: random.Random,
) -> tuple[Session, ...]:
    """The sessions of one period.

    Args:
        period: Period index (0 reveals the initial state, later ones add events).
        groups: Variable keys revealed by each session.
        state: The state at the end of the period (the values revealed).
        times: One timestamp per session.
        rounds: User messages per session.
        rng: Seeded RNG.
    """
    sessions = []
    for number, (keys, time) in enumerate(zip(groups, times, strict=True), start=1):
        exposed = {key: state[key] for key in keys}
        opening, event = opening_message(exposed, with_events=period > 0, rng=rng)
        sessions.append(
            Session(
                session_id=f"p{period:02d}s{number:02d}",
                time=time,
                opening=opening,
                exposed=exposed,
                rounds=rounds,
                follow_ups=follow_ups(rounds, rng),
                event=event,
            )
        )
    return tuple(sessions)
