"""What a benchmark's driver, scorer and scripted policies read from a sample's metadata.

Each benchmark declares one frozen pydantic model, a `SampleSpec`, whose field names are its
sample metadata keys (so the logs keep their shape), and reads it with Inspect's public
``TaskState.metadata_as``: keys the model does not name are left out, a missing or
ill-typed one fails with one line naming the field. Scripted policies, which see the running
sample's metadata rather than its state, read the same model with `SampleSpec.of_metadata`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from inspect_ai.solver import TaskState
from pydantic import BaseModel, ConfigDict, ValidationError

Spec = TypeVar("Spec", bound="SampleSpec")


class SampleSpec(BaseModel):
    """A benchmark's typed view of a sample's metadata (frozen; unknown keys ignored)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    @classmethod
    def of_state(cls: type[Spec], state: TaskState) -> Spec:
        """The spec of a running sample, read with ``state.metadata_as``.

        Args:
            state: The sample's task state.

        Raises:
            ValueError: One line naming the first missing or ill-typed field.
        """
        try:
            return state.metadata_as(cls)
        except ValueError as error:
            raise ValueError(_one_line(cls, error)) from None

    @classmethod
    def of_metadata(cls: type[Spec], metadata: Mapping[str, Any] | None) -> Spec:
        """The spec of a sample's metadata (as ``metadata_as`` reads it).

        Args:
            metadata: The sample's metadata; None outside a sample.

        Raises:
            ValueError: One line naming the first missing or ill-typed field.
        """
        try:
            return cls.model_validate(dict(metadata or {}))
        except ValidationError as error:
            raise ValueError(_one_line(cls, error)) from None


def _one_line(spec: type[SampleSpec], error: Exception) -> str:
    """The first problem a validation found, on one line.

    Args:
        spec: The spec read.
        error: What ``metadata_as`` or pydantic raised (a ValueError wrapping the
            ``ValidationError`` it caught, or the ``ValidationError`` itself).
    """
    cause = error if isinstance(error, ValidationError) else error.__context__
    if not isinstance(cause, ValidationError):
        return f"sample metadata does not fit {spec.__name__}: {str(error).splitlines()[0]}"
    first = cause.errors()[0]
    field = ".".join(str(part) for part in first["loc"]) or "(metadata)"
    found = "" if first["type"] == "missing" else f" (got {repr(first['input'])[:60]})"
    return f"sample metadata does not fit {spec.__name__}: {field}: {first['msg']}{found}"
