"""The local demo host on a desktop without OpenSSH's server (`make run` installs none): it finds no
sshd and runs the SSH server built into Transfer Advisor, with no setting and no apology, and a copy
to it arrives whole (the app hashes both sides; the demo folder goes when the command ends). As root,
a private mount namespace hides /usr/sbin and /usr/local/sbin for that one command, so there is no
sshd anywhere, as on a machine without openssh-server."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.demo import host as demo

pytestmark = pytest.mark.root
# Bind an empty folder over each place an sshd lives, check none is left, then run the command.
HIDE_SSHD = ('empty=$1; shift; for d in /usr/sbin /usr/local/sbin; do [ ! -d "$d" ] || mount --bind "$empty" "$d" '
             '|| exit 125; done; if command -v sshd; then exit 126; fi; exec "$@"')


def test_demo_host_without_an_installed_sshd_is_the_built_in_server(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("hiding the installed sshd takes a private mount namespace, which needs root")
    empty = tmp_path / "empty"
    empty.mkdir()
    source = tmp_path / "holiday photo.jpg"
    source.write_bytes(os.urandom(512 * 1024))
    env = {k: v for k, v in os.environ.items() if k != demo.ENV_SSHD}  # found on its own, not chosen
    out = subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c", HIDE_SSHD, "sh", str(empty),
                          sys.executable, "-m", "app", "copy", "--demo", str(source), "--method", "scp", "--verify"],
                         capture_output=True, text=True, timeout=120, env=env,
                         stdin=subprocess.DEVNULL)
    assert out.returncode == 0, (out.stdout, out.stderr)
    assert "an SSH server built into Transfer Advisor" in out.stderr
    assert "Note:" not in out.stderr  # nothing failed on the way: there simply was no sshd
    assert out.stdout.startswith("Copied 1 file,") and "verified: contents (xxhsum)" in out.stdout  # hashed on both sides
