"""The pure-Python world of research_qa: generated instances, released rows, their checks.

Nothing here imports Inspect. A task builds samples from ``generate_instance`` (or
``load_memgym_rows``), a driver shows ``instance.turns`` one at a time under
``instance.eviction_policy``, a search tool indexes ``build_corpus(instance)``, a scripted
policy answers with ``resolve_answer``, and ``check_instance`` proves an instance valid.
"""

from inspect_memgym.research_qa.defaults import DEFAULT_CONTEXT_TOKENS, DEFAULT_HOPS
from inspect_memgym.research_qa.world.corpus import CorpusEntry, build_corpus
from inspect_memgym.research_qa.world.generate import HOP_RANGE, generate_instance
from inspect_memgym.research_qa.world.instance import EvictionPolicy, ResearchInstance
from inspect_memgym.research_qa.world.memgym_rows import load_memgym_rows
from inspect_memgym.research_qa.world.model import (
    ChainHop,
    Claim,
    Distractor,
    Document,
    GroundingFact,
    SearchTurn,
)
from inspect_memgym.research_qa.world.reader import (
    candidate_answers,
    next_open_hop,
    resolve_answer,
)
from inspect_memgym.research_qa.world.streams import GENERATOR_VERSION, instance_id_for
from inspect_memgym.research_qa.world.validity import check_instance

__all__ = [
    "DEFAULT_CONTEXT_TOKENS",
    "DEFAULT_HOPS",
    "GENERATOR_VERSION",
    "HOP_RANGE",
    "ChainHop",
    "Claim",
    "CorpusEntry",
    "Distractor",
    "Document",
    "EvictionPolicy",
    "GroundingFact",
    "ResearchInstance",
    "SearchTurn",
    "build_corpus",
    "candidate_answers",
    "check_instance",
    "generate_instance",
    "instance_id_for",
    "load_memgym_rows",
    "next_open_hop",
    "resolve_answer",
]
