"""Everything inspect_memgym registers with Inspect (the ``inspect_ai`` entry point)."""

# ruff: noqa: F401

from inspect_memgym.agents.entity_stream_agent import entity_stream_agent
from inspect_memgym.agents.submit_answer import submit_answer
from inspect_memgym.scorers.entity_stream_scorer import entity_stream_scorer
from inspect_memgym.simulation.registration import memgym
from inspect_memgym.tasks.entity_stream import entity_stream
