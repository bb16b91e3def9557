"""AMemGym's self-evolution loop: the memory brief rewritten between periods from feedback.

With ``-T evolve=question`` or ``-T evolve=complete``, after every period but the last the
``memory`` model role rewrites the strategy's memory brief (`Briefing.memory_brief`: what
memory keeps about the user, inserted in every memory update) from the feedback the
environment gives on the period just ended. This is AMemGym's ``awi-evolve`` with
``init_prompt_type=info_type``, where only the "types of information to remember" section of
the memory-update prompt evolves; our brief is that section, and it is shared by every
strategy whose memory updates follow a prompt (`EVOLVING_STRATEGIES`). The levels follow
AMemGym's table 3:

- ``none``: no rewrite (AMemGym's ``no-evolution``; the default, today's task unchanged);
- ``question``: the period's questions alone, without their options or the agent's answers
  (AMemGym's ``vanilla_question_only``);
- ``complete``: each question with the number of the option the agent chose, whether it
  was right, and the kinds of facts (variable labels) its best answer depends on. AMemGym's
  ``vanilla`` feedback (with its ``with_answer`` ground truth) shows the options' texts and
  the best answer instead; here no option text and no value reaches the rewrite, because the
  brief is inserted in every memory update: a rewrite that copied the best answer's text into
  the brief would carry it to the next period's answers without the user ever being read.

Only what the environment gives after the period is used: the period's own questions, the
agent's recorded answers and whether they were right. Nothing of a later period reaches the
rewrite (tested by changing later periods and comparing the request). AMemGym also shows the
memories each answer was given; they are left out here.

`parse_rewrite` also refuses a brief that copies what the feedback must not carry (a
`CopyGuard`): any run of `COPY_WORDS` words of one of the user's answer options, or any value
a fact can take (the catalogue's and the user's own), unless the current brief, a question
or a fact's label already holds it. A refused brief leaves the old one in force, and the
refusal is recorded like any other rewrite.

The feedback text and the request are pure functions of the scenario, the period and the
answers; `evolve_memory_brief` makes the call and records it (`EvolutionState`, and an
info event in the transcript), and the scorer puts each period's brief beside its score
(`evolution_rows`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from inspect_ai.log import transcript
from inspect_ai.model import ChatMessageSystem, ChatMessageUser, get_model
from inspect_ai.util import store_as
from pydantic import Field, JsonValue

from inspect_memgym.conversation.evolve_levels import (
    COMPLETE_FEEDBACK,
    EVOLVE_LEVELS,
    NO_EVOLUTION,
    QUESTION_FEEDBACK,
)
from inspect_memgym.conversation.grading import HEADLINE, ConversationAnswer
from inspect_memgym.conversation.state import PHASE_EVOLVE
from inspect_memgym.conversation.world.catalogue import QUESTIONS, VARIABLES
from inspect_memgym.conversation.world.model import ConversationScenario, Period
from inspect_memgym.conversation.world.presentation import gold_number, presented_choices
from inspect_memgym.kit.inspect_internals import JsonStoreModel
from inspect_memgym.scoring.multiple_choice import parse_choice
from inspect_memgym.strategies.awi import parse_memory_object
from inspect_memgym.strategies.call_context import MEMORY_ROLE, set_phase
from inspect_memgym.strategies.strategy import MemoryStrategy

EVOLVING_STRATEGIES = ("agentic", "awe", "awi", "notes", "summary")
"""Strategies whose memory updates follow the brief, so a rewrite of it changes them."""
MAX_BRIEF_CHARACTERS = 4000
"""A rewritten brief longer than this is refused (the old one is kept)."""
COPY_WORDS = 5
"""A rewritten brief sharing this many consecutive words with an answer option is refused."""

LEVEL_DESCRIPTIONS = {
    QUESTION_FEEDBACK: "question-only feedback: the questions the user asked after the "
    "period, without their options or your answers",
    COMPLETE_FEEDBACK: "complete feedback: each question the user asked after the period, "
    "the number of the option you chose, whether it was right, and the kinds of facts its "
    "best answer depends on (the options' texts and the user's values are not shown)",
}
"""How the request describes each level of feedback."""

EVOLVE_SYSTEM_PROMPT = """You improve the memory policy of an assistant that talks with one \
user over many months. After each period of conversation the user asks advice questions, \
and the assistant answers them from what its memory kept. You rewrite the brief that tells \
memory what to keep; it is inserted in every memory update, and the rest of the update's \
instructions stay as they are.

