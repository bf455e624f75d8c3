"""Nothing the app starts outlives it on hosts whose login shell is not bash: an OpenSSH account with dash
and an embedded box (Dropbear, BusyBox ash, BusyBox netcat). After an unencrypted copy, a cancel
(SIGTERM to the app, its cancel path) and a SIGKILL of the app in the middle of a copy, the account runs
no process of ours and has nothing of ours in /tmp: no listener, no rsync daemon, no secret."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import cli_json
from tests.leftovers import hold, kill_app_mid_copy, let_go_once_signalled, moving_tools, snapshot
from tests.shapes import ShapeHost

pytestmark = [pytest.mark.root, pytest.mark.slow]
CASES = [("dash_host", "tar-nc"), ("dash_host", "rsync-daemon"), ("dropbear_host", "tar-nc")]
IDS = ["dash-tar-nc", "dash-rsync-daemon", "dropbear-tar-nc"]


def _argv(host: ShapeHost, source: Path, dest: str, method: str, download: bool = False) -> list[str]:
    return [sys.executable, "-m", "app", "copy", host.alias, str(source), "--dest", dest, "--method", method,
            "--allow-insecure", "--ssh-config", str(host.ssh_config), *(["--download"] if download else [])]


def _nothing_of_ours(host: ShapeHost, wait: float = 20.0) -> list[str]:
    """The account's processes and temp entries, once its sessions have had time to end (a bound for a
    failure, not a timing)."""
    deadline = time.monotonic() + wait
    while True:
        left = [f"process {p.pid}: {p.args[:120]}" for p in host.processes()]
        left += [f"temp {p}" for p in host.tmp_leftovers()]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.1)


@pytest.mark.parametrize("fixture, method", CASES, ids=IDS)
def test_a_finished_copy_leaves_nothing(request, fixture: str, method: str, tmp_path: Path) -> None:
    host: ShapeHost = request.getfixturevalue(fixture)
    src = tmp_path / "src"
    src.mkdir()
    (src / "a b.bin").write_bytes(os.urandom(300_000))
    dest = f"{host.dest.rstrip('/')}/done-{os.urandom(3).hex()}"
    out = cli_json(*_argv(host, src, dest, method)[3:])
    assert "error" not in out, out
    assert (host.local_dest / dest.rsplit("/", 1)[1] / "src" / "a b.bin").read_bytes() == (src / "a b.bin").read_bytes()
    back = tmp_path / "back"
    out = cli_json(*_argv(host, Path(f"{dest}/src"), str(back), method, download=True)[3:])
    assert "error" not in out, out
    assert (back / "src" / "a b.bin").read_bytes() == (src / "a b.bin").read_bytes()
    assert _nothing_of_ours(host) == []


@pytest.mark.parametrize("fixture, method", CASES, ids=IDS)
def test_a_cancelled_copy_leaves_nothing(request, fixture: str, method: str, big_file: Path) -> None:
    host: ShapeHost = request.getfixturevalue(fixture)
    dest = f"{host.dest.rstrip('/')}/cancel-{os.urandom(3).hex()}"
    app = subprocess.Popen(_argv(host, big_file, dest, method), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    try:
        # Data flows: the host's side is up and connected. Held, so the copy cannot finish before it is
        # cancelled; let go once the app has signalled them (one it ended is simply gone).
        held = hold(moving_tools(app, (big_file.name, dest)))
        app.send_signal(signal.SIGTERM)
        let_go_once_signalled(held)
        _out, err = app.communicate(timeout=60)
    finally:
        if app.poll() is None:
            app.kill()
            app.communicate()
    assert app.returncode == 130, err
    assert "cancelled" in err
    assert _nothing_of_ours(host) == []
    assert not (host.local_dest / dest.rsplit("/", 1)[1] / big_file.name).exists()  # nothing half-written


@pytest.mark.parametrize("fixture, method", CASES, ids=IDS)
def test_a_killed_app_leaves_nothing(request, fixture: str, method: str, big_file: Path) -> None:
    host: ShapeHost = request.getfixturevalue(fixture)
    dest = f"{host.dest.rstrip('/')}/killed-{os.urandom(3).hex()}"
    before = snapshot()
    landing = host.local_dest / dest.rsplit("/", 1)[1]
    here, on_host = kill_app_mid_copy(_argv(host, big_file, dest, method), landing,
                                      lambda: [p.pid for p in host.processes()], before)
    assert here == [] and on_host == []
    assert _nothing_of_ours(host) == []
