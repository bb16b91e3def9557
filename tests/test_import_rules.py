"""The house rules on imports, read from the source with ``ast`` (nothing is imported).

- Shared packages (`SHARED`) never import a benchmark package; benchmarks never import each
  other. A benchmark package is any other top-level package of ``inspect_memgym``.
- Imports point one way between shared packages (`SHARED_MAY_IMPORT`): strategies ->
  memory -> kit, strategies -> tool_use -> kit, strategies -> memory_systems -> memory;
  analysis reads logs (it may use scoring's labels and kit, nothing that runs a task).
- A benchmark's ``world/``, the pure ``scoring/`` modules and ``training/`` (but its
  chroma opener) import nothing of Inspect, not even through another module of the suite.
- Inspect's private API (a path with a ``_`` part, e.g. ``inspect_ai.util._store`` or
  ``from inspect_ai.model import _model``) is reached only through the fence,
  ``kit/inspect_internals.py``: no other file of ``src``, ``tests``, ``scripts`` or
  ``examples`` imports it or names it in a string (a module to import or patch, a script
  run in a subprocess); the fence's own test and this one only name such paths.
- No circle: no module of ``src`` needs, through any chain of imports (those inside functions
  included), a module that needs it back.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = "inspect_memgym"
REPOSITORY = Path(__file__).resolve().parents[1]
SOURCE = REPOSITORY / "src" / PACKAGE
FENCE = SOURCE / "kit" / "inspect_internals.py"
"""The one module that may use Inspect's private API."""
NAMING_ONLY = frozenset(
    {REPOSITORY / "tests" / "kit" / "test_inspect_internals.py", Path(__file__).resolve()}
)
"""Tests that name private paths in strings without using them: the fence's test (each use
it exercises) and this one (its examples). They import none."""
FENCED_TREES = ("src", "tests", "scripts", "examples")
"""Where no file but the fence reaches Inspect's private API."""
INSPECT_PATH = re.compile(r"\binspect_ai(?:\.\w+)+")
SHARED = frozenset(
    {
        "memory",
        "memory_systems",
        "strategies",
        "scoring",
        "simulation",
        "analysis",
        "kit",
        "validity",
        "tool_use",
        "training",
    }
)
TOP_LEVEL = frozenset({"_registry", "_validity_suites", "cli", "sweep", "environments", "__init__"})
"""Top-level modules that may name every benchmark (the entry points)."""
SHARED_MAY_IMPORT: dict[str, frozenset[str]] = {
    "kit": frozenset({"kit"}),
    "memory": frozenset({"memory", "kit"}),
    "scoring": frozenset({"scoring", "kit"}),
    "strategies": frozenset(
        {"strategies", "memory", "memory_systems", "scoring", "tool_use", "kit"}
    ),
    "memory_systems": frozenset({"memory_systems", "memory", "kit"}),
    "tool_use": frozenset({"tool_use", "kit"}),
    "simulation": frozenset({"simulation", "scoring", "kit"}),
    "analysis": frozenset({"analysis", "scoring", "kit"}),
    "validity": frozenset({"validity", "kit"}),
    "training": frozenset({"training", "memory", "tool_use", "kit"}),
}
INSPECT_SCORING_MODULES = frozenset({"judge", "metrics", "viewer"})
"""Modules of scoring/ that are Inspect wrappers; every other one must be pure."""
TRAINING_MODULES_WITH_INSPECT = frozenset({"episode_memory"})
"""Modules of training/ that may reach Inspect: ``episode_memory`` opens the chroma backend
on request, whose error types are Inspect's (a subprocess test shows an episode over the
default markdown memory imports no Inspect)."""


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path, name: str) -> Iterator[str]:
    """Every absolute module name a file imports (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = from_module(node, package)
            yield module
            yield from (f"{module}.{alias.name}" for alias in node.names)


def from_module(node: ast.ImportFrom, package: str) -> str:
    """The absolute module a from-import reads from (a relative one resolved in ``package``)."""
    if not node.level:
        return node.module or ""
    base = package.split(".")
    base = base[: len(base) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules of the suite and of inspect_ai it imports."""
    graph: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        name = module_name(path, root)
        graph[name] = {
            imported
            for imported in imports_of(path, name)
            if imported.split(".")[0] in (root.name, "inspect_ai")
        }
    known = set(graph)
    for name, imported in graph.items():
        graph[name] = {
            target if target in known or target.split(".")[0] == "inspect_ai" else _owner(target)
            for target in imported
        }
    return graph


def _owner(target: str) -> str:
    """``pkg.module.Name`` -> ``pkg.module`` (the module a from-import names into)."""
    return target.rpartition(".")[0]