Constraints:
- Change only which kinds of information memory keeps, and how.
- Name kinds of facts (e.g. "the user's diet"), never the user's current values: those \
change, and memory learns them from the conversation.
- Quote no answer option and name no value a fact can take: a brief that does is refused, \
and the old brief stays in force.
- Keep the brief under {limit} characters."""
"""System message of the rewrite (phase ``evolve``, the ``memory`` role)."""

EVOLVE_REQUEST = """Current brief:
<brief>
{brief}
</brief>

Feedback on period {period} ({level}):
<feedback>
{feedback}
</feedback>

Rewrite the brief so that memory keeps what the user's questions need. Reply with one JSON \
object and nothing else:
{{"memory_brief": "<the new brief>", "changes": ["<what you changed>", "..."]}}"""
"""User message of the rewrite: the current brief and the period's feedback."""

QUESTION_LINE = "{number}. {question}"
COMPLETE_BLOCK = """Question {number}: {question}
Your answer: {answer}
Result: {result}
The best answer depends on: {kinds}"""
NO_ANSWER = "none (the reply named no option)"
KIND_OF_FACT = "the user's {label}"
"""How complete feedback names a kind of fact the best answer depends on."""

STATUS_INITIAL = "initial"
"""`evolution_rows` status of the first period's brief (the task's own)."""
STATUS_REWRITTEN = "rewritten"
STATUS_UNCHANGED = "unchanged"
STATUS_UNPARSED = "unparsed"
STATUS_TOO_LONG = "too long"
STATUS_COPIES_OPTION = "copies an option"
"""A brief refused for sharing `COPY_WORDS` consecutive words with an answer option."""
STATUS_NAMES_VALUE = "names a value"
"""A brief refused for naming a value a fact can take."""


def check_evolve(evolve: str, agent: str) -> None:
    """Refuse an unknown level, or evolution with a strategy that has no memory prompt.

    Args:
        evolve: The ``-T evolve=`` value.
        agent: The ``-T agent=`` value.

    Raises:
        ValueError: In one line, naming the accepted values.
    """
    if evolve not in EVOLVE_LEVELS:
        raise ValueError(f"evolve must be one of {', '.join(EVOLVE_LEVELS)}, got {evolve!r}")
    if evolve != NO_EVOLUTION and agent not in EVOLVING_STRATEGIES:
        raise ValueError(
            f"evolve={evolve} rewrites the memory brief, which only "
            f"{', '.join(EVOLVING_STRATEGIES)} follow; agent={agent} has none"
        )


