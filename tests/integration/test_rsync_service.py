"""The rsync service a NAS already runs on port 873, started for real as root on a loopback address of the test's
own beside the NAS's sshd (tests/nas_services.py: `backup` for this account with a password and writing as it,
`shared` open to anyone and writing as nobody, `photos` read-only). With unencrypted methods allowed, a copy goes
through the module that holds the destination: the mixed tree with its hostile names lands byte for byte in both
directions, on RAM and on disk, staged, placed and verified over ssh as for every method; a second run sends
nothing; a cut copy carries on. A module that takes none of the passwords, or writes as another user, is said
with one sentence and written nothing to; no password reaches an argument list."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Iterator

import pytest

from app.core.host.hosts import HostSpec
from app.core.host.rsync_modules import ModuleRoot, Unusable, account, parse_conf
from app.core.host.session import Session
from tests import nas_services
from tests.helpers import MemoryKeyring, ProcessWatch, cli, cli_json, far_side, final_names, make_tree, snapshot
from tests.peers import SshServer, start_sshd
from tests.terminal import answer_at_terminal

pytestmark = pytest.mark.root  # the service's standard port is under 1024

PASSWORD = {"RSYNC_PASSWORD": nas_services.RSYNC_SECRET}


@pytest.fixture(scope="module", params=["ram", "disk"])
def nas(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[SshServer, Path]]:
    """The NAS's sshd (alias `rsnas`) and its rsync service, whose modules are on RAM or on disk. Yields (sshd,
    the folder holding the modules' folders)."""
    if os.geteuid() != 0:
        pytest.skip("the rsync service's standard port needs root")
    address = nas_services.worker_address(110)
    place = request.getfixturevalue("disk_tmp_module") if request.param == "disk" else tmp_path_factory.mktemp("rs")
    sshd = start_sshd(tmp_path_factory.mktemp("rsnas-sshd"), listen=address, hostname=address, alias="rsnas")
    try:
        service = nas_services.start_rsync_service(place, address)
    except BaseException:
        sshd.stop()
        raise
    yield sshd, place / "rsyncd"
    service.stop()
    sshd.stop()


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_tree(tmp_path_factory.mktemp("rs-src"), small_files=200, big_bytes=3 * 1024 * 1024)


def ta(nas: tuple[SshServer, Path], *args: str) -> list[str]:
    sshd, _ = nas
    return [*args, "--allow-insecure", "--ssh-config", str(sshd.ssh_config)]


def assert_no_leftovers(folder: Path) -> None:
    left = [p.name for p in folder.iterdir() if p.name.startswith(".transfer-advisor-")]
    assert left == [], f"the app's files left behind: {left}"


def test_upload_through_the_module_and_a_second_run_sends_nothing(nas, tree: Path) -> None:
    _, modules = nas
    dest = modules / "backup" / "copies"
    # (rsync takes a daemon's password from $RSYNC_PASSWORD, in its own environment, which only this user reads:
    # the watch looks at every process's arguments, which anyone reads)
    with ProcessWatch(nas_services.RSYNC_SECRET, "no process is marked") as watch:
        out = cli_json(*ta(nas, "copy", "rsnas", str(tree), "--dest", str(dest), "--method", "rsync-service",
                           "--verify"), env=PASSWORD)
    assert "error" not in out, out
    assert out["method"] == "rsync-service" and out["verified"] is True and out["verification"].startswith("contents (")
    assert snapshot(dest / tree.name) == far_side(tree, "rsync-service")
    assert_no_leftovers(dest)
    assert_no_leftovers(modules / "backup")  # the probe file written to learn whose files the module makes is gone
    # The password is in rsync's environment only, never in an argument list, the command shown or the output.
    assert watch.leaks == [], watch.leaks
    assert out["command"].startswith("RSYNC_PASSWORD=... rsync ") and nas_services.RSYNC_SECRET not in str(out)
    assert f"rsync://{nas_services.LOGIN}@" in out["command"] and "/backup/./copies/" in out["command"]
    again = cli_json(*ta(nas, "copy", "rsnas", str(tree), "--dest", str(dest), "--method", "rsync-service",
                         "--existing", "skip"), env=PASSWORD)
    assert "error" not in again, again
    files_and_links = sum(1 for kind, _ in snapshot(tree).values() if kind != "dir")
    assert again["existing"]["identical"] == files_and_links and again["sent_bytes"] == 0


