"""The FTP service a NAS already runs, for real: vsftpd offering explicit TLS on port 21 of the NAS's own address,
beside a password-only sshd for the same throwaway account (as a NAS's FTP takes its accounts' own passwords).
A copy through FTPS and through plain FTP, either way, lands byte for byte (the mixed tree with its hostile names, on RAM and
on disk), its times set, links made and the staging folder placed over ssh; the password is in no process's
argv; plain FTP is refused until unencrypted methods are allowed, and a selection FTP cannot name is refused
before anything is written."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from app.core.host.ftp_certificate import shown_here, spki_pin
from app.core.host.ftp_logins import FtpRoot, FtpUnusable, account, candidates
from app.core.host.hosts import HostSpec
from app.core.host.session import Session
from app.core.host.ssh_command import Options
from app.core.transfer import preflight
from app.core.transfer.methods import METHODS
from app.core.transfer.methods.base import Context
from tests.nas_services import FtpNas
from tests.conftest import DISK_BASE
from tests.helpers import MemoryKeyring, ProcessWatch, far_side, make_tree, snapshot
from tests.peers import PasswordUser
from tests.terminal import answer_at_terminal, answers_at_terminal

ALIAS = "ftpnas"


@pytest.fixture(scope="module", params=["ram", "disk"])
def tree(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The mixed tree without the name holding a line break (FTP's commands end at one: refused below)."""
    on_disk = request.param == "disk"
    tree = make_tree(request.getfixturevalue("disk_tmp_module") if on_disk else tmp_path_factory.mktemp("src"),
                     small_files=120, big_bytes=6 * 1024 * 1024)
    for name in os.listdir(tree / "hostile"):
        if "\n" in name or "\r" in name:
            os.remove(tree / "hostile" / name)
    return tree


def _cli(*args: str, password: str) -> subprocess.CompletedProcess:
    return subprocess.run(["setsid", "--wait", sys.executable, "-m", "app", *args, "--password-stdin", "--json"],
                          input=password + "\n", capture_output=True, text=True, timeout=300)


def _dest(user: PasswordUser, name: str, tree: Path) -> Path:
    """A fresh folder of the account's, on the tree's kind of storage."""
    if tree.is_relative_to(DISK_BASE):
        os.chmod(tree.parent, 0o755)  # (made 0700) the account reaches its folder in there
        folder = tree.parent / f"{name} of {user.name}"
        folder.mkdir()
        shutil.chown(folder, user.name)
        return folder
    return user.home / name


@pytest.mark.parametrize("method", ["ftps", "ftp"])
def test_a_copy_through_the_ftp_service_lands_byte_for_byte(ftp_nas, password_user: PasswordUser, tree: Path,
                                                           method: str) -> None:
    config = ftp_nas.password_config
    dest = _dest(password_user, f"through {method}", tree)
    insecure = ["--allow-insecure"] if method == "ftp" else []
    with ProcessWatch(password_user.password, str(config)) as watch:
        proc = _cli("copy", ALIAS, str(tree), "--dest", str(dest), "--method", method, "--ssh-config", str(config),
                    "--verify", *insecure, password=password_user.password)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    out = json.loads(proc.stdout)
    assert out["method"] == method and out["verified"] is True, out
    assert snapshot(dest / tree.name) == far_side(tree, method)
    assert watch.leaks == [], f"the password in a process's arguments: {watch.leaks}"
    # The files' times are the sources' (set over ssh afterwards: FTP keeps none).
    big = dest / tree.name / "big.bin"
    assert int(big.stat().st_mtime) == int((tree / "big.bin").stat().st_mtime)
    # Written as the account itself, and no folder of the app's is left.
    assert big.stat().st_uid == password_user_uid(password_user)
    assert [n for n in os.listdir(dest) if n.startswith(".transfer-advisor-")] == []
    # The line to do it by hand is curl's, the password left out (curl asks), and it copies the same files again.
    assert "curl" in out["command"] and password_user.password not in out["command"]
    assert ("ssl-reqd" in out["command"]) is (method == "ftps")
    _by_hand(out["command"], [(b"Enter host password", password_user.password)], dest / tree.name, tree)


