"""Verification by construction: the checks MemGym's model verifier makes, made by rules.

MemGym asks a model whether each question is solvable from its linked facts (A), not
answerable from its distractors (B) and not from the question alone (C). Here the same
three checks run with the benchmark's own grading rules (the gold answer is no hedge),
together with what the generator promises: memory-only facts appear nowhere in the
repository, discoverable facts do, every statement is in the history as one sentence that
states its fact, every source file parses, every excerpt is real source, and the history
has the size asked for. `check_instance` returns the problems it finds.
"""

from __future__ import annotations

import ast
import re

from inspect_memgym.code_qa.claims import sentences, states_fact
from inspect_memgym.code_qa.grading import grade_answer
from inspect_memgym.code_qa.world.model import FACT_CATEGORIES, CodeQAInstance, QAPair
from inspect_memgym.code_qa.world.question_plans import QUESTION_COUNT, difficulty_of
from inspect_memgym.code_qa.world.reader import answer_from_facts
from inspect_memgym.kit.tokens import estimate_tokens
from inspect_memgym.scoring.facts import holds_fact, normalise_for_match

EXCERPT = re.compile(r"# --- context excerpt: (\S+) ---\n(.*?)\n# --- end excerpt ---", re.DOTALL)
SIZE_TOLERANCE = 0.02
"""Largest relative gap between the history's estimated tokens and ``context_tokens``."""
FILLER_KIND = "context_excerpts"
SHORTEST_KEY_TOKEN = 2
"""A one-character key token (a lone digit) would be found in almost any answer."""


def _check_question(instance: CodeQAInstance, pair: QAPair) -> list[str]:
    problems: list[str] = []
    where = f"{pair.qa_id}:"
    linked = [instance.fact(fact_id) for fact_id in pair.linked_fact_ids]
    if pair.category != linked[0].category:
        problems.append(f"{where} category {pair.category} is not its first fact's")
    if pair.difficulty != difficulty_of(linked):
        problems.append(f"{where} difficulty {pair.difficulty} != {difficulty_of(linked)}")
    if pair.requires_memory != any(not grounding.discoverable for grounding in linked):
        problems.append(f"{where} requires_memory disagrees with its linked facts")
    if pair.needle != any(grounding.needle for grounding in linked):
        problems.append(f"{where} needle disagrees with its linked facts")
    full = answer_from_facts(instance, pair.qa_id, pair.linked_fact_ids)
    solved = grade_answer(instance, pair.qa_id, full)
    if solved.score < 1.0 or solved.misled:
        problems.append(f"{where} not solvable from its linked facts (score {solved.score})")
    gold = grade_answer(instance, pair.qa_id, pair.gold_answer)
    if gold.score < 1.0 or gold.misled or gold.hedge:
        problems.append(f"{where} gold answer scores {gold.score}, hedge {gold.hedge}")
    for distractor_id in pair.confuser_ids:
        distractor = instance.distractor(distractor_id)
        if distractor.mimics not in pair.linked_fact_ids:
            problems.append(f"{where} confuser {distractor_id} mimics no linked fact")
        if pair.qa_id not in distractor.misleads:
            problems.append(f"{where} confuser {distractor_id} does not list it in misleads")
        alone = grade_answer(instance, pair.qa_id, distractor.fact.statement)
        if distractor_id not in alone.misled_by:
            problems.append(f"{where} confuser {distractor_id} stated alone does not mislead")
    if pair.confuser_ids:
        confusers = " ".join(
            instance.distractor(distractor_id).fact.statement for distractor_id in pair.confuser_ids
        )
        if grade_answer(instance, pair.qa_id, confusers).correct:
            problems.append(f"{where} answerable from its distractors alone")
    question = normalise_for_match(pair.question)
    for grounding in linked:
        if grounding.discoverable:
            continue
        leaked = [
            token for token in grounding.memory_tokens if normalise_for_match(token) in question
        ]
        if leaked or holds_fact(pair.question, grounding.fact):
            problems.append(f"{where} question leaks {grounding.fact_id} {leaked}")
    return problems


