"""Grade a conversation run: accuracy, the headline, AMemGym's memory score and diagnostics.

Pure functions over the user (`ConversationScenario`) and the raw answers the driver
recorded. Each question is graded against the options its period showed
(`world.presentation`). Per period:

- accuracy: share of questions whose chosen advice fits the current state exactly;
- random: mean of 1/len(options) (the expected accuracy of a uniform guess);
- chance_corrected_accuracy (the headline): (accuracy - random) / (1 - random);
- upper bound: accuracy when the current values are given in the prompt;
- memory score (AMemGym's, beside the headline): (accuracy - random) / (upper bound -
  random), floored and clipped (`normalisation`); ``upper_bound_flag`` marks a sample
  whose upper bound is below random + 0.1; ``official_memory_score``: the same ratio as
  AMemGym computes it, unfloored and unclipped (NaN in a period whose upper bound equals
  random, and so in its sample's mean);
- no-memory scores: the same questions answered with an empty memory, graded the same way
  except that a reply naming no valid option earns a guess's 1/k; ``no_memory`` and
  ``memory_delta`` follow the shared definition (`scoring.isolation`): each question's
  no-memory credit counts at least its floor, a blind guess's 1/k (a wrong pick counts
  1/k, a right one 1, a pick identical to the memory pass's as graded), so Δ is the share
  of questions memory got right that the no-memory pass did not, on the chance-corrected
  scale; ``no_memory_raw`` and ``memory_delta_raw`` keep the unfloored figures;
- diagnostics (AMemGym's definitions): a wrong answer whose required variables were all
  probed correctly is a *utilization* failure; otherwise it is a *write* failure if a
  wrongly probed variable was also wrong in the probe right after it was last revealed,
  else a *read* failure. Each wrong answer gets exactly one label, so
  write + read + utilization = 1 - accuracy in every period of a sample nothing cut; a
  question a limit cut before the memory pass answered it gets none (its decline was
  graded, but nobody asked the memory), and the shares stay over all the period's
  questions.

Each question row also carries its kind (``kind``: ``update_chain`` when it combines two or
more variables, one changed since first revealed, and shows the stale option, else
``advice``; `update_chain`) and the number of that stale option (``stale``); the kind enters
no figure of this module.

An answer a pass did not give (a limit cut the sample first) is scored as that pass's
decline, the ``decliner``'s reply `prompts.DECLINE_REPLY` (no option named: 1/k,
`choice_credit`), in every pass the run asked (`scoring.reached`): the question and its
no-memory answer count in every figure, a cut probe counts as failed and a cut upper bound
as a decline, so a period none of whose questions was reached still counts, and a model
cannot leave out the questions it stalls on. ``not_reached`` counts the questions whose
answer, or (isolation on) whose no-memory answer, is missing; their rows say so
(``not_reached``).

Only the question answers reach the headline: probes and the upper bound are auxiliary
passes a model could answer badly on purpose, and they feed only the diagnostics and the
memory score.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from statistics import fmean
from typing import Any

from inspect_memgym.conversation.normalisation import (
    amemgym_memory_score,
    chance_corrected,
    choice_credit,
    official_memory_score,
    upper_bound_flag,
)
from inspect_memgym.conversation.prompts import DECLINE_REPLY
from inspect_memgym.conversation.summary_keys import HEADLINE as HEADLINE
from inspect_memgym.conversation.update_chain import (
    question_kind,
    stale_number,
)
from inspect_memgym.conversation.world.model import ConversationScenario, Period
from inspect_memgym.conversation.world.presentation import (
    gold_number,
    presented_choices,
    presented_values,
)
from inspect_memgym.conversation.world.probes import exposure_periods, probed_variables
from inspect_memgym.scoring.failure_labels import (
    READ_FAILURE,
    UTILIZATION_FAILURE,
    WRITE_FAILURE,
    FailureLabel,
)
from inspect_memgym.scoring.isolation import (
    MEMORY_DELTA,
    MEMORY_DELTA_RAW,
    NO_MEMORY,
    NO_MEMORY_RAW,
    Isolation,
    PairedAnswer,
    isolate,
)
from inspect_memgym.scoring.multiple_choice import parse_choice
from inspect_memgym.scoring.official import official_key
from inspect_memgym.scoring.reached import NOT_REACHED
from inspect_memgym.scoring.stored_records import StoredRecord

NO_MEMORY_ACCURACY = "no_memory_accuracy"
"""Score key: mean credit of the no-memory answers (an unparsed reply earns 1/k)."""
UPPER_BOUND_FLAG = "upper_bound_flag"
"""Score key: 1.0 when the sample's upper bound is below random + 0.1."""
MEMORY_SCORE = "memory_score"
"""Score key of AMemGym's memory score as we report it (floored and clipped)."""
OFFICIAL_MEMORY_SCORE = official_key(MEMORY_SCORE)
"""Score key of AMemGym's memory score as AMemGym computes it (no floor, no clip)."""

