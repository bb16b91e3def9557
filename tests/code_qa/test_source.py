"""The generated codebase: real call relations, settings and errors, and a faithful skeleton."""

from __future__ import annotations

import ast
import re

import pytest

from inspect_memgym.code_qa.world.domains import DOMAINS
from inspect_memgym.code_qa.world.generate import stream
from inspect_memgym.code_qa.world.history_vocabulary import CUSTOMERS, TEAMS, TIMEZONES
from inspect_memgym.code_qa.world.repository import Repository

SEEDS = range(12)


@pytest.fixture(scope="module")
def repositories() -> list[Repository]:
    return [Repository(stream(seed, "codebase")) for seed in SEEDS]


def defined_functions(source: str) -> list[str]:
    return [node.name for node in ast.walk(ast.parse(source)) if isinstance(node, ast.FunctionDef)]


def called_names(source: str) -> set[str]:
    return {
        node.func.id
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }


def test_target_reads_its_setting_and_raises_its_codes(repositories) -> None:
    for repository in repositories:
        story = repository.story
        source = repository.sources[story.target_module.path]
        setting, error = story.target.setting, story.target.error
        assert setting and error and story.target.cap_error
        assert f'settings.get("{setting.key}", {setting.constant})' in source
        assert f"\n{setting.constant} = {setting.value}\n" in source
        assert f'raise {story.domain.error_class}("{error.code}", "{error.message}")' in source
        assert f"\n{story.cap.name} = {story.cap.value}\n" in source
        assert f"# {story.flush.comment}\n{story.flush.name} = {story.flush.value}\n" in source
        assert story.helper.name in called_names(source)


def test_sibling_raises_the_next_code(repositories) -> None:
    for repository in repositories:
        story = repository.story
        assert story.target.error and story.sibling.error
        prefix, number = story.target.error.code.split("-")
        assert story.sibling.error.code == f"{prefix}-{int(number) + 1:05d}"


def test_only_the_caller_calls_the_target_and_only_the_twin_shares_its_name(repositories) -> None:
    for repository in repositories:
        story = repository.story
        callers = [
            path for path, source in repository.sources.items()
            if story.target.name in called_names(source)
        ]  # fmt: skip
        definers = [
            path for path, source in repository.sources.items()
            if story.target.name in defined_functions(source)
        ]  # fmt: skip
        # the twin module's own caller calls the twin, which has the target's name
        assert sorted(callers) == sorted([story.caller_module.path, story.twin_module.path])
        assert sorted(definers) == sorted([story.target_module.path, story.twin_module.path])
        caller_source = repository.sources[story.caller_module.path]
        assert f"from {story.target_module.dotted} import {story.target.name}\n" in caller_source
        twin_source = repository.sources[story.twin_module.path]
        assert story.twin.setting and story.target.setting
        assert story.twin.setting.key != story.target.setting.key
        assert f'settings.get("{story.twin.setting.key}"' in twin_source
        assert story.twin_cap.name == story.cap.name
        assert story.twin_cap.value not in story.cap.value
        assert story.twin.name in called_names(twin_source)


def test_modules_call_into_other_modules(repositories) -> None:
    for repository in repositories:
        imported = [
            line
            for source in repository.sources.values()
            for line in source.splitlines()
            if line.startswith("from ")
            and ".errors import" not in line
            and "__future__" not in line
        ]
        assert len(imported) >= 4


def test_skeleton_holds_paths_and_signatures_only(grid) -> None:
    for instance in grid[:10]:
        skeleton = instance.repo_context
        assert not re.search(r"^\s+(return|if|for) ", skeleton, re.MULTILINE)
        assert '"""' not in skeleton
        modules = {path for path in instance.repo_files if not path.endswith("__init__.py")}
        listed = {line for line in skeleton.splitlines() if not line.startswith(" ")}
        assert listed == modules
        for path, source in instance.repo_files.items():
            if path.endswith("__init__.py"):
                assert ast.parse(source).body and not defined_functions(source)
                continue
            entry = skeleton.split(f"{path}\n", 1)[1].split("\n\n", 1)[0]
            signatures = re.findall(r"^ {4}def (\w+)\(", entry, re.MULTILINE)
            top_level = [
                node.name for node in ast.parse(source).body if isinstance(node, ast.FunctionDef)
            ]
            assert signatures[: len(top_level)] == top_level


def test_source_vocabulary_cannot_form_history_tokens() -> None:
    for domain in DOMAINS:
        words = [*domain.areas, *domain.nouns, *domain.fields, domain.measure, domain.service]
        for word in words:
            assert not re.search(r"[\d&/-]", word), word
    for token in [*CUSTOMERS, *TIMEZONES, *TEAMS]:
        assert re.search(r"[&/-]", token), token
