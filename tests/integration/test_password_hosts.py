"""A host that takes only a password: a real OpenSSH sshd with PubkeyAuthentication off and a throwaway
account. Every method copies to it with no terminal anywhere (each tool runs in its own session with
stdin from /dev/null or a pipe), the password never shows in any process's arguments or environment,
a wrong one is one sentence, key login is set up once, and "remember" uses the keyring, never a file."""

from __future__ import annotations

import asyncio
import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import keyring
import pytest
from keyring.backends import fail

from app.core.host import passwords
from app.core.host.askpass import ENV_TOKEN
from app.core.errors import TransferError, no_keyring
from app.core.host.hosts import HostSpec
from app.core.host.ssh_command import Options
from app.core.host.session import Session
from app.core.transfer.engine import CopyRequest, copy
from tests.helpers import MemoryKeyring, ProcessWatch, far_side, make_tree, snapshot
from tests.peers import PasswordUser, SshServer

ALL = ["scp", "sftp", "rsync-ssh", "tar-ssh", "ssh-cat", "rsync-daemon", "tar-nc"]
LOCAL_SSH = {"scp", "sftp", "rsync-ssh", "tar-ssh", "ssh-cat"}  # the methods that start OpenSSH here


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_tree(tmp_path_factory.mktemp("pw-src"), small_files=60, big_bytes=24 * 1024 * 1024)


def in_home(user: PasswordUser, name: str) -> Path:
    """A fresh folder in the throwaway account's home: the far side it writes as itself."""
    return user.home / name


def asks(password: str):
    asked: list[str] = []

    def answer(prompt: str) -> str:
        asked.append(prompt)
        return password
    answer.asked = asked  # type: ignore[attr-defined]
    return answer


async def open_password_session(server: SshServer, password: str, dest: str | None = None) -> Session:
    return await Session.open(HostSpec(server.alias, str(server.ssh_config)), remote_dest=dest,
                              password=asks(password))


@pytest.mark.parametrize("method", ALL)
async def test_every_method_copies_to_a_password_only_host(password_sshd: SshServer, password_user: PasswordUser,
                                                           tree: Path, method: str) -> None:
    dest = in_home(password_user, f"copy-{method}")
    sources = [str(tree / "big.bin")] if method == "ssh-cat" else [str(tree)]
    session = await open_password_session(password_sshd, password_user.password, str(dest))
    try:
        assert session.password_login and "BatchMode=no" in session.ssh_options()
        with ProcessWatch(password_user.password, str(password_sshd.ssh_config)) as watch:
            result = await copy(session, CopyRequest(sources, str(dest), method, allow_insecure=True,
                                                     verify_hashes=True))
    finally:
        await session.close()
    if method == "ssh-cat":
        assert (dest / "big.bin").read_bytes() == (tree / "big.bin").read_bytes()
    else:
        assert snapshot(dest / tree.name) == far_side(tree, method)
    assert result.verified and result.verification != "sizes"
    assert watch.leaks == [], watch.leaks
    assert password_user.password not in result.command and "ASKPASS" not in result.command
    assert "BatchMode" not in result.command and ENV_TOKEN not in result.command
    if method in LOCAL_SSH:
        seen = watch.ssh_seen()
        assert seen, (f"no OpenSSH process of {method} was seen while it copied", watch.tools)
        # No controlling terminal (ps shows "?"), so ssh could not have asked on one; each that logs in had its
        # token (`ssh -O check|exit` talks to the shared connection's socket only, in batch mode: it cannot ask).
        assert [s for s in seen if s[1] != "?"] == []
        assert [s for s in seen if not s[2] and not re.search(r"^ssh -o BatchMode=yes .* -O (check|exit) ", s[0])] == []


async def test_a_shared_connection_logs_in_with_the_password_once(password_sshd: SshServer,
                                                                   password_user: PasswordUser, tree: Path) -> None:
    dest = in_home(password_user, "mux")
    session = await open_password_session(password_sshd, password_user.password, str(dest))
    try:
        # The master logs in through askpass; the ssh of the copy rides on it without logging in.
        await copy(session, CopyRequest([str(tree)], str(dest), "tar-ssh", Options(mux=True)))
    finally:
        await session.close()
    assert snapshot(dest / tree.name) == snapshot(tree)