SCORE_KEYS = (
    HEADLINE,
    "accuracy",
    "random",
    MEMORY_SCORE,
    OFFICIAL_MEMORY_SCORE,
    "upper_bound",
    UPPER_BOUND_FLAG,
    NO_MEMORY_ACCURACY,
    NO_MEMORY,
    MEMORY_DELTA,
    NO_MEMORY_RAW,
    MEMORY_DELTA_RAW,
    "write_failure",
    "read_failure",
    "utilization_failure",
    "parse_failure",
    NOT_REACHED,
)
"""Keys of the conversation `Score.value` (each a float; failure rates are NaN when the
run had no probes, the upper bound, its flag and both memory scores NaN when it was not
asked, the no-memory keys NaN when memory isolation was off)."""
NO_MEMORY_KIND = "no_memory"
"""Record kind of a question answered with no memory (asked in every period)."""


@dataclass(frozen=True)
class AskedPasses:
    """The passes a run asks besides the questions (the sample's `ConversationOptions`).

    Attributes:
        diagnostics: The probes.
        upper_bound: The questions with the current state given.
        memory_isolation: The questions with no memory.
    """

    diagnostics: bool = True
    upper_bound: bool = True
    memory_isolation: bool = True


ASKED = AskedPasses()
"""The passes a run asks by default (every one): their missing answers are declines."""


@dataclass(frozen=True)
class ConversationAnswer(StoredRecord):
    """One raw answer, as the driver keeps it in `ConversationState.results`.

    Attributes:
        kind: ``question``, `NO_MEMORY_KIND`, ``probe`` or ``upper_bound``.
        period: Index of the period it was asked in.
        item: The question's id (a probe's: the variable's key).
        raw: The reply as given, ungraded.
        choices: How many options the prompt showed.
    """

    kind: str
    period: int
    item: str
    raw: str
    choices: int


@dataclass(frozen=True)
class QuestionGrade(StoredRecord):
    """One question of one period, graded (a row of ``Score.metadata["questions"]``).

    Attributes:
        period: Period index.
        qid: The question's id.
        choice: The option number the reply chose (None when unparsed).
        gold: The best option's number.
        choices: How many options were shown.
        correct: Whether the choice is the best option.
        parse_failure: Whether the reply named no valid option.
        failure: The diagnostic label of a wrong answer (None when right or unprobed).
        no_memory_choice: The no-memory reply's choice (None when unparsed or not asked).
        no_memory_correct: Whether it is the best option (None when not asked).
        kind: ``update_chain`` or ``advice`` (`update_chain.question_kind`).
        stale: The stale option's number (None when no option is stale).
        memory_failure: What the memory held says of a wrong answer
            (`memory_holds.labelled_questions`; None when right or not yet labelled).
        not_reached: Whether a limit cut the answer or its no-memory answer, so that
            pass's credit is the decline's (`prompts.DECLINE_REPLY`).
    """

    period: int
    qid: str
    choice: int | None
    gold: int
    choices: int
    correct: bool
    parse_failure: bool
    failure: str | None
    no_memory_choice: int | None
    no_memory_correct: bool | None
    kind: str
    stale: int | None
    memory_failure: str | None = None
    not_reached: bool = False