def test_download_through_the_module(nas, tree: Path, tmp_path: Path) -> None:
    _, modules = nas
    shutil.copytree(tree, modules / "photos" / tree.name, symlinks=True, dirs_exist_ok=True)
    dest = tmp_path / "restored"
    # `photos` asks no password and takes no writes: fetching from it is what it is for.
    out = cli_json(*ta(nas, "copy", "rsnas", str(modules / "photos" / tree.name), "--dest", str(dest), "--download",
                       "--method", "rsync-service"))
    assert "error" not in out, out
    assert out["options"]["direction"] == "download" and out["verified"] is True
    assert snapshot(dest / tree.name) == far_side(tree, "rsync-service")
    assert "rsync://" in out["command"] and "@" not in out["command"].split("rsync://")[1].split("/")[0]
    assert_no_leftovers(dest)


def test_methods_says_which_module_holds_the_destination(nas) -> None:
    _, modules = nas
    out = cli_json(*ta(nas, "methods", "rsnas", "--dest", str(modules / "backup" / "2026")), env=PASSWORD)
    rows = {m["id"]: m for m in out["methods"]}
    assert rows["rsync-service"]["available"] and not rows["rsync-service"]["secure"]
    assert [r for r in out["shares"] if r["kind"] == "rsync"] == [
        {"kind": "rsync", "module": "backup", "port": 873, "folder": str(modules / "backup"),
         "user": nas_services.LOGIN, "writable": True}]
    said = cli(*ta(nas, "methods", "rsnas", "--dest", str(modules / "backup" / "2026")), env=PASSWORD)
    assert f"Its rsync service: module backup, the host's {modules / 'backup'}.\n" in said.stdout, said.stdout
    # Without unencrypted methods allowed the service is not even logged in to.
    sshd, _ = nas
    secure = cli_json("methods", "rsnas", "--dest", str(modules / "backup"), "--ssh-config", str(sshd.ssh_config),
                      env=PASSWORD)
    assert [r for r in secure["shares"] if r["kind"] == "rsync"] == []
    assert {m["id"]: m for m in secure["methods"]}["rsync-service"]["reason"].startswith("sends data unencrypted")


def test_a_module_that_writes_as_another_user_takes_no_upload(nas, tree: Path) -> None:
    # `shared` writes as nobody: the staging folder, the login's own, would shut it out. One sentence, nothing
    # written; fetching from it still works.
    _, modules = nas
    dest = modules / "shared" / "here"
    said = cli(*ta(nas, "copy", "rsnas", str(tree), "--dest", str(dest), "--method", "rsync-service"))
    assert said.returncode != 0
    assert said.stderr.count("\n") == 1 and "Traceback" not in said.stderr, said.stderr
    assert "writes as another user or not at all" in said.stderr, said.stderr
    assert not dest.exists() and final_names(modules / "shared") == []
    out = cli_json(*ta(nas, "methods", "rsnas", "--dest", str(dest)))
    [row] = [r for r in out["shares"] if r["kind"] == "rsync"]
    assert (row["module"], row["writable"]) == ("shared", False)


def test_a_module_that_takes_none_of_the_passwords_is_one_sentence(nas, tree: Path) -> None:
    _, modules = nas
    dest = modules / "backup" / "refused"
    for env in ({"RSYNC_PASSWORD": "not the password"}, {}):
        said = cli(*ta(nas, "copy", "rsnas", str(tree), "--dest", str(dest), "--method", "rsync-service"), env=env)
        assert said.returncode != 0
        assert said.stderr.count("\n") == 1 and "Traceback" not in said.stderr, said.stderr
        assert (f"cannot log in to the module backup of the host's rsync service as {nas_services.LOGIN}: it took "
                "none of the passwords tried") in said.stderr, said.stderr
        assert not dest.exists()


