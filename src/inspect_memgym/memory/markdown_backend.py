"""Markdown memory backend: one Markdown file per sample.

The file is the source of truth and stays readable by people and tools:

    # Memory

    <!-- entry 1 -->
    First entry, one paragraph.

    <!-- entry 2 -->
    Second entry.

Entries never contain blank lines (see `normalize_content`), so blocks split
on blank lines unambiguously and only the first line of a block can be a
marker. Entry ids are never reused, even after a delete. The file is re-read
whenever it changes on disk (a hand-edited file that repeats an entry id keeps
the first entry with that id). Search is keyword search with BM25 (k1 1.5,
b 0.75, Lucene's non-negative idf; see `inspect_memgym.memory.keyword_index`)
under the shared ranking contract. Two indexes follow the entries one change
at a time: BM25 word counts and a `TextIndex` for verbatim and name-phrase
matches; they are built on the first search after the file was (re)read, so
neither `add` nor `search` reads every entry. Every file access goes through
`_confined_path`, which refuses any path outside the instance directory;
entry text never becomes part of a path.
"""

import contextlib
import os
import re
import shutil
import tempfile
import weakref
from itertools import chain
from pathlib import Path

from inspect_memgym.memory.backend import MemoryBackend, MemoryEntry, SearchHit
from inspect_memgym.memory.content import normalize_entry_content
from inspect_memgym.memory.keyword_index import KeywordIndex, tokenize
from inspect_memgym.memory.ranking import prepare_query, rank_tiered
from inspect_memgym.memory.text_index import TextIndex

DEFAULT_FILE_NAME = "memory.md"
DIRECTORY_PREFIX = "memgym-md-"
FILE_HEADER = "# Memory\n"

_ENTRY_MARKER = re.compile(r"^<!-- entry (\d+) -->$")
_BLOCK_SEPARATOR = re.compile(r"\n[ \t]*\n")


