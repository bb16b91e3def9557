"""The code_qa world, grading rules, statistics and prompt views are pure: no Inspect."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "inspect_memgym" / "code_qa"
ALLOWED_PROJECT_IMPORTS = (
    "inspect_memgym.kit",
    "inspect_memgym.scoring.facts",
    "inspect_memgym.scoring.clauses",
    "inspect_memgym.scoring.isolation",
    "inspect_memgym.scoring.reached",
    "inspect_memgym.code_qa.world",
    "inspect_memgym.code_qa.grading",
    "inspect_memgym.code_qa.question_rows",
    "inspect_memgym.code_qa.claims",
    "inspect_memgym.code_qa.hedges",
    "inspect_memgym.code_qa.look_alikes",
    "inspect_memgym.code_qa.repository_view",
    "inspect_memgym.code_qa.summary_keys",
    "inspect_memgym.validity.statistics",
    "inspect_memgym.validity.verdicts",
)


def imported_modules(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


def test_world_grading_and_views_import_only_kit_facts_and_themselves() -> None:
    pure = (
        "grading.py",
        "question_rows.py",
        "claims.py",
        "hedges.py",
        "look_alikes.py",
        "repository_view.py",
        "adversary_reading.py",
        "validity_statistics.py",
        "summary_keys.py",
    )
    files = [*sorted((PACKAGE / "world").glob("*.py")), *(PACKAGE / name for name in pure)]
    assert len(files) > 15
    for path in files:
        text = path.read_text()
        assert text.startswith('"""'), f"{path.name} has no module docstring"
        for module in imported_modules(path):
            assert not module.startswith("inspect_ai"), (path.name, module)
            if module.startswith("inspect_memgym"):
                assert module.startswith(ALLOWED_PROJECT_IMPORTS), (path.name, module)
        assert len(text.splitlines()) <= 400, path.name