@dataclass(frozen=True)
class PeriodGrade:
    """The grades of one period.

    Attributes:
        period: Period index.
        chance_corrected_accuracy: (accuracy - random) / (1 - random), the headline.
        accuracy: Share of questions answered right.
        random: Expected accuracy of a uniform guess.
        memory_score: AMemGym's normalised accuracy, floored and clipped (NaN if the upper
            bound was not asked).
        official_memory_score: The same ratio unfloored and unclipped, as AMemGym computes
            it (NaN if the upper bound was not asked or equals random).
        upper_bound: Accuracy with the current values given (NaN if not asked).
        no_memory_accuracy: Mean credit of the no-memory answers (NaN without isolation).
        no_memory: The headline of the no-memory answers, each counted at least its floor
            (`scoring.isolation`; NaN without isolation).
        memory_delta: headline - no_memory (NaN without isolation).
        no_memory_raw: The headline of the no-memory answers as graded.
        memory_delta_raw: headline - no_memory_raw.
        write_failure: Share of questions wrong through a write failure (NaN without probes).
        read_failure: Share wrong through a read failure (NaN without probes).
        utilization_failure: Share wrong with every variable recalled (NaN without probes).
        probe_accuracy: Share of probes answered right (NaN without probes).
        parse_failures: Question replies that named no valid choice.
    """

    period: int
    chance_corrected_accuracy: float
    accuracy: float
    random: float
    memory_score: float
    official_memory_score: float
    upper_bound: float
    no_memory_accuracy: float
    no_memory: float
    memory_delta: float
    no_memory_raw: float
    memory_delta_raw: float
    write_failure: float
    read_failure: float
    utilization_failure: float
    probe_accuracy: float
    parse_failures: int


@dataclass(frozen=True)
class Grading:
    """Everything the scorer reports for one user.

    Attributes:
        value: The `Score.value` dict (keys `SCORE_KEYS`).
        periods: One `PeriodGrade` per period.
        questions: One row per (period, question): choice, gold, verdict and label.
        isolation: How ``memory_delta`` was computed: its definition and question counts,
            summed over periods (`scoring.isolation.Isolation.metadata`).
        unanswered: The (period, question id) of every question the memory pass never
            answered (a limit cut it first; it has no failure label).
    """

    value: dict[str, float]
    periods: list[PeriodGrade]
    questions: list[QuestionGrade]
    isolation: dict[str, Any]
    unanswered: frozenset[tuple[int, str]] = frozenset()


def grade_conversation(
    scenario: ConversationScenario,
    results: Sequence[ConversationAnswer],
    asked: AskedPasses = ASKED,
) -> Grading:
    """Grade every recorded answer of one user.

    Args:
        scenario: The user.
        results: The driver's records.
        asked: The passes the run asks (default: every pass).

    Returns:
        The grading. An answer a pass the run asks did not give (a limit cut the sample
        first) is graded as the decline (`DECLINE_REPLY`); a question whose answer or
        no-memory answer is missing is counted under ``not_reached``.
    """
    raw = {(record.kind, record.period, record.item): record.raw for record in results}
    unanswered = frozenset(
        (period.index, question.qid)
        for period in scenario.periods
        for question in scenario.questions
        if ("question", period.index, question.qid) not in raw
    )
    cut = _declined_in_place(scenario, raw, asked)
    probe_right = _probe_results(scenario, raw)
    has_probes = any(kind == "probe" for kind, _, _ in raw)
    revealed = {
        variable.key: exposure_periods(scenario, variable.key) for variable in scenario.variables
    }
    periods, rows, isolations = [], [], []
    for period in scenario.periods:
        grade, period_rows, isolated = _grade_period(
            scenario, period, raw, probe_right, has_probes, revealed, cut, unanswered
        )
        periods.append(grade)
        rows.extend(period_rows)
        isolations.append(isolated)
    summary = _summary(periods)
    summary["parse_failure"] = (
        sum(row.parse_failure for row in rows) / len(rows) if rows else math.nan
    )
    summary[NOT_REACHED] = float(len(cut))
    value = {key: summary[key] for key in SCORE_KEYS}
    return Grading(value, periods, rows, _summed_metadata(isolations), unanswered)