def cli(*args: str, stdin: str = "", env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """The real CLI with no controlling terminal at all (setsid) and the password, if any, on stdin."""
    return subprocess.run(["setsid", "--wait", sys.executable, "-m", "app", *args], input=stdin,
                          capture_output=True, text=True, timeout=300, env={**os.environ, **(env or {})})


def test_cli_copy_with_password_stdin(password_sshd: SshServer, password_user: PasswordUser, tree: Path) -> None:
    dest = in_home(password_user, "cli-copy")
    with ProcessWatch(password_user.password, str(password_sshd.ssh_config)) as watch:
        proc = cli("copy", "pwhost", str(tree), "--dest", str(dest), "--method", "rsync-ssh", "--ssh-config",
                   str(password_sshd.ssh_config), "--password-stdin", "--json",
                   stdin=password_user.password + "\n")
    out = json.loads(proc.stdout)
    assert proc.returncode == 0, proc.stderr
    assert snapshot(dest / tree.name) == snapshot(tree)
    assert watch.leaks == [] and watch.ssh_seen()
    assert password_user.password not in proc.stdout + proc.stderr
    assert out["command"].startswith("rsync ") and "ASKPASS" not in out["command"]


def test_wrong_password_is_one_sentence(password_sshd: SshServer, password_user: PasswordUser, tree: Path) -> None:
    dest = in_home(password_user, "never-written")
    proc = cli("copy", "pwhost", str(tree), "--dest", str(dest), "--method", "scp", "--ssh-config",
               str(password_sshd.ssh_config), "--password-stdin", stdin="not the password\n")
    assert proc.returncode == 1
    assert proc.stderr == (f"transfer-advisor: pwhost did not accept the password for {password_user.name}; "
                           "check it (and the user name) and try again.\n")
    assert not dest.exists()
    empty = cli("copy", "pwhost", str(tree), "--dest", str(dest), "--method", "scp", "--ssh-config",
                str(password_sshd.ssh_config), "--password-stdin", stdin="")
    assert empty.returncode == 2 and empty.stderr.count("\n") == 1 and "--password-stdin" in empty.stderr


def authorized_keys(user: PasswordUser) -> Path:
    return user.home / ".ssh" / "authorized_keys"


async def test_setup_key_installs_the_key_once(password_sshd: SshServer, password_key_sshd: SshServer,
                                              password_user: PasswordUser, tmp_path: Path) -> None:
    args = ("setup-key", "pwhost", "--ssh-config", str(password_sshd.ssh_config), "--password-stdin", "--json")

    async def setup() -> dict:
        proc = await asyncio.to_thread(cli, *args, stdin=password_user.password + "\n")
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout)

    # No ~/.ssh yet: it is made 0700, authorized_keys 0600.
    folder = authorized_keys(password_user).parent
    subprocess.run(["rm", "-rf", str(folder)], check=True)
    one = await setup()
    assert one["added"] is True
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(authorized_keys(password_user).stat().st_mode) == 0o600
    key_file = Path(one["key_file"])
    assert key_file.parent.parent == Path(os.environ["TRANSFER_ADVISOR_HOME"]) / "data"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    public = key_file.with_name(key_file.name + ".pub").read_text().split()

    # Someone else's key is there, its line without the final newline: it stays, and ours goes in once.
    theirs = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFakeFakeFakeFakeFakeFakeFakeFakeFakeFakeFake theirs"
    authorized_keys(password_user).write_text(theirs)
    two, three = await setup(), await setup()
    assert two["added"] is True and three["added"] is False
    assert one["key_file"] == two["key_file"] == three["key_file"]
    assert authorized_keys(password_user).read_text() == f"{theirs}\n{' '.join(public)}\n"

    # This server takes no keys at all, and says so; the line to add is given where key login works.
    assert one["key_login_works"] is False and "PubkeyAuthentication" in one["note"]

    # The same account behind an sshd that reads its authorized_keys: the key alone logs in, and the copy
    # runs in batch mode (no password anywhere).
    config = tmp_path / "ssh_config"
    config.write_text(password_key_sshd.ssh_config.read_text().replace(
        "  IdentitiesOnly yes\n", f"  IdentitiesOnly yes\n  IdentityFile {key_file}\n"))
    text = await asyncio.to_thread(cli, "setup-key", "bothhost", "--ssh-config", str(config), "--password-stdin",
                                   stdin=password_user.password + "\n")
    assert text.returncode == 0, text.stderr
    assert "was already in" in text.stdout and f'IdentityFile "{key_file}"' in text.stdout

    session = await Session.open(HostSpec("bothhost", str(config)))
    try:
        dest = in_home(password_user, "by-key")
        await copy(session, CopyRequest([str(key_file.with_name(key_file.name + ".pub"))], str(dest), "scp"))
    finally:
        await session.close()
    assert not session.password_login and "BatchMode=yes" in session.ssh_options()
    assert (in_home(password_user, "by-key") / (key_file.name + ".pub")).exists()


