"""tar over netcat against the hosts NAS boxes are: BusyBox (ash, tar and `nc -l -p`, nothing else on
PATH), and dash or bash with GNU tar and OpenBSD netcat. The host side is the method's own listener
run by the app's RemoteHelper through that shell (tests/unit/localhost.py stands in for sshd); this
computer's side is the plan's own stages on the data socket. Bytes are checked on the far side, and
a connection from someone else before the app's gets nothing and stops the copy with one sentence.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
from pathlib import Path

import pytest

from app.core.host.capabilities import Capabilities
from app.core.errors import TransferError
from app.core.host.ssh_command import Options, Ssh
from app.core.transfer.methods import METHODS, Job
from app.core.host.remote_helper import PortBusy, RemoteHelper
from tests.leftovers import left_since, received, snapshot
from tests.unit.hostile import DEST, assert_copied, assert_no_traps, make_sources, run_stages
from tests.unit.localhost import SHELLS, Shell, local_session, make_shell

SSH = Ssh("nas")
TOKEN = "Zq3-one-time_token-0123456789abcdef"
INTRUDER_SENTENCE = ("Another computer connected to the data port on nas before this app did, so the copy was "
                     "stopped and nothing was sent to it; use a secure method on this network.")


@pytest.fixture(scope="module", params=SHELLS)
def shell(request, tmp_path_factory: pytest.TempPathFactory) -> Shell:
    return make_shell(request.param, tmp_path_factory.mktemp("shells"))


@pytest.fixture
def box(tmp_path: Path) -> Path:
    (tmp_path / "cwd").mkdir()
    before = snapshot()
    yield tmp_path
    assert_no_traps(tmp_path)
    assert left_since(before) == []


def _job(shell: Shell, box: Path, download: bool, **kw) -> tuple[Job, list[str], Path]:
    dest = box / "to" / DEST
    dest.mkdir(parents=True)
    sources = make_sources(box / "from")
    netcat = "BusyBox" if shell.name == "busybox" else "OpenBSD netcat"
    # The host's tar decides the flags that keep holes and owners (BusyBox tar takes neither of GNU's).
    tar = Capabilities(tar_flavour="BusyBox" if shell.name == "busybox" else "GNU tar")
    job = Job(SSH, tuple(sources), str(dest), Options(download=download), listen_address="127.0.0.1",
              netcat=netcat, remote=tar, **kw)
    return job, sources, dest


def _listener(shell: Shell, box: Path, download: bool):
    """The copy's plan, and its listener on the host as the app runs it."""
    job, sources, dest = _job(shell, box, download, port=_free_port(), secret=TOKEN)
    plan = METHODS["tar-nc"].build(job)
    return RemoteHelper(local_session(shell, cwd=str(box / "cwd")), plan.listener), plan, sources, dest


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
async def test_tar_nc_copies_through_the_hosts_netcat(shell: Shell, box: Path, download: bool) -> None:
    helper, plan, sources, dest = _listener(shell, box, download)
    try:
        port = await helper.start()
        with await helper.connect("127.0.0.1", port) as sock:
            stages = [list(s.argv) for s in plan.stages]
            if download:
                await asyncio.to_thread(run_stages, stages, box / "cwd", stdin=sock.fileno())
                sock.shutdown(socket.SHUT_RDWR)
            else:
                await asyncio.to_thread(run_stages, stages, box / "cwd", stdout=sock.fileno())
                sock.shutdown(socket.SHUT_WR)
            status = await helper.finish(timeout=60)
    finally:
        left = await helper.stop()
    assert status is not None and status[0] == 0, status
    assert left is None
    assert_copied(sources, str(dest))


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
async def test_someone_else_connecting_first_gets_nothing(shell: Shell, box: Path, download: bool) -> None:
    helper, plan, sources, dest = _listener(shell, box, download)
    try:
        port = await helper.start()
        with socket.create_connection(("127.0.0.1", port), timeout=30) as intruder:
            # A tar stream of its own would follow a right token; the wrong one must stop everything.
            intruder.sendall(b"x" * len(TOKEN) + b"ustar and more")
            with pytest.raises(TransferError) as err:
                await helper.connect("127.0.0.1", port)
            got = await asyncio.to_thread(received, intruder)
    finally:
        left = await helper.stop()
    assert (err.value.kind, err.value.sentence) == ("intruder", INTRUDER_SENTENCE)
    assert got == b""
    assert left is None
    assert os.listdir(dest) == []


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
def test_the_shown_recipe_copies_by_hand(shell: Shell, box: Path, download: bool) -> None:
    """The command the app shows for tar over netcat (made as the copy makes it: port 0, no secret) does
    the same copy when a person runs it, with `ssh` reaching the host's shell."""
    job, sources, dest = _job(shell, box, download)
    recipe = METHODS["tar-nc"].build(job).display.replace("PORT", str(_free_port()))
    bin_dir = box / "bin"
    bin_dir.mkdir()
    (bin_dir / "ssh").write_text('#!/bin/sh\n# ssh -- nas COMMAND, as sshd runs it\n'
                                 'exec env -i PATH="$HOST_PATH" HOME=/ "$HOST_SH" -c "$3"\n')
    (bin_dir / "ssh").chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "HOST_PATH": shell.path, "HOST_SH": shell.sh}
    out = subprocess.run(["bash", "-c", recipe], capture_output=True, text=True, timeout=120, env=env,
                         cwd=box / "cwd", stdin=subprocess.DEVNULL)
    assert out.returncode == 0, (recipe, out.stderr)
    assert_copied(sources, str(dest))


async def test_a_port_in_use_is_said_so_the_app_can_choose_another(shell: Shell, box: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("0.0.0.0" if shell.name == "busybox" else "127.0.0.1", 0))
        taken.listen()
        job, _, _ = _job(shell, box, False, port=taken.getsockname()[1], secret=TOKEN)
        helper = RemoteHelper(local_session(shell, cwd=str(box / "cwd")), METHODS["tar-nc"].build(job).listener)
        try:
            with pytest.raises(PortBusy):
                await helper.start()
        finally:
            assert await helper.stop() is None