def _declined_in_place(
    scenario: ConversationScenario,
    raw: dict[tuple[str, int, str], str],
    asked: AskedPasses,
) -> set[tuple[int, str]]:
    """Put the decline in place of every answer an asked pass did not give.

    Returns:
        The (period, question id) of every question whose answer or no-memory answer
        was missing (a limit cut it).
    """
    kinds = ["question"]
    if asked.memory_isolation:
        kinds.append(NO_MEMORY_KIND)
    cut = set()
    for period in scenario.periods:
        for question in scenario.questions:
            for kind in kinds:
                if (kind, period.index, question.qid) not in raw:
                    raw[(kind, period.index, question.qid)] = DECLINE_REPLY
                    cut.add((period.index, question.qid))
            if asked.upper_bound:
                raw.setdefault(("upper_bound", period.index, question.qid), DECLINE_REPLY)
        if asked.diagnostics:
            for variable in probed_variables(scenario):
                raw.setdefault(("probe", period.index, variable.key), DECLINE_REPLY)
    return cut


def _summed_metadata(isolations: list[Isolation]) -> dict[str, Any]:
    """One sample's isolation metadata: the definition, each count summed over periods."""
    if not isolations:
        return {}
    summed = isolations[0].metadata()
    for isolated in isolations[1:]:
        for key, count in isolated.metadata().items():
            if isinstance(count, int):
                summed[key] += count
    return summed


def _probe_results(
    scenario: ConversationScenario, raw: dict[tuple[str, int, str], str]
) -> dict[tuple[int, str], bool]:
    """(period, variable key) -> whether the probe named the current value."""
    right = {}
    for period in scenario.periods:
        for variable in scenario.variables:
            reply = raw.get(("probe", period.index, variable.key))
            if reply is None:
                continue
            values = presented_values(scenario, variable, period.index)
            choice = parse_choice(reply, len(values))
            right[(period.index, variable.key)] = (
                choice is not None and values[choice - 1] == period.state[variable.key]
            )
    return right