@pytest.mark.parametrize("method", ["ftps", "ftp"])
def test_a_download_through_the_ftp_service_lands_byte_for_byte(ftp_nas, password_user: PasswordUser, tree: Path,
                                                               tmp_path: Path, method: str) -> None:
    config = ftp_nas.password_config
    there = _dest(password_user, f"to fetch by {method}", tree)
    shutil.copytree(tree, there / tree.name, symlinks=True)
    subprocess.run(["chown", "-R", "--no-dereference", password_user.name, str(there)], check=True)
    dest = tmp_path / "fetched"
    insecure = ["--allow-insecure"] if method == "ftp" else []
    proc = _cli("copy", ALIAS, str(there / tree.name), "--dest", str(dest), "--download", "--method", method,
                "--ssh-config", str(config), "--verify", *insecure, password=password_user.password)
    assert proc.returncode == 0, proc.stderr + proc.stdout
    out = json.loads(proc.stdout)
    assert out["method"] == method and out["verified"] is True, out
    assert snapshot(dest / tree.name) == far_side(tree, method)
    assert int((dest / tree.name / "big.bin").stat().st_mtime) == int((tree / "big.bin").stat().st_mtime)
    assert sorted(os.listdir(dest)) == [tree.name]  # no staging folder left
    # By hand: ssh lists the host's files (its password asked), curl fetches them (asking it again).
    _by_hand(out["command"], [(b"'s password:", password_user.password),
                              (b"Enter host password", password_user.password)], dest / tree.name, tree)


def _by_hand(command: str, answers: list[tuple[bytes, str]], landed: Path, source: Path) -> None:
    """The line the copy showed, run by hand at a terminal after what it copied is removed, the password typed where
    it is asked: it copies the same files again, the empty folder too. (The app makes the links and sets the times
    over ssh afterwards; the line does neither, so links are left out of the comparison.)"""
    shutil.rmtree(landed)
    code, shown = answers_at_terminal(["bash", "-c", command], None, answers, b"")
    assert code == 0, shown
    wanted = {k: v for k, v in snapshot(source).items() if v[0] != "link"}
    assert snapshot(landed) == wanted


def password_user_uid(user: PasswordUser) -> int:
    import pwd
    return pwd.getpwnam(user.name).pw_uid


def test_plain_ftp_waits_for_unencrypted_methods_to_be_allowed(ftp_nas, password_user: PasswordUser,
                                                               tmp_path: Path) -> None:
    config = ftp_nas.password_config
    source = tmp_path / "notes.txt"
    source.write_text("a note\n")
    dest = password_user.home / "refused plain"
    proc = _cli("copy", ALIAS, str(source), "--dest", str(dest), "--method", "ftp", "--ssh-config", str(config),
                password=password_user.password)
    assert proc.returncode != 0
    said = json.loads(proc.stdout)["error"]
    assert "unencrypted" in said and "\n" not in said.strip()
    assert not (dest / "notes.txt").exists()


def test_a_name_with_a_line_break_is_not_sent_through_ftp(ftp_nas, password_user: PasswordUser,
                                                          tmp_path: Path) -> None:
    config = ftp_nas.password_config
    source = tmp_path / "odd"
    source.mkdir()
    (source / "two\nlines.txt").write_text("x")
    dest = password_user.home / "refused break"
    proc = _cli("copy", ALIAS, str(source), "--dest", str(dest), "--method", "ftps", "--ssh-config", str(config),
                password=password_user.password)
    assert proc.returncode != 0
    assert "line break" in json.loads(proc.stdout)["error"]
    assert not (dest / "odd").exists()


def test_methods_lists_the_ftp_service_for_the_destination(ftp_nas, password_user: PasswordUser) -> None:
    config = ftp_nas.password_config
    proc = _cli("methods", ALIAS, "--dest", str(password_user.home), "--ssh-config", str(config),
                password=password_user.password)
    assert proc.returncode == 0, proc.stderr
    listed = {m["id"]: m for m in json.loads(proc.stdout)["methods"]}
    assert listed["ftps"]["available"] is True, listed["ftps"]
    assert listed["ftp"]["available"] is False and "unencrypted" in listed["ftp"]["reason"]
    ftps = next(r for r in json.loads(proc.stdout)["shares"] if r["kind"] == "ftps")
    assert ftps["folder"] == ftps["ftp_folder"] == str(password_user.home) and ftps["writable"] is True
    # As people read it: the folder the FTP service shows, and the certificate checked.
    text = subprocess.run(["setsid", "--wait", sys.executable, "-m", "app", "methods", ALIAS, "--dest",
                           str(password_user.home), "--ssh-config", str(config), "--password-stdin"],
                          input=password_user.password + "\n", capture_output=True, text=True, timeout=300)
    assert text.returncode == 0, text.stderr
    line = next(x for x in text.stdout.splitlines() if x.startswith("Its FTP service: with TLS, "))
    assert f"the host's {password_user.home} shown as {password_user.home}" in line and "SHA-256" in line


