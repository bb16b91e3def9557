"""A rule-based stand-in for an LLM judge, and reading a filled-in prompt back into its fields.

Offline runs (the ``memgym`` model provider) still need every judged score to be decided,
and the judge calibration meta-evaluation needs a judge that runs in tests. The rule judge
reads the question, gold answer and response back out of the very prompt a real judge would
get (`template_fields`, the inverse of ``str.format`` for one template) and decides:

* for an answerable question, ``yes`` when every token of the gold answer (the official
  LoCoMo normalisation and Porter stemming, `scoring.token_f1`) appears in the response,
  the response does not decline, and it neither hedges nor dumps names
  (`scoring.hedging`); else ``no``;
* for an unanswerable question, ``yes`` when the response declines (`declines`) without
  offering candidates anyway, else ``no``.

It is deliberately simple, and wrong in known ways (a paraphrase with other words fails):
the calibration cases in the
repository's ``scorers/`` folder measure exactly how far, which is the point of reporting
its agreement figures beside any judged number.
"""

from __future__ import annotations

import re
import string

from inspect_memgym.scoring.hedging import hedged
from inspect_memgym.scoring.token_f1 import answer_tokens
from inspect_memgym.scoring.yes_no_verdict import Verdict

DECLINING_PHRASES = (
    "not mentioned",
    "never mentioned",
    "no information",
    "no mention",
    "not enough information",
    "don't know",
    "do not know",
    "did not mention",
    "didn't mention",
    "cannot answer",
    "can't answer",
    "cannot tell",
    "can't tell",
    "unanswerable",
    "no record",
)
"""Phrases that say the source does not hold the answer."""
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'"})
_SPACES = re.compile(r"\s+")


def template_fields(template: str, text: str) -> dict[str, str] | None:
    """The values a ``str.format`` template was filled with to give ``text``.

    Args:
        template: The template (``{name}`` fields, literal braces doubled; each field once).
        text: A filled-in prompt.

    Returns:
        Field name to value; None when the text does not have the template's shape. When
        the literal text between two fields also occurs inside a value, the earliest split
        that still matches the rest of the template wins.

    Raises:
        ValueError: If the template repeats a field or uses format specs or conversions.
    """
    pattern = ["^"]
    seen: set[str] = set()
    for literal, field, spec, conversion in string.Formatter().parse(template):
        pattern.append(re.escape(literal))
        if field is None:
            continue
        if spec or conversion or not field.isidentifier() or field in seen:
            raise ValueError(f"template field {field!r} cannot be read back")
        seen.add(field)
        pattern.append(f"(?P<{field}>.*?)")
    pattern.append("$")
    match = re.match("".join(pattern), text, flags=re.DOTALL)
    return None if match is None else match.groupdict()


def declines(response: str) -> bool:
    """Whether a response says the source does not hold the answer.

    Args:
        response: The answer to judge.
    """
    text = _SPACES.sub(" ", response.translate(_QUOTES).lower())
    return any(phrase in text for phrase in DECLINING_PHRASES)


def states_gold(gold: str, response: str) -> bool:
    """Whether every normalised, stemmed token of the gold answer appears in the response.

    Args:
        gold: The gold answer.
        response: The answer to judge.
    """
    gold_tokens = set(answer_tokens(gold))
    return bool(gold_tokens) and gold_tokens <= set(answer_tokens(response))


def rule_verdict(
    gold: str, response: str, unanswerable: bool = False, question: str = ""
) -> Verdict:
    """The rule judge's verdict on one response.

    Args:
        gold: The gold answer (for an unanswerable question, why it cannot be answered).
        response: The answer to judge.
        unanswerable: Whether the right response is to decline.
        question: The question, when the prompt shows it (its names may be repeated).

    Returns:
        ``"yes"`` or ``"no"``.
    """
    if hedged(response, gold, question):
        return "no"
    if unanswerable:
        return "yes" if declines(response) else "no"
    return "yes" if states_gold(gold, response) and not declines(response) else "no"
