"""The values of ``-T evolve=``: how much feedback the self-evolution rewrite gets.

Apart from `conversation.self_evolution` so that the task's signature (read when the
plugin's entry point registers it) does not load the rewrite, its grading and its world.
"""

from __future__ import annotations

NO_EVOLUTION = "none"
QUESTION_FEEDBACK = "question"
COMPLETE_FEEDBACK = "complete"
EVOLVE_LEVELS = (NO_EVOLUTION, QUESTION_FEEDBACK, COMPLETE_FEEDBACK)
"""Values of ``-T evolve=``, in order of how much feedback the rewrite gets."""
