"""Stopping the CLI in the middle of a copy the ways a system does: Ctrl-C (SIGINT), a shutdown or `kill`
(SIGTERM), the terminal closing or a logout (SIGHUP), and the terminal really closing under it. Each is
the cancel: exit 130 with its sentence where there is still someone to read it, nothing half-written,
the staging folder kept for the next run to carry on from, and nothing of the app left running here or on
the host."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import final_names
from tests.leftovers import hold_mid_copy, left_since, let_go_once_signalled, snapshot
from tests.stalls import staging_folders
from tests.terminal import Terminal

CANCELLED = ("transfer-advisor: The copy was cancelled; nothing was left half-written at the destination, and "
             "running the same copy again carries on where it stopped.")
SIGNALS = {"ctrl-c": signal.SIGINT, "sigterm": signal.SIGTERM, "sighup": signal.SIGHUP}


def _argv(sshd, source: Path, dest: Path, method: str) -> list[str]:
    return [sys.executable, "-m", "app", "copy", "testhost", str(source), "--dest", str(dest), "--method", method,
            "--allow-insecure", "--ssh-config", str(sshd.ssh_config)]


@pytest.fixture
def dest(tmp_path: Path) -> Path:
    folder = tmp_path / "dest"
    folder.mkdir()
    (folder / "existing.txt").write_bytes(b"keep")
    return folder


def _nothing_left(dest: Path, before) -> None:
    assert final_names(dest) == ["existing.txt"]  # no half-written file under a final name
    assert len(staging_folders(dest)) == 1  # what was sent waits there for the next run
    assert (dest / "existing.txt").read_bytes() == b"keep"
    assert left_since(before) == []


@pytest.mark.parametrize("method", ["tar-ssh", "tar-nc"])
@pytest.mark.parametrize("name", list(SIGNALS))
def test_a_signal_mid_copy_is_a_cancel(sshd, big_file: Path, dest: Path, name: str, method: str) -> None:
    before = snapshot()
    app = subprocess.Popen(_argv(sshd, big_file, dest, method), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    try:
        held = hold_mid_copy(app, dest)
        app.send_signal(SIGNALS[name])
        let_go_once_signalled(held)
        out, err = app.communicate(timeout=120)
    finally:
        if app.poll() is None:
            app.kill()
            app.communicate()
    assert app.returncode == 130, err
    assert err.strip().splitlines()[-1] == CANCELLED
    assert out == ""
    _nothing_left(dest, before)


def test_closing_the_terminal_mid_copy_is_a_cancel(sshd, big_file: Path, dest: Path) -> None:
    before = snapshot()
    terminal = Terminal()
    app = terminal.start(_argv(sshd, big_file, dest, "tar-nc"))
    try:
        held = hold_mid_copy(app, dest)
        terminal.wait_for(b"MB/s")  # the progress bar is drawn (still, while the copy is held)
        terminal.close()  # the window goes: the kernel hangs the terminal up and sends SIGHUP
        let_go_once_signalled(held)
        app.wait(timeout=120)
    finally:
        terminal.close()
        if app.poll() is None:
            app.kill()
            app.wait()
    assert app.returncode == 130  # a cancel, though nobody is left to read its sentence
    _nothing_left(dest, before)
