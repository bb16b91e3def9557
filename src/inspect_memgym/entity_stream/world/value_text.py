"""Attribute values as document text, with each attribute's number format and unit prepared.

``shown_value(spec)`` writes exactly what ``formatting.format_value(spec, value)`` writes,
with the common cases (a number of the attribute's own type, a series of floats, a label)
taken without the general checks, for the documents' per-fact loop.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from inspect_memgym.entity_stream.world.formatting import format_value, join_phrases
from inspect_memgym.entity_stream.world.model import AttributeSpec, Value
from inspect_memgym.entity_stream.world.numbers import grouped_decimal_format, grouped_integer

_FLOATS_ONLY = {float}
_TEXT_ONLY = {str}


def percent_escaped(text: str) -> str:
    """``text`` as a literal inside a ``%`` pattern.

    Args:
        text: Any text.
    """
    return text.replace("%", "%%")


def shown_value(spec: AttributeSpec) -> Callable[[Value], str]:
    """``format_value`` for one attribute, with the number format and unit prepared.

    Args:
        spec: The attribute.
    """
    unit_parts = spec.unit.split("{value}")
    if spec.kind == "int":

        def shown_integer(value: Value) -> str:
            if type(value) is int:
                return grouped_integer(value).join(unit_parts)
            return format_value(spec, value)

        return shown_integer
    if spec.kind in ("float", "list_float") and spec.decimals > 0:
        short, grouped = grouped_decimal_format(spec.decimals)
        # a whole series below 999 in one % operation: each item as short, inside its unit
        periods = spec.periods if len(unit_parts) == 2 else -1
        item_pattern = short.join([percent_escaped(part) for part in unit_parts])
        series_pattern = ", ".join([item_pattern] * max(periods, 0))

        def shown_decimals(value: Value) -> str:
            # numbers.grouped_decimal, inline: no separator can appear below 999
            if type(value) is float:
                number = short % value if -999.0 < value < 999.0 else format(value, grouped)
                return number.join(unit_parts)
            if type(value) is tuple:
                # a whole series below 999 in one % operation. % and format_value's float()
                # write any real number alike; anything else, or a length other than the
                # pattern's, raises here and is left to format_value
                try:
                    if max(map(abs, value)) < 999.0:  # type: ignore[arg-type]
                        return series_pattern % value
                except (TypeError, ValueError):
                    return format_value(spec, value)
                if {*map(type, value)} == _FLOATS_ONLY:
                    items = cast(tuple[float, ...], value)
                    return ", ".join(
                        [
                            (short % item if -999.0 < item < 999.0 else format(item, grouped)).join(
                                unit_parts
                            )
                            for item in items
                        ]
                    )
            return format_value(spec, value)

        return shown_decimals
    if spec.kind == "text":

        def shown_fragments(value: Value) -> str:
            # format_value's str(item) leaves text fragments as they are
            if type(value) is tuple and {*map(type, value)} <= _TEXT_ONLY:
                return join_phrases(cast(tuple[str, ...], value))
            return format_value(spec, value)

        return shown_fragments
    if spec.kind in ("enum", "date"):

        def shown_label(value: Value) -> str:
            if type(value) is str:
                return value.join(unit_parts)
            return format_value(spec, value)

        return shown_label
    return lambda value: format_value(spec, value)
