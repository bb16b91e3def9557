"""A deterministic, offline token estimate: about four characters per token.

Used wherever the suite needs a token count without a tokenizer download (tiktoken cannot
fetch its files offline): context and notes budgets, the size of what a memory strategy
kept, and the ``memgym`` model provider's usage figures. Every machine gets the same numbers.
"""

CHARACTERS_PER_TOKEN = 4


def estimate_tokens(text: str) -> int:
    """Estimate the number of tokens in a text.

    Args:
        text: Text to count.

    Returns:
        ``ceil(len(text) / 4)``, and at least 1 (even for empty text).
    """
    return max(1, -(-len(text) // CHARACTERS_PER_TOKEN))


def truncate_to_tokens(text: str, tokens: int) -> str:
    """Cut a text to at most ``tokens`` estimated tokens, keeping its start.

    Args:
        text: Text to cut.
        tokens: Token budget (at least 0).

    Returns:
        The text itself if it fits, else its first ``tokens * 4`` characters.
    """
    limit = max(0, tokens) * CHARACTERS_PER_TOKEN
    return text if len(text) <= limit else text[:limit]
