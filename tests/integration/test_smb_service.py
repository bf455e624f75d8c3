"""The SMB shares a NAS already serves, for real: Samba's smbd on port 445 of the NAS's own address with a share in
RAM and one on the real disk, beside a password-only sshd for the same throwaway account (a NAS's SMB shares take
its accounts' own passwords). A copy through SMB3 with encryption and through plain SMB, either way, lands byte
for byte (the mixed tree with the hostile names SMB can carry), its times set, links made and the staging folder
placed over ssh; the password is in no process's argv; plain SMB waits for unencrypted methods to be allowed; a
selection SMB cannot name is refused before anything is written; a file the server refuses fails the copy in one
sentence though smbclient exits 0."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from app.core.host.hosts import HostSpec
from app.core.host.session import Session
from app.core.host.smb_shares import SmbRoot, SmbUnusable, account, carries
from app.core.host.ssh_command import Options
from app.core.transfer import preflight
from app.core.transfer.methods import METHODS
from app.core.transfer.methods.base import Context
from tests.helpers import MemoryKeyring, ProcessWatch, far_side, make_tree, snapshot
from tests.nas_services import SmbNas
from tests.peers import PasswordUser
from tests.terminal import answer_at_terminal

ALIAS = "smbnas"
METHOD_IDS = ["smb-encrypted", "smb"]


@pytest.fixture(scope="module", params=["ram", "disk"])
def tree(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The mixed tree without the names SMB cannot carry (refused below), and the share it is copied into: the
    one on the same kind of storage."""
    tree = make_tree(tmp_path_factory.mktemp("src"), small_files=120, big_bytes=6 * 1024 * 1024)
    for name in os.listdir(tree / "hostile"):
        if not carries(name):
            os.remove(tree / "hostile" / name)
    assert len(os.listdir(tree / "hostile")) >= 5  # spaces, $( ), backquotes and ;, a leading dash, Unicode
    return tree, "photo" if request.param == "ram" else "nasdisk"


def _cli(*args: str, password: str) -> subprocess.CompletedProcess:
    return subprocess.run(["setsid", "--wait", sys.executable, "-m", "app", *args, "--password-stdin", "--json"],
                          input=password + "\n", capture_output=True, text=True, timeout=300)


def _dest(nas: SmbNas, user: PasswordUser, share: str, name: str) -> Path:
    folder = nas.shares[share] / name
    folder.mkdir()
    shutil.chown(folder, user.name)
    return folder


def _insecure(method: str) -> list[str]:
    return [] if METHODS[method].secure else ["--allow-insecure"]


def _by_hand(command: str, password: str, landed: Path, source: Path, method: str) -> None:
    """The line the copy showed, run by hand as the account (smbclient takes the password from $PASSWD) after what
    it copied is removed, copies the same files again. (smbclient follows links, which the app makes over ssh
    afterwards: the line copies what they point to, so links are left out of the comparison.)"""
    shutil.rmtree(landed)
    proc = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PASSWD": password}, stdin=subprocess.DEVNULL)
    assert proc.returncode == 0 and "NT_STATUS_" not in proc.stdout + proc.stderr, proc
    again, wanted = snapshot(landed), far_side(source, method)
    assert {k: again.get(k) for k, v in wanted.items() if v[0] != "link"} == \
        {k: v for k, v in wanted.items() if v[0] != "link"}


@pytest.mark.parametrize("method", METHOD_IDS)
def test_a_copy_through_the_smb_share_lands_byte_for_byte(smb_nas: SmbNas, password_user: PasswordUser,
                                                          tree: tuple[Path, str], method: str) -> None:
    source, share = tree
    config = smb_nas.password_config
    dest = _dest(smb_nas, password_user, share, f"through {method}")
    with ProcessWatch(password_user.password, str(config)) as watch:
        proc = _cli("copy", ALIAS, str(source), "--dest", str(dest), "--method", method, "--ssh-config", str(config),
                    "--verify", *_insecure(method), password=password_user.password)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    out = json.loads(proc.stdout)
    assert out["method"] == method and out["verified"] is True, out
    assert snapshot(dest / source.name) == far_side(source, method)
    assert watch.leaks == [], f"the password in a process's arguments: {watch.leaks}"
    # The files' times are the sources' (set over ssh afterwards: smbclient's put keeps none).
    big = dest / source.name / "big.bin"
    assert int(big.stat().st_mtime) == int((source / "big.bin").stat().st_mtime)
    import pwd
    assert big.stat().st_uid == pwd.getpwnam(password_user.name).pw_uid  # written as the account itself
    assert [n for n in os.listdir(dest) if n.startswith(".transfer-advisor-")] == []
    # The line to do it by hand is smbclient's, the password left out; the encrypted one asks for encryption.
    assert "smbclient" in out["command"] and password_user.password not in out["command"]
    assert ("--client-protection=encrypt" in out["command"]) is (method == "smb-encrypted")
    _by_hand(out["command"], password_user.password, dest / source.name, source, method)


