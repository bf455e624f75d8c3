"""scp's old protocol against a real OpenSSH sshd (9.2, with /usr/bin/scp on its PATH), through the
app's own engine: staging, `scp -O`, moving into place, verification with hashes.

Two ways in: plain `scp` where the host's SFTP server is hidden from scp's choice only (the engine's own
scan and checks still use it: for scp that is the shape of a Dropbear box, a login shell with `scp` in
it and no SFTP server), and `scp-legacy`, the old protocol asked for on a host that has SFTP.
"""

from __future__ import annotations

import os
import pwd
import shlex
from pathlib import Path

import pytest

from app.core.errors import TransferError
from app.core.host.hosts import HostSpec
from app.core.host.ssh_command import Options
from app.core.host.session import Session
from app.core.transfer.engine import CopyRequest, copy
from tests.helpers import HOSTILE_NAMES, NON_UTF8, snapshot
from tests.peers import SshServer

NAMES = [n for n in HOSTILE_NAMES if "\n" not in n] + [NON_UTF8]  # a line break: refused, see below


def hostile_selection(root: Path) -> list[Path]:
    """A folder holding every hostile name (a file, and a folder with a file in it, each), and a
    hostile file on its own: a single file is where a client's check of the names it gets would bite."""
    folder = root / "tree $(touch pwned) 'q' `id`"
    for name in NAMES:
        (folder / f"dir {name}").mkdir(parents=True)
        (folder / name).write_bytes(name.encode("utf-8", "surrogateescape") * 3)
        (folder / f"dir {name}" / f"-{name}").write_bytes(os.urandom(3000))
    single = root / "-single $(touch pwned) it's [x].bin"
    single.write_bytes(os.urandom(200_000))
    return [folder, single]


@pytest.fixture
def canary(sshd: SshServer) -> Path:
    """`$(touch pwned)` run by the host's login shell would leave `pwned` in the account's home."""
    trap = Path(pwd.getpwnam(sshd.user).pw_dir) / "pwned"
    assert not trap.exists(), f"{trap} was there before the test; remove it"
    yield trap
    assert not trap.exists(), "the host's shell ran `$(touch pwned)` from a file name"


async def old_protocol_session(sshd: SshServer, dest: str, method: str = "scp") -> Session:
    session = await Session.open(HostSpec(sshd.alias, str(sshd.ssh_config)), remote_dest=dest)
    assert session.remote.shell and session.remote.has("scp") and session.remote.sftp
    if method == "scp":
        session.remote.sftp = False  # for scp's choice only: see the module's docstring
    return session


@pytest.mark.parametrize("method", ["scp", "scp-legacy"])
@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
async def test_old_protocol_copies_hostile_names(sshd: SshServer, canary: Path, tmp_path: Path,
                                                 download: bool, method: str) -> None:
    sources = hostile_selection(tmp_path / "from $(touch pwned)")
    dest = tmp_path / "to $(touch pwned) 'd' `id` [*]"
    session = await old_protocol_session(sshd, str(dest), method)
    try:
        result = await copy(session, CopyRequest([str(s) for s in sources], str(dest), method,
                                                 Options(download=download), verify_hashes=True))
    finally:
        await session.close()
    assert result.verified and result.verification != "sizes"
    words = shlex.split(result.command)
    assert words[:6] == ["scp", "-O", "-r", "-p", "-q", "-F"], result.command
    # Every remote path in the shown command is quoted for the host's shell, as the tool got it.
    remote = words[-3:-1] if download else words[-1:]
    assert all(w.startswith(f"{sshd.alias}:'") for w in remote), remote
    folder, single = sources
    assert snapshot(dest / folder.name) == snapshot(folder)
    assert (dest / single.name).read_bytes() == single.read_bytes()
    assert sorted(os.listdir(dest)) == sorted(s.name for s in sources)  # and no staging folder left


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
async def test_old_protocol_refuses_a_line_break_before_any_byte_moves(sshd: SshServer, canary: Path,
                                                                      tmp_path: Path, download: bool) -> None:
    folder = tmp_path / "src" / "album"
    folder.mkdir(parents=True)
    (folder / "a.jpg").write_bytes(b"a")
    (folder / "new\nline.txt").write_bytes(b"b")
    dest = tmp_path / "dest"
    session = await old_protocol_session(sshd, str(dest))
    try:
        with pytest.raises(TransferError) as refused:
            await copy(session, CopyRequest([str(folder)], str(dest), "scp", Options(download=download)))
    finally:
        await session.close()
    assert refused.value.kind == "unavailable"
    assert refused.value.sentence == ("scp cannot be used here: it needs the old scp protocol (the host has no "
                                      "SFTP server), which cannot carry a name with a line break in it.")
    assert not dest.exists() or os.listdir(dest) == []


async def test_the_old_protocol_method_on_a_host_with_sftp_refuses_a_line_break_and_plain_scp_copies_it(
        sshd: SshServer, canary: Path, tmp_path: Path) -> None:
    folder = tmp_path / "src" / "album"
    folder.mkdir(parents=True)
    (folder / "new\nline.txt").write_bytes(b"b")
    dest = tmp_path / "dest"
    session = await old_protocol_session(sshd, str(dest), "scp-legacy")
    try:
        with pytest.raises(TransferError) as refused:
            await copy(session, CopyRequest([str(folder)], str(dest), "scp-legacy"))
        assert refused.value.sentence == ("scp -O (old protocol) cannot be used here: it speaks the old scp "
                                          "protocol, which cannot carry a name with a line break in it.")
        assert not dest.exists() or os.listdir(dest) == []
        await copy(session, CopyRequest([str(folder)], str(dest), "scp"))  # SFTP mode carries it
    finally:
        await session.close()
    assert (dest / "album" / "new\nline.txt").read_bytes() == b"b"
