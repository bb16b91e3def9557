"""A core install runs every task; what only some commands need is an optional extra.

A missing extra's package stops the command with one line naming the extra to install
(simulated here by blocking the module: ``sys.modules[name] = None`` makes importing it
fail as an absent package does). ``dev`` pulls every extra, as CI installs only ``.[dev]``.
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest

from inspect_memgym.cli import main
from inspect_memgym.kit.extras import MissingExtraError, import_extra

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
ONLY_IN_EXTRAS = ("matplotlib", "rank-bm25", "mem0ai", "langgraph", "mcp", "gymnasium")
"""Packages a core run does not need."""
CARD_PACKAGES = ("inspect-ai", "openai", "anthropic", "chromadb", "pandas")


def block(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    for name in list(sys.modules):
        if name.startswith(modules):
            monkeypatch.delitem(sys.modules, name)
    for name in modules:
        monkeypatch.setitem(sys.modules, name, None)


def test_a_missing_extra_is_one_line_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    block(monkeypatch, "matplotlib")
    with pytest.raises(MissingExtraError) as raised:
        import_extra("matplotlib", "plot", "inspect-memgym plot")
    assert str(raised.value) == (
        "inspect-memgym plot needs matplotlib, which is not installed: "
        "pip install 'inspect-memgym[plot]'"
    )


def test_an_installed_extra_is_imported() -> None:
    assert import_extra("json", "plot", "anything") is sys.modules["json"]


@pytest.mark.parametrize(
    "command",
    [["plot", "logs", "-o", "figures"], ["compare", "logs"]],
    ids=["plot", "compare"],
)
def test_the_figure_commands_name_the_plot_extra(
    command: list[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    block(monkeypatch, "matplotlib")
    monkeypatch.chdir(tmp_path)
    assert main(command) == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "pip install 'inspect-memgym[plot]'" in error


@pytest.mark.parametrize(
    ("module", "package", "extra"),
    [
        ("inspect_memgym.environments.gymnasium_env", "gymnasium", "gym"),
        ("inspect_memgym.environments.openenv_env", "openenv", "openenv"),
    ],
)
def test_the_trainers_interfaces_name_their_extra(
    module: str, package: str, extra: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    block(monkeypatch, package, module)
    monkeypatch.delitem(sys.modules, module)
    with pytest.raises(MissingExtraError, match=re.escape(f"'inspect-memgym[{extra}]'")):
        importlib.import_module(module)


def test_the_core_leaves_out_what_only_extras_need() -> None:
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    core = {re.split(r"[<>=\[ ]", line, maxsplit=1)[0] for line in project["dependencies"]}
    assert not core & set(ONLY_IN_EXTRAS)
    assert set(CARD_PACKAGES) <= core
    extras = project["optional-dependencies"]
    pulled = set()
    for line in extras["dev"]:
        match = re.fullmatch(r"inspect-memgym\[(.*)\]", line)
        if match:
            pulled |= set(match.group(1).split(","))
    for name in list(pulled):
        for line in extras[name]:
            match = re.fullmatch(r"inspect-memgym\[(.*)\]", line)
            if match:
                pulled |= set(match.group(1).split(","))
    assert pulled | {"dev"} == set(extras)
    every_package = {
        re.split(r"[<>=\[ ]", line, maxsplit=1)[0] for lines in extras.values() for line in lines
    }
    assert set(ONLY_IN_EXTRAS) <= every_package