class MarkdownBackend(MemoryBackend):
    """Memory entries as paragraphs of one Markdown file."""

    def __init__(self, directory: str | Path | None = None, file_name: str = DEFAULT_FILE_NAME):
        """Create the memory file (or reopen an existing one).

        Args:
            directory: Instance directory; defaults to a fresh
                `tempfile.mkdtemp(prefix="memgym-md-")`, which is removed by
                `close()` or, for a backend never closed, when it is garbage
                collected or the interpreter exits. A given directory is
                created (with any missing parents) if missing; `close()` then
                removes what it created, else only its own files.
            file_name: Name of the Markdown file inside the directory.

        Raises:
            ValueError: If `file_name` resolves outside the directory.
        """
        self._removal: weakref.finalize[[str], MarkdownBackend] | None = None
        if directory is None:
            self._directory = Path(tempfile.mkdtemp(prefix=DIRECTORY_PREFIX)).resolve()
            self._created_root: Path | None = self._directory
            # a backend dropped unclosed (an abandoned episode, a crashed sample) leaves
            # nothing behind in the temporary folder
            self._removal = weakref.finalize(self, _remove_folder, str(self._directory))
        else:
            path = Path(os.path.abspath(directory))
            created = _first_missing(path)
            path.mkdir(parents=True, exist_ok=True)
            self._directory = path.resolve()
            self._created_root = None if created is None else created.resolve()
        self._file_name = file_name
        self._closed = False
        self._cached_entries: dict[int, str] = {}
        self._cached_signature: tuple[int, int] | None = None
        self._indexes: _SearchIndexes | None = None
        self._highest_entry_id = 0
        try:
            self._path = self._confined_path(file_name)
            if not self._path.exists():
                self._path.write_text(FILE_HEADER, encoding="utf-8")
        except BaseException:
            self._closed = True
            if self._removal is not None:
                self._removal.detach()
            if self._created_root is not None:  # leave nothing behind
                shutil.rmtree(self._created_root, ignore_errors=True)
            raise

    @property
    def name(self) -> str:
        """Backend kind: `"markdown"`."""
        return "markdown"

    @property
    def embedding_name(self) -> str:
        """Similarity used for search: `"bm25"` (keywords, no embedding)."""
        return "bm25"

    @property
    def directory(self) -> Path:
        """The instance directory."""
        return self._directory

    @property
    def path(self) -> Path:
        """The Markdown file."""
        return self._path

    @property
    def closed(self) -> bool:
        """Whether `close()` has been called."""
        return self._closed

    def add(self, content: str) -> int:
        """Append a new entry and return its id."""
        text = normalize_entry_content(content)
        entries = self._load()
        # never reuse the id of a deleted entry: the ledger refers to entries by id
        entry_id = self._highest_entry_id + 1
        with self._confined_path(self._file_name).open("a", encoding="utf-8") as file:
            file.write(_render_entry(MemoryEntry(entry_id, text)))
        self._highest_entry_id = entry_id
        entries[entry_id] = text
        self._remember_file()
        if self._indexes is not None:
            self._indexes.put(entry_id, text)
        return entry_id

    def replace(self, entry_id: int, content: str) -> None:
        """Replace the text of an existing entry (KeyError if absent)."""
        text = normalize_entry_content(content)
        entries = self._load()
        if entry_id not in entries:
            raise KeyError(entry_id)
        updated = dict(entries)
        updated[entry_id] = text
        self._rewrite(updated)
        if self._indexes is not None:
            self._indexes.put(entry_id, text)

    def delete(self, entry_id: int) -> None:
        """Remove one entry (KeyError if absent), rewriting the file atomically."""
        entries = self._load()
        if entry_id not in entries:
            raise KeyError(entry_id)
        kept = dict(entries)
        del kept[entry_id]
        self._rewrite(kept)
        if self._indexes is not None:
            self._indexes.remove(entry_id)

    def get(self, entry_id: int) -> MemoryEntry:
        """Fetch one entry (KeyError if absent)."""
        return MemoryEntry(entry_id, self._load()[entry_id])

    def entries(self) -> list[MemoryEntry]:
        """All entries in insertion order."""
        return [MemoryEntry(entry_id, text) for entry_id, text in self._load().items()]

    def count(self) -> int:
        """Number of stored entries."""
        return len(self._load())

    def search(self, query: str, top_k: int = 5) -> list[SearchHit]:
        """Rank entries for a query (see `inspect_memgym.memory.ranking`)."""
        prepared = prepare_query(query)
        if top_k < 1:
            raise ValueError(f"top_k must be at least 1, got {top_k}")
        entries = self._load()
        if not entries:
            return []
        if self._indexes is None:
            self._indexes = _SearchIndexes(entries)
        text_index = self._indexes.text
        verbatim = text_index.containing(prepared.lowered)
        named = text_index.containing_any(prepared.name_phrases) - verbatim
        similarities = self._indexes.keywords.similarities(tokenize(prepared.text))
        scored = (
            (2 if entry_id in verbatim else 1 if entry_id in named else 0, similarity, entry_id)
            for entry_id, similarity in similarities.items()
        )
        unscored = (
            (2 if entry_id in verbatim else 1, 0.0, entry_id)
            for entry_id in (verbatim | named).difference(similarities)
        )
        return rank_tiered(chain(scored, unscored), entries, top_k)

    def close(self) -> None:
        """Remove the memory file, and the directory if this backend created it."""
        if self._closed:
            return
        self._closed = True
        self._cached_entries = {}
        self._indexes = None
        if self._removal is not None:
            self._removal.detach()
        if self._created_root is not None:
            shutil.rmtree(self._created_root, ignore_errors=True)
        else:
            for name in (self._file_name, self._file_name + ".tmp"):
                # a link swapped in that leads out of the directory is left alone
                with contextlib.suppress(ValueError):
                    self._confined_path(name).unlink(missing_ok=True)

    def _load(self) -> dict[int, str]:
        """Entry texts by id in file order, re-parsed only when the file changed."""
        if self._closed:
            raise RuntimeError(f"Markdown memory {self._path} is closed.")
        path = self._confined_path(self._file_name)
        status = path.stat()
        signature = (status.st_mtime_ns, status.st_size)
        if signature != self._cached_signature:
            entries: dict[int, str] = {}
            for entry in parse_markdown(path.read_text(encoding="utf-8")):
                entries.setdefault(entry.entry_id, entry.content)
            self._cached_entries = entries
            self._cached_signature = signature
            self._highest_entry_id = max([self._highest_entry_id, *entries])
            self._indexes = None
        return self._cached_entries

    def _rewrite(self, entries: dict[int, str]) -> None:
        """Write the whole file atomically and remember its entries."""
        temporary = self._confined_path(self._file_name + ".tmp")
        temporary.write_text(
            _render_file([MemoryEntry(entry_id, text) for entry_id, text in entries.items()]),
            encoding="utf-8",
        )
        os.replace(temporary, self._confined_path(self._file_name))
        self._cached_entries = entries
        self._remember_file()

    def _remember_file(self) -> None:
        """Record the file's signature after this backend wrote it."""
        status = self._confined_path(self._file_name).stat()
        self._cached_signature = (status.st_mtime_ns, status.st_size)

    def _confined_path(self, name: str) -> Path:
        """Resolve a file name inside the instance directory, refusing escapes.

        Args:
            name: Path relative to the instance directory.

        Returns:
            The resolved absolute path.

        Raises:
            ValueError: If the path resolves to the directory itself or
                anywhere outside it (absolute paths, `..`, symlinks).
        """
        resolved = (self._directory / name).resolve()
        if resolved == self._directory or not resolved.is_relative_to(self._directory):
            raise ValueError(f"Refusing path {name!r}: outside memory directory {self._directory}")
        return resolved


