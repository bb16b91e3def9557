"""The judge protocol: every judge prompt pinned by SHA-256, the grader's settings, own prompts.

A judged number is only comparable with another judged by the same prompt, the same grader
and the same sampling. So:

* every judge prompt of the suite (per task and question type) is listed below with the
  SHA-256 of its template (`PINNED_PROMPT_SHA256`); a test recomputes them and fails when a
  prompt changes without its hash (and then the task's version) being bumped;
* the grader is called at temperature 0 with a fixed seed (`JUDGE_TEMPERATURE`,
  `JUDGE_SEED`; providers without seeds ignore it), changed with the environment variables
  ``MEMGYM_JUDGE_TEMPERATURE`` and ``MEMGYM_JUDGE_SEED`` (``none`` leaves the seed unset);
* a user may judge with prompts of their own (``-T judge_prompts=FILE``: a YAML or JSON
  mapping of question type to template, with the built-in template's placeholders), for
  instance a peer benchmark's official wording; a bad file is refused in one line.

The grader's `GenerateConfig` is built from these settings by `scoring.judge.grader_config`
(this module stays pure). Every judged score records the prompt's name, version and
SHA-256, the grader settings (``judge_config``) and, with a prompt file, its path and
SHA-256 (`JudgeSettings.metadata`).
"""

from __future__ import annotations

import hashlib
import os
import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from inspect_memgym.scoring.judge_audit import judge_prompt_metadata

PINNED_PROMPT_SHA256: dict[str, dict[str, str]] = {
    "entity_stream": {
        "answer": "df4056827f98857c2f5d4d75a0b7923f4d1222b0d1a1bc4ddf5cd290a8852815",
    },
    "code_qa": {
        "fact": "887cf121251d732d0295997c8660e54ddc7c2fd910767179c2d0f606c824ae5e",
    },
    "research_qa": {
        "answer": "45d4b6d9e2208420c81ac1ed3b51c67235933ed97b2505675dafc3e38156b846",
    },
    "locomo": {
        "answer": "ce077c5ae971b82a6fe0ad7e201be649852ce085db0faaabb66a28c79749a038",
    },
    "longmemeval": {
        "default": "f55335dd5fdf019750fdbfdc7416bf5db3f7a7e988fa67a1ee53b57ae13421f9",
        "temporal-reasoning": "0a5f6f39c78e28a79cf7054b88f55d631aef4570f015264b1eb99e9d78bb8258",
        "knowledge-update": "0efe35571f4c067ff2701600245b480f6fb09d92ddc6402ea281fec11d0bf2da",
        "single-session-preference": "8d3f6102b0b027c7c7203bcfd09e6f649be5455327dc505f9e99869bc8cb3334",  # noqa: E501
        "abstention": "742003b122595a98466f533ae1dc9e6ec9161061d790c6e2732fe5c2e7748040",
    },
}
"""Task -> question type -> SHA-256 of the built-in judge prompt template (UTF-8)."""

JUDGE_TEMPERATURE = 0.0
"""The grader's default temperature."""
JUDGE_SEED = 42
"""The grader's default seed (providers that do not support seeds ignore it)."""
TEMPERATURE_VARIABLE = "MEMGYM_JUDGE_TEMPERATURE"
SEED_VARIABLE = "MEMGYM_JUDGE_SEED"
USER_PROMPT_VERSION = "user-file"
"""The prompt version recorded for a template taken from a user's prompt file."""

JUDGE_PROMPT_SHA256_KEY = "judge_prompt_sha256"
"""`Score.metadata` key: the SHA-256 of the judge prompt template used."""
JUDGE_CONFIG_KEY = "judge_config"
"""`Score.metadata` key: the grader's temperature and seed."""
JUDGE_PROMPTS_FILE_KEY = "judge_prompts_file"
"""`Score.metadata` key: the user's prompt file (path and SHA-256), None without one."""


def prompt_sha256(template: str) -> str:
    """The SHA-256 of a prompt template's UTF-8 text, in hex.

    Args:
        template: The template (placeholders unfilled).
    """
    return hashlib.sha256(template.encode("utf-8")).hexdigest()


def placeholders(template: str) -> set[str]:
    """The ``{name}`` fields of a ``str.format`` template.

    Args:
        template: The template.

    Raises:
        ValueError: If the template is not a valid format string.
    """
    return {field for _, field, _, _ in string.Formatter().parse(template) if field is not None}