def _check_questions(instance: CodeQAInstance) -> list[str]:
    problems: list[str] = []
    pairs = instance.qa_pairs
    low, high = QUESTION_COUNT
    if not low <= len(pairs) <= high:
        problems.append(f"{len(pairs)} questions, expected {low} to {high}")
    if not any(pair.requires_memory for pair in pairs):
        problems.append("no question requires memory")
    fact_ids = {grounding.fact_id for grounding in instance.grounding_facts}
    distractor_ids = {distractor.distractor_id for distractor in instance.distractors}
    for pair in pairs:
        unknown = [
            item
            for item in (*pair.linked_fact_ids, *pair.confuser_ids)
            if item not in fact_ids | distractor_ids
        ]
        if unknown or not pair.linked_fact_ids:
            problems.append(f"{pair.qa_id}: unknown or missing ids {unknown}")
            continue
        problems.extend(_check_question(instance, pair))
    linked = {fact_id for pair in pairs for fact_id in pair.linked_fact_ids} & fact_ids
    if not any(instance.fact(fact_id).relevance == "critical" for fact_id in linked):
        problems.append("no question links a critical fact")
    return problems


def _check_facts(instance: CodeQAInstance) -> list[str]:
    problems: list[str] = []
    history = "\n".join(instance.memory_files.values())
    excerpt_files = "\n".join(
        text for name, text in instance.memory_files.items() if FILLER_KIND in name
    )
    repository = normalise_for_match(
        "\n".join([*instance.repo_files.values(), instance.repo_context, instance.task_prompt])
    )
    referenced = normalise_for_match(
        "\n".join(instance.repo_files.get(path, "") for path in instance.referenced_files)
    )
    for grounding in instance.grounding_facts:
        fact, where = grounding.fact, f"{grounding.fact_id}:"
        if grounding.category not in FACT_CATEGORIES:
            problems.append(f"{where} unknown category {grounding.category}")
        if not set(grounding.memory_tokens) <= set(fact.key_tokens):
            problems.append(f"{where} memory tokens that are not key tokens")
        if grounding.discoverable == bool(grounding.memory_tokens):
            problems.append(f"{where} discoverable={grounding.discoverable} but memory tokens")
        count = history.count(fact.statement)
        if grounding.needle and (count != 1 or fact.statement not in excerpt_files):
            problems.append(f"{where} needle stated {count} times, or not among excerpts")
        if count == 0:
            problems.append(f"{where} statement missing from the memory files")
        if any(len(token.strip()) < SHORTEST_KEY_TOKEN for token in fact.key_tokens):
            problems.append(f"{where} a key token shorter than {SHORTEST_KEY_TOKEN} characters")
        if not holds_fact(fact.statement, fact):
            problems.append(f"{where} its statement does not hold its key tokens")
        if len(sentences(fact.statement)) != 1 or not states_fact(fact.statement, fact):
            problems.append(f"{where} its statement is not one sentence stating it")
        for token in grounding.memory_tokens:
            if normalise_for_match(token) in repository:
                problems.append(f"{where} memory-only token {token!r} appears in the repository")
        if grounding.discoverable:
            missing = [t for t in fact.key_tokens if normalise_for_match(t) not in referenced]
            if missing:
                problems.append(f"{where} discoverable but {missing} not in referenced source")
    for distractor in instance.distractors:
        if distractor.fact.statement not in history:
            problems.append(f"{distractor.distractor_id}: statement missing from memory files")
    return problems


def _check_repository(instance: CodeQAInstance) -> list[str]:
    problems: list[str] = []
    for path, source in instance.repo_files.items():
        try:
            ast.parse(source, filename=path)
        except SyntaxError as error:
            problems.append(f"{path}: does not parse ({error.msg}, line {error.lineno})")
    for name, text in instance.memory_files.items():
        for path, body in EXCERPT.findall(text):
            if path in instance.referenced_files:
                problems.append(f"{name}: excerpts referenced file {path}")
            elif body not in instance.repo_files.get(path, ""):
                problems.append(f"{name}: excerpt of {path} is not that file's source")
    tokens = sum(estimate_tokens(text) for text in instance.memory_files.values())
    if abs(tokens - instance.context_tokens) > SIZE_TOLERANCE * instance.context_tokens:
        problems.append(f"memory files hold {tokens} tokens, asked {instance.context_tokens}")
    return problems


def check_instance(instance: CodeQAInstance) -> list[str]:
    """Every problem found with an instance (an empty list for a valid one).

    Args:
        instance: The instance to check.
    """
    return [*_check_questions(instance), *_check_facts(instance), *_check_repository(instance)]
