"""Generate the modules of a codebase: settings, error codes, helpers and call relations.

`CodebaseBuilder` holds what must stay unique across a codebase (paths, error codes) and
the public functions later modules may import and call. The task's own modules are built
from the same pieces by ``world.story_code``; everything else comes from `add_module`.
"""

from __future__ import annotations

import random

from inspect_memgym.code_qa.world.code_model import (
    BufferClass,
    Constant,
    Function,
    FunctionShape,
    Module,
    RaisedError,
    Setting,
)
from inspect_memgym.code_qa.world.domains import (
    CLASS_SUFFIXES,
    ERROR_MESSAGES,
    FLAGS,
    HELPER_VERBS,
    MODULE_ROLES,
    ORCHESTRATOR_VERBS,
    RECORDS,
    SETTING_FAMILIES,
    VERB_SUMMARIES,
    Domain,
    camel,
    plural,
    spaced,
)
from inspect_memgym.code_qa.world.source_rendering import cache_name
from inspect_memgym.kit.rng import integer_between, pick

MODULE_SUMMARY_TEMPLATE = "{role} code for {plural} in the {area} area of the {service}."
HELPER_SUMMARY_TEMPLATE = "{verb} one {noun} before it is stored."
ORCHESTRATOR_SUMMARY_TEMPLATE = "{verb} one {record}: run each step over its {plural}."
ERROR_MODULE_SUMMARY_TEMPLATE = "Errors of the {service}."
CAP_MESSAGE_TEMPLATE = "too many {plural} in one call"
LIST_SHAPES: tuple[FunctionShape, ...] = ("each", "each", "total", "retry", "cached")
PUBLIC_VERBS = tuple(VERB_SUMMARIES)
CHUNK_SIZE_FAMILY = 2
"""The setting family (``batch_size``) a buffer class's chunk size is drawn from."""
FIRST_ERROR_CODE = (10_000, 19_999)
"""Error codes are five digits, so no code is a prefix of another."""


class CodebaseBuilder:
    """Mutable state while the modules of one codebase are generated.

    Args:
        rng: The stream every choice is drawn from.
        domains: The services of the monorepo, the task's first.
    """

    def __init__(self, rng: random.Random, domains: tuple[Domain, ...]) -> None:
        self.rng = rng
        self.domains = domains
        self.modules: list[Module] = []
        self.paths: set[str] = set()
        self.next_code = integer_between(rng, *FIRST_ERROR_CODE)
        self.callables: list[tuple[str, str, str]] = []
        """(dotted module, function name, noun) of public list-taking functions."""
        self.reserved: set[str] = set()
        """Names of story functions, which no generated module may reuse."""

    def error(self, domain: Domain, message: str) -> RaisedError:
        """A new error with the next unused code.

        Args:
            domain: The service raising it (gives the prefix).
            message: Its message.
        """
        code = f"{domain.error_prefix}-{self.next_code:05d}"
        self.next_code += 1
        return RaisedError(code, message)

    def claim_path(self, path: str) -> str:
        """Reserve a module path, adding a numeric suffix if it is taken.

        Args:
            path: The wanted path.
        """
        candidate, suffix = path, 2
        while candidate in self.paths:
            candidate = path.removesuffix(".py") + f"_{suffix}.py"
            suffix += 1
        self.paths.add(candidate)
        return candidate

    def add(self, module: Module) -> Module:
        """Record a finished module and offer its list-taking functions to later callers.

        Args:
            module: The module.
        """
        self.modules.append(module)
        for function in module.functions:
            if function.shape in ("each", "total", "retry", "cached"):
                self.callables.append((module.dotted, function.name, function.noun))
        return module

    def add_story(self, module: Module) -> Module:
        """Record a story module: its public names are reserved and never offered as callees.

        Args:
            module: The module.
        """
        self.modules.append(module)
        self.reserved.update(
            function.name for function in module.functions if function.shape != "helper"
        )
        return module


def make_setting(
    rng: random.Random, noun: str, family: int, partner: bool = False, minimum: int = 0
) -> Setting:
    """A setting of one family (``SETTING_FAMILIES``) with a drawn default.

    Args:
        rng: Seeded RNG.
        noun: The noun the key starts with.
        family: Index into ``SETTING_FAMILIES``.
        partner: Use the family's partner name and range.
        minimum: Smallest default (raises the family's low end).
    """
    name, partner_name, low, high, partner_low, partner_high = SETTING_FAMILIES[family]
    variable = partner_name if partner else name
    if partner:
        low, high = partner_low, partner_high
    value = integer_between(rng, max(low, minimum), max(high, minimum))
    key = f"{noun}_{variable}"
    return Setting(key=key, constant=key.upper(), value=value, variable=variable)


def make_helper(noun: str, verb: str, field: str) -> Function:
    """A private helper that prepares one item.

    Args:
        noun: The item noun.
        verb: One of ``HELPER_VERBS``.
        field: The field it sets or checks.
    """
    summary = HELPER_SUMMARY_TEMPLATE.format(verb=verb.capitalize(), noun=spaced(noun))
    return Function(f"_{verb}_{noun}", "helper", noun, summary, field)


