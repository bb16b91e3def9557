"""Play a ``memgym`` model call of the procedures task with its scripted policy.

Registered with the ``memgym`` provider: every model call of a procedures sample comes
here. A call of the agent's tool loop (`state.PHASE_ACT`) is played by `policies.act`; any
other call (a memory update, the lessons answer) by the shared fact policies
(`simulation.fact_play`) over the world's lessons: ``perfect`` keeps and answers every
lesson its call shows, every other policy keeps and answers none. A switch adversary
(``switch_<shown>_<empty>``, `kit.pass_switch`) plays the adversary of its behaviour for the
call's pass (`switch_plans.SWITCH_BEHAVIOURS`): the driver marks the tool loop's calls with
their pass, as the lessons answer's are, so a switch tells the passes apart in both.
"""

from __future__ import annotations

from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.kit.inspect_internals import current_sample_metadata
from inspect_memgym.kit.pass_switch import SWITCH_POLICIES, resolve_switch
from inspect_memgym.procedures import BENCHMARK_NAME
from inspect_memgym.procedures.policies import PROCEDURES_POLICIES, act
from inspect_memgym.procedures.state import PHASE_ACT, PHASE_LESSONS, current_procedures_state
from inspect_memgym.procedures.switch_plans import SWITCH_ADVERSARIES, SWITCH_BEHAVIOURS
from inspect_memgym.procedures.world.generate import ProceduresWorld
from inspect_memgym.procedures.world_loading import ProceduresSpec, world_and_task
from inspect_memgym.scoring.facts import Fact
from inspect_memgym.simulation.fact_play import FactBook, FactCall, fact_action
from inspect_memgym.simulation.policy_registry import PolicyTurn, register_policies
from inspect_memgym.strategies.call_context import PHASE_MEMORY_UPDATE, current_call_context

NO_LESSONS = "none"


def lesson_book(world: ProceduresWorld) -> FactBook:
    """The world's lessons as facts a scripted reader keeps and answers with.

    Args:
        world: The world.
    """
    lessons = world.lessons()
    facts = {kind: Fact(kind, lesson, (lesson,)) for kind, lesson in lessons.items()}

    def answer(item_id: str, known: frozenset[str]) -> str:
        return "\n".join(lessons[kind] for kind in lessons if kind in known) or NO_LESSONS

    return FactBook(facts, frozenset(facts), answer, lambda item_id: NO_LESSONS)


def play(policy_name: str, messages: list[ChatMessage], tools: list[ToolInfo]) -> PolicyTurn:
    """The named policy's turn for the current procedures model call.

    Args:
        policy_name: ``memgym/<name>`` policy name.
        messages: Input messages.
        tools: Tools on offer.
    """
    policy_name = resolve_switch(policy_name, SWITCH_BEHAVIOURS)
    context = current_call_context()
    world, task = world_and_task(ProceduresSpec.of_metadata(current_sample_metadata()))
    prefix = f"memgym-{current_procedures_state().current_pass or 'input'}-{context.phase}"
    if context.phase == PHASE_ACT:
        action = act(policy_name, world, task, messages, tools)
    else:
        reader = "perfect" if policy_name == "perfect" else "forgetful"
        call = FactCall.announced(
            reader, context, PHASE_MEMORY_UPDATE, PHASE_LESSONS, world.world_id
        )
        action = fact_action(call, lesson_book(world), messages, tools)
    return PolicyTurn(action, prefix, len(messages))


POLICY_NAMES = (*PROCEDURES_POLICIES, *SWITCH_ADVERSARIES, *SWITCH_POLICIES)
"""Every policy this module plays."""
register_policies(BENCHMARK_NAME, POLICY_NAMES, play)