async def test_remembered_password_lives_in_the_keyring_only(password_sshd: SshServer, password_user: PasswordUser,
                                                             memory_keyring: MemoryKeyring, tree: Path) -> None:
    session = await open_password_session(password_sshd, password_user.password)
    try:
        assert await session.remember_password() is None
        account = passwords.account(session.host)
    finally:
        await session.close()
    assert memory_keyring.items == {(passwords.SERVICE, account): password_user.password}

    # A later run asks nobody: the keyring answers, and the tools get it through askpass as before.
    dest = in_home(password_user, "remembered")
    later = await Session.open(HostSpec("pwhost", str(password_sshd.ssh_config)))
    try:
        assert later.password_login
        await copy(later, CopyRequest([str(tree / "big.bin")], str(dest), "ssh-cat"))
    finally:
        await later.close()
    assert (dest / "big.bin").read_bytes() == (tree / "big.bin").read_bytes()

    state = Path(os.environ["TRANSFER_ADVISOR_HOME"])
    holding = [p for p in state.rglob("*") if p.is_file() and password_user.password.encode() in p.read_bytes()]
    assert holding == []

    # A remembered password the host no longer takes is forgotten, and said so in one sentence.
    memory_keyring.items[(passwords.SERVICE, account)] = "an old password"
    with pytest.raises(TransferError) as refused:
        await Session.open(HostSpec("pwhost", str(password_sshd.ssh_config)))
    assert refused.value.sentence == ("pwhost did not accept the remembered password, so it was forgotten; run "
                                      "again and type the current password.")
    assert memory_keyring.items == {}
    # With someone to ask, the stale one is forgotten and the person is asked instead.
    memory_keyring.items[(passwords.SERVICE, account)] = "an old password"
    answer = asks(password_user.password)
    session = await Session.open(HostSpec("pwhost", str(password_sshd.ssh_config)), password=answer)
    await session.close()
    assert len(answer.asked) == 1 and memory_keyring.items == {}


async def test_without_a_keyring_the_password_stays_in_memory(password_sshd: SshServer,
                                                              password_user: PasswordUser) -> None:
    before = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    try:
        session = await open_password_session(password_sshd, password_user.password)
        try:
            assert await session.remember_password() == no_keyring()
        finally:
            await session.close()
    finally:
        keyring.set_keyring(before)
    proc = await asyncio.to_thread(cli, "methods", "pwhost", "--ssh-config", str(password_sshd.ssh_config),
                                   "--password-stdin",
               "--remember-password", stdin=password_user.password + "\n",
               env={"PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"})
    assert proc.returncode == 0 and proc.stderr == f"transfer-advisor: {no_keyring()}\n"


async def test_an_openssh_too_old_for_askpass_is_one_sentence(password_sshd: SshServer, password_user: PasswordUser,
                                                              tree: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import app.core.host.login as login_module
    monkeypatch.setattr(login_module, "openssh_version", lambda: (8, 2))
    dest = in_home(password_user, "too-old")
    session = await open_password_session(password_sshd, password_user.password, str(dest))
    try:
        with pytest.raises(TransferError) as old:
            await copy(session, CopyRequest([str(tree)], str(dest), "scp"))
    finally:
        await session.close()
    assert old.value.kind == "tool-missing" and "needs OpenSSH 8.4 or newer" in old.value.sentence
    assert "OpenSSH 8.2" in old.value.sentence and not any(dest.glob(".transfer-advisor-partial-*"))
