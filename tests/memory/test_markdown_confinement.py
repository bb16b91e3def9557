"""The markdown backend never reads or writes outside its own directory, whatever the content.

Two independent witnesses watch every operation: a Python audit hook (`sys.addaudithook`)
records every file the process opens, creates, renames or removes while a backend is in use,
and a snapshot of the whole sandbox (temp dir, working dir and home, all redirected to a
fresh tree) must be unchanged once the backend is closed. Hypothesis drives `add`,
`replace`, `delete`, `search`, `get` and reopening with hostile text (path-like strings,
the file's own markup, control and odd unicode characters, huge values).
"""

from __future__ import annotations

import gc
import hashlib
import os
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bad_input import PATH_LIKE, texts
from inspect_memgym.memory.backend import MemoryEntry
from inspect_memgym.memory.content import normalize_content
from inspect_memgym.memory.markdown_backend import DIRECTORY_PREFIX, MarkdownBackend, parse_markdown

DEFAULT_EXAMPLES = 60
SLOW_EXAMPLES = 1_500

_FILE_EVENTS = frozenset(
    {
        "open",
        "os.chmod",
        "os.chown",
        "os.link",
        "os.listdir",
        "os.mkdir",
        "os.remove",
        "os.rename",
        "os.rmdir",
        "os.scandir",
        "os.symlink",
        "os.truncate",
        "os.utime",
        "shutil.copyfile",
        "shutil.copymode",
        "shutil.copystat",
        "shutil.copytree",
        "shutil.move",
        "shutil.rmtree",
        "tempfile.mkdtemp",
        "tempfile.mkstemp",
    }
)
_recording: list[tuple[str, tuple[Any, ...]]] | None = None


def _audit(event: str, arguments: tuple[Any, ...]) -> None:
    if _recording is not None and event in _FILE_EVENTS:
        _recording.append((event, arguments))


sys.addaudithook(_audit)  # cannot be removed; it records only inside `file_events()`


@contextmanager
def file_events() -> Iterator[list[tuple[str, tuple[Any, ...]]]]:
    """Record the file-system audit events raised inside the block."""
    global _recording
    events: list[tuple[str, tuple[Any, ...]]] = []
    _recording = events
    try:
        yield events
    finally:
        _recording = None


def outside_paths(events: list[tuple[str, tuple[Any, ...]]], directory: Path) -> list[str]:
    """Every path in the events that is not the directory or inside it."""
    escaped: list[str] = []
    removing_tree = False  # shutil.rmtree walks by directory fd with bare names
    for event, arguments in events:
        if event == "shutil.rmtree":
            removing_tree = True
        if event == "open" and removing_tree and _bare_name(arguments[0]):
            continue  # os.open(name, dir_fd=...) inside the tree being removed (checked above)
        if event == "os.remove" or event == "os.rmdir":
            path, dir_fd = arguments
            if dir_fd not in (None, -1):  # shutil.rmtree's own walk: a bare name in a dir fd
                if not (removing_tree and _bare_name(path)):
                    escaped.append(f"{event} {path!r} (relative to fd {dir_fd})")
                continue
            paths = [path]
        elif event in ("os.rename", "os.link", "os.symlink", "shutil.copyfile", "shutil.move"):
            paths = list(arguments[:2])
        else:
            paths = [arguments[0]] if arguments else []
        for path in paths:
            if path is None or isinstance(path, int):  # a file descriptor opened above
                continue
            text = os.fsdecode(path) if isinstance(path, bytes) else str(path)
            resolved = Path(os.path.abspath(text)).resolve()
            if resolved != directory and not resolved.is_relative_to(directory):
                escaped.append(f"{event} {text}")
    return escaped


def _bare_name(path: object) -> bool:
    text = os.fsdecode(path) if isinstance(path, bytes) else str(path)
    return isinstance(path, str | bytes) and os.sep not in text and text not in ("", ".", "..")


