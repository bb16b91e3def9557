"""HashingEmbedding and the embedding factory."""

import random
import warnings
from pathlib import Path

import numpy as np
import pytest
from chromadb.utils.embedding_functions import DefaultEmbeddingFunction
from hypothesis import given, settings
from hypothesis import strategies as st

from inspect_memgym.memory.chroma_backend import ChromaBackend
from inspect_memgym.memory.embedding import EMBEDDING_NAMES, make_embedding
from inspect_memgym.memory.hashing_embedding import HASHING_FEATURES, HashingEmbedding


def cosine(first: np.ndarray, second: np.ndarray) -> float:
    return float(np.dot(first, second) / (np.linalg.norm(first) * np.linalg.norm(second)))


def test_vectors_are_deterministic_dense_and_normalised() -> None:
    texts = ["Argon Labs revenue: $175,720.5M", "Bolt Corp"]
    first = HashingEmbedding()(texts)
    second = HashingEmbedding()(texts)
    assert len(first) == 2
    for vector, again in zip(first, second, strict=True):
        assert isinstance(vector, np.ndarray)
        assert vector.dtype == np.float32
        assert vector.shape == (HASHING_FEATURES,) == (2048,)
        assert np.array_equal(vector, again)
        assert float(np.linalg.norm(vector)) == pytest.approx(1.0, abs=1e-6)
        assert float(vector.min()) >= 0.0


def test_known_vector_is_stable_across_machines() -> None:
    # char_wb 3-grams of " ab " are " ab" and "ab "; the hash buckets are fixed by murmurhash3.
    vector = HashingEmbedding(n_features=64, ngram_min=3, ngram_max=3)(["ab"])[0]
    assert np.flatnonzero(vector).tolist() == [15, 62]
    assert vector[[15, 62]].tolist() == pytest.approx([2**-0.5, 2**-0.5])
    default = HashingEmbedding()(["Argon Labs"])[0]
    assert np.flatnonzero(default)[:5].tolist() == [139, 242, 246, 253, 572]
    assert int(np.count_nonzero(default)) == 21


def vectorizer_vectors(texts: list[str], n_features: int, low: int, high: int) -> np.ndarray:
    """What scikit-learn's HashingVectorizer gives for the embedding's settings.

    scikit-learn is imported here, not at the top: its import (about 1.3 s) would otherwise be
    paid by every test worker's collection.
    """
    from sklearn.feature_extraction.text import HashingVectorizer

    vectorizer = HashingVectorizer(
        analyzer="char_wb",
        ngram_range=(low, high),
        n_features=n_features,
        alternate_sign=False,
        norm="l2",
        lowercase=True,
        dtype=np.float32,
    )
    return vectorizer.transform(texts).toarray()


EDGE_TEXTS = [
    "",
    " ",
    "a",
    "ab",
    "abc",
    "  x  y\n\nz  ",
    "Ünïcödé İstanbul STRASSE straße 中文 — “quoted”",
    "tab\tseparated\u00a0and\u2003spaced",
    "Acme Corp: revenue 12.5M, employees 340, founded 1998. " * 40,
    "word " * 5000,  # one bucket counted thousands of times
]


def test_vectors_are_the_vectorizers_bit_for_bit() -> None:
    rng = random.Random(7)
    alphabet = "abcdefghijXYZ0123456789 .,;:-—'\"\n\té中İß\u00a0"
    texts = EDGE_TEXTS + [
        "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 300))) for _ in range(300)
    ]
    for n_features, low, high in ((2048, 3, 5), (64, 1, 2), (97, 2, 7)):
        ours = HashingEmbedding(n_features, low, high)(texts)
        expected = vectorizer_vectors(texts, n_features, low, high)
        for text, vector, row in zip(texts, ours, expected, strict=True):
            assert np.array_equal(vector, row), text[:60]


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_embeds_as_the_vectorizer_does(text: str) -> None:
    [vector] = HashingEmbedding()([text])
    assert np.array_equal(vector, vectorizer_vectors([text], HASHING_FEATURES, 3, 5)[0])


