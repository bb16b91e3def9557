"""The ten domain templates, by name."""

from __future__ import annotations

from inspect_memgym.named import lookup
from inspect_memgym.worlds.model import Template
from inspect_memgym.worlds.templates.agentteam import AGENTTEAM
from inspect_memgym.worlds.templates.city import CITY
from inspect_memgym.worlds.templates.codebase import CODEBASE
from inspect_memgym.worlds.templates.company import COMPANY
from inspect_memgym.worlds.templates.hospital import HOSPITAL
from inspect_memgym.worlds.templates.movie import MOVIE
from inspect_memgym.worlds.templates.project import PROJECT
from inspect_memgym.worlds.templates.research import RESEARCH
from inspect_memgym.worlds.templates.sport import SPORT
from inspect_memgym.worlds.templates.university import UNIVERSITY

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
