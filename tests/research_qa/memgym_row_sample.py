"""Rows in MemGym-DR's released schema (23 fields), written for tests; no released data."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def memgym_row(
    instance_id: str = "memgym_ir__deep_research__0001", turns: int = 3
) -> dict[str, Any]:
    """A 3-hop row: a lab founded by a person whose student wrote a paper, asked backwards."""
    hops = [
        ("Who wrote the Kessler lattice paper?", "Ivo Rask", "Ivo Rask wrote the Kessler paper."),
        ("Who supervised that author?", "Mira Delacourt", "Mira Delacourt taught Ivo Rask."),
        ("When was that lab founded?", "1987", "The Delacourt lab at Tarn was founded in 1987."),
    ][:turns]
    row_turns = []
    for index, (query, answer, fact) in enumerate(hops):
        row_turns.append(
            {
                "turn_index": index,
                "sub_query": query,
                "sub_answer": answer,
                "documents": [
                    {"title": f"Source {index}", "text": f"Intro. {fact}", "is_supporting": True},
                    {"title": f"Other {index}", "text": "A survey.", "is_supporting": False},
                ],
                "is_red_herring": False,
            }
        )
    facts = [
        {
            "fact_id": f"F{index + 1}",
            "content": fact,
            "fact_type": "terminal_fact" if index == len(hops) - 1 else "bridge_fact",
            "source_paragraph_title": f"Source {index}",
            "needed_at_hop": len(hops) - 1,
            "first_available_at_hop": index,
            "retention_span": len(hops) - 1 - index,
            "is_discoverable": False,
            "intermediate_answer": answer if index < len(hops) - 1 else "",
        }
        for index, (_, answer, fact) in enumerate(hops)
    ]
    return {
        "instance_id": instance_id,
        "base_instance": "deep_research_0001",
        "source_dataset": "deep_research",
        "question": "When was the lab founded whose head taught the Kessler paper's author?",
        "original_question": "When was the lab founded?",
        "answer": "1987",
        "num_hops": len(hops),
        "decomposition": [{"sub_question": q, "sub_answer": a} for q, a, _ in hops],
        "turns": row_turns,
        "grounding_facts": facts,
        "distractors": [
            {
                "id": "D1",
                "content": "The Kessler lattice survey was edited by Pol Anner in 1990.",
                "source": "sibling_near_miss",
                "target_turn": 0,
                "interferes_with": "F1",
            },
            {
                "id": "D2",
                "content": "a retracted note about lattices",
                "source": "conflicting_authority",
                "target_turn": 1,
                "interferes_with": None,
            },
        ],
        "memory_files": {f"search_results_turn_{i}.txt": f"turn {i}" for i in range(len(hops))},
        "gold_supporting_paragraphs": [{"title": "Source 0", "text": hops[0][2]}],
        "contradictions": [],
        "transforms_applied": ["fictionalize_v2_entity_number", "sanitize_v1_fictional_first"],
        "difficulty_preset": "easy",
        "reveal_mode": "immediate",
        "eviction_policy": {
            "mode": "sliding_window",
            "window_size": 2,
            "allow_notes": True,
            "notes_budget_tokens": 300,
        },
        "memory_required_facts": [f["fact_id"] for f in facts if f["retention_span"] > 0],
        "context_tokens": {"supporting_paragraphs": 60, "filler_noise": 0, "total": 60},
        "total_tokens": 1234,
        "verification": {"score_all_memory": 1.0, "score_no_memory": 0.0},
        "rubric": {
            "expected_answer": "1987",
            "retention_facts": ["F1", "F2"],
            "noise_contradictions": [],
            "temporal_facts": [],
            "per_hop_answers": [],
            "bridge_dependencies": [],
            "per_turn_retention": [],
        },
    }


def write_rows(path: Path, rows: list[dict[str, Any] | str]) -> Path:
    """Write rows (objects, or raw lines) as JSONL."""
    lines = [row if isinstance(row, str) else json.dumps(row) for row in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


PARAPHRASES = (
    "The author of the Kessler lattice study is Ivo Rask.",
    "Ivo Rask's doctoral adviser was Mira Delacourt.",
    "Tarn's Delacourt laboratory dates from 1987.",
)
"""Grounding-fact contents as MemGym writes them: paraphrases, never the documents' words."""
DOCUMENT_TEXTS = (
    'Abstract\nIn "Kessler lattices revisited" (Rask, 2004) the lattice is refined.',
    "Obituary: Professor Mira Delacourt supervised a generation of lattice theorists.",
    "History of the lab\nFounded in 1987 at Tarn, the group grew \\ quickly.",
)
"""Supporting documents that state the facts in their own words (quotes, line breaks)."""
STEP_ANSWERS = ("Dr. Ivo Rask", "Prof. M. Delacourt", "in 1987")
"""Decomposition sub-answers that name the facts differently from the facts and turns."""


def paraphrased_row(instance_id: str = "memgym_ir__deep_research__0002") -> dict[str, Any]:
    """A row in the released shape: paraphrased facts, steps that name them differently.

    Each grounding fact's ``content`` paraphrases its supporting document; the document is
    identified only by the fact's ``first_available_at_hop`` (the turn) and its
    ``source_paragraph_title``; the supporting document is not first in its turn; the
    decomposition's sub-answers match neither the facts' ``intermediate_answer`` nor the
    turns' ``sub_answer``.
    """
    row = memgym_row(instance_id)
    for index, turn in enumerate(row["turns"]):
        turn["documents"] = [
            {"title": f"Survey {index}", "text": "A survey of lattices.", "is_supporting": False},
            {"title": f"Source {index}", "text": DOCUMENT_TEXTS[index], "is_supporting": True},
        ]
    for fact, content in zip(row["grounding_facts"], PARAPHRASES, strict=True):
        fact["content"] = content
    row["grounding_facts"][0]["intermediate_answer"] = "Rask"
    for step, answer in zip(row["decomposition"], STEP_ANSWERS, strict=True):
        step["sub_answer"] = answer
    return row
