"""Scripted assistants for the conversation task: they remember through the strategy's memory.

A policy reads only what the agent shows it: user messages in its context or retrieved
from memory, its own notes (in an AWI memory object or returned by its memory searches),
the numbered choices of a question, and, for the upper bound, the values stated in the
prompt. Understanding a user message is done by recognising the session's scripted opening
(the scenario says which values it reveals), which stands in for an LLM's reading of it;
remembering is done only through the strategy's memory, so if storage or retrieval breaks,
the policy's score drops.

- ``perfect`` keeps every revealed value and its latest change;
- ``strategic`` misses 30% of revealed values (fixed by a hash);
- ``naive`` keeps the first value it learns of each variable and ignores changes;
- ``guesser`` remembers nothing and picks a hash-chosen option (about random accuracy);
- ``abstainer`` remembers nothing and replies without a choice (every answer a parse failure);
- ``learner`` keeps only the kinds of facts its memory brief names in a keep line
  (``- the user's diet``; the default brief names none, so it starts keeping nothing), and
  when asked to rewrite its brief (``-T evolve=``) adds the kinds the feedback shows it
  needed: from a question alone, the fact its wording points to (the required variable
  whose label shares most words with it); from a wrong answer, every fact the feedback says
  its best answer depends on.

All of them answer the upper-bound prompt from the values it states. Asked to rewrite the
memory brief, every other policy returns it unchanged.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.conversation.notation import (
    KEEP_HEADING,
    keep_line,
    note,
    note_key,
    note_value,
    read_brief,
    read_choices,
    read_feedback,
    read_feedback_answers,
    read_keep_lines,
    read_notes,
    read_situation,
)
from inspect_memgym.conversation.state import (
    PHASE_EVOLVE,
    PHASE_PROBE,
    PHASE_QUESTION,
    PHASE_UPPER_BOUND,
    PHASE_USER,
)
from inspect_memgym.conversation.world.model import ConversationQuestion, ConversationScenario
from inspect_memgym.kit.named import lookup
from inspect_memgym.kit.rng import stable_fraction
from inspect_memgym.simulation.actions import Action, ToolRequest, finish
from inspect_memgym.simulation.transcript import tool_exchanges
from inspect_memgym.strategies.call_context import PHASE_MEMORY_UPDATE, PHASE_REPLY

REPLY_TEXT = "Thanks for telling me. Here are a few ideas that fit what you described."
FOLLOW_UP_TEXT = "Could you say a bit more about that?"
UPDATED_TEXT = "Memory updated."
NO_CHOICE_TEXT = "I'm not sure I remember enough about you to choose."
FORGET_RATE = 0.3
"""Share of revealed values the strategic policy misses."""


@dataclass(frozen=True)
class Evidence:
    """One thing the policy sees about a variable.

    Attributes:
        key: Variable key.
        value: Value.
        time: Simulated time it was revealed.
        source: ``"user"`` (a user message) or ``"note"`` (the policy's own note).
        text: The note's exact text (notes only).
    """

    key: str
    value: str
    time: str
    source: str
    text: str = ""


@dataclass(frozen=True)
class Situation:
    """What a policy call needs besides the messages.

    Attributes:
        scenario: The sample's user (public script: openings and what they reveal).
        phase: The `ConversationState` phase.
        period: Current period.
        item_id: Question id or probed variable key.
    """

    scenario: ConversationScenario
    phase: str
    period: int
    item_id: str


@dataclass(frozen=True)
class ConversationPolicy:
    """A scripted assistant; its traits set what it remembers and how it answers.

    Attributes:
        name: The policy's name (played as ``memgym/<name>``).
        forget_rate: Share of revealed values it misses (chosen by a stable hash).
        keeps_first: Keep the first value of each variable and ignore every change.
        remembers: Keep anything at all (else it picks a hash-chosen option).
        chooses: Answer questions and probes with a choice (else without one).
        follows_brief: Store only the kinds of facts the memory brief names in keep lines,
            and widen the brief from self-evolution feedback.
    """

    name: str
    forget_rate: float = 0.0
    keeps_first: bool = False
    remembers: bool = True
    chooses: bool = True
    follows_brief: bool = False

    def act(
        self, messages: list[ChatMessage], tools: list[ToolInfo], situation: Situation
    ) -> Action:
        """The policy's output for one model call.

        Args:
            messages: The input messages.
            tools: Tools on offer.
            situation: Scenario, phase and item.
        """
        text = "\n".join(message.text for message in messages)
        phase = situation.phase
        offered = {info.name for info in tools}
        if phase == PHASE_REPLY:
            if "memory_write" in offered and self.remembers:
                return self._update_store(messages, text, situation, done=REPLY_TEXT)
            return finish(REPLY_TEXT)
        if phase == PHASE_USER:
            return finish(FOLLOW_UP_TEXT)
        if phase == PHASE_EVOLVE:
            return finish(self._rewrite_brief(text, situation))
        if phase == PHASE_MEMORY_UPDATE:
            if any(info.name == "memory_write" for info in tools):
                return self._update_store(messages, text, situation)
            return finish(self._rewrite_memory(text, situation))
        if phase == PHASE_UPPER_BOUND:
            return finish(self._choose(text, self._stated(text, situation), situation))
        if phase in (PHASE_QUESTION, PHASE_PROBE):
            if not self.chooses:
                return finish(NO_CHOICE_TEXT)
            if "memory_search" in offered and self.remembers:
                lookup = self._look_up(messages, situation)
                if lookup is not None:
                    return lookup
            return finish(
                self._choose(text, self._belief(self._evidence(text, situation)), situation)
            )
        return finish(REPLY_TEXT)

    def forgets(self, scenario: ConversationScenario, session_id: str, key: str) -> bool:
        """Whether the policy misses one revealed value.

        Args:
            scenario: The user.
            session_id: Session that revealed it.
            key: Variable key.
        """
        if self.forget_rate <= 0:
            return False
        return stable_fraction(self.name, scenario.scenario_id, session_id, key) < self.forget_rate

    def _evidence(self, text: str, situation: Situation) -> list[Evidence]:
        if not self.remembers:
            return []
        scenario = situation.scenario
        # Only sessions that have happened: a user may repeat an opening word for word in a
        # later period, and that later session must not lend its time to the earlier one.
        items = [
            Evidence(key, value, session.time, "user")
            for period in scenario.periods
            if period.index <= situation.period
            for session in period.sessions
            if session.opening and session.opening in text
            for key, value in session.exposed.items()
            if not self.forgets(scenario, session.session_id, key)
        ]
        items.extend(
            Evidence(key, value, time, "note", matched)
            for key, value, time, matched in read_notes(text)
        )
        return items

    def _belief(self, items: list[Evidence]) -> dict[str, Evidence]:
        """The value the policy holds for each variable: the latest, or the first if naive."""
        belief: dict[str, Evidence] = {}
        for item in sorted(items, key=lambda item: (item.time, item.source == "user")):
            if self.keeps_first and item.key in belief:
                continue
            belief[item.key] = item
        return belief

    def _stated(self, text: str, situation: Situation) -> dict[str, Evidence]:
        """The values the upper-bound prompt states, by variable key."""
        by_label = {variable.label: variable.key for variable in situation.scenario.variables}
        return {
            by_label[label]: Evidence(by_label[label], value, "", "user")
            for label, value in read_situation(text).items()
            if label in by_label
        }

    def _choose(self, text: str, belief: dict[str, Evidence], situation: Situation) -> str:
        """``{"answer": N}`` for the option that fits the belief (a hash pick among the rest)."""
        options = read_choices(text)
        if not options:
            return NO_CHOICE_TEXT
        if situation.phase == PHASE_PROBE:
            held = belief.get(situation.item_id)
            fitting = [i for i, option in enumerate(options) if held and option == held.value]
        else:
            fitting = self._fitting_choices(options, belief, situation)
        pool = fitting or list(range(len(options)))
        if len(pool) == 1:
            return json.dumps({"answer": pool[0] + 1})
        draw = stable_fraction(
            self.name, situation.scenario.scenario_id, str(situation.period), situation.item_id
        )
        return json.dumps({"answer": pool[int(draw * len(pool))] + 1})

    @staticmethod
    def _fitting_choices(
        options: list[str], belief: dict[str, Evidence], situation: Situation
    ) -> list[int]:
        question = next(
            (q for q in situation.scenario.questions if q.qid == situation.item_id), None
        )
        if question is None:
            return []
        states = {choice.text: choice.state for choice in question.choices}
        fitting = []
        for index, option in enumerate(options):
            state = states.get(option)
            if state is None:
                continue
            if all(
                key not in belief or belief[key].value == value
                for key, value in zip(question.required, state, strict=True)
            ):
                fitting.append(index)
        return fitting

    def _rewrite_memory(self, text: str, situation: Situation) -> str:
        """The AWI memory object: one note per variable the policy holds."""
        belief = self._belief(
            [
                item
                for item in self._evidence(text, situation)
                if item.source != "user" or self._stores(item.key, text, situation)
            ]
        )
        order = [variable.key for variable in situation.scenario.variables]
        memory = {
            note_key(key): note_value(belief[key].value, belief[key].time)
            for key in order
            if key in belief
        }
        return json.dumps(memory, ensure_ascii=False, indent=1)

    def _look_up(self, messages: list[ChatMessage], situation: Situation) -> Action | None:
        """Search memory once for the note of every variable the item depends on."""
        if any(exchange.function == "memory_search" for exchange in tool_exchanges(messages)):
            return None
        question = next(
            (q for q in situation.scenario.questions if q.qid == situation.item_id), None
        )
        keys = question.required if question is not None else (situation.item_id,)
        return Action(
            calls=[
                ToolRequest("memory_search", {"query": note_key(key), "top_k": 3}) for key in keys
            ]
        )

    def _update_store(
        self, messages: list[ChatMessage], text: str, situation: Situation, done: str = ""
    ) -> Action:
        """Search for each newly revealed variable's note, then write or edit it (awe, agentic).

        When memory is up to date the policy replies ``done`` (default: a short summary).
        """
        exchanges = tool_exchanges(messages)
        revealed = self._belief(
            [
                item
                for item in self._evidence(text, situation)
                if item.source == "user" and self._stores(item.key, text, situation)
            ]
        )
        searched = {
            str(exchange.arguments.get("query"))
            for exchange in exchanges
            if exchange.function == "memory_search"
        }
        pending = [key for key in revealed if note_key(key) not in searched]
        if pending:
            return Action(
                calls=[
                    ToolRequest("memory_search", {"query": note_key(key), "top_k": 3})
                    for key in pending
                ]
            )
        if any(exchange.function in ("memory_write", "memory_edit") for exchange in exchanges):
            return finish(done or UPDATED_TEXT)
        stored: dict[str, Evidence] = {}
        searches = [exchange for exchange in exchanges if exchange.function == "memory_search"]
        for exchange in searches:
            for key, value, time, matched in read_notes(exchange.result):
                stored[key] = Evidence(key, value, time, "note", matched)
        calls = []
        for key, item in revealed.items():
            old = stored.get(key)
            new = note(key, item.value, item.time)
            if old is None:
                calls.append(ToolRequest("memory_write", {"content": new}))
            elif not self.keeps_first and old.time < item.time and old.value != item.value:
                calls.append(ToolRequest("memory_edit", {"old_text": old.text, "new_text": new}))
        return Action(calls=calls) if calls else finish(done or UPDATED_TEXT)

    def _stores(self, key: str, text: str, situation: Situation) -> bool:
        """Whether a memory update stores a revealed value of this variable."""
        if not self.follows_brief:
            return True
        return situation.scenario.variable(key).label in read_keep_lines(text)

    def _rewrite_brief(self, text: str, situation: Situation) -> str:
        """The reply to a self-evolution request: the brief, widened if the policy learns.

        The learner reads the feedback (never the scenario's later periods): each question
        it recognises there (by its text) adds the fact its wording points to; each wrong
        answer adds the facts the feedback says its best answer depends on. The kinds are
        added as keep lines; values are never written.
        """
        brief = read_brief(text)
        if brief is None:
            return NO_CHOICE_TEXT
        if not self.follows_brief:
            return json.dumps({"memory_brief": brief, "changes": []})
        feedback = read_feedback(text)
        scenario = situation.scenario
        labels = [
            scenario.variable(_pointed_variable(scenario, question)).label
            for question in scenario.questions
            if question.text in feedback
        ]
        asked = {question.text for question in scenario.questions}
        known = {variable.label for variable in scenario.variables}
        for question_text, _, right, needed in read_feedback_answers(feedback):
            if question_text in asked and not right:
                labels += [label for label in needed if label in known]
        kept = read_keep_lines(brief)
        added = [label for label in dict.fromkeys(labels) if label not in kept]
        if not added:
            return json.dumps({"memory_brief": brief, "changes": []})
        lines = "\n".join(keep_line(label) for label in added)
        widened = f"{brief}\n{lines}" if kept else f"{brief}\n\n{KEEP_HEADING}\n{lines}"
        changes = [f"keep the user's {label}" for label in added]
        return json.dumps({"memory_brief": widened, "changes": changes}, ensure_ascii=False)


_WORD = re.compile(r"[a-z]{4,}")
STEM_LETTERS = 4
"""Words match when their first letters agree (``cook`` and ``cooking``)."""


def _stems(text: str) -> set[str]:
    return {word[:STEM_LETTERS] for word in _WORD.findall(text.lower())}


def _pointed_variable(scenario: ConversationScenario, question: ConversationQuestion) -> str:
    """The required variable a question's wording points to.

    The one whose label shares most words with the question (the first on a tie).
    """
    words = _stems(question.text)
    shared = [len(words & _stems(scenario.variable(key).label)) for key in question.required]
    return question.required[shared.index(max(shared))]


CONVERSATION_POLICIES: dict[str, ConversationPolicy] = {
    policy.name: policy
    for policy in (
        ConversationPolicy("perfect"),
        ConversationPolicy("strategic", forget_rate=FORGET_RATE),
        ConversationPolicy("naive", keeps_first=True),
        ConversationPolicy("guesser", remembers=False),
        ConversationPolicy("abstainer", remembers=False, chooses=False),
        ConversationPolicy("learner", follows_brief=True),
    )
}
"""Policies that play the conversation task, by ``memgym/<name>``."""


def get_conversation_policy(name: str) -> ConversationPolicy:
    """Return a conversation policy by name.

    Args:
        name: Policy name.

    Raises:
        ValueError: If the policy does not play the conversation task (lists those that do).
    """
    return lookup(CONVERSATION_POLICIES, name, "memgym policy for the conversation task")
