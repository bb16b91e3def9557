"""A hand-built instance small enough to grade answers to on paper.

| id  | category          | discoverable | relevance  | key tokens                     |
|-----|-------------------|--------------|------------|--------------------------------|
| F01 | error_detail      | yes          | critical   | BIL-10417                      |
| F02 | repro_condition   | no           | critical   | Asia/Kathmandu, 412 invoices   |
| F03 | design_decision   | no           | background | per-tenant lock, slow tenant   |

D01 (the sibling's BIL-10418) mimics F01; D02 (a ruled-out 128 invoices) mimics F02.
q01 links F01 (easy), q02 links F02 (medium), q03 links F03 then F02 (medium).
"""

from __future__ import annotations

from inspect_memgym.code_qa.world.model import CodeQAInstance, Distractor, GroundingFact, QAPair
from inspect_memgym.scoring.facts import Fact

ERROR = GroundingFact(
    Fact("F01", "`parse_invoices` raises `BillingError` BIL-10417 for a missing amount.",
         ("BIL-10417",)),
    "error_detail", True, "critical", "billing.invoices.parse_invoices",
)  # fmt: skip
REPRO = GroundingFact(
    Fact("F02", "It reproduces only in Asia/Kathmandu with more than 412 invoices.",
         ("Asia/Kathmandu", "412 invoices")),
    "repro_condition", False, "critical", "billing.invoices.parse_invoices",
    memory_tokens=("Asia/Kathmandu", "412 invoices"),
)  # fmt: skip
DESIGN = GroundingFact(
    Fact("F03", "Decided: a per-tenant lock, so one slow tenant cannot stall the others.",
         ("per-tenant lock", "slow tenant")),
    "design_decision", False, "background", "billing.invoices",
    memory_tokens=("per-tenant lock", "slow tenant"),
)  # fmt: skip
SIBLING = Distractor(
    Fact("D01", "`parse_refunds`, a sibling, raises BIL-10418.", ("BIL-10418",)),
    "sibling_function",
    "F01",
    ("q01",),
)
RULED_OUT = Distractor(
    Fact("D02", "Ruled out: any call with more than 128 invoices fails.", ("128 invoices",)),
    "ruled_out",
    "F02",
    ("q02", "q03"),
)


def tiny_instance() -> CodeQAInstance:
    """The instance in the module docstring."""
    pairs = (
        QAPair("q01", "Which code does `parse_invoices` raise?", ERROR.fact.statement,
               ("F01",), "error_detail", "easy", False, False, ("D01",)),
        QAPair("q02", "When does it reproduce?", REPRO.fact.statement,
               ("F02",), "repro_condition", "medium", True, False, ("D02",)),
        QAPair("q03", "What was decided, and when does it reproduce?",
               f"{DESIGN.fact.statement} {REPRO.fact.statement}",
               ("F03", "F02"), "design_decision", "medium", True, False, ("D02",)),
    )  # fmt: skip
    return CodeQAInstance(
        instance_id="code_qa-s9999",
        seed=9999,
        context_tokens=100,
        generator_version=1,
        domain="billing",
        task_prompt="Fix `parse_invoices`.",
        memory_files={
            "0001_notes.md": "\n\n".join(
                item.fact.statement for item in (ERROR, REPRO, DESIGN, SIBLING, RULED_OUT)
            )
        },
        repo_context="billing/invoices/parse.py\n    def parse_invoices(invoices, settings)\n",
        repo_files={
            "billing/invoices/parse.py": "def parse_invoices(invoices, settings):\n"
            '    raise BillingError("BIL-10417", "invoice has no amount")\n'
        },
        referenced_files=("billing/invoices/parse.py",),
        grounding_facts=(ERROR, REPRO, DESIGN),
        distractors=(SIBLING, RULED_OUT),
        qa_pairs=pairs,
    )