async def _ftp_roots(config: Path, dest: str, allow_insecure: bool, encrypted: bool | None) -> list:
    """What the session finds of the FTP service for an upload into `dest`: its roots and what cannot be used."""
    session = await Session.open(HostSpec(ALIAS, str(config)))
    try:
        shares = await preflight.shares_for(session, [dest], True, allow_insecure, frozenset({"ftp"}), encrypted)
        return [s for s in shares if isinstance(s, (FtpRoot, FtpUnusable))]
    finally:
        await session.close()


async def test_a_copy_by_one_ftp_method_looks_at_its_own_way_in_only(ftp_nas, password_user: PasswordUser,
                                                                      monkeypatch) -> None:
    """A copy by plain FTP looks at no FTPS (no certificate asked of the NAS, no login in TLS) and one by FTPS at no
    plain FTP, unencrypted methods allowed or not; the advice, which weighs both, gets both, the plain one the same
    folder and writes as FTPS found them (one login in clear is its own look)."""
    monkeypatch.setenv("FTP_PASSWORD", password_user.password)
    dest, config = str(password_user.home), ftp_nas.key_config  # (the FTP password from $FTP_PASSWORD)
    plain = await _ftp_roots(config, dest, True, False)
    assert [(r.kind, r.writable) for r in plain] == [("ftp", True)]
    secured = await _ftp_roots(config, dest, True, True)
    assert [(r.kind, r.writable) for r in secured] == [("ftps", True)]
    both = await _ftp_roots(config, dest, True, None)
    assert [(r.kind, r.writable, r.ftp_folder) for r in both] == [("ftps", True, dest), ("ftp", True, dest)]
    assert both[1].pin == "" and both[1].fingerprint == ""


async def test_the_ftps_check_of_an_upload_folder_logs_in_once_and_leaves_nothing_anywhere(
        ftp_nas, password_user: PasswordUser, monkeypatch) -> None:
    """Which FTP path names the folder and whose its files will be are found in one login (a login in TLS costs
    a weak NAS most of a second): an empty file uploaded under each path the folder may have lands only where the
    probe folder made over ssh is, and nothing stays there or anywhere else the server shows."""
    monkeypatch.setenv("FTP_PASSWORD", password_user.password)
    dest = password_user.home / "checked once"
    dest.mkdir()
    shutil.chown(dest, password_user.name)
    log = ftp_nas.server.root / "vsftpd.log"
    before = log.read_text(errors="replace").count("OK LOGIN") if log.exists() else 0
    roots = await _ftp_roots(ftp_nas.key_config, str(dest), False, True)
    assert [(r.kind, r.writable, r.ftp_folder) for r in roots] == [("ftps", True, str(dest))]
    assert log.read_text(errors="replace").count("OK LOGIN") - before == 1
    assert os.listdir(dest) == []
    for path in candidates(str(dest), str(password_user.home)):  # (the server locks no one in: its paths are ours)
        assert not Path(path).is_dir() or not [n for n in os.listdir(path) if n.startswith(".transfer-advisor-")]


async def test_the_certificates_key_is_kept_like_a_host_key_and_a_changed_one_is_asked_of_the_host_again(
        ftp_nas, password_user: PasswordUser, monkeypatch) -> None:
    """The next session pins the key the host vouched for before without asking it again (openssl on a weak NAS
    is most of a second); a server that then shows another key is refused by curl before the password is sent,
    the host is asked once more, and what it vouches for now is kept."""
    from app.core.host import ftp_certificate
    from app.core.paths import data_dir
    monkeypatch.setenv("FTP_PASSWORD", password_user.password)
    asked = []
    checked_pin = ftp_certificate.checked_pin

    async def counted(*args):
        asked.append(args[1:])
        return await checked_pin(*args)

    monkeypatch.setattr(ftp_certificate, "checked_pin", counted)
    kept = data_dir() / ftp_certificate.FILE
    kept.unlink(missing_ok=True)
    real = spki_pin(shown_here(ftp_nas.address, 21))
    dest = str(password_user.home)
    first = await _ftp_roots(ftp_nas.key_config, dest, False, True)
    assert [(r.kind, r.pin) for r in first] == [("ftps", real[0])] and len(asked) == 1
    [(key, entry)] = json.loads(kept.read_text()).items()
    assert entry == {"pin": real[0], "fingerprint": real[1]} and key.endswith(" ftp:21")
    again = await _ftp_roots(ftp_nas.key_config, dest, False, True)
    assert [(r.kind, r.pin) for r in again] == [("ftps", real[0])] and len(asked) == 1  # the kept pin
    kept.write_text(json.dumps({key: {"pin": "sha256//" + "A" * 43 + "=", "fingerprint": "00"}}))
    renewed = await _ftp_roots(ftp_nas.key_config, dest, False, True)
    assert [(r.kind, r.pin) for r in renewed] == [("ftps", real[0])] and len(asked) == 2
    assert json.loads(kept.read_text())[key]["pin"] == real[0]