def period_feedback(
    scenario: ConversationScenario,
    period: Period,
    answers: Sequence[ConversationAnswer],
    level: str,
) -> str:
    """The feedback the environment gives on one period, at one level.

    Args:
        scenario: The user (its questions; only ``period`` of its periods is read).
        period: The period just ended.
        answers: The raw answer records of the period; only the memory pass's question
            answers of this period are read.
        level: ``question`` or ``complete``.

    Raises:
        ValueError: If the level gives no feedback.
    """
    if level == QUESTION_FEEDBACK:
        return "\n".join(
            QUESTION_LINE.format(number=number, question=question.text)
            for number, question in enumerate(scenario.questions, start=1)
        )
    if level != COMPLETE_FEEDBACK:
        raise ValueError(f"evolve={level} gives no feedback")
    raw = {
        record.item: record.raw
        for record in answers
        if record.kind == "question" and record.period == period.index
    }
    blocks = []
    for number, question in enumerate(scenario.questions, start=1):
        shown = presented_choices(scenario, question, period)
        best = gold_number(shown, question.gold_choice(period.state))
        chosen = parse_choice(raw.get(question.qid, ""), len(shown))
        kinds = (
            KIND_OF_FACT.format(label=scenario.variable(key).label) for key in question.required
        )
        blocks.append(
            COMPLETE_BLOCK.format(
                number=number,
                question=question.text,
                answer=NO_ANSWER if chosen is None else chosen,
                result="right" if chosen == best else "wrong",
                kinds="; ".join(kinds),
            )
        )
    return "\n\n".join(blocks)


def evolution_request(brief: str, period_index: int, level: str, feedback: str) -> str:
    """The rewrite's user message.

    Args:
        brief: The brief in force during the period.
        period_index: The period the feedback is about.
        level: ``question`` or ``complete``.
        feedback: `period_feedback` of that period.
    """
    return EVOLVE_REQUEST.format(
        brief=brief, period=period_index, level=LEVEL_DESCRIPTIONS[level], feedback=feedback
    )


_WORD = re.compile(r"[a-z0-9']+")
_LETTERS = re.compile(r"[a-z]{3,}")


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _runs(text: str) -> list[tuple[str, ...]]:
    """Every run of `COPY_WORDS` consecutive words of a text (lowercase), in order."""
    words = _words(text)
    return [
        tuple(words[start : start + COPY_WORDS]) for start in range(len(words) - COPY_WORDS + 1)
    ]


def _phrases(text: str) -> set[tuple[str, ...]]:
    """The set of a text's `_runs`."""
    return set(_runs(text))


def _names(text: str, value: str) -> bool:
    """Whether a text names a value (as whole words, ignoring case)."""
    pattern = rf"(?<![a-z0-9]){re.escape(value.lower())}(?![a-z0-9])"
    return re.search(pattern, text.lower()) is not None


@dataclass(frozen=True)
class CopyGuard:
    """What a rewritten brief may not hold: the answer options' wording and the facts' values.

    Attributes:
        option_phrases: Every run of `COPY_WORDS` words of the user's answer options (every
            combination of values, not only those shown), except runs that a question holds.
        values: Every value a fact can take (the catalogue's and the user's own), except
            values that a question or a fact's label names, or that hold no word of three
            letters or more.
    """

    option_phrases: frozenset[tuple[str, ...]]
    values: tuple[str, ...]

    def refusal(self, brief: str, current: str) -> tuple[str, str] | None:
        """Why a brief is refused, if it is: (status, the copied words or value).

        What the current brief already holds is allowed (it was checked when written).

        Args:
            brief: The rewritten brief.
            current: The brief in force.
        """
        allowed = _phrases(current)
        for run in _runs(brief):
            if run in self.option_phrases and run not in allowed:
                return STATUS_COPIES_OPTION, " ".join(run)
        for value in self.values:
            if _names(brief, value) and not _names(current, value):
                return STATUS_NAMES_VALUE, value
        return None


def copy_guard(scenario: ConversationScenario) -> CopyGuard:
    """The `CopyGuard` of one user.

    Args:
        scenario: The user (its questions' options, its facts' labels and values).
    """
    public = [
        *(question.text for question in scenario.questions),
        *(question.text for question in QUESTIONS.values()),
        *(variable.label for variable in scenario.variables),
        *(variable.label for variable in VARIABLES.values()),
    ]
    asked = set().union(*map(_phrases, public))
    options = (choice.text for question in scenario.questions for choice in question.choices)
    catalogue = (value.name for variable in VARIABLES.values() for value in variable.values)
    own = (value for variable in scenario.variables for value in variable.values)
    return CopyGuard(
        option_phrases=frozenset(set().union(*map(_phrases, options)) - asked),
        values=tuple(
            value
            for value in dict.fromkeys([*catalogue, *own])
            if _LETTERS.search(value.lower()) and not any(_names(text, value) for text in public)
        ),
    )