def _grade_period(
    scenario: ConversationScenario,
    period: Period,
    raw: dict[tuple[str, int, str], str],
    probe_right: dict[tuple[int, str], bool],
    has_probes: bool,
    revealed: dict[str, list[int]],
    cut: set[tuple[int, str]],
    unanswered: frozenset[tuple[int, str]] = frozenset(),
) -> tuple[PeriodGrade, list[QuestionGrade], Isolation]:
    rows = []
    credits: list[float] = []
    upper: list[float] = []
    labels: list[str] = []
    no_memory: list[float] = []
    guesses: list[float] = []
    pairs: list[PairedAnswer] = []
    parse_failures = 0
    for question in scenario.questions:
        reply = raw[("question", period.index, question.qid)]
        shown = presented_choices(scenario, question, period)
        options = len(shown)
        guesses.append(1 / options)
        gold = gold_number(shown, question.gold_choice(period.state))
        choice = parse_choice(reply, options)
        parse_failures += choice is None
        right = choice == gold
        credits.append(choice_credit(choice, gold, options))
        upper_reply = raw.get(("upper_bound", period.index, question.qid))
        if upper_reply is not None:
            upper.append(choice_credit(parse_choice(upper_reply, options), gold, options))
        no_memory_reply = raw.get((NO_MEMORY_KIND, period.index, question.qid))
        no_memory_choice = (
            None if no_memory_reply is None else parse_choice(no_memory_reply, options)
        )
        credit = None
        if no_memory_reply is not None:
            credit = choice_credit(no_memory_choice, gold, options)
            no_memory.append(credit)
        pairs.append(
            PairedAnswer(
                memory=credits[-1],
                no_memory=credit,
                floor=1 / options,
                same_reply=choice is not None and no_memory_choice == choice,
            )
        )
        label = None
        if not right and has_probes and (period.index, question.qid) not in unanswered:
            label = _failure_label(period.index, question.required, probe_right, revealed)
            labels.append(label)
        stale = stale_number(scenario, question, period, shown)
        rows.append(
            QuestionGrade(
                period=period.index,
                qid=question.qid,
                choice=choice,
                gold=gold,
                choices=options,
                correct=right,
                parse_failure=choice is None,
                failure=label,
                no_memory_choice=no_memory_choice,
                no_memory_correct=None if no_memory_reply is None else no_memory_choice == gold,
                kind=question_kind(stale),
                stale=stale,
                not_reached=(period.index, question.qid) in cut,
            )
        )
    count = len(credits)
    accuracy = fmean(credits) if credits else math.nan
    random = fmean(guesses) if guesses else math.nan
    headline = chance_corrected(accuracy, random)
    upper_bound = fmean(upper) if upper else math.nan
    no_memory_accuracy = fmean(no_memory) if no_memory else math.nan

    def period_headline(credits: Mapping[int, float]) -> float:
        if not credits:
            return math.nan
        chance = fmean(guesses[index] for index in credits)
        return chance_corrected(fmean(credits.values()), chance)

    isolated = isolate(pairs, period_headline)
    probes = [right for (index, _), right in probe_right.items() if index == period.index]

    def share(label: str) -> float:
        return labels.count(label) / count if has_probes and count else math.nan

    grade = PeriodGrade(
        period=period.index,
        chance_corrected_accuracy=headline,
        accuracy=accuracy,
        random=random,
        memory_score=amemgym_memory_score(accuracy, random, upper_bound),
        official_memory_score=official_memory_score(accuracy, random, upper_bound),
        upper_bound=upper_bound,
        no_memory_accuracy=no_memory_accuracy,
        no_memory=isolated.no_memory,
        memory_delta=isolated.memory_delta,
        no_memory_raw=isolated.no_memory_raw,
        memory_delta_raw=isolated.memory_delta_raw,
        write_failure=share(WRITE_FAILURE),
        read_failure=share(READ_FAILURE),
        utilization_failure=share(UTILIZATION_FAILURE),
        probe_accuracy=fmean(probes) if probes else math.nan,
        parse_failures=parse_failures,
    )
    return grade, rows, isolated


def _failure_label(
    period: int,
    required: tuple[str, ...],
    probe_right: dict[tuple[int, str], bool],
    revealed: dict[str, list[int]],
) -> FailureLabel:
    """AMemGym's label for one wrong answer (a missing probe counts as failed).

    ``revealed`` maps each variable to the periods in which a session reveals it.
    """
    failed = [key for key in required if not probe_right.get((period, key), False)]
    if not failed:
        return UTILIZATION_FAILURE
    for key in failed:
        written = [index for index in revealed.get(key, []) if index <= period]
        if not written or not probe_right.get((written[-1], key), False):
            return WRITE_FAILURE
    return READ_FAILURE


def _summary(periods: list[PeriodGrade]) -> dict[str, float]:
    """Means over periods of every per-period key (NaN stays NaN), and the sample's flag."""
    value = {}
    for key in SCORE_KEYS:
        if key in ("parse_failure", UPPER_BOUND_FLAG, NOT_REACHED):
            continue
        value[key] = fmean(getattr(grade, key) for grade in periods) if periods else math.nan
    value[UPPER_BOUND_FLAG] = upper_bound_flag(value["upper_bound"], value["random"])
    return value


def period_rows(grading: Grading) -> list[dict[str, Any]]:
    """Per-period detail as plain dicts (for `Score.metadata`).

    Args:
        grading: A grading.
    """
    return [asdict(grade) for grade in grading.periods]
