"""``round(x, n)`` and thousands-separated number text, identical to the built-ins, faster.

``round(x, n)`` on a float goes through a decimal string and back (about 0.25 µs), and
``format(x, ",.nf")`` pays for the separator even when there is none to print. The
generator does both for every number it draws, so these shortcuts take the quick path
where it provably gives the same result and fall back to the built-in everywhere else.
"""

from __future__ import annotations

from collections.abc import Iterable

_SCALES = tuple(10.0**places for places in range(16))
"""Powers of ten that are exact doubles, by number of decimal places."""

round_float = float.__round__
"""``round(x)`` for a float ``x``: the same int, called directly rather than through
``round``'s lookup of ``__round__`` (half the cost; only for arguments that are floats)."""

_EXACT_LIMIT = 2.0**40
"""Scaled values below this are off by at most 2**-13 after the multiplication."""


def round_places(value: float, places: int) -> float:
    """``round(value, places)`` for a float, the same float, usually without its string trip.

    ``value * 10**places`` is within 2**-13 of the exact product when it is below 2**40,
    so unless that product lies within 0.001 of a half, the nearest integer is the one
    the built-in's correctly rounded decimal picks; dividing it by the exact power of ten
    then gives the double nearest that decimal, which is what the built-in returns. Zero
    results (whose sign the built-in keeps) and everything else use the built-in.

    Args:
        value: A float.
        places: Decimal places, 0 to 15.
    """
    scale = _SCALES[places]
    scaled = value * scale
    # the literals are _EXACT_LIMIT and a 0.001 margin below a half (constants are
    # cheaper to load than globals on this hot path)
    if -1099511627776.0 < scaled < 1099511627776.0:
        nearest = round_float(scaled)
        if nearest and -0.499 < scaled - nearest < 0.499:
            return nearest / scale
    return round(value, places)


def rounding_scale(places: int) -> float:
    """The power of ten :func:`round_places` scales by, for loops that inline it.

    0.0 for places outside 0-15: the inlined shortcut then always falls back to ``round``
    (a zero scaled value is never taken).

    Args:
        places: Decimal places.
    """
    return _SCALES[places] if 0 <= places < len(_SCALES) else 0.0


def grouped_integer(value: int) -> str:
    """``format(value, ",")`` for an int.

    Args:
        value: An int.
    """
    if -1000 < value < 1000:
        return str(value)
    return format(value, ",")


def grouped_decimal_format(places: int) -> tuple[str, str]:
    """The ``%`` pattern and ``format`` spec :func:`grouped_decimal` takes for ``places``.

    Args:
        places: Decimal places (at least 1).
    """
    return f"%.{places}f", f",.{places}f"


def grouped_decimal(value: float, short_pattern: str, grouped_spec: str) -> str:
    """``format(value, grouped_spec)`` for a float, from :func:`grouped_decimal_format`.

    Below 999 in size no separator can appear, even after rounding up, so the cheaper
    ``%`` formatting (the same correctly rounded digits) gives the same text.

    Args:
        value: A float.
        short_pattern: ``"%.<places>f"``.
        grouped_spec: ``",.<places>f"``.
    """
    if -999.0 < value < 999.0:
        return short_pattern % value
    return format(value, grouped_spec)


def round_series(values: Iterable[float], places: int) -> tuple[float, ...]:
    """``tuple(round(value, places) for value in values)`` for floats, the same floats.

    :func:`round_places` applied to each value, without a call per value.

    Args:
        values: Floats.
        places: Decimal places, 0 to 15.
    """
    scale = _SCALES[places]
    rounded = []
    for value in values:
        scaled = value * scale
        if -1099511627776.0 < scaled < 1099511627776.0:
            nearest = round_float(scaled)
            if nearest and -0.499 < scaled - nearest < 0.499:
                rounded.append(nearest / scale)
                continue
        rounded.append(round(value, places))
    return tuple(rounded)
