"""One record per copy that ended, the same whether the window or the `copy` command made it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.errors import Cancelled, TransferError
from app.core.events import TransferResult
from app.core.state import transfer_log
from app.core.state.transfer_log import PastCopy


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRANSFER_ADVISOR_HOME", str(tmp_path))


def test_a_finished_copy_keeps_its_figures() -> None:
    result = TransferResult("rsync-ssh", {"direction": "download"}, 3, 3000, 1.5, True, "sizes", "rsync …",
                            sent=1000)
    kept = transfer_log.record("nas", "/restore", result)
    assert transfer_log.load("nas") == [kept]
    assert (kept.method, kept.direction, kept.files, kept.bytes, kept.sent, kept.outcome, kept.command) == (
        "rsync-ssh", "download", 3, 3000, 1000, "done", "rsync …")


@pytest.mark.parametrize("error,outcome", [(Cancelled(), "cancelled"),
                                           (TransferError("link-lost", "The link was lost."), "failed")])
def test_a_copy_that_did_not_finish_says_why(error: TransferError, outcome: str) -> None:
    kept = transfer_log.record("nas", "/backup", error, method="tar-ssh", command="tar …")
    assert transfer_log.load() == [PastCopy("nas", kept.when, "tar-ssh", "upload", 0, 0, 0.0, False, "", "/backup",
                                            "tar …", outcome, error.sentence)]
    assert transfer_log.load("another host") == []


ADD_TEN = """
import sys
from app.core.errors import TransferError
from app.core.state import transfer_log
for i in range(10):
    transfer_log.record(sys.argv[1], "/backup", TransferError("failed", f"copy {i}"), method="scp")
"""


def test_copies_ending_at_the_same_moment_are_all_kept(tmp_path: Path) -> None:
    """The window and commands in terminals write the one log at once: no copy's line is lost."""
    writers = [subprocess.Popen([sys.executable, "-c", ADD_TEN, f"host {n}"], env=dict(os.environ))
               for n in range(6)]
    assert [w.wait(60) for w in writers] == [0] * 6
    kept = transfer_log.load()
    assert sorted((c.host, c.sentence) for c in kept) == sorted((f"host {n}", f"copy {i}") for n in range(6)
                                                                for i in range(10))