@pytest.mark.parametrize("method", METHOD_IDS)
def test_a_download_through_the_smb_share_lands_byte_for_byte(smb_nas: SmbNas, password_user: PasswordUser,
                                                              tree: tuple[Path, str], tmp_path: Path,
                                                              method: str) -> None:
    source, share = tree
    there = _dest(smb_nas, password_user, share, f"to fetch by {method}")
    shutil.copytree(source, there / source.name, symlinks=True)
    subprocess.run(["chown", "-R", "--no-dereference", password_user.name, str(there)], check=True)
    dest = tmp_path / "fetched"
    proc = _cli("copy", ALIAS, str(there / source.name), "--dest", str(dest), "--download", "--method", method,
                "--ssh-config", str(smb_nas.password_config), "--verify", *_insecure(method),
                password=password_user.password)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    out = json.loads(proc.stdout)
    assert out["method"] == method and out["verified"] is True, out
    assert snapshot(dest / source.name) == far_side(source, method)
    assert int((dest / source.name / "big.bin").stat().st_mtime) == int((source / "big.bin").stat().st_mtime)
    assert sorted(os.listdir(dest)) == [source.name]  # no staging folder left
    _by_hand(out["command"], password_user.password, dest / source.name, source, method)


def test_plain_smb_waits_for_unencrypted_methods_to_be_allowed(smb_nas: SmbNas, password_user: PasswordUser,
                                                               tmp_path: Path) -> None:
    source = tmp_path / "notes.txt"
    source.write_text("a note\n")
    dest = _dest(smb_nas, password_user, "photo", "refused plain")
    proc = _cli("copy", ALIAS, str(source), "--dest", str(dest), "--method", "smb", "--ssh-config",
                str(smb_nas.password_config), password=password_user.password)
    assert proc.returncode != 0
    said = json.loads(proc.stdout)["error"]
    assert "unencrypted" in said and "\n" not in said.strip()
    assert not (dest / "notes.txt").exists()


@pytest.mark.parametrize("name", ['say "cheese".jpg', "colon:name", "back\\slash", "star*.txt"])
def test_a_name_smb_cannot_carry_is_refused_before_anything_is_written(smb_nas: SmbNas, password_user: PasswordUser,
                                                                      tmp_path: Path, name: str) -> None:
    source = tmp_path / "odd"
    source.mkdir()
    (source / "fine.txt").write_text("x")
    (source / name).write_text("y")
    dest = _dest(smb_nas, password_user, "photo", f"refused {len(name)} {name.encode().hex()[:8]}")
    proc = _cli("copy", ALIAS, str(source), "--dest", str(dest), "--method", "smb-encrypted", "--ssh-config",
                str(smb_nas.password_config), password=password_user.password)
    assert proc.returncode != 0
    said = json.loads(proc.stdout)["error"]
    assert "SMB cannot name a file" in said and "\n" not in said.strip(), said
    assert os.listdir(dest) == []


def test_a_file_the_server_refuses_fails_the_copy_in_one_sentence(smb_nas: SmbNas, password_user: PasswordUser,
                                                                  tmp_path: Path) -> None:
    """smbclient carries on past a file the server would not take and exits 0; the copy still fails, says so in
    one sentence, and nothing lands under its final name. (The test's shares refuse names ending .vetoed, as a
    NAS's "veto files" does.)"""
    source = tmp_path / "some refused"
    source.mkdir()
    (source / "kept.txt").write_bytes(os.urandom(1000))
    (source / "not taken.vetoed").write_bytes(os.urandom(1000))
    dest = _dest(smb_nas, password_user, "photo", "refusing")
    proc = _cli("copy", ALIAS, str(source), "--dest", str(dest), "--method", "smb-encrypted", "--ssh-config",
                str(smb_nas.password_config), password=password_user.password)
    assert proc.returncode != 0, proc.stdout
    out = json.loads(proc.stdout)
    assert "smbclient could not copy 1 of the files" in out["error"] and "NT_STATUS_" in out["error"], out
    assert "Traceback" not in proc.stderr
    assert not (dest / "some refused").exists()