def make_public(
    builder: CodebaseBuilder,
    domain: Domain,
    *,
    name: str,
    shape: FunctionShape,
    noun: str,
    setting: Setting,
    field: str,
    helper: str,
    flag: str | None = None,
    cap: str | None = None,
) -> Function:
    """A public list-taking function with its own error code (and a cap error if capped).

    Args:
        builder: The codebase builder (allocates error codes).
        domain: The service it belongs to.
        name: Function name.
        shape: One of the list-taking shapes.
        noun: The item noun.
        setting: The setting it reads.
        field: The field it checks.
        helper: The helper it calls per item.
        flag: Its keyword-only flag, if any.
        cap: The constant capping how many items it takes, if any.
    """
    verb = name.split("_", 1)[0]
    summary = VERB_SUMMARIES.get(verb, "Process {plural}.").format(plural=spaced(plural(noun)))
    cap_message = CAP_MESSAGE_TEMPLATE.format(plural=spaced(plural(noun)))
    cap_error = builder.error(domain, cap_message) if cap else None
    message = ERROR_MESSAGES[shape].format(noun=spaced(noun), field=field)
    return Function(
        name=name,
        shape=shape,
        noun=noun,
        summary=summary,
        field=field,
        setting=setting,
        error=builder.error(domain, message),
        calls=(helper,) if shape != "total" else (),
        flag=flag,
        cap=cap,
        cap_error=cap_error,
    )


def make_orchestrator(name: str, record: str, callees: tuple[str, ...], noun: str) -> Function:
    """A function that runs other functions over the items of one record.

    Args:
        name: Function name.
        record: What it runs over (``"period"``).
        callees: The list-taking functions it calls, in order.
        noun: Noun of the items it passes on.
    """
    verb = name.split("_", 1)[0].capitalize()
    summary = ORCHESTRATOR_SUMMARY_TEMPLATE.format(
        verb=verb, record=record, plural=spaced(plural(noun))
    )
    return Function(name, "orchestrate", noun, summary, "id", calls=callees, record=record)


def error_module(domain: Domain) -> Module:
    """The ``errors.py`` module defining a service's exception class.

    Args:
        domain: The service.
    """
    return Module(
        path=f"{domain.name}/errors.py",
        summary=ERROR_MODULE_SUMMARY_TEMPLATE.format(service=domain.service),
        error_class=domain.error_class,
        error_module=f"{domain.name}.errors",
        imports=(),
        constants=(),
        functions=(),
        defines_error=True,
    )


def module_summary(domain: Domain, area: str, role: str, noun: str) -> str:
    """The docstring of a generated module.

    Args:
        domain: Its service.
        area: Its sub-package.
        role: Its role word.
        noun: Its main noun.
    """
    return MODULE_SUMMARY_TEMPLATE.format(
        role=role.capitalize(), plural=spaced(plural(noun)), area=area, service=domain.service
    )


def add_module(builder: CodebaseBuilder, domain: Domain) -> Module:
    """Generate one module of a service and add it to the codebase.

    Args:
        builder: The codebase builder.
        domain: The service it belongs to.
    """
    rng = builder.rng
    area, noun, role = pick(rng, domain.areas), pick(rng, domain.nouns), pick(rng, MODULE_ROLES)
    path = builder.claim_path(f"{domain.name}/{area}/{noun}_{role}.py")
    helper_verbs = rng.sample(HELPER_VERBS, integer_between(rng, 1, 3))
    helpers = [make_helper(noun, verb, pick(rng, domain.fields)) for verb in helper_verbs]
    items = plural(noun)
    free = [verb for verb in PUBLIC_VERBS if f"{verb}_{items}" not in builder.reserved]
    verbs = rng.sample(free, integer_between(rng, 3, 6))
    families = rng.sample(range(len(SETTING_FAMILIES)), len(verbs))
    constants: list[Constant] = []
    publics: list[Function] = []
    for verb, family in zip(verbs, families, strict=True):
        setting = make_setting(rng, noun, family)
        shape = pick(rng, LIST_SHAPES)
        cap = f"MAX_{noun.upper()}_{verb.upper()}" if rng.random() < 0.2 else None
        publics.append(
            make_public(
                builder,
                domain,
                name=f"{verb}_{items}",
                shape=shape,
                noun=noun,
                setting=setting,
                field=domain.measure if shape == "total" else pick(rng, domain.fields),
                helper=pick(rng, helpers).name,
                flag=pick(rng, FLAGS) if shape == "each" and rng.random() < 0.5 else None,
                cap=cap,
            )
        )
        constants.append(Constant(setting.constant, str(setting.value)))
        if cap:
            constants.append(Constant(cap, str(integer_between(rng, 200, 9000))))
        if shape == "cached" and all(item.name != cache_name(noun) for item in constants):
            constants.append(Constant(cache_name(noun), "{}", "(tenant, key) -> loaded item"))
    imports: list[tuple[str, str]] = []
    if builder.callables and rng.random() < 0.6:
        dotted, callee, callee_noun = pick(rng, builder.callables)
        record = pick(rng, RECORDS)
        name = f"{pick(rng, ORCHESTRATOR_VERBS)}_{record}"
        if name not in builder.reserved and all(item.name != callee for item in publics):
            imports.append((dotted, callee))
            publics.append(make_orchestrator(name, record, (callee,), callee_noun))
    classes: tuple[BufferClass, ...] = ()
    if rng.random() < 0.35:
        chunk = make_setting(rng, noun, CHUNK_SIZE_FAMILY)
        chunk_constant = f"{noun.upper()}_CHUNK_SIZE"
        constants.append(Constant(chunk_constant, str(chunk.value)))
        buffer_name = f"{camel(noun)}{pick(rng, CLASS_SUFFIXES)}"
        classes = (BufferClass(buffer_name, noun, chunk_constant, f"{noun}_chunk_size"),)
    return builder.add(
        Module(
            path=path,
            summary=module_summary(domain, area, role, noun),
            error_class=domain.error_class,
            error_module=f"{domain.name}.errors",
            imports=tuple(imports),
            constants=tuple(constants),
            functions=(*publics, *helpers),
            classes=classes,
        )
    )