@dataclass(frozen=True)
class JudgeSettings:
    """How a task's judge is called: sampling settings and any user prompt templates.

    Attributes:
        temperature: The grader's temperature.
        seed: The grader's seed (None: the provider's default).
        prompts_file: The user's prompt file, if any.
        prompts_file_sha256: The SHA-256 of that file's bytes.
        templates: Question type -> the user's template (only those the file gives).
    """

    temperature: float = JUDGE_TEMPERATURE
    seed: int | None = JUDGE_SEED
    prompts_file: str | None = None
    prompts_file_sha256: str | None = None
    templates: Mapping[str, str] = field(default_factory=dict)

    def template(self, question_type: str, builtin: str) -> str:
        """The template that judges a question type: the user's, else the built-in one.

        Args:
            question_type: The question type (a key of the task's built-in templates).
            builtin: The built-in template.
        """
        return self.templates.get(question_type, builtin)

    def task_metadata(self) -> dict[str, Any]:
        """What the task's metadata records, only where it differs from the default.

        The leaderboard's protocol is read from the task's metadata, so runs with another
        prompt file (by its hash) or other grader settings are never pooled, and logs
        judged the default way keep the protocol they had before these settings existed.
        """
        recorded: dict[str, Any] = {}
        if self.prompts_file is not None:
            recorded[JUDGE_PROMPTS_FILE_KEY] = {
                "path": self.prompts_file,
                "sha256": self.prompts_file_sha256,
            }
        if (self.temperature, self.seed) != (JUDGE_TEMPERATURE, JUDGE_SEED):
            recorded[JUDGE_CONFIG_KEY] = {"temperature": self.temperature, "seed": self.seed}
        return recorded

    def metadata(
        self, question_type: str, builtin: str, name: str, version: str, judged: bool = True
    ) -> dict[str, Any]:
        """What a judged score records about its judge prompt and grader settings.

        Args:
            question_type: The question type judged.
            builtin: Its built-in template.
            name: The built-in prompt's name.
            version: The built-in prompt's version.
            judged: Whether the judge was consulted (when not: the prompt's name and
                version as None, as `judge_audit.judge_prompt_metadata` records them).
        """
        if not judged:
            return judge_prompt_metadata(name, version, judged=False)
        own = question_type in self.templates
        prompts_file = (
            {"path": self.prompts_file, "sha256": self.prompts_file_sha256}
            if self.prompts_file is not None
            else None
        )
        return {
            **judge_prompt_metadata(name, USER_PROMPT_VERSION if own else version),
            JUDGE_PROMPT_SHA256_KEY: prompt_sha256(self.template(question_type, builtin)),
            JUDGE_CONFIG_KEY: {"temperature": self.temperature, "seed": self.seed},
            JUDGE_PROMPTS_FILE_KEY: prompts_file,
        }


DEFAULT_JUDGE_SETTINGS = JudgeSettings()
"""Temperature 0, the fixed seed, the built-in prompts."""


def judge_settings(builtin: Mapping[str, str], prompts_file: str | None = None) -> JudgeSettings:
    """A task's judge settings: the environment's sampling settings and the user's prompts.

    Args:
        builtin: The task's built-in templates, question type -> template.
        prompts_file: ``-T judge_prompts``: a YAML or JSON file of question type -> template.

    Raises:
        ValueError: In one line, for a bad environment value or prompt file.
    """
    temperature, seed = sampling_from_environment()
    if prompts_file is None:
        return JudgeSettings(temperature, seed)
    templates, digest = load_prompt_file(prompts_file, builtin)
    return JudgeSettings(temperature, seed, prompts_file, digest, templates)


def sampling_from_environment() -> tuple[float, int | None]:
    """The grader's temperature and seed: the defaults unless the environment sets them.

    Raises:
        ValueError: If ``MEMGYM_JUDGE_TEMPERATURE`` is not a number from 0 to 2, or
            ``MEMGYM_JUDGE_SEED`` is neither an integer nor ``none``.
    """
    temperature_text = os.environ.get(TEMPERATURE_VARIABLE, "").strip()
    seed_text = os.environ.get(SEED_VARIABLE, "").strip()
    try:
        temperature = float(temperature_text) if temperature_text else JUDGE_TEMPERATURE
    except ValueError:
        temperature = -1.0
    if not 0.0 <= temperature <= 2.0:
        raise ValueError(f"{TEMPERATURE_VARIABLE}={temperature_text!r}: give a number 0-2")
    if not seed_text:
        return temperature, JUDGE_SEED
    if seed_text.lower() == "none":
        return temperature, None
    try:
        return temperature, int(seed_text)
    except ValueError:
        raise ValueError(f"{SEED_VARIABLE}={seed_text!r}: give an integer or none") from None


def load_prompt_file(path: str, builtin: Mapping[str, str]) -> tuple[dict[str, str], str]:
    """A user's judge prompts, checked against the task's built-in ones, and the file's hash.

    Args:
        path: A YAML or JSON file holding a mapping of question type -> template.
        builtin: The task's built-in templates, question type -> template.

    Returns:
        ``(templates, sha256 of the file's bytes)``.

    Raises:
        ValueError: In one line, naming the file and what is wrong with it.
    """
    where = f"judge_prompts={path}"
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise ValueError(f"{where}: cannot read the file ({error.strerror})") from None
    try:
        data = yaml.safe_load(raw.decode("utf-8"))
    except (UnicodeDecodeError, yaml.YAMLError):
        raise ValueError(f"{where}: not a YAML or JSON file") from None
    known = ", ".join(builtin)
    if not isinstance(data, dict) or not data:
        raise ValueError(f"{where}: expected a mapping of question type to template ({known})")
    templates: dict[str, str] = {}
    for question_type, template in data.items():
        if question_type not in builtin:
            raise ValueError(f"{where}: unknown question type {question_type!r}; known: {known}")
        if not isinstance(template, str):
            raise ValueError(f"{where}: the template of {question_type!r} is not text")
        _check_placeholders(where, str(question_type), template, builtin[question_type])
        templates[str(question_type)] = template
    return templates, hashlib.sha256(raw).hexdigest()


def _check_placeholders(where: str, question_type: str, template: str, builtin: str) -> None:
    expected = placeholders(builtin)
    try:
        found = placeholders(template)
        template.format(**dict.fromkeys(expected, ""))
    except (ValueError, KeyError, IndexError):
        found = None
    if found != expected:
        wanted = ", ".join(f"{{{name}}}" for name in sorted(expected))
        raise ValueError(
            f"{where}: the template of {question_type!r} must use exactly {wanted} "
            "(literal braces doubled)"
        )