def test_methods_lists_the_smb_share_for_the_destination(smb_nas: SmbNas, password_user: PasswordUser) -> None:
    dest = smb_nas.shares["photo"]
    proc = _cli("methods", ALIAS, "--dest", str(dest), "--ssh-config", str(smb_nas.password_config),
                password=password_user.password)
    assert proc.returncode == 0, proc.stderr
    listed = {m["id"]: m for m in json.loads(proc.stdout)["methods"]}
    assert listed["smb-encrypted"]["available"] is True, listed["smb-encrypted"]["reason"]
    assert listed["smb"]["available"] is False and "unencrypted" in listed["smb"]["reason"]
    row = next(r for r in json.loads(proc.stdout)["shares"] if r["kind"] == "smb-encrypted")
    assert (row["share"], row["share_folder"], row["folder"], row["writable"]) == ("photo", "", str(dest), True)
    text = subprocess.run(["setsid", "--wait", sys.executable, "-m", "app", "methods", ALIAS, "--dest",
                           str(dest / "2024"), "--ssh-config", str(smb_nas.password_config), "--password-stdin"],
                          input=password_user.password + "\n", capture_output=True, text=True, timeout=300)
    assert text.returncode == 0, text.stderr
    assert f"Its SMB service: encrypted, the host's {dest} as the share photo." in text.stdout, text.stdout


async def _smb_shares(config: Path, dest: str, ask=None, remember: bool = False) -> tuple:
    """The host's shares for an upload into `dest` (encrypted only), and why SMB3 cannot carry it (None: it can)."""
    session = await Session.open(HostSpec(ALIAS, str(config)))
    try:
        session.served.smb.ask, session.served.smb.remember = ask, remember
        shares = await preflight.shares_for(session, [dest], True, False, frozenset({"smb"}))
        ctx = Context(session.local, session.remote, Options(), False, paths=[dest], shares=shares)
        return shares, METHODS["smb-encrypted"].unavailable(ctx)
    finally:
        await session.close()


async def test_a_password_the_smb_share_wants_is_asked_and_kept_where_wanted(
        smb_nas: SmbNas, password_user: PasswordUser, memory_keyring: MemoryKeyring, monkeypatch) -> None:
    monkeypatch.delenv("SMB_PASSWORD", raising=False)
    key_login = smb_nas.key_config
    dest = str(smb_nas.shares["nasdisk"])
    kept = account(password_user.name, smb_nas.address, 445)
    asked: list[str] = []

    async def declines(user: str) -> None:
        asked.append(user)
        return None

    async def types(user: str) -> str:
        asked.append(user)
        return password_user.password

    shares, reason = await _smb_shares(key_login, dest, declines)
    assert asked == [password_user.name] and [s for s in shares if isinstance(s, SmbRoot)] == []
    assert any(isinstance(s, SmbUnusable) and s.why == "login" for s in shares)
    assert reason.startswith(f"cannot log in to the host's SMB service as {password_user.name}")
    shares, reason = await _smb_shares(key_login, dest, types)
    assert reason is None and [(s.share, s.writable) for s in shares if isinstance(s, SmbRoot)] == [("nasdisk", True)]
    assert memory_keyring.get_password("transfer-advisor", kept) is None
    await _smb_shares(key_login, dest, types, remember=True)
    assert memory_keyring.get_password("transfer-advisor", kept) == password_user.password
    asked.clear()
    shares, reason = await _smb_shares(key_login, dest, declines)
    assert reason is None and asked == []


def test_at_a_terminal_the_smb_password_is_asked(smb_nas: SmbNas, password_user: PasswordUser, tmp_path: Path) -> None:
    """Logged in with a key, no password the app knows opens the share: at a terminal the command asks for it
    once, not echoed, and the copy goes through SMB3 with it (in no process's arguments)."""
    source = tmp_path / "notes.txt"
    source.write_bytes(os.urandom(100_000))
    dest = _dest(smb_nas, password_user, "photo", "asked at a terminal")
    argv = [sys.executable, "-m", "app", "copy", ALIAS, str(source), "--dest", str(dest), "--method", "smb-encrypted",
            "--verify", "--ssh-config", str(smb_nas.key_config)]
    env = {k: v for k, v in os.environ.items() if k != "SMB_PASSWORD"}
    with ProcessWatch(password_user.password, "no process is marked") as watch:
        code, shown = answer_at_terminal(argv, env, f"Password of {password_user.name} for the SMB shares of "
                                         f"{ALIAS}".encode(), password_user.password, b"verified")
    assert watch.leaks == [], watch.leaks
    assert password_user.password not in shown  # not echoed
    assert shown.count("Password of ") == 1, shown
    assert code == 0, shown
    assert (dest / "notes.txt").read_bytes() == source.read_bytes()


