"""One invariant's outcome, shared by every validity check."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Verdict:
    """One invariant's outcome.

    Attributes:
        name: Invariant name.
        passed: Whether it held.
        detail: The numbers compared.
    """

    name: str
    passed: bool
    detail: str

    def line(self) -> str:
        """The verdict as one Markdown list line (``- PASS name: detail``)."""
        return f"- {'PASS' if self.passed else 'FAIL'} {self.name}: {self.detail}"
