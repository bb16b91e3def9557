"""The protocol a code_qa run follows: how the history reaches memory, what an answer sees.

- ``evicted`` (default, MemGym's): phase one shows the memory strategy the task's memory
  files in at most ``ingest_groups`` groups (default 3) of ``ingest_chars`` characters (by
  default MemGym's 15,000, or as little more as a larger history needs to fit the groups);
  phase two asks every question with what the strategy recalls, the repository skeleton
  and, with ``repo_files``, the source files.
- ``full_context``: every question is asked with every memory file in the prompt, straight
  to the model (no strategy): the upper bound.

With memory isolation (the default) every question is also asked with no memory: the same
prompt (skeleton, and files when shown), no history. Plain data, checked once when the task
is built and carried in each sample's metadata.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from inspect_memgym.code_qa.world.ingest import (
    DEFAULT_CHARS_PER_GROUP,
    MEMGYM_MAX_GROUPS,
    fitting_chars_per_group,
    group_memory_files,
)
from inspect_memgym.code_qa.world.model import CodeQAInstance
from inspect_memgym.strategies.support import check_integer

EVICTED = "evicted"
FULL_CONTEXT = "full_context"
PROTOCOLS = (EVICTED, FULL_CONTEXT)
UNLIMITED_GROUPS = 0
"""``ingest_groups`` value for as many groups of ``ingest_chars`` as the history needs."""


def _check_flag(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false, got {value!r}")


@dataclass(frozen=True)
class ProtocolOptions:
    """How one run shows the history to memory and the questions to the model.

    Attributes:
        protocol: ``evicted`` or ``full_context``.
        repo_files: Also show the source files (referenced files first) with each question.
        ingest_groups: Most ingest groups (`UNLIMITED_GROUPS`: as many as needed).
        ingest_chars: Characters per ingest group (None: 15,000, or as little more as
            ``ingest_groups`` groups need).
        memory_isolation: Also answer every question with no memory.
    """

    protocol: str = EVICTED
    repo_files: bool = False
    ingest_groups: int = MEMGYM_MAX_GROUPS
    ingest_chars: int | None = None
    memory_isolation: bool = True

    def check(self) -> None:
        """Refuse invalid values, each with one line saying what is expected.

        Raises:
            ValueError: For an unknown protocol, a non-boolean flag or a bad size.
        """
        if self.protocol not in PROTOCOLS:
            raise ValueError(
                f"protocol must be one of {', '.join(PROTOCOLS)}, got {self.protocol!r}"
            )
        _check_flag("repo_files", self.repo_files)
        _check_flag("memory_isolation", self.memory_isolation)
        check_integer("ingest_groups", self.ingest_groups, UNLIMITED_GROUPS)
        if self.ingest_chars is not None:
            check_integer("ingest_chars", self.ingest_chars, 1)

    def chars_per_group(self, instance: CodeQAInstance) -> int:
        """The ingest group size for one instance's history.

        Args:
            instance: The instance.
        """
        if self.ingest_chars is not None:
            return self.ingest_chars
        if self.ingest_groups == UNLIMITED_GROUPS:
            return DEFAULT_CHARS_PER_GROUP
        return fitting_chars_per_group(instance.memory_files, self.ingest_groups)

    def ingest_groups_of(self, instance: CodeQAInstance) -> list[str]:
        """The texts phase one shows the strategy, one ``observe`` each, in order.

        Args:
            instance: The instance.

        Raises:
            ValueError: If the history needs more groups of ``ingest_chars`` than
                ``ingest_groups`` allows, or ``ingest_chars`` cannot hold a file header.
        """
        limit = None if self.ingest_groups == UNLIMITED_GROUPS else self.ingest_groups
        try:
            return group_memory_files(
                instance.memory_files, self.chars_per_group(instance), max_groups=limit
            )
        except ValueError as error:
            message = str(error).replace("chars_per_group", "ingest_chars")
            raise ValueError(message.replace("max_groups", "ingest_groups")) from error

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form, for sample metadata."""
        return asdict(self)
