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


def a_copy(n: int, host: str = "nas") -> PastCopy:
    return PastCopy(host, 1.7e9 + n, "tar-ssh", "upload", 1, n, 1.0, True, "sizes", f"/backup/{n}", "tar …")


def test_every_copy_is_kept_and_each_is_written_once() -> None:
    """A home user's years of nightly copies are all in the history; a copy appends its line and leaves
    the lines before it as they were (nothing grows slower as the history grows)."""
    for n in range(450):
        transfer_log.add(a_copy(n, "nas" if n % 3 else "pi"))
    before = transfer_log._path().read_bytes()
    transfer_log.add(a_copy(450))
    after = transfer_log._path().read_bytes()
    assert after.startswith(before) and after.count(b"\n") == before.count(b"\n") + 1
    kept = transfer_log.load()
    assert [c.bytes for c in kept] == list(range(450, -1, -1))  # newest first
    assert [c.bytes for c in transfer_log.load("pi")] == list(range(447, -1, -3))
    assert oct(transfer_log._path().stat().st_mode & 0o777) == "0o600"


def test_a_line_cut_short_loses_only_that_copy() -> None:
    """The computer lost power as a copy's line was written: that copy is missing, the others and the
    next one are there."""
    transfer_log.add(a_copy(1))
    transfer_log.add(a_copy(2))
    log = transfer_log._path()
    log.write_bytes(log.read_bytes()[:-25])
    transfer_log.add(a_copy(3))
    assert [c.bytes for c in transfer_log.load()] == [3, 1]


def test_the_old_log_is_taken_over() -> None:
    """The log of earlier versions (one JSON list, newest first) shows until the next copy, which takes
    its copies over in their order and removes it."""
    from dataclasses import asdict
    import json
    old = transfer_log._old_path()
    old.write_text(json.dumps([asdict(a_copy(2)), asdict(a_copy(1)), {"not": "a copy"}, "nor this"]))
    assert [c.bytes for c in transfer_log.load()] == [2, 1]
    transfer_log.add(a_copy(3))
    assert [c.bytes for c in transfer_log.load()] == [3, 2, 1]
    assert not old.exists()


def test_forgetting_a_host_keeps_the_others() -> None:
    for n, host in enumerate(["demo", "nas", "demo", "pi"]):
        transfer_log.add(a_copy(n, host))
    transfer_log.forget("demo")
    assert [(c.host, c.bytes) for c in transfer_log.load()] == [("pi", 3), ("nas", 1)]
    transfer_log.add(a_copy(4, "demo"))
    assert [c.host for c in transfer_log.load()] == ["demo", "pi", "nas"]


def test_a_name_that_is_not_utf8_is_kept_as_it_was() -> None:
    """A file name with a byte no encoding decodes (Python holds it as a lone surrogate) is kept and read back
    the same (the log is ASCII JSON: the surrogate is escaped, never encoded)."""
    odd = "/backup/caf" + b"\xe9".decode("utf-8", "surrogateescape")
    transfer_log.record("nas", odd, TransferResult("ssh-cat", {}, 1, 5, 0.1, True, "sizes", f"ssh nas cat > '{odd}'"))
    [kept] = transfer_log.load("nas")
    assert kept.dest == odd and odd in kept.command
    assert transfer_log._path().read_bytes().isascii()
