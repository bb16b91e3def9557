"""A whole generated monorepo: its services, modules, rendered files and skeleton.

The task's service comes first, with two neighbouring services around it. The story
modules and a base set of modules depend only on the seed; a larger history asks for more
source to excerpt, and `Repository.grow` adds modules from the same stream until there is
enough, so every size of one seed shares the same story and base code.
"""

from __future__ import annotations

import random

from inspect_memgym.code_qa.world.code_generation import (
    CodebaseBuilder,
    add_module,
    error_module,
)
from inspect_memgym.code_qa.world.code_model import Module
from inspect_memgym.code_qa.world.domains import DOMAINS, Domain
from inspect_memgym.code_qa.world.source_rendering import render_module, skeleton_entry
from inspect_memgym.code_qa.world.story_code import StoryCode, build_story_code
from inspect_memgym.kit.rng import integer_between, pick

BASE_MODULES = (12, 16)
"""How many generated modules every instance has besides the story and error modules."""
NEIGHBOUR_SERVICES = 2
TASK_SERVICE_SHARE = 0.5
"""Share of generated modules that belong to the task's own service."""
PACKAGE_DOCSTRING = '"""The {service}."""\n'
AREA_DOCSTRING = '"""The {area} area of the {service}."""\n'
GROWTH_MARGIN = 1.1
"""Excerpt sources are grown to this multiple of the characters the filler needs."""


class Repository:
    """The modules of one seed's codebase and their rendered source.

    Args:
        rng: The codebase stream of the seed.
    """

    def __init__(self, rng: random.Random) -> None:
        primary = pick(rng, DOMAINS)
        neighbours = rng.sample(
            [item for item in DOMAINS if item is not primary], NEIGHBOUR_SERVICES
        )
        self.domains: tuple[Domain, ...] = (primary, *neighbours)
        self._services = {domain.name: domain.service for domain in self.domains}
        self._builder = CodebaseBuilder(rng, self.domains)
        for domain in self.domains:
            self._builder.add(error_module(domain))
        self.story: StoryCode = build_story_code(self._builder, primary)
        for _ in range(integer_between(rng, *BASE_MODULES)):
            add_module(self._builder, self._pick_domain())
        self.sources: dict[str, str] = {}
        self._excerptable_characters = 0
        self._render_new_modules()

    def _pick_domain(self) -> Domain:
        rng = self._builder.rng
        if rng.random() < TASK_SERVICE_SHARE:
            return self.domains[0]
        return pick(rng, self.domains[1:])

    def _render_new_modules(self) -> None:
        referenced = self.story.referenced_files
        for module in self._builder.modules[len(self.sources) :]:
            source = render_module(module, self._services[module.path.split("/", 1)[0]])
            self.sources[module.path] = source
            if module.path not in referenced:
                self._excerptable_characters += len(source)

    @property
    def modules(self) -> list[Module]:
        """Every module, in generation order."""
        return self._builder.modules

    def grow(self, characters: int) -> None:
        """Add modules until the excerptable source comfortably exceeds ``characters``.

        Args:
            characters: How many characters of excerpts the filler needs.
        """
        while self._excerptable_characters < characters * GROWTH_MARGIN:
            add_module(self._builder, self._pick_domain())
            self._render_new_modules()

    def excerpt_sources(self, rng: random.Random) -> list[tuple[str, str]]:
        """(path, source) of every module the facts are not about, in a shuffled order.

        Args:
            rng: The filler stream.
        """
        referenced = self.story.referenced_files
        sources = [(path, text) for path, text in self.sources.items() if path not in referenced]
        rng.shuffle(sources)
        return sources

    def repo_files(self) -> dict[str, str]:
        """Path -> source of every module and package ``__init__.py``, sorted by path."""
        files = dict(self.sources)
        for path in self.sources:
            package, area = path.split("/")[:2]
            service = self._services[package]
            files.setdefault(f"{package}/__init__.py", PACKAGE_DOCSTRING.format(service=service))
            if not area.endswith(".py"):
                files.setdefault(
                    f"{package}/{area}/__init__.py",
                    AREA_DOCSTRING.format(area=area, service=service),
                )
        return dict(sorted(files.items()))

    def skeleton(self) -> str:
        """The repository skeleton: every module's path, classes and signatures, by path."""
        modules = sorted(self.modules, key=lambda module: module.path)
        return "\n".join(skeleton_entry(module) for module in modules) + "\n"
