r"""A small MCP memory server over stdio: what ``system: mcp`` expects from yours.

Four tools, each scoped by ``user_id``: ``add_memory(text)``, ``search_memory(query,
limit)`` (a JSON list of ``{"memory", "score", "id"}``, best first, ranked by BM25 over
words), ``delete_all_memories()`` and ``list_memories()``. Memories live in this process
only. Run it with ``python examples/mcp_memory_server.py``; the suite starts it itself:

    inspect eval inspect_memgym/locomo \\
        -T agent="{name: system, system: mcp, mcp_command: python examples/mcp_memory_server.py}"

It imports nothing of the suite: it stands for a memory system someone else wrote.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter, defaultdict
from importlib.metadata import version

if int(version("mcp").split(".")[0]) >= 2:
    from mcp.server.mcpserver import MCPServer as Server
else:
    from mcp.server.fastmcp import FastMCP as Server

server = Server("memory")
memories: dict[str, list[str]] = defaultdict(list)


def words(text: str) -> list[str]:
    """Lower-case words and numbers of a text."""
    return re.findall(r"[a-z0-9]+", text.lower())


def bm25(query: str, texts: list[str], k1: float = 1.5, b: float = 0.75) -> list[float]:
    """BM25 score of every text for the query."""
    documents = [Counter(words(text)) for text in texts]
    average = sum(sum(d.values()) for d in documents) / max(len(documents), 1)
    scores = []
    for document in documents:
        length = sum(document.values())
        score = 0.0
        for word in set(words(query)):
            having = sum(1 for d in documents if word in d)
            if word not in document:
                continue
            idf = math.log(1 + (len(documents) - having + 0.5) / (having + 0.5))
            count = document[word]
            score += idf * count * (k1 + 1) / (count + k1 * (1 - b + b * length / average))
        scores.append(score)
    return scores


@server.tool()
def add_memory(text: str, user_id: str) -> str:
    """Store one memory for a user."""
    memories[user_id].append(text)
    return json.dumps({"id": f"{user_id}:{len(memories[user_id]) - 1}"})


@server.tool()
def search_memory(query: str, user_id: str, limit: int = 5) -> str:
    """The user's memories that best match the query, best first."""
    texts = memories[user_id]
    ranked = sorted(
        zip(bm25(query, texts), range(len(texts)), strict=True), key=lambda pair: -pair[0]
    )
    hits = [
        {"memory": texts[index], "score": round(score, 6), "id": f"{user_id}:{index}"}
        for score, index in ranked[:limit]
        if score > 0
    ]
    return json.dumps(hits)


@server.tool()
def delete_all_memories(user_id: str) -> str:
    """Forget every memory of a user."""
    removed = len(memories.pop(user_id, []))
    return json.dumps({"deleted": removed})


@server.tool()
def list_memories(user_id: str) -> str:
    """Every memory of a user, oldest first."""
    texts = memories[user_id]
    return json.dumps([{"memory": text, "id": f"{user_id}:{i}"} for i, text in enumerate(texts)])


if __name__ == "__main__":
    server.run()
