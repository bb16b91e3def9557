"""The world is pure Python: no Inspect, no other benchmark, only kit and pure scoring."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
WORLD = REPO_ROOT / "src" / "inspect_memgym" / "research_qa" / "world"
ALLOWED_PREFIXES = (
    "inspect_memgym.kit",
    "inspect_memgym.scoring.facts",
    "inspect_memgym.scoring.gold",
    "inspect_memgym.research_qa.world",
    "inspect_memgym.research_qa.defaults",
)
"""`research_qa.defaults` is constants only, apart from the world so that the task's signature
does not load it."""


def imported_modules(path: Path) -> set[str]:
    modules = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            modules |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module)
    return modules


def test_world_modules_import_only_kit_pure_scoring_and_the_world() -> None:
    offending = {
        f"{path.name}: {module}"
        for path in WORLD.glob("*.py")
        for module in imported_modules(path)
        if module.startswith(("inspect_memgym", "inspect_ai"))
        and not module.startswith(ALLOWED_PREFIXES)
    }
    assert offending == set()


def test_importing_the_world_does_not_load_inspect() -> None:
    script = (
        "import sys, inspect_memgym.research_qa.world as world; "
        "world.generate_instance(0, 3); print('inspect_ai' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO_ROOT,
        env={"PYTHONPATH": "src", "PATH": ""},
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert result.stdout.strip() == "False"
