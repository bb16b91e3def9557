"""The three modules a task is about: the buggy function's, its same-name twin's, its caller's.

The target module holds the function under repair, a sibling with the next error code, two
private helpers (the target's and the sibling's, in a drawn order), a batch cap and a flush
constant whose comment states a design choice. The twin module (in the service's ``legacy``
package) defines a function of the same name that reads another setting, caps batches
differently and hands items to a copy of one of the two helpers (drawn), so neither the
skeleton's order nor the twin tells which helper the target uses. The caller module runs
the target over a record. These are the near misses the distractors point at, and they are
real in the source.
"""

from __future__ import annotations

from dataclasses import dataclass

from inspect_memgym.code_qa.world.code_generation import (
    CodebaseBuilder,
    make_helper,
    make_orchestrator,
    make_public,
    make_setting,
    module_summary,
)
from inspect_memgym.code_qa.world.code_model import (
    BufferClass,
    Constant,
    Function,
    Module,
)
from inspect_memgym.code_qa.world.domains import (
    CLASS_SUFFIXES,
    DESIGN_COMMENTS,
    FLAGS,
    HELPER_VERBS,
    LEGACY_AREA,
    MODULE_ROLES,
    ORCHESTRATOR_VERBS,
    RECORDS,
    SETTING_FAMILIES,
    Domain,
    camel,
    plural,
)
from inspect_memgym.kit.rng import integer_between, pick

TASK_VERBS: tuple[str, ...] = ("reconcile", "validate", "normalise", "apply", "merge", "price")
SIBLING_VERBS: tuple[str, ...] = ("collect", "resolve", "split", "refresh", "rank", "audit")
TARGET_FAMILIES = tuple(index for index, family in enumerate(SETTING_FAMILIES) if family[3] >= 40)
"""Setting families the target may read: those with room for a two-digit default or more."""
TARGET_SETTING_MINIMUM = 12
"""The target's default is at least this, so a fact's number is never a lone digit."""
TWIN_ROLE = "import"
CALLER_ROLE = "jobs"


@dataclass(frozen=True)
class StoryCode:
    """The code a task's facts and distractors are about.

    Attributes:
        domain: The task's service.
        target_module: Module of the function under repair.
        target: The function under repair.
        helper: The private helper it hands each item to.
        other_helper: The sibling's private helper (a look-alike of ``helper``).
        sibling: Another public function of the target module (the next error code).
        cap: The constant capping the target's batch size.
        flush: The chunk-size constant whose comment states a design choice.
        flush_reason: The words of that comment a fact quotes.
        twin_module: The legacy module with a function of the same name.
        twin: That same-name function.
        twin_cap: The twin module's own cap constant (same name, another value).
        twin_caller: The function that calls the twin.
        caller_module: Module of the function that calls the target.
        caller: The function that calls the target.
    """

    domain: Domain
    target_module: Module
    target: Function
    helper: Function
    other_helper: Function
    sibling: Function
    cap: Constant
    flush: Constant
    flush_reason: str
    twin_module: Module
    twin: Function
    twin_cap: Constant
    twin_caller: Function
    caller_module: Module
    caller: Function

    @property
    def referenced_files(self) -> tuple[str, ...]:
        """Paths of the three story modules."""
        return (self.target_module.path, self.twin_module.path, self.caller_module.path)


def _distinct_value(builder: CodebaseBuilder, low: int, high: int, avoid: int) -> int:
    """A value in range whose digits neither contain nor sit inside ``avoid``'s digits."""
    while True:
        value = integer_between(builder.rng, low, high)
        if str(value) not in str(avoid) and str(avoid) not in str(value):
            return value