def tree_snapshot(root: Path) -> dict[str, tuple[str, int, str]]:
    """Every path under root with its kind, mode and content hash (files) or target (links)."""
    snapshot: dict[str, tuple[str, int, str]] = {}
    for current, directories, files in os.walk(root, followlinks=False):
        for name in [*directories, *files]:
            path = Path(current) / name
            info = path.lstat()
            if stat.S_ISLNK(info.st_mode):
                snapshot[str(path)] = ("link", info.st_mode, os.readlink(path))
            elif stat.S_ISDIR(info.st_mode):
                snapshot[str(path)] = ("dir", info.st_mode, "")
            else:
                digest = hashlib.sha256(path.read_bytes()).hexdigest()
                snapshot[str(path)] = ("file", info.st_mode, f"{info.st_mtime_ns}:{digest}")
    return snapshot


@contextmanager
def sandbox(root: Path) -> Iterator[Path]:
    """Temp dir, working dir and HOME all inside root; a decoy file next to where memory goes."""
    temporary, work, home = root / "tmp", root / "work", root / "home"
    for directory in (temporary, work, home):
        directory.mkdir(parents=True)
    for directory in (temporary, work, home, root):
        (directory / "memory.md").write_text("decoy: must never change\n", encoding="utf-8")
        (directory / "passwd").write_text("root:x:0:0\n", encoding="utf-8")
    saved_tempdir, saved_cwd, saved_home = tempfile.tempdir, os.getcwd(), os.environ.get("HOME")
    tempfile.tempdir = str(temporary)
    os.chdir(work)
    os.environ["HOME"] = str(home)
    try:
        yield temporary
    finally:
        tempfile.tempdir = saved_tempdir
        os.chdir(saved_cwd)
        if saved_home is None:
            os.environ.pop("HOME", None)
        else:
            os.environ["HOME"] = saved_home


operations = st.lists(
    st.one_of(
        st.tuples(st.just("add"), texts),
        st.tuples(st.just("replace"), st.integers(0, 6), texts),
        st.tuples(st.just("delete"), st.integers(0, 6)),
        st.tuples(st.just("search"), texts, st.integers(-1, 25)),
        st.tuples(st.just("get"), st.integers(-1, 6)),
        st.tuples(st.just("reopen")),
    ),
    min_size=1,
    max_size=15,
)


def run_operations(steps: list[tuple[Any, ...]], root: Path) -> int:
    """Run the operations on a fresh backend in a fresh sandbox; check confinement and format."""
    with sandbox(root) as temporary:
        before = tree_snapshot(root)
        with file_events() as events:
            backend = MarkdownBackend()
            directory = backend.directory
            expected: dict[int, str] = {}
            try:
                assert directory.parent == temporary.resolve()
                assert directory.name.startswith(DIRECTORY_PREFIX)
                assert stat.S_IMODE(directory.stat().st_mode) == 0o700
                for step in steps:
                    _apply(backend, step, expected)
                    assert {e.entry_id: e.content for e in backend.entries()} == expected
                    assert sorted(path.name for path in directory.iterdir()) == ["memory.md"]
                    text = backend.path.read_text(encoding="utf-8")
                    assert parse_markdown(text) == backend.entries()
            finally:
                backend.close()
        assert not directory.exists()
        assert tree_snapshot(root) == before
    assert outside_paths(events, directory) == []
    return len(events)


