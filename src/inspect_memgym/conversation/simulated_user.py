"""The simulated user: scripted by default, an LLM under the ``user`` model role if bound.

The scripted user sends the session's opening message, then its scripted follow-ups, which
reveal nothing. With ``--model-role user=<model>``, the opening message is still the
scripted one (so exactly the planned values are revealed) and an LLM writes the follow-ups
from the persona and the session's opening, told never to reveal anything beyond it.
"""

from __future__ import annotations

from inspect_ai.model import ChatMessageSystem, ChatMessageUser, Model, get_model, model_roles

from inspect_memgym.conversation.state import PHASE_USER
from inspect_memgym.conversation.world.model import Persona, Session
from inspect_memgym.strategies.call_context import set_phase

USER_ROLE = "user"

USER_ROLE_PROMPT = """\
You are role-playing a person chatting with an AI assistant. Stay in character.
Who you are: {persona}

You opened this conversation with:
"{opening}"

Write your next message to the assistant: one or two sentences that react to its last \
reply and ask a follow-up question. Never mention any preference, habit, plan or \
circumstance of yours beyond what your opening message said, and do not repeat those. \
Reply with the message text only."""


class SimulatedUser:
    """Writes the user's follow-up messages in a session: the scripted ones.

    Subclasses write them another way by overriding `_write` (`ModelUser`); an empty
    message falls back to the script.
    """

    kind: str = "scripted"

    async def follow_up(
        self, session: Session, number: int, exchanges: list[tuple[str, str]]
    ) -> str:
        """The user's next message: the one `_write` writes, else the scripted follow-up.

        Args:
            session: The session being played.
            number: Follow-up number, from 0.
            exchanges: (user message, assistant reply) pairs of the session so far.
        """
        written = await self._write(session, exchanges)
        return written or session.follow_ups[number]

    async def _write(self, session: Session, exchanges: list[tuple[str, str]]) -> str:
        """A follow-up written another way than the script; empty for the scripted user."""
        return ""


class ModelUser(SimulatedUser):
    """An LLM plays the user from the persona and the session's opening."""

    kind = "model"

    def __init__(self, model: Model, persona: Persona) -> None:
        """Bind the user model.

        Args:
            model: The model bound to the ``user`` role.
            persona: Who the user is.
        """
        self.model = model
        self.persona = persona

    async def _write(self, session: Session, exchanges: list[tuple[str, str]]) -> str:
        """Ask the user model for the next message (empty if it returns nothing).

        Args:
            session: The session being played.
            exchanges: (user message, assistant reply) pairs of the session so far.
        """
        system = USER_ROLE_PROMPT.format(persona=self.persona.describe(), opening=session.opening)
        transcript = "\n\n".join(f"You: {sent}\n\nAssistant: {reply}" for sent, reply in exchanges)
        set_phase(PHASE_USER)
        output = await self.model.generate(
            [ChatMessageSystem(content=system), ChatMessageUser(content=transcript)]
        )
        return output.completion.strip()


def simulated_user(persona: Persona) -> SimulatedUser:
    """The LLM user if the ``user`` role is bound, else the scripted user.

    Args:
        persona: Who the user is.
    """
    if USER_ROLE in model_roles():
        return ModelUser(get_model(role=USER_ROLE), persona)
    return SimulatedUser()
