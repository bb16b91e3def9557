"""Names of the cost and latency figures every score records, shared by scorers and readers.

Each task's `Score.metadata[COST_KEY]` is a small dict of these figures for one sample
(`memory.cost_figures`); each scorer also reports the mean over samples of the
`COST_METRIC_KEYS` under its own name (`scoring.metrics.memory_cost`), and `analysis` reads
them back.
A figure that does not apply (no store searched, memory isolation off) is None.
"""

COST_KEY = "cost"
"""`Score.metadata` key of the sample's cost and latency figures."""
MEMORY_TOKENS_PER_QUESTION = "memory_tokens_per_question"
"""Mean input tokens of an answer with memory minus the same answer with an empty memory."""
MEMORY_TOKENS_BY_QUESTION = "memory_tokens_by_question"
"""That difference for each question, in the order the questions were answered."""
ANSWER_TOKENS_PER_QUESTION = "answer_tokens_per_question"
"""Mean input tokens of an answer with memory (prompt, memory and any tool turns)."""
TOKENS_SOURCE = "tokens_source"
"""``reported`` (the provider's usage) or ``estimated`` (about 4 characters a token)."""
QUESTIONS_METERED = "questions_metered"
"""Questions answered both with memory and without (the pairs the difference is over)."""
ADD_MS_P50 = "add_ms_p50"
"""Median milliseconds of a memory operation that stores or changes memory."""
ADD_MS_P95 = "add_ms_p95"
"""95th percentile milliseconds of those operations."""
SEARCH_MS_P50 = "search_ms_p50"
"""Median milliseconds of a memory operation that returns memory (search, read, retrieve)."""
SEARCH_MS_P95 = "search_ms_p95"
"""95th percentile milliseconds of those operations."""
ADDS = "adds"
"""Successful store-or-change operations timed."""
SEARCHES = "searches"
"""Successful search-or-read operations timed."""
COST_METRIC_KEYS = (MEMORY_TOKENS_PER_QUESTION, ADD_MS_P50, SEARCH_MS_P50, SEARCH_MS_P95)
"""The figures also reported as metrics (mean over samples), under the scorer's name."""
MEMORY_TOKENS_METRIC = "delta_tokens"
"""The metric name of the mean of `MEMORY_TOKENS_PER_QUESTION`: a difference (tokens of an
answer with memory minus the same answer with an empty memory), so a negative mean is what
memory saved, not a missing figure (a missing figure is left out)."""
COST_METRIC_NAMES = {
    MEMORY_TOKENS_PER_QUESTION: MEMORY_TOKENS_METRIC,
    ADD_MS_P50: "p50_add_ms",
    SEARCH_MS_P50: "p50_search_ms",
    SEARCH_MS_P95: "p95_search_ms",
}
"""Metric name of each figure of `COST_METRIC_KEYS`. Inspect's results table cuts a metric
name to 9 characters at 80 columns (`kit.results_table`), so each name says what
it counts (tokens, milliseconds) in its first 8 characters: none reads as a score, and the
two search percentiles no longer cut to the same ``search_ms…``."""
FORMER_COST_METRIC_NAMES = {
    MEMORY_TOKENS_PER_QUESTION: (MEMORY_TOKENS_PER_QUESTION, "memory_tokens"),
    ADD_MS_P50: (ADD_MS_P50,),
    SEARCH_MS_P50: (SEARCH_MS_P50,),
    SEARCH_MS_P95: (SEARCH_MS_P95,),
}
"""The names older logs carry for each figure of `COST_METRIC_KEYS` (the figure's own
name, then ``memory_tokens``), which readers still accept."""