@pytest.mark.parametrize("answer", [nas_services.RSYNC_SECRET, ""])
def test_at_a_terminal_the_modules_password_is_asked(nas, tree: Path, answer: str) -> None:
    """No password the app knows opens the module: at a terminal the command asks for it, not echoed, and the copy
    goes through the module with it (in no process's arguments); Enter is a copy without the module, refused here
    in one sentence as with no password at all."""
    _, modules = nas
    dest = modules / "backup" / ("asked" if answer else "declined")
    argv = [sys.executable, "-m", "app", *ta(nas, "copy", "rsnas", str(tree), "--dest", str(dest), "--method",
                                             "rsync-service", "--verify")]
    env = {k: v for k, v in os.environ.items() if k != "RSYNC_PASSWORD"}
    with ProcessWatch(nas_services.RSYNC_SECRET, "no process is marked") as watch:
        code, shown = answer_at_terminal(argv, env, f"Password of {nas_services.LOGIN} for the module backup of the "
                                         "rsync service of rsnas".encode(), answer,
                                         b"verified" if answer else b"transfer-advisor: ")
    assert watch.leaks == [], watch.leaks
    assert nas_services.RSYNC_SECRET not in shown  # not echoed
    if answer:
        assert code == 0, shown
        assert "with rsync-service; verified: contents (" in shown, shown
        assert snapshot(dest / tree.name) == far_side(tree, "rsync-service")
    else:
        assert code != 0 and "Traceback" not in shown, shown
        assert "it took none of the passwords tried" in shown and not dest.exists(), shown


def test_a_module_that_lets_in_other_computers_only_is_one_sentence(nas, tree: Path) -> None:
    _, modules = nas
    dest = modules / "office" / "here"
    said = cli(*ta(nas, "copy", "rsnas", str(tree), "--dest", str(dest), "--method", "rsync-service"))
    assert said.returncode != 0 and said.stderr.count("\n") == 1, said.stderr
    assert ("cannot reach the module office of the host's rsync service: it does not let this computer in (its "
            "`hosts allow`)") in said.stderr, said.stderr
    assert not dest.exists()


async def test_the_password_kept_in_the_keyring_is_tried(nas, memory_keyring: MemoryKeyring, monkeypatch) -> None:
    sshd, modules = nas
    monkeypatch.delenv("RSYNC_PASSWORD", raising=False)
    address = nas_services.worker_address(110)
    memory_keyring.set_password("transfer-advisor", account(nas_services.LOGIN, address, 873, "backup"),
                                nas_services.RSYNC_SECRET)
    session = await Session.open(HostSpec("rsnas", str(sshd.ssh_config)))
    try:
        found, refused = await session.served.modules.covering([str(modules / "backup" / "x")], write=True)
        none, _ = await session.served.modules.covering([str(modules / "elsewhere")], write=True)
    finally:
        await session.close()
    assert found == [ModuleRoot("backup", str(modules / "backup"), address, 873, nas_services.LOGIN, True)]
    assert found[0].password == nas_services.RSYNC_SECRET and refused == [] and none == []


async def test_a_password_given_once_is_kept_with_remember_password(nas, memory_keyring: MemoryKeyring,
                                                                   monkeypatch) -> None:
    sshd, modules = nas
    monkeypatch.setenv("RSYNC_PASSWORD", nas_services.RSYNC_SECRET)
    address = nas_services.worker_address(110)
    kept = account(nas_services.LOGIN, address, 873, "backup")
    for remember in (False, True):
        session = await Session.open(HostSpec("rsnas", str(sshd.ssh_config)))
        session.served.modules.remember = remember
        try:
            found, _ = await session.served.modules.covering([str(modules / "backup")], write=False)
        finally:
            await session.close()
        assert [m.name for m in found] == ["backup"]
        assert memory_keyring.get_password("transfer-advisor", kept) == (nas_services.RSYNC_SECRET if remember else None)


