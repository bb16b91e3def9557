"""The procedures training world: the Inspect task's memory pass, with no Inspect."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

from inspect_memgym.environments import MemoryEnv, world_names
from inspect_memgym.procedures.world.generate import generate_world
from inspect_memgym.procedures.world.plan import everything_known, plan_case
from inspect_memgym.procedures.world.rules import RULE_KINDS


def play(known: set[str], seed: int = 0, store: bool = True) -> tuple[float, dict[str, Any]]:
    """Store the lessons (or not), then work the case with a plan that knows ``known``."""
    world = generate_world("shop", "lite", seed)
    task = world.tests[0]
    record = world.state.record(task.record_id)
    assert record is not None
    customer = world.state.customer(record.customer_id)
    assert customer is not None
    plan = plan_case(record, customer, world.rules, world.domain, everything_known(known))
    env = MemoryEnv("procedures", tier="lite", template="shop", test_task=task.task_id)
    observation = env.reset(seed=seed)
    total, stored, acted = 0.0, False, 0
    while True:
        kind = observation.stage["kind"]
        if kind == "input" and store and not stored:
            lessons = "\n".join(world.lessons().values())
            action: dict[str, Any] = {"tool": "memory_write", "arguments": {"content": lessons}}
            stored = True
        elif kind == "act" and acted < len(plan):
            call = plan[acted]
            action = {"tool": call.function, "arguments": call.arguments}
            acted += 1
        else:
            action = {"reply": "DONE"}
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        if terminated or truncated:
            return total, info


def test_the_world_is_registered_and_a_perfect_episode_passes() -> None:
    assert "procedures" in world_names()
    total, _ = play(set(RULE_KINDS))
    assert total == 1.0


def test_an_episode_without_the_lessons_fails() -> None:
    assert play(set(), store=False)[0] == 0.0
    assert play(set(RULE_KINDS) - {"note"})[0] == 0.0


def test_the_world_imports_no_inspect() -> None:
    code = (
        "import sys\n"
        "from inspect_memgym.environments import MemoryEnv\n"
        "MemoryEnv('procedures', tier='smoke').reset(seed=0)\n"
        "assert 'inspect_ai' not in sys.modules, 'inspect_ai imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
