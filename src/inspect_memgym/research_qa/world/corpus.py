"""The searchable corpus of an instance, for interactive mode.

Every document of every turn, with its stable id and title and nothing that tells what the
document is for (kind and fact ids stay in the instance). A ``web_search(query)`` tool
indexes these entries (BM25 or a vector store) and returns the best matches.
"""

from __future__ import annotations

from dataclasses import dataclass

from inspect_memgym.research_qa.world.instance import ResearchInstance


@dataclass(frozen=True)
class CorpusEntry:
    """One searchable document.

    Attributes:
        doc_id: Stable id within the instance (``t2-d0005``).
        title: Title.
        text: Body text.
        turn_index: The turn whose results hold it in scripted mode.
    """

    doc_id: str
    title: str
    text: str
    turn_index: int

    @property
    def searchable_text(self) -> str:
        """Title and text together, as an index should see them."""
        return f"{self.title}\n{self.text}"


def build_corpus(instance: ResearchInstance) -> tuple[CorpusEntry, ...]:
    """Every document of an instance as a corpus entry, turn by turn in shown order.

    Args:
        instance: The instance.
    """
    return tuple(
        CorpusEntry(document.doc_id, document.title, document.text, document.turn_index)
        for document in instance.documents()
    )
