"""Render attribute values and computed numbers as the text documents and answers use."""

from __future__ import annotations

from inspect_memgym.entity_stream.world.model import AttributeSpec, Value


def format_number(value: float, decimals: int) -> str:
    """Format a number with thousands separators and a fixed number of decimals.

    Args:
        value: The number.
        decimals: Decimal places (0 formats as an integer).
    """
    if decimals <= 0:
        return f"{round(value):,}"
    return f"{value:,.{decimals}f}"


def with_unit(spec: AttributeSpec, number_text: str) -> str:
    """Put an already formatted number into the attribute's unit pattern.

    Args:
        spec: The attribute whose unit applies.
        number_text: The formatted number.
    """
    return spec.unit.replace("{value}", number_text)


def join_phrases(items: tuple[str, ...] | list[str]) -> str:
    """Join phrases as ``a``, ``a and b`` or ``a, b and c``.

    Args:
        items: Phrases in order.
    """
    parts = list(items)
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def format_value(spec: AttributeSpec, value: Value) -> str:
    """Render one attribute value with its unit, exactly as documents print it.

    Args:
        spec: The attribute spec.
        value: A value of the spec's kind.

    Raises:
        TypeError: If the value does not fit the spec's kind.
    """
    if spec.kind == "int" and isinstance(value, int):
        return with_unit(spec, format_number(value, 0))
    if spec.kind == "float" and isinstance(value, (int, float)):
        return with_unit(spec, format_number(float(value), spec.decimals))
    if spec.kind in ("enum", "date") and isinstance(value, str):
        return with_unit(spec, value)
    if spec.kind == "text" and isinstance(value, tuple):
        return join_phrases([str(item) for item in value])
    if spec.kind == "list_float" and isinstance(value, tuple):
        return ", ".join(
            with_unit(spec, format_number(float(item), spec.decimals)) for item in value
        )
    raise TypeError(f"value {value!r} does not fit attribute {spec.key!r} of kind {spec.kind}")


def format_computed(spec: AttributeSpec, value: float, decimals: int | None = None) -> str:
    """Render a computed number (a total, mean or difference) in an attribute's unit.

    Args:
        spec: The attribute whose unit applies.
        value: The computed number.
        decimals: Decimal places; defaults to the spec's (0 for int attributes).
    """
    places = spec.decimals if decimals is None else decimals
    return with_unit(spec, format_number(value, places))


def possessive(name: str) -> str:
    """The possessive form of a name (``Argon Labs'``, ``Helix Forge's``).

    Args:
        name: Entity name.
    """
    return f"{name}'" if name.endswith("s") else f"{name}'s"
