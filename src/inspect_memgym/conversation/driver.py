"""The conversation driver: plays one user's periods against a memory strategy.

For each period, the sessions run on-policy (the strategy's replies go to the simulated
user), then every question is asked as a numbered multiple choice (the options the period
shows, `world.presentation`), every variable a question depends on is probed, and every
question is asked again with the current values given (the upper bound, straight to the
model, no memory). With memory isolation (the default), every question is also asked with
an empty memory (`MemoryStrategy.answer_without_memory`: the same call as the answer, the
memory section present and empty, no history). Answers are recorded raw in
`ConversationState.results`; the scorer parses and grades them. Evaluation prompts never
change the strategy's memory, and gold states never appear in any prompt except the upper
bound's own statement of the current values. Memory operations are tagged with the period
(`MemoryLedger.event_index`).

With self-evolution (``-T evolve=question`` or ``complete``), after every period but the
last the ``memory`` role rewrites the strategy's memory brief from the feedback on the
period just ended (`self_evolution`); complete feedback says which of that period's answers
were right and which kinds of facts each question needs, once the period is over, and
nothing of a later period (no option's text and no value).
"""

from __future__ import annotations

from inspect_ai.model import (
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageUser,
    get_model,
)
from inspect_ai.solver import TaskState

from inspect_memgym.conversation import BENCHMARK_NAME
from inspect_memgym.conversation.evolve_levels import NO_EVOLUTION
from inspect_memgym.conversation.grading import NO_MEMORY_KIND, ConversationAnswer
from inspect_memgym.conversation.prompts import (
    UPPER_BOUND_SYSTEM,
    probe_prompt,
    probe_question,
    question_prompt,
    time_prefix,
    upper_bound_prompt,
)
from inspect_memgym.conversation.sample_spec import ConversationSpec
from inspect_memgym.conversation.self_evolution import (
    evolve_memory_brief,
    start_evolution,
)
from inspect_memgym.conversation.simulated_user import SimulatedUser, simulated_user
from inspect_memgym.conversation.state import (
    PHASE_PROBE,
    PHASE_QUESTION,
    PHASE_UPPER_BOUND,
    current_conversation_state,
)
from inspect_memgym.conversation.world.model import (
    ConversationQuestion,
    ConversationScenario,
    Period,
    Session,
)
from inspect_memgym.conversation.world.presentation import presented_choices, presented_values
from inspect_memgym.conversation.world.probes import probed_variables
from inspect_memgym.kit.answer_meter import UPPER_BOUND_PASS, marked_pass
from inspect_memgym.memory.ledger import current_ledger
from inspect_memgym.strategies.call_context import PHASE_REPLY, set_phase
from inspect_memgym.strategies.drivers import record_strategy_snapshot, register_driver
from inspect_memgym.strategies.strategy import MemoryStrategy

SCENARIO_KEY = "scenario"
"""Sample metadata key holding the user (`ConversationScenario.to_dict()`)."""
OPTIONS_KEY = "conversation_options"
"""Sample metadata key holding the run options (diagnostics, upper_bound)."""


@register_driver(BENCHMARK_NAME)
async def run_conversation(state: TaskState, agent: MemoryStrategy) -> TaskState:
    """Play every period of the sample's user against the strategy.

    Args:
        state: The sample's task state (metadata holds the scenario and options).
        agent: The memory strategy under test.

    Returns:
        The state, with the session transcript in ``messages`` and the strategy's
        description in ``metadata["agent"]``.
    """
    spec = ConversationSpec.of_state(state)
    scenario = ConversationScenario.from_dict(spec.scenario)
    options = spec.conversation_options
    progress = current_conversation_state()
    user = simulated_user(scenario.persona)
    state.metadata["simulated_user"] = user.kind
    ledger = current_ledger()
    level = options.evolve
    evolution = start_evolution(agent, level) if level != NO_EVOLUTION else None
    last = scenario.periods[-1].index
    for period in scenario.periods:
        progress.period = period.index
        ledger.event_index = period.index
        for session in period.sessions:
            await _run_session(state, agent, user, session)
        await agent.flush()
        await record_strategy_snapshot(f"period {period.index}", agent)
        progress.session_id = ""
        answers = await _ask_questions(scenario, period, agent)
        if options.memory_isolation:
            answers.extend(await _ask_questions(scenario, period, agent, without_memory=True))
        if options.diagnostics:
            answers.extend(await _ask_probes(scenario, period, agent))
        if options.upper_bound:
            answers.extend(await _ask_upper_bound(scenario, period))
        # One store write per period: the store is snapshotted around model calls.
        progress.results = [*progress.results, *(answer.as_metadata() for answer in answers)]
        if evolution is not None and period.index != last:
            await evolve_memory_brief(agent, scenario, period, answers, evolution)
        set_phase("")
    state.metadata["agent"] = agent.describe()
    return state


