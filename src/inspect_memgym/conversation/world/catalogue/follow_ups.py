"""Generic follow-up messages of the scripted user; they reveal nothing about the user."""

from __future__ import annotations

FOLLOW_UPS: tuple[str, ...] = (
    "Could you expand on the second suggestion?",
    "What would be a good first step?",
    "Can you put that into a short checklist?",
    "How long would that usually take?",
    "What is the most common mistake people make with this?",
    "Could you give me an example?",
    "Which of those would you prioritise?",
    "Is there anything I should avoid?",
    "Can you summarise that in three bullet points?",
    "How will I know if it's working?",
    "Could you explain the reasoning behind that?",
    "Is there a simpler version of this plan?",
    "What should I do if I fall behind?",
    "Can you suggest a way to keep track of this?",
    "Thanks, that's helpful. Is there anything else I should know?",
    "Could you say more about the first point?",
    "How could I turn this into a habit?",
    "What would a realistic timeline look like?",
    "Are there any risks I might be overlooking?",
    "Can you break that down step by step?",
    "That makes sense. What comes after that?",
    "Could you rephrase that more briefly?",
    "Which part of this matters most?",
    "How would you adjust this if things don't go to plan?",
)
"""Follow-ups for the rounds after a session's opening message, in a fixed order."""