def _apply(backend: MarkdownBackend, step: tuple[Any, ...], expected: dict[int, str]) -> None:
    kind, *arguments = step
    if kind == "add":
        [text] = arguments
        content = normalize_content(text)
        if not content:
            with pytest.raises(ValueError):
                backend.add(text)
            return
        entry_id = backend.add(text)
        assert entry_id > max(expected, default=0)
        expected[entry_id] = content
    elif kind == "replace":
        entry_id, text = arguments
        content = normalize_content(text)
        if entry_id not in expected:
            with pytest.raises((KeyError, ValueError)):
                backend.replace(entry_id, text)
        elif not content:
            with pytest.raises(ValueError):
                backend.replace(entry_id, text)
        else:
            backend.replace(entry_id, text)
            expected[entry_id] = content
    elif kind == "delete":
        [entry_id] = arguments
        if entry_id not in expected:
            with pytest.raises(KeyError):
                backend.delete(entry_id)
        else:
            backend.delete(entry_id)
            del expected[entry_id]
    elif kind == "search":
        query, top_k = arguments
        if not query.strip() or top_k < 1:
            with pytest.raises(ValueError):
                backend.search(query, top_k)
        else:
            hits = backend.search(query, top_k)
            assert len(hits) <= top_k
            assert all(expected[hit.entry_id] == hit.content for hit in hits)
    elif kind == "get":
        [entry_id] = arguments
        if entry_id in expected:
            assert backend.get(entry_id) == MemoryEntry(entry_id, expected[entry_id])
        else:
            with pytest.raises(KeyError):
                backend.get(entry_id)
    else:  # reopen: a second instance on the same directory reads exactly the same entries
        reopened = MarkdownBackend(directory=backend.directory)
        assert reopened.entries() == backend.entries()
        assert reopened.path == backend.path


def _check(examples: int, root: Path) -> None:
    counted = {"cases": 0, "events": 0}

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=examples == DEFAULT_EXAMPLES,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(steps=operations)
    def confined(steps: list[tuple[Any, ...]]) -> None:
        counted["cases"] += 1
        counted["events"] += run_operations(steps, root / f"case-{counted['cases']}")

    confined()
    print(
        f"\n[hypothesis] markdown confinement: {counted['cases']} generated cases, "
        f"{counted['events']} file events checked"
    )
    assert counted["cases"] >= examples


def test_backend_stays_in_its_directory(tmp_path: Path) -> None:
    _check(DEFAULT_EXAMPLES, tmp_path)


@pytest.mark.slow
def test_backend_stays_in_its_directory_long(tmp_path: Path) -> None:
    _check(SLOW_EXAMPLES, tmp_path)


def test_path_like_content_is_only_text(tmp_path: Path) -> None:
    """Entries that look like paths or like the file's markup stay text in the one file."""
    nasty = [
        *PATH_LIKE,
        "<!-- entry 1 -->",
        "\n\n<!-- entry 2 -->\n\nforged",
        "# Memory\n\n<!-- entry 5 -->",
        "a\n\u2028\n\u2029b\r\n\r\nc",
    ]
    with sandbox(tmp_path):
        before = tree_snapshot(tmp_path)
        with file_events() as events, MarkdownBackend() as backend:
            _store_nasty_entries(backend, nasty)
            directory = backend.directory
        assert tree_snapshot(tmp_path) == before
    assert outside_paths(events, directory) == []


def _store_nasty_entries(backend: MarkdownBackend, nasty: list[str]) -> None:
    identifiers = [backend.add(text) for text in nasty]
    assert identifiers == list(range(1, len(nasty) + 1))
    assert [entry.content for entry in backend.entries()] == [
        normalize_content(text) for text in nasty
    ]
    assert sorted(path.name for path in backend.directory.iterdir()) == ["memory.md"]
    reopened = MarkdownBackend(directory=backend.directory)
    assert reopened.entries() == backend.entries()


@pytest.mark.parametrize(
    "file_name",
    ["../memory.md", "../../escape.md", "/etc/passwd", "sub/../../x.md", "", ".", "./"],
)
def test_file_names_outside_the_directory_are_refused(tmp_path: Path, file_name: str) -> None:
    with sandbox(tmp_path):
        before = tree_snapshot(tmp_path)
        with file_events() as events:
            with pytest.raises(ValueError, match="outside memory directory"):
                MarkdownBackend(file_name=file_name)
            with pytest.raises(ValueError, match="outside memory directory"):
                MarkdownBackend(directory=tmp_path / "owned" / "deeper", file_name=file_name)
        # what the failed constructors created (a temp dir, two levels) is gone again
        assert tree_snapshot(tmp_path) == before
    assert outside_paths(events, tmp_path) == []
    assert [arguments for event, arguments in events if event == "open" and arguments[1]] == []


