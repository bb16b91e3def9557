"""The suite's embedding and an Inspect model behind LangChain's interfaces.

Memory systems built on LangChain's seams (Mem0's ``langchain`` embedder and LLM, a
LangGraph store's index) take these, so an offline run embeds with the suite's own
deterministic embedding and a real run's memory LLM is the Inspect ``memory`` model role
(the model under test when unbound), its calls and tokens in the sample's transcript.
"""

from __future__ import annotations

import asyncio
from typing import Any

from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageUser,
    get_model,
)
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.embeddings import Embeddings
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import ConfigDict

from inspect_memgym.memory.embedding import make_embedding


class SuiteEmbeddings(Embeddings):
    """One of the suite's embeddings (``hashing`` by default) as LangChain `Embeddings`."""

    def __init__(self, name: str) -> None:
        """Load the embedding.

        Args:
            name: The suite's embedding name (``hashing``, ``minilm``, ``openai``).
        """
        self.name = name
        self._embed = make_embedding(name)

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        """Embed texts.

        Args:
            texts: The texts.
        """
        return [[float(value) for value in vector] for vector in self._embed(texts)]

    def embed_query(self, text: str) -> list[float]:
        """Embed one text.

        Args:
            text: The text.
        """
        return self.embed_documents([text])[0]

    @property
    def dimensions(self) -> int:
        """Length of every vector."""
        return len(self.embed_query("dimensions"))


class InspectChatModel(BaseChatModel):
    """An Inspect model role as a LangChain chat model, called from a memory system's threads.

    A memory system calls ``invoke`` from a worker thread while the sample's event loop
    waits for it; the call runs on that loop, inside the sample (the role's model is
    looked up there), so it is logged and counted like every other model call of the
    sample.

    Attributes:
        role: The Inspect model role (the model under test when the role is unbound).
        loop: The event loop the samples run on.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)
    role: str
    loop: asyncio.AbstractEventLoop

    @property
    def _llm_type(self) -> str:
        return "inspect"

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        del stop, run_manager, kwargs
        chat = [_inspect_message(message) for message in messages]
        pending = asyncio.run_coroutine_threadsafe(self._completion(chat), self.loop)
        return ChatResult(generations=[ChatGeneration(message=AIMessage(pending.result()))])

    async def _completion(self, chat: list[ChatMessage]) -> str:
        output = await get_model(role=self.role).generate(chat)
        return output.completion


def _inspect_message(message: BaseMessage) -> ChatMessage:
    text = str(message.text)
    if message.type == "system":
        return ChatMessageSystem(content=text)
    if message.type == "ai":
        return ChatMessageAssistant(content=text)
    return ChatMessageUser(content=text)
