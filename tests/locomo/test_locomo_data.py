from __future__ import annotations

import hashlib
import json
import urllib.error
from pathlib import Path

import fsspec
import pytest

from inspect_memgym.locomo import data, dataset
from locomo_sample import locomo_raw, write_locomo


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "cache"
    monkeypatch.setenv("MEMGYM_DATA_DIR", str(root))
    return root


def test_pinned_location_is_a_fixed_commit() -> None:
    assert data.LOCOMO_URL == (
        "https://raw.githubusercontent.com/snap-research/locomo/"
        "3eb6f2c585f5e1699204e3c3bdf7adc5c28cb376/data/locomo10.json"
    )
    assert len(data.LOCOMO_SHA256) == 64


def test_offline_failure_is_one_line_saying_how_to_pass_a_copy(data_dir: Path) -> None:
    def offline(url: str, destination: Path) -> None:
        raise urllib.error.URLError("[Errno -3] Temporary failure in name resolution")

    with pytest.raises(ValueError) as raised:
        data.load_locomo(fetch=offline)
    message = str(raised.value)
    assert "\n" not in message
    assert data.LOCOMO_URL in message
    assert "-T dataset=" in message and "name resolution" in message
    assert not any(path.is_file() for path in data_dir.rglob("*"))


def test_module_fetch_can_be_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    def offline(url: str, destination: Path) -> None:
        raise ConnectionError("network unreachable")

    monkeypatch.setattr(data, "fetch_file", offline)
    with pytest.raises(ValueError, match="network unreachable"):
        data.load_locomo()


def test_download_is_checked_cached_and_reused(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    payload = write_locomo(tmp_path / "served.json").read_bytes()
    monkeypatch.setattr(data, "LOCOMO_SHA256", hashlib.sha256(payload).hexdigest())
    calls: list[str] = []

    def serve(url: str, destination: Path) -> None:
        calls.append(url)
        destination.write_bytes(payload)

    conversations = data.load_locomo(fetch=serve)
    assert [conversation.sample_id for conversation in conversations] == ["conv-901", "conv-902"]
    cached = data.cached_locomo_path()
    assert cached == data_dir / "locomo" / data.LOCOMO_COMMIT / "locomo10.json"
    assert cached.read_bytes() == payload
    assert data.load_locomo(fetch=serve)[0].sample_id == "conv-901"
    assert calls == [data.LOCOMO_URL]


def test_a_download_with_the_wrong_digest_is_refused_and_not_cached() -> None:
    def serve(url: str, destination: Path) -> None:
        destination.write_text("[]", encoding="utf-8")

    with pytest.raises(ValueError, match=r"SHA-256 .* is not the pinned"):
        data.load_locomo(fetch=serve)
    assert not data.cached_locomo_path().exists()
    assert not data.cached_locomo_path().with_suffix(".part").exists()


def test_dataset_argument_reads_a_local_copy_without_fetching(tmp_path: Path) -> None:
    def never(url: str, destination: Path) -> None:
        raise AssertionError("no download expected")

    path = write_locomo(tmp_path / "my-locomo.json")
    conversations = data.load_locomo(dataset=str(path), fetch=never)
    assert len(conversations) == 2


def test_dataset_argument_reads_an_fsspec_url() -> None:
    with fsspec.open("memory://shared/locomo10.json", "w") as handle:
        handle.write(json.dumps(locomo_raw()))
    conversations = data.load_locomo(dataset="memory://shared/locomo10.json")
    assert conversations[1].questions[0].answer == "Pixel"


def test_missing_or_broken_local_copies_fail_with_one_line(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="LoCoMo dataset file not found"):
        data.load_locomo(dataset=str(tmp_path / "absent.json"))
    broken = tmp_path / "broken.json"
    broken.write_text("[{", encoding="utf-8")
    with pytest.raises(ValueError, match="not valid JSON"):
        data.load_locomo(dataset=str(broken))


def test_parsed_files_are_kept_up_to_a_bound(tmp_path: Path) -> None:
    paths = [str(write_locomo(tmp_path / f"locomo-{index}.json")) for index in range(3)]
    for path in paths:
        conversations = dataset.LOCOMO_FILES.items_at(path)
        assert dataset.LOCOMO_FILES.items_at(path) is conversations  # parsed once while kept
    assert len(dataset.LOCOMO_FILES) == dataset.CACHED_SOURCES < len(paths)