async def test_a_typed_password_is_kept_only_when_asked_to(nas, memory_keyring: MemoryKeyring, monkeypatch) -> None:
    """The password the user typed where the module took none the app knew goes into the keyring with
    --remember-password (or the window's "keep it"), and only then; the next session takes it from there unasked."""
    sshd, modules = nas
    monkeypatch.delenv("RSYNC_PASSWORD", raising=False)
    kept = account(nas_services.LOGIN, nas_services.worker_address(110), 873, "backup")
    asked: list[tuple[str, str]] = []

    async def ask(user: str, module: str) -> str:
        asked.append((user, module))
        return nas_services.RSYNC_SECRET

    for remember in (False, True, None):
        session = await Session.open(HostSpec("rsnas", str(sshd.ssh_config)))
        session.served.modules.ask, session.served.modules.remember = ask, bool(remember)
        try:
            found, _ = await session.served.modules.covering([str(modules / "backup")], write=False)
        finally:
            await session.close()
        assert [m.name for m in found] == ["backup"]
        assert memory_keyring.get_password("transfer-advisor", kept) == (None if remember is False
                                                                         else nas_services.RSYNC_SECRET)
    assert asked == [(nas_services.LOGIN, "backup")] * 2  # the third session found it in the keyring


async def test_without_the_password_the_module_is_said_refused(nas, memory_keyring: MemoryKeyring,
                                                              monkeypatch) -> None:
    sshd, modules = nas
    monkeypatch.delenv("RSYNC_PASSWORD", raising=False)
    session = await Session.open(HostSpec("rsnas", str(sshd.ssh_config)))
    try:
        found, refused = await session.served.modules.covering([str(modules / "backup")], write=False)
    finally:
        await session.close()
    assert found == [] and refused == [Unusable("backup", str(modules / "backup"), "login", nas_services.LOGIN)]


def test_the_advice_races_the_service(nas, tree: Path) -> None:
    _, modules = nas
    dest = modules / "backup" / "advised"
    out = cli_json(*ta(nas, "advise", "rsnas", str(tree), "--dest", str(dest)), env=PASSWORD)
    assert "error" not in out, out
    raced = {row["method"] for row in out["ranking"] if row["measured_MBps"]}
    assert "rsync-service" in raced, sorted(raced)
    assert not dest.exists() or not any(dest.iterdir())  # the race left nothing
    assert_no_leftovers(modules / "backup")


def test_a_cut_copy_through_the_module_carries_on(nas, tmp_path: Path) -> None:
    from tests.cutting import complete_bytes, cut, make_album, size_of
    _, modules = nas
    album = make_album(tmp_path / "src" / "album 'x'", 6, 8 << 20)
    dest = modules / "backup" / "cut"
    argv = ta(nas, "copy", "rsnas", str(album), "--dest", str(dest), "--method", "rsync-service")
    cut(argv, dest, at=size_of(album) * 4 // 10, env=PASSWORD)
    assert final_names(dest) == []
    assert complete_bytes(album, dest) > 0, "not one file was whole when the copy was cut"
    out = cli_json(*argv, env=PASSWORD)
    assert "error" not in out, out
    assert out["resumed"] > 0 and out["sent_bytes"] < size_of(album)
    assert snapshot(dest / album.name) == far_side(album, "rsync-service")
    assert os.listdir(dest) == [album.name]


def test_the_daemons_configuration_is_read_as_rsync_reads_it() -> None:
    conf = parse_conf("# a NAS's\nport = 8873\naddress = 10.0.0.2\nread only = no\nuid = admin\n"
                      "[global]\n  auth users = ann\n[Photos]\n  path = /volume1/photos/\n"
                      "[backup]\n  path = /volume1/backup\n  auth users = ann:rw, @staff:ro\n  read only = yes\n"
                      "[no folder]\n  comment = nothing\n")
    assert (conf.port, conf.address) == (8873, "10.0.0.2")
    photos, backup = conf.modules
    assert (photos.name, photos.path, photos.auth_users, photos.read_only, photos.uid) == (
        "Photos", "/volume1/photos", ("ann",), False, "admin")
    assert (backup.auth_users, backup.read_only) == (("ann", "@staff"), True)