def build_story_code(builder: CodebaseBuilder, domain: Domain) -> StoryCode:
    """Generate the three story modules and add them to the codebase.

    They are not offered as callees to other modules, so the caller built here is the
    only caller of the target.

    Args:
        builder: The codebase builder.
        domain: The task's service.
    """
    rng = builder.rng
    noun, area = pick(rng, domain.nouns), pick(rng, domain.areas)
    items = plural(noun)
    family = pick(rng, TARGET_FAMILIES)
    sibling_family = pick(rng, [index for index in range(len(SETTING_FAMILIES)) if index != family])
    helper_verb, other_verb = rng.sample(HELPER_VERBS, 2)
    helper = make_helper(noun, helper_verb, pick(rng, domain.fields))
    other_helper = make_helper(noun, other_verb, pick(rng, domain.fields))
    cap = Constant(f"MAX_{noun.upper()}_ROWS", str(integer_between(rng, 1200, 9800)))
    setting = make_setting(rng, noun, family, minimum=TARGET_SETTING_MINIMUM)
    target = make_public(
        builder,
        domain,
        name=f"{pick(rng, TASK_VERBS)}_{items}",
        shape="each",
        noun=noun,
        setting=setting,
        field=pick(rng, domain.fields),
        helper=helper.name,
        flag=pick(rng, FLAGS),
        cap=cap.name,
    )
    sibling_setting = make_setting(rng, noun, sibling_family)
    sibling = make_public(
        builder,
        domain,
        name=f"{pick(rng, SIBLING_VERBS)}_{items}",
        shape="each",
        noun=noun,
        setting=sibling_setting,
        field=pick(rng, domain.fields),
        helper=other_helper.name,
    )
    comment, reason = pick(rng, DESIGN_COMMENTS)
    flush = Constant(f"{noun.upper()}_FLUSH_ROWS", str(integer_between(rng, 40, 480)), comment)
    buffer = BufferClass(
        f"{camel(noun)}{pick(rng, CLASS_SUFFIXES)}", noun, flush.name, f"{noun}_flush_rows"
    )
    role = pick(rng, [role for role in MODULE_ROLES if role != CALLER_ROLE])
    private = [helper, other_helper]
    rng.shuffle(private)
    target_module = builder.add_story(
        Module(
            path=builder.claim_path(f"{domain.name}/{area}/{noun}_{role}.py"),
            summary=module_summary(domain, area, role, noun),
            error_class=domain.error_class,
            error_module=f"{domain.name}.errors",
            imports=(),
            constants=(
                Constant(setting.constant, str(setting.value)),
                Constant(sibling_setting.constant, str(sibling_setting.value)),
                cap,
                flush,
            ),
            functions=(target, sibling, *private),
            classes=(buffer,),
        )
    )
    twin_setting = make_setting(rng, noun, family, partner=True)
    twin_helper = pick(rng, (helper, other_helper))
    twin_cap = Constant(cap.name, str(_distinct_value(builder, 1200, 9800, int(cap.value))))
    twin = make_public(
        builder,
        domain,
        name=target.name,
        shape="each",
        noun=noun,
        setting=twin_setting,
        field=pick(rng, domain.fields),
        helper=twin_helper.name,
        cap=twin_cap.name,
    )
    twin_record = pick(rng, RECORDS)
    twin_caller = make_orchestrator(f"import_legacy_{twin_record}", twin_record, (twin.name,), noun)
    twin_module = builder.add_story(
        Module(
            path=builder.claim_path(f"{domain.name}/{LEGACY_AREA}/{noun}_{TWIN_ROLE}.py"),
            summary=module_summary(domain, LEGACY_AREA, TWIN_ROLE, noun),
            error_class=domain.error_class,
            error_module=f"{domain.name}.errors",
            imports=(),
            constants=(Constant(twin_setting.constant, str(twin_setting.value)), twin_cap),
            functions=(twin_caller, twin, twin_helper),
        )
    )
    record = pick(rng, RECORDS)
    caller_area = pick(rng, [name for name in domain.areas if name != area])
    caller = make_orchestrator(
        f"{pick(rng, ORCHESTRATOR_VERBS)}_{record}", record, (target.name,), noun
    )
    caller_module = builder.add_story(
        Module(
            path=builder.claim_path(f"{domain.name}/{caller_area}/{record}_{CALLER_ROLE}.py"),
            summary=module_summary(domain, caller_area, CALLER_ROLE, record),
            error_class=domain.error_class,
            error_module=f"{domain.name}.errors",
            imports=((target_module.dotted, target.name),),
            constants=(),
            functions=(caller,),
        )
    )
    return StoryCode(
        domain=domain,
        target_module=target_module,
        target=target,
        helper=helper,
        other_helper=other_helper,
        sibling=sibling,
        cap=cap,
        flush=flush,
        flush_reason=reason,
        twin_module=twin_module,
        twin=twin,
        twin_cap=twin_cap,
        twin_caller=twin_caller,
        caller_module=caller_module,
        caller=caller,
    )
