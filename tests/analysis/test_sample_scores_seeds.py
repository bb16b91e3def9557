"""Seeds stay integers when a log without seeds is read beside one with them."""

from __future__ import annotations

import pandas as pd
import pytest

from inspect_memgym.analysis import sample_scores


def test_seeds_stay_integers_beside_samples_without_one(monkeypatch: pytest.MonkeyPatch) -> None:
    table = pd.DataFrame(
        {
            "eval_id": ["a", "b"],
            "log": ["a.eval", "b.eval"],
            "id": ["company-lite-0", "conv-26"],
            "epoch": [1, 1],
            "values": [{}, {}],
            "usage": [{}, {}],
            "figures": [{}, {}],
            "roles": [{}, {}],
            "operations": [{}, {}],
            "seed": [0, None],
            "score_notes": [{}, {}],
        }
    )
    monkeypatch.setattr(sample_scores, "_read", lambda *args, **kwargs: table)
    seeds = sample_scores.sample_values(["a.eval", "b.eval"])["seed"].tolist()
    assert seeds == [0, None]
    assert type(seeds[0]) is int
