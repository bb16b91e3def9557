"""The scripted policies each benchmark plays, registered by the benchmark itself.

A benchmark registers its policy names and a `PolicyPlayer`: given a policy name and the
model call (messages and tools), it returns the policy's turn. Its samples name the
benchmark in their metadata (`BENCHMARK_KEY`), so the ``memgym`` provider routes every call
to the benchmark playing it without naming any benchmark itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from inspect_ai.model import ChatMessage
from inspect_ai.tool import ToolInfo

from inspect_memgym.kit.inspect_internals import active_model_name
from inspect_memgym.kit.named import lookup
from inspect_memgym.simulation.actions import Action

BENCHMARK_KEY = "benchmark"
"""Sample metadata key naming the benchmark a sample belongs to."""
PROVIDER_PREFIX = "memgym/"
"""How the scripted policies' model names start."""


@dataclass(frozen=True)
class PolicyTurn:
    """A policy's answer to one model call.

    Attributes:
        action: Tool calls or a final text.
        call_prefix: Prefix of the tool call ids (``<prefix>-<n>``).
        first_call_number: ``n`` of the first tool call.
    """

    action: Action
    call_prefix: str
    first_call_number: int


PolicyPlayer = Callable[[str, list[ChatMessage], list[ToolInfo]], PolicyTurn]
"""(policy name, input messages, tools on offer) -> the policy's turn."""


@dataclass(frozen=True)
class BenchmarkPolicies:
    """The policies one benchmark plays.

    Attributes:
        benchmark: Benchmark name (as in its samples' metadata).
        names: Policy names, in display order.
        play: Plays one model call.
    """

    benchmark: str
    names: tuple[str, ...]
    play: PolicyPlayer


_REGISTRY: dict[str, BenchmarkPolicies] = {}


def register_policies(benchmark: str, names: tuple[str, ...], play: PolicyPlayer) -> None:
    """Register the policies a benchmark plays (again with the same arguments is harmless).

    Args:
        benchmark: Benchmark name.
        names: Policy names.
        play: The benchmark's player.
    """
    _REGISTRY[benchmark] = BenchmarkPolicies(benchmark, names, play)


def benchmark_policies(benchmark: str) -> BenchmarkPolicies:
    """The policies of one benchmark.

    Args:
        benchmark: Benchmark name.

    Raises:
        ValueError: If no benchmark of that name registered policies.
    """
    return lookup(_REGISTRY, benchmark, "benchmark with memgym policies")


def check_active_policy(benchmark: str) -> None:
    """Refuse, while a task is built in an eval, a ``memgym`` model the task does not play.

    Inspect creates the eval's models before it builds the tasks of ``inspect eval``, so the
    refusal is one line that lists only the policies this task plays. A task built outside
    an eval is checked when its first sample calls the model (`check_plays`).

    Args:
        benchmark: The task's benchmark name.

    Raises:
        ValueError: If the eval's model is ``memgym/<policy>`` and the task does not play it.
    """
    model = active_model_name()
    if model is not None and model.startswith(PROVIDER_PREFIX):
        check_plays(benchmark, model.removeprefix(PROVIDER_PREFIX))


def check_plays(benchmark: str, policy: str) -> None:
    """Refuse a policy that the benchmark does not play.

    Args:
        benchmark: Benchmark name.
        policy: Policy name.

    Raises:
        ValueError: Naming the policies the benchmark does play.
    """
    entry = benchmark_policies(benchmark)
    if policy not in entry.names:
        raise ValueError(
            f"memgym policy {policy!r} does not play the {benchmark} task; "
            f"choose one of: {', '.join(entry.names)}"
        )
