"""Verification by construction on every generated instance, and proof that it can fail."""

from __future__ import annotations

from dataclasses import replace

import pytest

from inspect_memgym.code_qa.world.generate import generate_instance
from inspect_memgym.code_qa.world.model import CodeQAInstance, QAPair
from inspect_memgym.code_qa.world.validity import check_instance


def test_every_grid_instance_passes_every_check(grid) -> None:
    for instance in grid:
        assert check_instance(instance) == [], instance.instance_id


def test_larger_instances_pass_every_check(large_grid) -> None:
    for instance in large_grid:
        assert check_instance(instance) == [], instance.instance_id


@pytest.mark.slow
@pytest.mark.parametrize("size", [500_000, 1_000_000])
def test_the_largest_sizes_pass_every_check(size: int) -> None:
    assert check_instance(generate_instance(11, size)) == []


@pytest.fixture(scope="module")
def instance() -> CodeQAInstance:
    return generate_instance(5)


def memory_only(instance: CodeQAInstance, needle: bool = False):
    return next(
        grounding
        for grounding in instance.grounding_facts
        if not grounding.discoverable and grounding.needle == needle
    )


def with_pair(instance: CodeQAInstance, index: int, **changes: object) -> CodeQAInstance:
    pairs = list(instance.qa_pairs)
    pairs[index] = replace(pairs[index], **changes)
    return replace(instance, qa_pairs=tuple(pairs))


def only_problems(instance: CodeQAInstance, *fragments: str) -> list[str]:
    problems = check_instance(instance)
    assert problems, "the corruption went unnoticed"
    for fragment in fragments:
        assert any(fragment in problem for problem in problems), (fragment, problems)
    return problems


def test_the_unchanged_instance_is_valid(instance) -> None:
    assert check_instance(instance) == []


def test_memory_only_token_in_the_source_is_reported(instance) -> None:
    grounding = memory_only(instance)
    token = grounding.memory_tokens[0]
    path = next(iter(instance.repo_files))
    files = {**instance.repo_files, path: instance.repo_files[path] + f"# {token.upper()}\n"}
    problems = only_problems(replace(instance, repo_files=files), "appears in the repository")
    assert any(grounding.fact_id in problem for problem in problems)


def test_memory_only_token_in_the_skeleton_or_prompt_is_reported(instance) -> None:
    token = memory_only(instance).memory_tokens[-1]
    only_problems(
        replace(instance, repo_context=instance.repo_context + token), "appears in the repository"
    )
    only_problems(
        replace(instance, task_prompt=f"{instance.task_prompt} ({token})"),
        "appears in the repository",
    )


def test_unparsable_source_is_reported(instance) -> None:
    path = instance.referenced_files[0]
    files = {**instance.repo_files, path: instance.repo_files[path] + "def broken(:\n"}
    only_problems(replace(instance, repo_files=files), f"{path}: does not parse")


def test_wrong_gold_answer_is_reported(instance) -> None:
    only_problems(with_pair(instance, 0, gold_answer="No idea."), "q01: gold answer scores 0.0")


def test_leaky_question_is_reported(instance) -> None:
    index, pair = next(
        (index, pair) for index, pair in enumerate(instance.qa_pairs) if pair.requires_memory
    )
    grounding = next(
        instance.fact(fact_id)
        for fact_id in pair.linked_fact_ids
        if not instance.fact(fact_id).discoverable
    )
    leaky = f"{pair.question} Hint: {grounding.memory_tokens[0]}."
    only_problems(with_pair(instance, index, question=leaky), f"{pair.qa_id}: question leaks")


def test_distractor_that_states_the_fact_is_reported(instance) -> None:
    pair = next(pair for pair in instance.qa_pairs if pair.confuser_ids)
    target = instance.distractor(pair.confuser_ids[0])
    mimicked = instance.fact(target.mimics).fact
    distractors = tuple(
        replace(item, fact=replace(item.fact, statement=mimicked.statement))
        if item == target
        else item
        for item in instance.distractors
    )
    only_problems(
        replace(instance, distractors=distractors),
        f"{pair.qa_id}: answerable from its distractors alone",
        "stated alone does not mislead",
    )


def test_wrong_labels_and_unknown_links_are_reported(instance) -> None:
    index = next(index for index, pair in enumerate(instance.qa_pairs) if pair.difficulty == "easy")
    only_problems(with_pair(instance, index, difficulty="hard"), "difficulty hard != easy")
    only_problems(with_pair(instance, index, requires_memory=True), "requires_memory disagrees")
    only_problems(with_pair(instance, 0, linked_fact_ids=("F99",)), "unknown or missing ids")
    only_problems(replace(instance, qa_pairs=instance.qa_pairs[:3]), "3 questions")
    easy_only = tuple(item for item in instance.qa_pairs if not item.requires_memory)
    only_problems(replace(instance, qa_pairs=easy_only), "no question requires memory")


def test_statement_missing_from_the_history_is_reported(instance) -> None:
    grounding = memory_only(instance)
    files = {
        name: text.replace(grounding.fact.statement, "Nothing to note.")
        for name, text in instance.memory_files.items()
    }
    only_problems(
        replace(instance, memory_files=files),
        f"{grounding.fact_id}: statement missing from the memory files",
    )


def test_needle_stated_twice_is_reported(instance) -> None:
    needle = memory_only(instance, needle=True)
    first = next(iter(instance.memory_files))
    files = {**instance.memory_files}
    files[first] += f"\n\n{needle.fact.statement}\n"
    only_problems(replace(instance, memory_files=files), f"{needle.fact_id}: needle stated 2")


def test_discoverable_fact_missing_from_the_source_is_reported(instance) -> None:
    grounding = next(item for item in instance.grounding_facts if item.category == "error_detail")
    code = grounding.fact.key_tokens[-1]
    files = {
        path: source.replace(code, "XYZ-00000") for path, source in instance.repo_files.items()
    }
    only_problems(
        replace(instance, repo_files=files), f"{grounding.fact_id}: discoverable but ['{code}']"
    )


def test_altered_excerpt_and_wrong_size_are_reported(instance) -> None:
    name = next(name for name in instance.memory_files if "context_excerpts" in name)
    files = {**instance.memory_files, name: instance.memory_files[name].replace("    ", "\t", 1)}
    only_problems(replace(instance, memory_files=files), f"{name}: excerpt of")
    shorter = {key: text for key, text in instance.memory_files.items() if key != name}
    only_problems(replace(instance, memory_files=shorter), "memory files hold")


def test_question_category_must_be_its_first_facts(instance) -> None:
    pair: QAPair = instance.qa_pairs[0]
    other = "constraint" if pair.category != "constraint" else "user_requirement"
    only_problems(with_pair(instance, 0, category=other), "is not its first fact's")


def test_a_lone_digit_key_token_is_reported(instance) -> None:
    grounding = instance.grounding_facts[0]
    weak = replace(grounding, fact=replace(grounding.fact, key_tokens=("7",)))
    facts = (weak, *instance.grounding_facts[1:])
    only_problems(replace(instance, grounding_facts=facts), "a key token shorter than 2")


def test_an_instance_whose_questions_link_no_critical_fact_is_caught(instance) -> None:
    facts = tuple(replace(grounding, relevance="helpful") for grounding in instance.grounding_facts)
    only_problems(replace(instance, grounding_facts=facts), "no question links a critical fact")