def top_package(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def must_be_pure(module: str) -> bool:
    parts = module.split(".")
    if len(parts) < 2:
        return False
    if parts[1] == "scoring" and len(parts) > 2:
        return parts[2] not in INSPECT_SCORING_MODULES
    if parts[1] == "training" and len(parts) > 2:
        return parts[2] not in TRAINING_MODULES_WITH_INSPECT
    return "world" in parts[2:]


def reaches_inspect(module: str, graph: dict[str, set[str]]) -> list[str] | None:
    """The import chain from a module to inspect_ai, if there is one."""
    seen: set[str] = set()
    stack: list[tuple[str, list[str]]] = [(module, [module])]
    while stack:
        current, chain = stack.pop()
        for target in sorted(graph.get(current, ())):
            if target.split(".")[0] == "inspect_ai":
                return [*chain, target]
            if target not in seen and target in graph:
                seen.add(target)
                stack.append((target, [*chain, target]))
    return None


def import_violations(root: Path) -> list[str]:
    """Every broken import rule in a source tree, one line each."""
    graph = import_graph(root)
    problems = []
    for module, imported in sorted(graph.items()):
        source = top_package(module)
        if source in TOP_LEVEL or not source:
            continue
        for target in sorted(imported):
            if target.split(".")[0] != root.name:
                continue
            destination = top_package(target)
            if not destination or destination == source or destination in TOP_LEVEL:
                if destination in TOP_LEVEL and destination:
                    problems.append(f"{module} imports the entry point {target}")
                continue
            if source in SHARED:
                if destination not in SHARED:
                    problems.append(f"shared {module} imports benchmark {target}")
                elif destination not in SHARED_MAY_IMPORT[source]:
                    problems.append(f"{module} imports {target} against the one-way order")
            elif destination not in SHARED:
                problems.append(f"benchmark {module} imports another benchmark: {target}")
        if must_be_pure(module) and (chain := reaches_inspect(module, graph)):
            problems.append(f"pure {module} reaches Inspect: {' -> '.join(chain)}")
    return problems


def module_dependencies(root: Path) -> dict[str, set[str]]:
    """Module -> the other modules of the tree it imports, at any depth of its code.

    A package's ``__init__`` runs before any of its modules, however they are named, so it is
    not a dependency of its own: ``from package import module`` needs the module, as
    ``from package.module import name`` does.
    """
    paths = {module_name(path, root): path for path in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        needed: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                needed.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                module = from_module(node, package)
                for alias in node.names:
                    submodule = f"{module}.{alias.name}"
                    needed.add(submodule if submodule in paths else module)
        graph[name] = {target for target in needed if target in paths and target != name}
    return graph


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module a chain of imports leads to from ``start``."""
    seen: set[str] = set()
    stack = [start]
    while stack:
        for target in graph[stack.pop()]:
            if target not in seen:
                seen.add(target)
                stack.append(target)
    return seen


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each group of modules that reach one another through imports, sorted."""
    reach = {module: reachable(graph, module) for module in graph}
    circles = {
        tuple(sorted(other for other in reach[module] if module in reach[other]))
        for module in graph
        if module in reach[module]
    }
    return [list(circle) for circle in sorted(circles)]


def is_private_path(path: str) -> bool:
    """Whether a dotted ``inspect_ai`` path has a private part (``_x``; ``__x__`` is not)."""
    parts = path.split(".")
    return parts[0] == "inspect_ai" and any(
        part.startswith("_") and not part.endswith("__") for part in parts[1:]
    )


def private_inspect_uses(path: Path, strings_too: bool = True) -> list[str]:
    """The private ``inspect_ai`` paths a file imports (and names in its strings)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names if is_private_path(alias.name)]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found += [
                f"{node.module}.{alias.name}"
                for alias in node.names
                if is_private_path(f"{node.module}.{alias.name}")
            ]
        elif strings_too and isinstance(node, ast.Constant) and isinstance(node.value, str):
            found += [m for m in INSPECT_PATH.findall(node.value) if is_private_path(m)]
    return sorted(set(found))


def private_inspect_violations(repository: Path) -> list[str]:
    """Every file but the fence that reaches Inspect's private API, with what it reaches."""
    problems = []
    for tree in FENCED_TREES:
        for path in sorted((repository / tree).rglob("*.py")):
            relative = path.relative_to(repository)
            if relative == FENCE.relative_to(REPOSITORY):
                continue
            strings_too = path.resolve() not in NAMING_ONLY
            for used in private_inspect_uses(path, strings_too):
                problems.append(f"{relative} uses {used}: go through {FENCE.name}")
    return problems


def test_only_the_fence_uses_inspects_private_api() -> None:
    assert private_inspect_violations(REPOSITORY) == []
    assert private_inspect_uses(FENCE), "the fence uses no private API: drop this rule"
    assert all(private_inspect_uses(path, strings_too=False) == [] for path in NAMING_ONLY)


@pytest.mark.parametrize(
    ("text", "used"),
    [
        ("from inspect_ai.util._store import init_subtask_store\n", "inspect_ai.util._store"),
        ("from inspect_ai.model import _model\n", "inspect_ai.model._model"),
        ("import inspect_ai._util.error as error\n", "inspect_ai._util.error"),
        ("def f():\n    from inspect_ai.log._samples import x\n", "inspect_ai.log._samples.x"),
        ('PATCHED = "inspect_ai._util.package"\n', "inspect_ai._util.package"),
        ('SCRIPT = "from inspect_ai._eval.registry import task_create"\n', "inspect_ai._eval"),
    ],
)
def test_a_private_inspect_use_outside_the_fence_is_refused(
    tmp_path: Path, text: str, used: str
) -> None:
    for tree in FENCED_TREES:
        (tmp_path / tree).mkdir()
    (tmp_path / "tests" / "test_fine.py").write_text(
        "from inspect_ai import __version__\nfrom inspect_ai.tool import ToolDef\n"
        'NOTE = "inspect_ai.util.store is public"\n'
    )
    assert private_inspect_violations(tmp_path) == []
    (tmp_path / "tests" / "test_leak.py").write_text(text)
    [problem] = private_inspect_violations(tmp_path)
    assert problem.startswith("tests/test_leak.py uses ") and used in problem, problem


def test_the_suite_keeps_its_import_rules() -> None:
    assert import_violations(SOURCE) == []


def test_the_suite_has_no_import_circle() -> None:
    graph = module_dependencies(SOURCE)
    assert import_circles(graph) == []
    assert len(graph) > 400 and sum(map(len, graph.values())) > 1000


def test_there_are_benchmarks_and_pure_modules_to_check() -> None:
    graph = import_graph(SOURCE)
    benchmarks = {top_package(module) for module in graph} - SHARED - TOP_LEVEL - {""}
    assert {"entity_stream", "conversation"} <= benchmarks
    assert sum(must_be_pure(module) for module in graph) > 40


def write(root: Path, relative: str, text: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    for parent in path.relative_to(root).parents:
        init = root / parent / "__init__.py"
        if not init.exists():
            init.parent.mkdir(parents=True, exist_ok=True)
            init.write_text("")
    path.write_text(text)


@pytest.mark.parametrize(
    ("relative", "text", "problem"),
    [
        ("memory/store.py", "from pkg.alpha.task import x\n", "shared pkg.memory.store imports"),
        ("alpha/task.py", "from pkg.beta import grading\n", "imports another benchmark"),
        ("alpha/task.py", "from ..beta.grading import x\n", "imports another benchmark"),
        ("memory/store.py", "import pkg.strategies.native\n", "against the one-way order"),
        ("alpha/world/model.py", "from inspect_ai.model import x\n", "pure pkg.alpha.world.model"),
        ("alpha/world/model.py", "from pkg.kit import store\n", "reaches Inspect"),
        ("scoring/rules.py", "from pkg.kit.store import x\n", "reaches Inspect"),
        ("alpha/task.py", "from pkg.cli import main\n", "imports the entry point"),
    ],
)
def test_each_rule_fails_when_broken(
    tmp_path: Path, relative: str, text: str, problem: str
) -> None:
    root = tmp_path / "pkg"
    write(root, "kit/store.py", "from inspect_ai.util import StoreModel\n")
    write(root, "beta/grading.py", "x = 1\n")
    write(root, "strategies/native.py", "x = 1\n")
    write(root, "cli.py", "def main() -> None: ...\n")
    write(root, "alpha/task.py", "from pkg.alpha.world import model\n")
    assert import_violations(root) == []
    write(root, relative, text)
    found = import_violations(root)
    assert any(problem in line for line in found), found


CIRCLE_FREE_TREE = {
    "alpha/world/__init__.py": "from pkg.alpha.world.generate import generate\n",
    "alpha/world/generate.py": "from pkg.alpha.world.documents import document\n",
    "alpha/world/documents.py": "from pkg.alpha.world import templates\n",
    "alpha/world/templates.py": "TEMPLATE = ''\n",
    "alpha/world/model.py": "from pkg.kit import store\n",
    "alpha/world/serialisation.py": "from pkg.alpha.world.model import Instance\n",
    "kit/store.py": "x = 1\n",
}
"""A tree with no circle: ``documents`` names a sibling through the package that imports it."""


@pytest.mark.parametrize(
    ("relative", "text", "circle"),
    [
        (
            "alpha/world/model.py",
            "def to_dict():\n    from pkg.alpha.world.serialisation import dump\n",
            ["pkg.alpha.world.model", "pkg.alpha.world.serialisation"],
        ),
        (
            "alpha/world/templates.py",
            "from . import generate\n",
            ["pkg.alpha.world.documents", "pkg.alpha.world.generate", "pkg.alpha.world.templates"],
        ),
        (
            "kit/store.py",
            "import pkg.alpha.world.serialisation\n",
            ["pkg.alpha.world.model", "pkg.alpha.world.serialisation", "pkg.kit.store"],
        ),
    ],
)
def test_an_import_circle_is_found(
    tmp_path: Path, relative: str, text: str, circle: list[str]
) -> None:
    root = tmp_path / "pkg"
    for path, source in CIRCLE_FREE_TREE.items():
        write(root, path, source)
    assert import_circles(module_dependencies(root)) == []
    write(root, relative, text)
    assert import_circles(module_dependencies(root)) == [circle]
