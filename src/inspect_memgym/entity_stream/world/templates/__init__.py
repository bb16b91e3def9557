"""The ten domain templates, by name."""

from __future__ import annotations

from inspect_memgym.entity_stream.world.model import Template
from inspect_memgym.entity_stream.world.templates.agentteam import AGENTTEAM
from inspect_memgym.entity_stream.world.templates.city import CITY
from inspect_memgym.entity_stream.world.templates.codebase import CODEBASE
from inspect_memgym.entity_stream.world.templates.company import COMPANY
from inspect_memgym.entity_stream.world.templates.hospital import HOSPITAL
from inspect_memgym.entity_stream.world.templates.movie import MOVIE
from inspect_memgym.entity_stream.world.templates.project import PROJECT
from inspect_memgym.entity_stream.world.templates.research import RESEARCH
from inspect_memgym.entity_stream.world.templates.sport import SPORT
from inspect_memgym.entity_stream.world.templates.university import UNIVERSITY
from inspect_memgym.kit.named import lookup

TEMPLATES: dict[str, Template] = {
    template.name: template
    for template in (
        COMPANY,
        RESEARCH,
        CITY,
        HOSPITAL,
        SPORT,
        MOVIE,
        UNIVERSITY,
        CODEBASE,
        PROJECT,
        AGENTTEAM,
    )
}
"""Every template, keyed by name, in the canonical order."""

TEMPLATE_NAMES: tuple[str, ...] = tuple(TEMPLATES)


def get_template(name: str) -> Template:
    """Return a template by name.

    Args:
        name: Template name.

    Raises:
        ValueError: If no template has this name (the message lists the valid names).
    """
    return lookup(TEMPLATES, name, "template")