def test_symlinks_out_of_the_directory_are_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text("secret\n", encoding="utf-8")
    directory = tmp_path / "memory"
    directory.mkdir()
    (directory / "memory.md").symlink_to(outside)
    with pytest.raises(ValueError, match="outside memory directory"):
        MarkdownBackend(directory=directory)
    (directory / "memory.md").unlink()

    # a file swapped for a link while in use is refused, not followed
    backend = MarkdownBackend(directory=directory)
    backend.add("first")
    backend.path.unlink()
    backend.path.symlink_to(outside)
    for operation in (lambda: backend.add("second"), backend.entries, lambda: backend.delete(1)):
        with pytest.raises(ValueError, match="outside memory directory"):
            operation()
    backend.close()  # does not follow the link either, and does not raise
    assert outside.read_text(encoding="utf-8") == "secret\n"


def test_close_removes_what_it_created_and_only_that(tmp_path: Path) -> None:
    # a fresh temp directory: removed entirely
    with sandbox(tmp_path) as temporary:
        backend = MarkdownBackend()
        backend.add("x")
        backend.close()
        assert [path.name for path in temporary.iterdir() if path.is_dir()] == []

    # a directory it had to create, with parents: all of it removed
    created = tmp_path / "new" / "nested" / "memory"
    backend = MarkdownBackend(directory=created)
    backend.add("x")
    backend.close()
    assert not (tmp_path / "new").exists()

    # an existing directory: only its own files removed, the user's files kept
    existing = tmp_path / "existing"
    existing.mkdir()
    (existing / "notes.txt").write_text("keep me", encoding="utf-8")
    backend = MarkdownBackend(directory=existing)
    backend.add("x")
    backend.replace(1, "y")
    backend.close()
    backend.close()  # idempotent
    assert sorted(path.name for path in existing.iterdir()) == ["notes.txt"]


def test_a_backend_never_closed_leaves_no_folder_behind(tmp_path: Path) -> None:
    # dropped unclosed (an abandoned episode, a sample whose strategy was never closed):
    # its own temporary folder goes with it
    with sandbox(tmp_path) as temporary:
        backend = MarkdownBackend()
        backend.add("x")
        assert backend.directory.parent == temporary.resolve()
        del backend
        gc.collect()
        assert [path.name for path in temporary.iterdir() if path.is_dir()] == []

    # still referenced when the interpreter exits: removed at exit
    script = (
        "from inspect_memgym.memory.markdown_backend import MarkdownBackend\n"
        "kept = MarkdownBackend()\n"
        "kept.add('x')\n"
        "print(kept.directory)\n"
    )
    environment = {**os.environ, "TMPDIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", script], env=environment, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    folder = Path(done.stdout.strip())
    assert folder.name.startswith(DIRECTORY_PREFIX) and folder.parent == tmp_path.resolve()
    assert not folder.exists()

    # a folder the caller gave is the caller's: left as it is
    given = tmp_path / "given"
    backend = MarkdownBackend(directory=given)
    backend.add("x")
    del backend
    gc.collect()
    assert (given / "memory.md").exists()


def test_deleted_ids_are_never_reused() -> None:
    with MarkdownBackend() as backend:
        assert [backend.add(text) for text in ("one", "two", "three")] == [1, 2, 3]
        backend.delete(3)
        assert backend.add("four") == 4
        backend.delete(4)
        backend.delete(2)
        assert backend.add("five") == 5
        assert [entry.entry_id for entry in backend.entries()] == [1, 5]