def test_similar_texts_are_closer_than_unrelated() -> None:
    embedding = HashingEmbedding()
    anchor, near, far = embedding(
        ["Argon Labs revenue was 12M", "argon labs revenues: 12M", "Weather in Oslo is rainy"]
    )
    assert cosine(anchor, near) > 0.6
    assert cosine(anchor, far) < 0.2
    assert cosine(anchor, near) > cosine(anchor, far) + 0.4


def test_config_round_trip_and_chroma_protocol() -> None:
    embedding = HashingEmbedding(n_features=512, ngram_min=2, ngram_max=4)
    config = embedding.get_config()
    assert config == {"n_features": 512, "ngram_min": 2, "ngram_max": 4}
    rebuilt = HashingEmbedding.build_from_config(config)
    assert np.array_equal(rebuilt(["text"])[0], embedding(["text"])[0])
    assert HashingEmbedding.name() == "memgym_hashing"
    assert embedding.default_space() == "cosine"
    assert not embedding.is_legacy()
    with pytest.raises(ValueError, match="Unknown HashingEmbedding config keys"):
        HashingEmbedding.build_from_config({"n_features": 8, "colour": "red"})
    with pytest.raises(ValueError, match="n_features"):
        HashingEmbedding(n_features=0)


def test_chroma_accepts_the_embedding_without_warnings() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with ChromaBackend(embedding=HashingEmbedding()) as backend:
            backend.add("Argon Labs")
            assert backend.embedding_name == "memgym_hashing"
            assert backend.search("Argon")[0].entry_id == 1
    assert [str(warning.message) for warning in caught] == []


def test_make_embedding_names(monkeypatch: pytest.MonkeyPatch) -> None:
    assert EMBEDDING_NAMES == ("hashing", "minilm", "openai")
    assert isinstance(make_embedding(), HashingEmbedding)
    assert isinstance(make_embedding("hashing"), HashingEmbedding)
    # constructing MiniLM does not download anything; only embedding would
    assert isinstance(make_embedding("minilm"), DefaultEmbeddingFunction)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    with pytest.raises(ValueError, match="OPENAI_API_KEY"):
        make_embedding("openai")
    with pytest.raises(ValueError, match=r"'glove'.*hashing, minilm, openai"):
        make_embedding("glove")


def test_openai_embedding_uses_text_embedding_3_small(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-used")
    embedding = make_embedding("openai")
    assert embedding.name() == "openai"
    assert embedding.get_config()["model_name"] == "text-embedding-3-small"
    assert embedding.get_config()["api_key_env_var"] == "OPENAI_API_KEY"


def test_minilm_without_its_model_is_one_line_naming_the_model(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from chromadb.utils.embedding_functions.onnx_mini_lm_l6_v2 import ONNXMiniLM_L6_V2

    from inspect_memgym.code_qa.task import code_qa
    from inspect_memgym.kit.inspect_internals import TaskArgumentError

    monkeypatch.setattr(ONNXMiniLM_L6_V2, "DOWNLOAD_PATH", tmp_path / "models")
    monkeypatch.setattr(ONNXMiniLM_L6_V2, "MODEL_DOWNLOAD_URL", "http://127.0.0.1:9/onnx.tar.gz")
    with pytest.raises(TaskArgumentError) as caught:
        code_qa(seeds=1, agent="rag", memory={"embedding": "minilm"})
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(
        "code_qa: embedding=minilm needs the all-MiniLM-L6-v2 embedding model, which is not "
        f"in {tmp_path / 'models'} and could not be downloaded ("
    )
    assert message.endswith(
        "run once with network access to fetch it (about 80 MB), or use "
        '-T memory="{embedding: hashing}" (offline)'
    )
    code_qa(
        seeds=1, agent="rag", memory={"embedding": "hashing"}
    )  # the offline default needs nothing
