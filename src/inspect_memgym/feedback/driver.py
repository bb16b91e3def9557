"""The feedback driver: plays one sample's protocol against a memory strategy.

Each step memorises a batch of training dialogues, then answers the whole test split:

- ``off_policy`` and ``stepwise``: the reference dialogues are shown to the strategy
  message by message (``observe``, each as ``user: ...`` or ``assistant: ...``), one
  session per dialogue (``end_session``);
- ``on_policy``: the strategy serves each request itself (``respond``), the user's
  feedback (scripted, or worded by the ``user`` model) is its next message until the user
  ends or ``max_rounds`` replies were given; the last feedback message is observed, so
  memory keeps how the dialogue ended.

Before each test pass the strategy's pending memory updates are applied (``flush``); test
requests are answered with ``answer`` and never change memory, nor does any test answer
get feedback. With memory isolation (the default) every test request is also answered once
with no memory (step 0 in the results): by the strategy under test, as it would answer
with nothing kept (`MemoryStrategy.answer_without_memory`), so the prompt is the very
prompt of every later test pass with the memory section present and empty (the same
system prompt, sections, tools and wording), and the delta measures what memory holds and
nothing else. The raw answers go to
`FeedbackState.results`; the scorer grades them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from inspect_ai.solver import TaskState

from inspect_memgym.feedback import BENCHMARK_NAME
from inspect_memgym.feedback.episode import Episode
from inspect_memgym.feedback.episode_loading import FeedbackSpec, RunOptions, episode_of
from inspect_memgym.feedback.feedback_giver import FeedbackGiver, feedback_giver
from inspect_memgym.feedback.grading import FeedbackAnswer, FeedbackDialogue
from inspect_memgym.feedback.state import PHASE_TEST, current_feedback_state
from inspect_memgym.feedback.world.protocols import schedule
from inspect_memgym.feedback.world.reference import ASSISTANT, USER, Dialogue
from inspect_memgym.feedback.world.simulator import render_user_message
from inspect_memgym.memory.ledger import current_ledger
from inspect_memgym.strategies.call_context import PHASE_REPLY, set_phase
from inspect_memgym.strategies.drivers import register_driver
from inspect_memgym.strategies.strategy import MemoryStrategy


@register_driver(BENCHMARK_NAME)
async def run_feedback(state: TaskState, agent: MemoryStrategy) -> TaskState:
    """Play the sample's protocol against the strategy.

    Args:
        state: The sample's task state (metadata holds the episode and the options).
        agent: The memory strategy under test.

    Returns:
        The state, with the strategy's description in ``metadata["agent"]``.
    """
    spec = FeedbackSpec.of_state(state)
    episode = episode_of(spec)
    options = spec.run_options()
    agent.brief(episode.briefing())
    progress = current_feedback_state()
    giver = feedback_giver(episode, options.feedback)
    state.metadata["feedback_giver"] = giver.kind
    batches = schedule(
        episode.training_ids(),
        options.protocol,
        options.batch_size,
        options.steps,
        episode.world_id,
    )
    steps = [0] * options.memory_isolation + list(range(1, len(batches) + 1))
    progress.planned_steps = steps
    progress.planned_answers = len(steps) * len(episode.test_ids())
    if options.memory_isolation:
        await _test_pass(episode, agent.answer_without_memory, step=0)
    for step, batch in enumerate(batches, start=1):
        progress.step = step
        current_ledger().event_index = step
        dialogues = []
        for request_id in batch:
            if options.protocol == "on_policy":
                dialogue = await _serve(agent, episode, giver, request_id, options)
            else:
                dialogue = episode.reference_dialogue(
                    request_id, options.feedback, options.max_rounds
                )
                await _replay(agent, dialogue)
            dialogues.append(_dialogue_record(step, dialogue))
        progress.dialogues = [*progress.dialogues, *dialogues]
        await agent.flush()
        await _test_pass(episode, agent.answer, step)
    set_phase("")
    state.metadata["agent"] = agent.describe()
    return state


async def _replay(agent: MemoryStrategy, dialogue: Dialogue) -> None:
    """Show a reference dialogue to the strategy, message by message, as one session."""
    for role, text in dialogue.messages:
        await agent.observe(f"{role}: {text}")
    await agent.end_session()


async def _serve(
    agent: MemoryStrategy,
    episode: Episode,
    giver: FeedbackGiver,
    request_id: str,
    options: RunOptions,
) -> Dialogue:
    """The strategy serves one training request live, with feedback after every reply."""
    progress = current_feedback_state()
    message = episode.request_text(request_id)
    messages: list[tuple[str, str]] = [(USER, message)]
    feedback = []
    for round_number in range(options.max_rounds):
        progress.request_id = request_id
        progress.round = round_number
        set_phase(PHASE_REPLY)
        reply = await agent.respond(message)
        given = await giver.feedback(request_id, reply, round_number, options.max_rounds)
        message = render_user_message(given, options.feedback)
        messages += [(ASSISTANT, reply), (USER, message)]
        feedback.append(given)
        if given.ends:
            break
    progress.request_id = ""
    await agent.observe(f"{USER}: {message}")
    await agent.end_session()
    return Dialogue(request_id, tuple(messages), tuple(feedback))


async def _test_pass(
    episode: Episode, answer: Callable[[str, str], Awaitable[str]], step: int
) -> None:
    """Every test request answered once (``answer(prompt, query)``); memory stays unchanged.

    The pass's answers are stored once, even when a limit cuts it (`FeedbackState.results`
    then holds the answers it gave).
    """
    rows: list[FeedbackAnswer] = []
    try:
        for request_id in episode.test_ids():
            text = episode.request_text(request_id)
            set_phase(PHASE_TEST, request_id)
            raw = await answer(text, text)
            rows.append(FeedbackAnswer(step=step, request=request_id, raw=raw))
    finally:
        progress = current_feedback_state()
        progress.results = [*progress.results, *rows]


def _dialogue_record(step: int, dialogue: Dialogue) -> FeedbackDialogue:
    return FeedbackDialogue(
        step=step,
        request=dialogue.request_id,
        messages=[list(message) for message in dialogue.messages],
        feedback=list(dialogue.feedback),
    )