@contextlib.contextmanager
def another_ftp_nas(user: PasswordUser, slot: int, name: str, **vsftpd) -> Iterator[Path]:
    """A NAS of its own (an sshd that takes the account's password, alias `ftpnas`, and vsftpd with TLS started
    with `vsftpd`'s options) on a loopback address of this worker's own: its ssh config."""
    from tests import nas_services
    from tests.peers import start_sshd
    if os.geteuid() != 0:
        pytest.skip("port 21 needs root")
    address = nas_services.worker_address(slot)
    root = user.home.parent / name
    sshd = start_sshd(root / "sshd", listen=address, hostname=address, login="password", user=user.name, alias=ALIAS)
    try:
        ftp = nas_services.start_vsftpd(root, address, tls=True, **vsftpd)
        try:
            yield sshd.ssh_config
        finally:
            ftp.stop()
    finally:
        sshd.stop()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def tls_only_nas(password_user: PasswordUser) -> Iterator[Path]:
    """A NAS whose FTP service takes logins only with TLS (a NAS's "force TLS")."""
    with another_ftp_nas(password_user, 150, "ftp-tls-only", tls_only=True) as config:
        yield config


def test_an_ftp_service_that_takes_no_writes_shows_the_folder_and_carries_no_upload(
        password_user: PasswordUser) -> None:
    """A NAS whose FTP service lets the account read only: the folder is found all the same (a second login looks
    for a probe file there), FTPS is said not to take the copy's writes, and nothing is left in the folder."""
    with another_ftp_nas(password_user, 151, "ftp-read-only", read_only=True) as config:
        proc = _cli("methods", ALIAS, "--dest", str(password_user.home), "--ssh-config", str(config),
                    password=password_user.password)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    ftps = next(r for r in out["shares"] if r["kind"] == "ftps")
    assert (ftps["ftp_folder"], ftps["writable"]) == (str(password_user.home), False), ftps
    listed = {m["id"]: m for m in out["methods"]}
    assert listed["ftps"]["available"] is False and "takes its writes" in listed["ftps"]["reason"], listed["ftps"]
    assert not [n for n in os.listdir(password_user.home) if n.startswith(".transfer-advisor-")]


@pytest.mark.parametrize("how", ["advice", "copy"])
def test_an_ftp_service_that_takes_logins_only_with_tls_is_said_so(tls_only_nas, password_user: PasswordUser,
                                                                  tmp_path: Path, how: str) -> None:
    """Plain FTP refused by a server that takes the login only with TLS: said so (not "took none of the
    passwords"), whether the plain way was derived from FTPS (the methods the advice weighs) or looked at alone (a
    copy by plain FTP); FTPS still carries it, and the refused copy wrote nothing."""
    source = tmp_path / "notes.txt"
    source.write_text("a note\n")
    if how == "advice":
        proc = _cli("methods", ALIAS, "--dest", str(password_user.home), "--ssh-config", str(tls_only_nas),
                    "--allow-insecure", password=password_user.password)
        assert proc.returncode == 0, proc.stderr
        listed = {m["id"]: m for m in json.loads(proc.stdout)["methods"]}
        assert listed["ftps"]["available"] is True, listed["ftps"]
        reason = listed["ftp"]["reason"]
        assert listed["ftp"]["available"] is False
    else:
        dest = password_user.home / "plain refused"
        proc = _cli("copy", ALIAS, str(source), "--dest", str(dest), "--method", "ftp", "--allow-insecure",
                    "--ssh-config", str(tls_only_nas), password=password_user.password)
        assert proc.returncode != 0
        reason = json.loads(proc.stdout)["error"]
        assert "\n" not in reason.strip() and not (dest / "notes.txt").exists()
    assert "only with TLS" in reason and "none of the passwords" not in reason, reason


async def _ftp_shares(config: Path, dest: str, ask=None, remember: bool = False) -> tuple:
    """The host's shares for an upload into `dest` (FTPS only: unencrypted methods not allowed), and why FTPS
    cannot carry it (None: it can)."""
    session = await Session.open(HostSpec(ALIAS, str(config)))
    try:
        session.served.ftp.ask, session.served.ftp.remember = ask, remember
        shares = await preflight.shares_for(session, [dest], True, False)
        ctx = Context(session.local, session.remote, Options(), False, paths=[dest], shares=shares)
        return shares, METHODS["ftps"].unavailable(ctx)
    finally:
        await session.close()


