"""conversation's driver, scorer and policies read a sample's metadata through one spec."""

from __future__ import annotations

import pytest

from inspect_memgym.conversation.dataset import generated_dataset
from inspect_memgym.conversation.sample_spec import ConversationOptions, ConversationSpec


def test_the_spec_reads_what_the_dataset_writes() -> None:
    options = {"diagnostics": False, "upper_bound": True, "memory_isolation": False}
    [sample] = generated_dataset("small", [2], options)
    spec = ConversationSpec.of_metadata(sample.metadata)
    assert spec.scenario == sample.metadata["scenario"]  # type: ignore[index]
    assert spec.conversation_options == ConversationOptions(**options)
    assert spec.conversation_options.evolve == "none"


def test_an_unknown_option_fails_in_one_line() -> None:
    [sample] = generated_dataset("small", [2], {"diagnostics": True})
    metadata = {**(sample.metadata or {}), "conversation_options": {"diagnostic": True}}
    with pytest.raises(ValueError) as refused:
        ConversationSpec.of_metadata(metadata)
    assert str(refused.value).startswith(
        "sample metadata does not fit ConversationSpec: conversation_options.diagnostic: "
        "Extra inputs are not permitted"
    )
