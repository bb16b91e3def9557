"""The names of the passes a question is answered in, with no dependency.

The answer meter marks each model call with its pass (`kit.answer_meter`); graders and
training worlds that must not import Inspect name the passes from here.
"""

MEMORY_PASS = "memory"
"""An answer with the strategy's memory."""
NO_MEMORY_PASS = "no_memory"
"""The same answer with an empty memory (the memory-isolated pass)."""
UPPER_BOUND_PASS = "upper_bound"
"""An answer given the true state instead of memory (a task's ceiling, not metered)."""