async def test_a_server_that_does_not_encrypt_is_told_from_a_refused_password(password_user: PasswordUser,
                                                                              tmp_path: Path) -> None:
    """SMB3 with encryption required, against a server that will not encrypt: "encryption" (the unencrypted way is
    left, where allowed), not "login"; a wrong password is "login" either way."""
    from app.core.host.smb_shares import _each_share
    from tests import nas_services
    address = nas_services.worker_address(190)
    share = tmp_path / "plain"
    share.mkdir()
    server = nas_services.start_samba(tmp_path, address, shares={"plain": share},
                                      accounts=[(password_user.name, password_user.password)], encrypts=False)
    try:
        root = SmbRoot("/", "", "", address, 445, password_user.name, encrypted=True,
                       password=password_user.password)
        shares = [("plain", ""), ("not there", "")]
        assert await _each_share(root, shares, lambda i, inside: ["ls"]) == ("encryption", [])
        answer, seen = await _each_share(replace(root, encrypted=False), shares, lambda i, inside: ["ls"])
        assert answer == "" and seen[0] is not None and seen[1] is None
        assert (await _each_share(replace(root, password="not it"), shares, lambda i, inside: ["ls"]))[0] == "login"
    finally:
        server.stop()


class _Logins:
    """Each smbclient run of the check (the real one runs: this only counts them)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from app.core.host import smb_shares
        self.runs: list[str] = []
        real = smb_shares.run_client

        async def counted(argv: list[str], password: str, script: str, cwd: str | None = None):
            self.runs.append(script)
            return await real(argv, password, script, cwd)
        monkeypatch.setattr(smb_shares, "run_client", counted)


async def test_the_smb_check_of_an_upload_folder_logs_in_once_and_leaves_nothing_anywhere(
        smb_nas: SmbNas, password_user: PasswordUser, monkeypatch: pytest.MonkeyPatch) -> None:
    """The share that shows the upload's folder is found, and a file made through it checked for its owner, in one
    smbclient login that tries every candidate share; nothing is left in any share. A download's check reads only,
    in one login too."""
    monkeypatch.setenv("SMB_PASSWORD", password_user.password)
    dest = _dest(smb_nas, password_user, "nasdisk", "checked once")
    before = {name: snapshot(folder) for name, folder in smb_nas.shares.items()}
    logins = _Logins(monkeypatch)
    shares, reason = await _smb_shares(smb_nas.key_config, str(dest))
    assert reason is None
    found = [s for s in shares if isinstance(s, SmbRoot)]
    assert [(s.share, s.share_folder, s.writable) for s in found] == [("nasdisk", "checked once", True)]
    assert len(logins.runs) == 1 and logins.runs[0].count("tcon ") > 1, logins.runs  # one login, several shares
    assert {name: snapshot(folder) for name, folder in smb_nas.shares.items()} == before
    (dest / "to fetch.txt").write_text("fetched")
    logins.runs.clear()
    session = await Session.open(HostSpec(ALIAS, str(smb_nas.key_config)))
    try:
        roots, _ = await session.served.smb.covering([str(dest / "to fetch.txt")], False, False)
    finally:
        await session.close()
    assert [(r.share, r.share_folder) for r in roots] == [("nasdisk", "checked once")]
    assert len(logins.runs) == 1 and "mkdir" not in logins.runs[0]


async def test_a_read_only_share_is_found_and_said_to_take_no_uploads(
        smb_nas: SmbNas, password_user: PasswordUser, monkeypatch: pytest.MonkeyPatch) -> None:
    """The test NAS's share `photos` is read-only: smbclient makes no folder through it, so a second login looks
    for the probe folder instead. The share is found, taking no uploads, and nothing is left in the folder."""
    monkeypatch.setenv("SMB_PASSWORD", password_user.password)
    dest = smb_nas.server.root / "photos" / "read only"
    dest.mkdir(parents=True, exist_ok=True)
    shutil.chown(dest, password_user.name)
    logins = _Logins(monkeypatch)
    shares, reason = await _smb_shares(smb_nas.key_config, str(dest))
    found = [s for s in shares if isinstance(s, SmbRoot)]
    assert [(s.share, s.share_folder, s.writable) for s in found] == [("photos", "read only", False)]
    assert reason is not None and len(logins.runs) == 2, logins.runs
    assert os.listdir(dest) == []