@dataclass(frozen=True)
class Rewrite:
    """What the rewrite's reply amounts to.

    Attributes:
        brief: The brief in force from now on (the old one unless the reply was usable).
        changes: The changes the reply lists (empty if none or unusable).
        status: ``rewritten``, ``unchanged``, ``unparsed``, ``too long``, ``copies an
            option`` or ``names a value``.
        refused: For the last two, the option's words or the value the brief held.
    """

    brief: str
    changes: list[str]
    status: str
    refused: str = ""


def parse_rewrite(reply: str, current: str, guard: CopyGuard) -> Rewrite:
    """Read the rewrite's reply; an unusable or copying one keeps the current brief.

    Args:
        reply: The ``memory`` model's reply.
        current: The brief in force.
        guard: What the brief may not hold (`copy_guard` of the user).
    """
    parsed = parse_memory_object(reply)
    brief = (parsed or {}).get("memory_brief", "").strip()
    if not brief:
        return Rewrite(current, [], STATUS_UNPARSED)
    if len(brief) > MAX_BRIEF_CHARACTERS:
        return Rewrite(current, [], STATUS_TOO_LONG)
    refusal = guard.refusal(brief, current)
    if refusal is not None:
        status, refused = refusal
        return Rewrite(current, [], status, refused)
    changes = _changes((parsed or {}).get("changes", ""))
    return Rewrite(brief, changes, STATUS_REWRITTEN if brief != current else STATUS_UNCHANGED)


def _changes(text: str) -> list[str]:
    """The ``changes`` list (kept as JSON text by `parse_memory_object`), as strings."""
    try:
        value = json.loads(text)
    except ValueError:
        return [text] if text else []
    if isinstance(value, list):
        return [str(item) for item in value]
    return [str(value)]


class EvolutionState(JsonStoreModel):
    """The rewrites of one sample (only touched when the sample evolves).

    Attributes:
        level: The feedback level (``question`` or ``complete``).
        initial_brief: The brief of the first period.
        rewrites: One record per rewrite: ``after_period``, ``status``, ``memory_brief``
            (in force from the next period), ``changes`` and ``refused`` (what a refused
            brief copied: an option's words or a value; "" otherwise).
    """

    level: str = Field(default="")
    initial_brief: str = Field(default="")
    rewrites: list[dict[str, Any]] = Field(default_factory=list)


def start_evolution(agent: MemoryStrategy, level: str) -> EvolutionState:
    """Record the level and the first period's brief, before the first period.

    Args:
        agent: The strategy under test.
        level: ``question`` or ``complete``.

    Raises:
        ValueError: If the strategy's memory updates follow no brief.
    """
    if agent.name not in EVOLVING_STRATEGIES:
        raise ValueError(
            f"evolve={level} rewrites the memory brief, which only "
            f"{', '.join(EVOLVING_STRATEGIES)} follow; this sample plays {agent.name}"
        )
    state = store_as(EvolutionState)
    state.level = level
    state.initial_brief = agent.briefing.memory_brief
    return state