class _SearchIndexes:
    """BM25 word counts and the verbatim-text index over the same entries."""

    def __init__(self, entries: dict[int, str]) -> None:
        self.text = TextIndex()
        self.keywords = KeywordIndex()
        for entry_id, text in entries.items():
            self.put(entry_id, text)

    def put(self, entry_id: int, text: str) -> None:
        if entry_id in self.text:
            self.keywords.remove(entry_id, self.text.content(entry_id))
        self.text.put(entry_id, text)
        self.keywords.add(entry_id, text)

    def remove(self, entry_id: int) -> None:
        self.keywords.remove(entry_id, self.text.content(entry_id))
        self.text.remove(entry_id)


def _first_missing(path: Path) -> Path | None:
    """The outermost directory that creating `path` (with its parents) would create."""
    missing = None
    for candidate in (path, *path.parents):
        if candidate.exists():
            break
        missing = candidate
    return missing


def parse_markdown(text: str) -> list[MemoryEntry]:
    """Parse a memory file into entries (blocks without a marker are ignored).

    Args:
        text: File contents.

    Returns:
        Entries in file order.
    """
    entries: list[MemoryEntry] = []
    for block in _BLOCK_SEPARATOR.split(text.replace("\r\n", "\n")):
        marker_line, _, content = block.strip("\n").partition("\n")
        match = _ENTRY_MARKER.match(marker_line.strip())
        if match and content.strip():
            entries.append(MemoryEntry(int(match.group(1)), content))
    return entries


def _render_entry(entry: MemoryEntry) -> str:
    return f"\n<!-- entry {entry.entry_id} -->\n{entry.content}\n"


def _render_file(entries: list[MemoryEntry]) -> str:
    return FILE_HEADER + "".join(_render_entry(entry) for entry in entries)


def _remove_folder(folder: str) -> None:
    """Remove a backend's own temporary folder (its finalizer: no reference to the backend)."""
    shutil.rmtree(folder, ignore_errors=True)
