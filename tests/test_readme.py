"""The README stays a short map, and every link in it and in docs/ leads somewhere."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
MAX_README_LINES = 250
TEST_COMMAND = 'pip install -e ".[dev]" && pytest'
EXTENDED_COMMAND = "pytest -m extended"
"""What CI runs after the README's test command: the long checks the default run leaves out."""
LINKED_PAGES = [
    README,
    *sorted((ROOT / "docs").glob("*.md")),
    *sorted((ROOT / "src" / "inspect_memgym").glob("*/README.md")),
]

FENCED_BLOCK = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
EXTERNAL = ("http://", "https://", "mailto:")


def _links(page: Path) -> list[str]:
    text = FENCED_BLOCK.sub("", page.read_text(encoding="utf-8"))
    return LINK.findall(CODE_SPAN.sub("", text))


def _anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = FENCED_BLOCK.sub("", page.read_text(encoding="utf-8"))
    return {_anchor(line.lstrip("#")) for line in text.splitlines() if line.startswith("#")}


def test_the_readme_is_a_short_map() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_README_LINES, (
        f"README.md has {len(lines)} lines; keep it a map of at most {MAX_README_LINES} and "
        "move detail into docs/ or a task's own README"
    )


def test_the_readme_keeps_the_test_command_ci_runs() -> None:
    readme = README.read_text(encoding="utf-8")
    assert TEST_COMMAND in readme.splitlines()
    assert f"`{EXTENDED_COMMAND}`" in readme
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert ci_lines.count(TEST_COMMAND) == 1 and ci_lines[-1] == EXTENDED_COMMAND


def test_the_readme_has_a_table_of_contents_of_its_sections() -> None:
    text = README.read_text(encoding="utf-8")
    sections = [line[3:] for line in text.splitlines() if line.startswith("## ")]
    contents = text.split("## Contents", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"\]\(#([^)]+)\)", contents)
    assert listed == [_anchor(section) for section in sections if section != "Contents"]


@pytest.mark.parametrize("page", LINKED_PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for target in _links(page):
        if target.startswith(EXTERNAL):
            continue
        path_part, _, anchor = target.partition("#")
        linked = (page.parent / path_part).resolve() if path_part else page
        if not linked.exists() or (
            anchor and linked.suffix == ".md" and anchor not in _anchors(linked)
        ):
            broken.append(target)
    assert not broken, f"{page.relative_to(ROOT)} links to missing files or anchors: {broken}"


def test_docs_pages_are_linked_from_the_readme() -> None:
    linked = {
        (README.parent / target.partition("#")[0]).resolve()
        for target in _links(README)
        if not target.startswith(EXTERNAL)
    }
    unlinked = [page.name for page in sorted((ROOT / "docs").glob("*.md")) if page not in linked]
    assert not unlinked, f"docs pages the README does not link: {unlinked}"
