"""Released MemGym-DR rows in their real shape: paraphrased facts, steps named differently.

MemGym writes a grounding fact's ``content`` as a paraphrase no document holds, and its
decomposition steps rarely name a fact the way the fact or the turn does. The rows tie
them together by identity (turn, title, position); the scripted perfect reader must score
about 1 on such rows and every memoryless reader must stay at 0.
"""

from __future__ import annotations

from pathlib import Path
from statistics import fmean

import pytest
from inspect_ai import eval
from inspect_ai.log import EvalLog

from inspect_memgym.research_qa.policy_play import readable_facts
from inspect_memgym.research_qa.task import research_qa
from inspect_memgym.research_qa.world import load_memgym_rows

from .memgym_row_sample import DOCUMENT_TEXTS, PARAPHRASES, paraphrased_row, write_rows

SCORER = "research_qa_scorer"
RUNS = {
    "perfect": ("perfect", {}),
    "perfect rag": ("perfect", {"agent": "rag", "memory": "markdown"}),
    "forgetful": ("forgetful", {}),
    "guesser": ("guesser", {}),
    "perfect none": ("perfect", {"agent": "none"}),
}


@pytest.fixture(scope="module")
def rows(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("paraphrased")
    return write_rows(
        folder / "4hop_paper_run.jsonl", [paraphrased_row("p-1"), paraphrased_row("p-2")]
    )


@pytest.fixture(scope="module")
def runs(rows: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, EvalLog]:
    log_dir = tmp_path_factory.mktemp("paraphrased_logs")
    logs = {}
    for name, (policy, arguments) in RUNS.items():
        [log] = eval(
            research_qa(dataset=str(rows), **arguments),
            model=f"memgym/{policy}",
            display="none",
            log_dir=str(log_dir),
        )
        assert log.status == "success", log.error
        logs[name] = log
    return logs


def mean(log: EvalLog, key: str) -> float:
    assert log.samples
    return fmean(float(sample.scores[SCORER].value[key]) for sample in log.samples)  # type: ignore[index]


def test_no_document_holds_a_fact_content_verbatim(rows: Path) -> None:
    [instance, _] = load_memgym_rows(str(rows))
    texts = [document.text for document in instance.documents()]
    assert not any(content in text for content in PARAPHRASES for text in texts)


def test_facts_are_tied_to_their_documents_and_steps_by_identity(rows: Path) -> None:
    [instance, _] = load_memgym_rows(str(rows))
    carriers = {
        fact_id: (document.turn_index, document.title)
        for document in instance.documents()
        for fact_id in document.fact_ids
    }
    assert carriers == {"F1": (0, "Source 0"), "F2": (1, "Source 1"), "F3": (2, "Source 2")}
    assert [(hop.answer, hop.fact_id, hop.turn_index) for hop in instance.chain] == [
        ("Dr. Ivo Rask", "F1", 0),
        ("Prof. M. Delacourt", "F2", 1),
        ("in 1987", "F3", 2),
    ]
    final = instance.grounding_facts[-1].fact
    assert final.statement == PARAPHRASES[2]  # MemGym's words stay the fact's statement
    assert final.key_tokens == ("1987",)  # of the content's tokens, only those its document holds
    statements = {fact_id: fact.statement for fact_id, fact in readable_facts(instance).items()}
    assert statements["F1"] == "(Rask, 2004) the lattice is refined."
    assert all(statements[f"F{index + 1}"] in text for index, text in enumerate(DOCUMENT_TEXTS))


def test_a_step_that_names_its_fact_by_id_follows_it(tmp_path: Path) -> None:
    row = paraphrased_row("named")
    row["decomposition"][0]["fact_id"] = "F2"
    row["decomposition"][1]["fact_id"] = "F1"
    [instance] = load_memgym_rows(str(write_rows(tmp_path / "rows.jsonl", [row])))
    assert [(hop.fact_id, hop.turn_index) for hop in instance.chain] == [
        ("F2", 1),
        ("F1", 0),
        ("F3", 2),
    ]


def test_perfect_memory_scores_one_and_no_reader_without_memory_scores(
    runs: dict[str, EvalLog],
) -> None:
    # before facts were tied by identity, perfect scored 0.000 on rows of this shape
    assert mean(runs["perfect"], "score") == 1.0
    assert mean(runs["perfect"], "hop_recall") == 1.0
    assert mean(runs["perfect"], "memory_delta") == 1.0
    assert mean(runs["perfect rag"], "score") == 1.0
    for name in ("forgetful", "guesser", "perfect none"):
        assert mean(runs[name], "score") == 0.0, name
    assert mean(runs["perfect"], "no_memory") == 0.0