async def _run_session(
    state: TaskState, agent: MemoryStrategy, user: SimulatedUser, session: Session
) -> None:
    """One session: the opening message and its follow-ups, each answered by the agent."""
    progress = current_conversation_state()
    progress.session_id = session.session_id
    message = f"{time_prefix(session.time)}\n{session.opening}"
    exchanges: list[tuple[str, str]] = []
    for number in range(session.rounds):
        set_phase(PHASE_REPLY)
        reply = await agent.respond(message)
        exchanges.append((message, reply))
        state.messages.extend(
            [ChatMessageUser(content=message), ChatMessageAssistant(content=reply)]
        )
        progress.transcript_messages = progress.transcript_messages + 2
        if number + 1 < session.rounds:
            message = await user.follow_up(session, number, exchanges)
    await agent.end_session()


def _record(kind: str, period: Period, item_id: str, raw: str, choices: int) -> ConversationAnswer:
    """One raw answer, as kept in `ConversationState.results`."""
    return ConversationAnswer(
        kind=kind, period=period.index, item=item_id, raw=raw, choices=choices
    )


def _shown_prompt(
    scenario: ConversationScenario, question: ConversationQuestion, period: Period
) -> tuple[str, int]:
    """The question's multiple-choice prompt in this period, and how many options it shows."""
    shown = presented_choices(scenario, question, period)
    return question_prompt(question.text, [choice.text for choice in shown]), len(shown)


async def _ask_questions(
    scenario: ConversationScenario,
    period: Period,
    agent: MemoryStrategy,
    without_memory: bool = False,
) -> list[ConversationAnswer]:
    """Every question, from memory or (``without_memory``) as with an empty memory."""
    ask = agent.answer_without_memory if without_memory else agent.answer
    kind = NO_MEMORY_KIND if without_memory else "question"
    answers = []
    for question in scenario.questions:
        set_phase(PHASE_QUESTION, question.qid)
        prompt, options = _shown_prompt(scenario, question, period)
        raw = await ask(prompt, question.text)
        answers.append(_record(kind, period, question.qid, raw, options))
    return answers


async def _ask_probes(
    scenario: ConversationScenario, period: Period, agent: MemoryStrategy
) -> list[ConversationAnswer]:
    answers = []
    for variable in probed_variables(scenario):
        values = presented_values(scenario, variable, period.index)
        set_phase(PHASE_PROBE, variable.key)
        raw = await agent.answer(
            probe_prompt(variable.label, values), probe_question(variable.label)
        )
        answers.append(_record("probe", period, variable.key, raw, len(values)))
    return answers


async def _ask_upper_bound(
    scenario: ConversationScenario, period: Period
) -> list[ConversationAnswer]:
    model = get_model()
    answers = []
    for question in scenario.questions:
        set_phase(PHASE_UPPER_BOUND, question.qid)
        situation = [(scenario.variable(key).label, period.state[key]) for key in question.required]
        prompt, options = _shown_prompt(scenario, question, period)
        with marked_pass(UPPER_BOUND_PASS):
            output = await model.generate(
                [
                    ChatMessageSystem(content=UPPER_BOUND_SYSTEM),
                    ChatMessageUser(content=upper_bound_prompt(situation, prompt)),
                ]
            )
        answers.append(_record("upper_bound", period, question.qid, output.completion, options))
    return answers
