"""Small eval logs for the leaderboard and figure tests (fixtures in conftest.py), run once.

Every log is a real ``inspect_ai.eval`` run with the offline ``memgym`` policies:

* ``grid``: perfect and naive on entity_stream lite, city and company, seed 0 (2 samples each);
* ``other_seed``: naive on the same templates with seed 1 (a different protocol);
* ``split``: naive on the ``grid`` protocol run as two logs of one sample each (what a run
  split by sample ids, or resumed, leaves behind);
* ``conversation``: perfect and guesser on conversation, small tier, one user.

Each fixture returns log file paths; tests copy them into directories of their own.
"""

from __future__ import annotations

import logging
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import boto3
import pytest
from inspect_ai import Task
from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalLog
from moto.server import ThreadedMotoServer

from inspect_memgym.conversation.task import conversation
from inspect_memgym.entity_stream.task import entity_stream

TIER = "lite"
TEMPLATES = "city,company"
SAMPLE_IDS = ("city-lite-0", "company-lite-0")
S3_ENVIRONMENT = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_REGION": "us-east-1",
}


@dataclass(frozen=True)
class AnalysisLogs:
    """The logs every analysis test draws from.

    Attributes:
        grid: perfect and naive on the grid protocol.
        other_seed: naive with seed 1.
        split: naive on the grid protocol, one log per sample.
        conversation: perfect and guesser on conversation (small tier, one user).
    """

    grid: dict[str, EvalLog]
    other_seed: EvalLog
    split: list[EvalLog]
    conversation: dict[str, EvalLog]


def _run(
    log_dir: Path, models: list[str], task: Task, sample_id: str | None = None
) -> list[EvalLog]:
    logs = inspect_eval(
        task,
        model=models,
        log_dir=str(log_dir),
        display="none",
        max_tasks=len(models),
        sample_id=sample_id,
    )
    assert all(log.status == "success" for log in logs)
    return logs


@pytest.fixture(scope="session")
def analysis_logs(tmp_path_factory: pytest.TempPathFactory) -> AnalysisLogs:
    """Run every eval once (about 40 s)."""
    root = tmp_path_factory.mktemp("analysis_logs")
    grid = _run(
        root / "grid",
        ["memgym/perfect", "memgym/naive"],
        task=entity_stream(tier=TIER, templates=TEMPLATES, seeds=[0]),
    )
    [other_seed] = _run(
        root / "other_seed",
        ["memgym/naive"],
        task=entity_stream(tier=TIER, templates=TEMPLATES, seeds=[1]),
    )
    split = [
        _run(
            root / f"split_{index}",
            ["memgym/naive"],
            task=entity_stream(tier=TIER, templates=TEMPLATES, seeds=[0]),
            sample_id=sample_id,
        )[0]
        for index, sample_id in enumerate(SAMPLE_IDS)
    ]
    talks = _run(
        root / "conversation",
        ["memgym/perfect", "memgym/guesser"],
        task=conversation(tier="small", seeds=1),
    )
    return AnalysisLogs(
        grid={log.eval.model.removeprefix("memgym/"): log for log in grid},
        other_seed=other_seed,
        split=split,
        conversation={log.eval.model.removeprefix("memgym/"): log for log in talks},
    )


def copy_logs(directory: Path, logs: list[EvalLog]) -> Path:
    """Copy the log files into a fresh directory and return it.

    Args:
        directory: Directory to create.
        logs: Logs to copy.
    """
    directory.mkdir(parents=True)
    for log in logs:
        shutil.copy(log.location, directory / Path(log.location).name)
    return directory


@pytest.fixture(scope="module")
def s3_endpoint(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A moto S3 server on a free loopback port, with the AWS environment pointing at it."""
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    endpoint = f"http://{host}:{port}"
    no_config = tmp_path_factory.mktemp("aws") / "absent"
    with pytest.MonkeyPatch.context() as patch:
        for name, value in S3_ENVIRONMENT.items():
            patch.setenv(name, value)
        patch.setenv("AWS_ENDPOINT_URL", endpoint)
        patch.setenv("AWS_CONFIG_FILE", str(no_config))
        patch.setenv("AWS_SHARED_CREDENTIALS_FILE", str(no_config))
        for name in ("AWS_PROFILE", "AWS_SESSION_TOKEN", "AWS_SECURITY_TOKEN"):
            patch.delenv(name, raising=False)
        try:
            yield endpoint
        finally:
            server.stop()


def upload(bucket: str, prefix: str, logs: list[EvalLog]) -> str:
    """Create the bucket, upload the log files under the prefix and return the S3 URL.

    Args:
        bucket: Bucket name.
        prefix: Key prefix.
        logs: Logs to upload.
    """
    client = boto3.client("s3")
    client.create_bucket(Bucket=bucket)
    for log in logs:
        client.upload_file(log.location, bucket, f"{prefix}/{Path(log.location).name}")
    return f"s3://{bucket}/{prefix}"