async def test_a_password_the_ftp_service_wants_is_asked_and_kept_where_wanted(
        ftp_nas: FtpNas, password_user: PasswordUser, memory_keyring: MemoryKeyring, monkeypatch) -> None:
    monkeypatch.delenv("FTP_PASSWORD", raising=False)
    key_login = ftp_nas.key_config
    dest = str(password_user.home)
    kept = account(password_user.name, ftp_nas.address, 21)
    asked: list[str] = []

    async def declines(user: str) -> None:
        asked.append(user)
        return None

    async def types(user: str) -> str:
        asked.append(user)
        return password_user.password

    # Declined: FTPS is not used, and says why in one sentence.
    shares, reason = await _ftp_shares(key_login, dest, declines)
    assert asked == [password_user.name] and [s for s in shares if isinstance(s, FtpRoot)] == []
    assert any(isinstance(s, FtpUnusable) and s.why == "login" for s in shares)
    assert reason.startswith(f"cannot log in to the host's FTP service as {password_user.name}")
    # Typed, not to be kept: used, not in the keyring.
    shares, reason = await _ftp_shares(key_login, dest, types)
    assert reason is None and [s.writable for s in shares if isinstance(s, FtpRoot)] == [True]
    assert memory_keyring.get_password("transfer-advisor", kept) is None
    # Typed and to be kept: in the keyring; the next session takes it from there without asking.
    await _ftp_shares(key_login, dest, types, remember=True)
    assert memory_keyring.get_password("transfer-advisor", kept) == password_user.password
    asked.clear()
    shares, reason = await _ftp_shares(key_login, dest, declines)
    assert reason is None and asked == []


@pytest.mark.parametrize("answer", ["the password", ""])
def test_at_a_terminal_the_ftp_password_is_asked(ftp_nas: FtpNas, password_user: PasswordUser, tmp_path: Path,
                                                 answer: str) -> None:
    """Logged in with a key, no password the app knows opens the FTP service: at a terminal the command asks for
    it once, not echoed, and the copy goes through FTPS with it (in no process's arguments); Enter is a copy
    without the service, refused in one sentence."""
    typed = password_user.password if answer else ""
    source = tmp_path / "notes.txt"
    source.write_bytes(os.urandom(100_000))
    dest = password_user.home / ("asked at a terminal" if answer else "declined at a terminal")
    argv = [sys.executable, "-m", "app", "copy", ALIAS, str(source), "--dest", str(dest), "--method", "ftps",
            "--verify", "--ssh-config", str(ftp_nas.key_config)]
    env = {k: v for k, v in os.environ.items() if k != "FTP_PASSWORD"}
    with ProcessWatch(password_user.password, "no process is marked") as watch:
        code, shown = answer_at_terminal(argv, env, f"Password of {password_user.name} for the FTP service of "
                                         f"{ALIAS}".encode(), typed, b"verified" if answer else b"transfer-advisor: ")
    assert watch.leaks == [], watch.leaks
    assert password_user.password not in shown  # not echoed
    assert shown.count("Password of ") == 1, shown  # asked once (FTPS and its check share the answer)
    if answer:
        assert code == 0, shown
        assert (dest / "notes.txt").read_bytes() == source.read_bytes()
    else:
        assert code != 0 and "Traceback" not in shown, shown
        assert "it took none of the passwords tried" in shown and not (dest / "notes.txt").exists(), shown


def test_the_pin_is_the_certificate_the_server_shows(ftp_nas: FtpNas) -> None:
    server = ftp_nas.server
    shown = shown_here(ftp_nas.address, 21)
    assert shown is not None
    import ssl
    pem = (server.root / "cert.pem").read_text()
    assert shown == ssl.PEM_cert_to_DER_cert(pem)
    pin, fingerprint = spki_pin(shown)
    assert pin.startswith("sha256//") and len(fingerprint.split(":")) == 32


def test_the_paths_an_ftp_server_may_show_a_folder_under() -> None:
    assert candidates("/volume1/photo/2024", "/var/services/homes/ann") == [
        "/volume1/photo/2024", "/photo/2024", "/2024"]
    assert candidates("/home/ann/backup", "/home/ann") == ["/home/ann/backup", "/backup", "/ann/backup"]
    assert candidates("/home/ann", "/home/ann") == ["/home/ann", "/", "/ann"]