async def evolve_memory_brief(
    agent: MemoryStrategy,
    scenario: ConversationScenario,
    period: Period,
    answers: Sequence[ConversationAnswer],
    evolution: EvolutionState,
) -> Rewrite:
    """Ask the ``memory`` role to rewrite the brief from the period's feedback, and apply it.

    Args:
        agent: The strategy under test (its briefing changes if the rewrite is usable).
        scenario: The user.
        period: The period just ended.
        answers: The period's raw answer records.
        evolution: The sample's `EvolutionState` (the rewrite is appended).
    """
    current = agent.briefing.memory_brief
    feedback = period_feedback(scenario, period, answers, evolution.level)
    set_phase(PHASE_EVOLVE)
    output = await get_model(role=MEMORY_ROLE).generate(
        [
            ChatMessageSystem(content=EVOLVE_SYSTEM_PROMPT.format(limit=MAX_BRIEF_CHARACTERS)),
            ChatMessageUser(
                content=evolution_request(current, period.index, evolution.level, feedback)
            ),
        ]
    )
    rewrite = parse_rewrite(output.completion, current, copy_guard(scenario))
    if rewrite.brief != current:
        agent.brief(replace(agent.briefing, memory_brief=rewrite.brief))
    record: dict[str, JsonValue] = {
        "after_period": period.index,
        "status": rewrite.status,
        "memory_brief": rewrite.brief,
        "changes": list[JsonValue](rewrite.changes),
        "refused": rewrite.refused,
    }
    evolution.rewrites = [*evolution.rewrites, record]
    transcript().info({"self_evolution": {"feedback": evolution.level, **record}}, source="evolve")
    return rewrite


def evolution_rows(
    periods: Sequence[Mapping[str, Any]],
    initial_brief: str,
    rewrites: Sequence[Mapping[str, Any]],
    score_keys: Sequence[str],
) -> list[dict[str, Any]]:
    """Each period's score beside the brief in force during it (for `Score.metadata`).

    Args:
        periods: The per-period grades (`grading.period_rows`), each with ``period``.
        initial_brief: The first period's brief.
        rewrites: The sample's rewrites (`EvolutionState.rewrites`).
        score_keys: The grade keys to copy into each row.
    """
    by_period = {int(record["after_period"]): record for record in rewrites}
    brief = initial_brief
    rows = []
    for grade in periods:
        index = int(grade["period"])
        record = by_period.get(index - 1)
        if record is not None:
            brief = str(record["memory_brief"])
        rows.append(
            {
                "period": index,
                **{key: grade.get(key) for key in score_keys},
                "memory_brief": brief,
                "brief_status": STATUS_INITIAL if record is None else str(record["status"]),
                "brief_changes": [] if record is None else list(record["changes"]),
                "brief_refused": "" if record is None else str(record.get("refused", "")),
            }
        )
    return rows


def evolution_table(level: str, rows: Sequence[Mapping[str, Any]]) -> str:
    """The explanation's self-evolution section: per period, the headline and the brief.

    Args:
        level: The feedback level.
        rows: `evolution_rows` of the sample.
    """
    lines = [
        f"\n\nSelf-evolution ({level} feedback): the memory brief was rewritten after each "
        "period but the last; each period's headline under the brief in force:\n",
        "| period | headline | brief | changes |",
        "|---:|---:|---|---|",
    ]
    for row in rows:
        headline = row.get(HEADLINE)
        shown = f"{headline:.3f}" if isinstance(headline, float) else "–"
        changes = "; ".join(str(change) for change in row["brief_changes"]) or "–"
        status = str(row["brief_status"])
        if row.get("brief_refused"):
            status += f" (“{row['brief_refused']}”), old brief kept"
        lines.append(f"| {row['period']} | {shown} | {_cell(status)} | {_cell(changes)} |")
    final = rows[-1]["memory_brief"] if rows else ""
    lines.append("\nThe last period's brief:\n\n" + _quoted(str(final)))
    return "\n".join(lines)


CELL_CHARACTERS = 160


def _cell(text: str) -> str:
    """A Markdown table cell: one line, pipes escaped, cut to `CELL_CHARACTERS`."""
    flat = " ".join(text.split()).replace("|", "\\|")
    return flat if len(flat) <= CELL_CHARACTERS else flat[: CELL_CHARACTERS - 1] + "…"


def _quoted(text: str) -> str:
    """A Markdown block quote of a text."""
    return "\n".join(f"> {line}" if line else ">" for line in text.splitlines())
