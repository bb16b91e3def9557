"""The ten domain templates, by name: one TOML file each beside this module, read once."""

from __future__ import annotations

from inspect_memgym.entity_stream.world.model import Template
from inspect_memgym.kit.catalogues import load_catalogue
from inspect_memgym.kit.named import lookup

TEMPLATE_FILES: tuple[str, ...] = (
    "company",
    "research",
    "city",
    "hospital",
    "sport",
    "movie",
    "university",
    "codebase",
    "project",
    "agentteam",
)
"""The template files (``<name>.toml``), in the canonical order."""

TEMPLATES: dict[str, Template] = {
    template.name: template
    for template in (load_catalogue(Template, __name__, f"{name}.toml") for name in TEMPLATE_FILES)
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
