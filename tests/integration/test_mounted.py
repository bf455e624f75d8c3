"""A share of the host mounted here with sshfs, as a file manager or /etc/fstab mounts it: `methods` finds which
folder of the host it shows, and a copy through it lands byte for byte (the mixed tree with its hostile names, on
RAM and on disk), in both directions, its staging folder, placing and verification done over ssh as for every
method. A destination outside the share is refused before anything is written, and a mount that shows another
folder than its name says is never written through."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Iterator

import pytest

from app.core.host.hosts import HostSpec
from app.core.host.services import Mount
from app.core.host.session import Session
from app.core.host.share_roots import ShareRoot, Unmapped, root
from tests.conftest import DISK_BASE
from tests.peers import SshfsMount, mount_or_skip
from tests.helpers import cli, cli_json, far_side, final_names, make_tree, snapshot

pytestmark = pytest.mark.skipif(not shutil.which("sshfs") or not os.path.exists("/dev/fuse"),
                                reason="no sshfs or FUSE here: `make test` installs sshfs")


@pytest.fixture(scope="module", params=["ram", "disk"])
def tree(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    on_disk = request.param == "disk"
    return make_tree(request.getfixturevalue("disk_tmp_module") if on_disk else tmp_path_factory.mktemp("src"),
                     small_files=200, big_bytes=3 * 1024 * 1024)


@pytest.fixture
def share(sshd, request: pytest.FixtureRequest, tree: Path, tmp_path: Path) -> Iterator[SshfsMount]:
    """A folder of the host, on the tree's kind of storage, mounted here under a name of the test's own."""
    place = request.getfixturevalue("disk_tmp") if tree.is_relative_to(DISK_BASE) else tmp_path
    shared, point = place / "nas share", tmp_path / "mounted here"
    shared.mkdir()
    point.mkdir()
    (shared / "already there.txt").write_text("the share holds something already\n")
    mount = mount_or_skip(sshd, shared, point)
    yield mount
    mount.unmount()


def assert_no_leftovers(folder: Path) -> None:
    left = [p.name for p in folder.iterdir() if p.name.startswith(".transfer-advisor-")]
    assert left == [], f"the app's folders left behind: {left}"


def test_upload_through_the_mounted_share(sshd, tree: Path, share: SshfsMount) -> None:
    shared, point = share.folder, share.point
    dest = shared / "backup"
    out = cli_json("copy", share.alias, str(tree), "--dest", str(dest), "--method", "mounted",
                   "--ssh-config", str(share.ssh_config), "--verify")
    assert "error" not in out, out
    assert out["method"] == "mounted" and out["verified"] is True and out["verification"].startswith("contents (")
    assert snapshot(dest / tree.name) == far_side(tree, "mounted")
    assert_no_leftovers(dest)
    # The line to do it by hand writes through the mount; no cipher is chosen for it (the mount has its own).
    assert f"{point}/backup/" in out["command"] and "ssh" not in out["command"]
    assert out["options"]["cipher"] is None
    # Again: all of it is there already, the same: nothing is sent.
    again = cli_json("copy", share.alias, str(tree), "--dest", str(dest), "--method", "mounted", "--existing", "skip",
                     "--ssh-config", str(share.ssh_config))
    assert "error" not in again, again
    files_and_links = sum(1 for kind, _ in snapshot(tree).values() if kind != "dir")
    assert again["existing"]["identical"] == files_and_links and again["sent_bytes"] == 0


def test_download_through_the_mounted_share(sshd, tree: Path, share: SshfsMount, tmp_path: Path) -> None:
    shared = share.folder
    shutil.copytree(tree, shared / tree.name, symlinks=True)
    dest = tmp_path / "restored"
    out = cli_json("copy", share.alias, str(shared / tree.name), "--dest", str(dest), "--method", "mounted",
                   "--download", "--ssh-config", str(share.ssh_config))
    assert "error" not in out, out
    assert out["options"]["direction"] == "download" and out["verified"] is True
    assert snapshot(dest / tree.name) == far_side(tree, "mounted")
    assert_no_leftovers(dest)


def test_methods_says_which_folder_the_share_shows(sshd, share: SshfsMount, tmp_path: Path) -> None:
    shared, point = share.folder, share.point
    inside = cli_json("methods", share.alias, "--dest", str(shared / "photos"), "--ssh-config", str(share.ssh_config))
    rows = {m["id"]: m for m in inside["methods"]}
    assert rows["mounted"]["available"] and rows["mounted"]["secure"]
    assert rows["mounted-plain"]["reason"] == ("needs a share of the host mounted on this computer without "
                                               "encryption (SMB, NFS)")
    [mapped] = inside["shares"]
    assert (mapped["kind"], mapped["path"], mapped["folder"], mapped["encrypted"]) == ("sshfs", str(point),
                                                                                       str(shared), True)
    outside = cli_json("methods", share.alias, "--dest", str(tmp_path / "elsewhere"), "--ssh-config",
                       str(share.ssh_config))
    assert {m["id"]: m for m in outside["methods"]}["mounted"]["reason"] == (
        "needs the host's folder on a share mounted here, and the share mounted here holds another folder")


def test_a_destination_outside_the_share_is_refused(sshd, tree: Path, share: SshfsMount,
                                                     tmp_path: Path) -> None:
    dest = tmp_path / "not on the share"
    said = cli("copy", share.alias, str(tree), "--dest", str(dest), "--method", "mounted",
               "--ssh-config", str(share.ssh_config))
    assert said.returncode != 0
    assert said.stderr.count("\n") == 1 and "Traceback" not in said.stderr
    assert "the share mounted here holds another folder" in said.stderr, said.stderr
    assert not dest.exists()


async def test_a_mount_that_shows_another_folder_is_not_written_through(sshd, share: SshfsMount,
                                                                        tmp_path: Path) -> None:
    # The host's folder and this computer's are the same tree here; a "mount" whose path holds other names
    # than the host's folder it claims (an NFSv4 pseudo-root, another box's share) is told apart.
    shared, point = share.folder, share.point
    other = tmp_path / "another folder"
    other.mkdir()
    (other / "not on the nas.txt").write_text("x")
    session = await Session.open(HostSpec(share.alias, str(share.ssh_config)))
    try:
        claimed = await root(session, Mount("nfs", f"nas:{shared}", str(other), False))
        real = await root(session, Mount("nfs", f"nas:{shared}", str(point), False))
        empty = tmp_path / "empty"
        empty.mkdir()
        unreadable = await root(session, Mount("nfs", f"nas:{tmp_path / 'not there'}", str(empty), False))
    finally:
        await session.close()
    assert claimed == Unmapped(Mount("nfs", f"nas:{shared}", str(other), False), "different")
    assert real == ShareRoot(Mount("nfs", f"nas:{shared}", str(point), False), str(shared))
    assert isinstance(unreadable, Unmapped) and unreadable.why == "unreadable"


def test_the_advice_races_the_mounted_share(sshd, tree: Path, share: SshfsMount) -> None:
    # Nothing the profile measures tells how fast the mount's protocol is: the race always has it.
    shared = share.folder
    out = cli_json("advise", share.alias, str(tree), "--dest", str(shared / "backup"), "--ssh-config",
                   str(share.ssh_config))
    assert "error" not in out, out
    raced = {row["method"]: row for row in out["ranking"] if row["measured_MBps"]}
    assert "mounted" in raced and raced["mounted"]["options"]["cipher"] is None, sorted(raced)
    assert not (shared / "backup").exists() or not any((shared / "backup").iterdir())  # the race left nothing


def test_a_cut_copy_through_the_share_carries_on(sshd, share: SshfsMount, tmp_path: Path) -> None:
    # Cut (the app and its rsync killed) at 40 %: nothing under a final name at the destination; run again, it
    # carries on from what the mount had staged, and the bytes are right.
    from tests.cutting import complete_bytes, cut, make_album, size_of
    shared = share.folder
    album = make_album(tmp_path / "src" / "album 'x'", 6, 8 << 20)
    dest = shared / "cut"
    argv = ["copy", share.alias, str(album), "--dest", str(dest), "--method", "mounted",
            "--ssh-config", str(share.ssh_config)]
    cut(argv, dest, at=size_of(album) * 4 // 10)
    assert final_names(dest) == []
    assert complete_bytes(album, dest) > 0, "not one file was whole when the copy was cut"
    out = cli_json(*argv)
    assert "error" not in out, out
    assert out["resumed"] > 0 and out["sent_bytes"] < size_of(album)
    assert snapshot(dest / album.name) == far_side(album, "mounted")
    assert os.listdir(dest) == [album.name]


def test_a_mount_made_with_another_account_takes_no_upload(sshd, password_sshd, password_user,
                                                           tmp_path: Path) -> None:
    # The share is mounted with another account of the host than the app's login (an SMB user beside an admin's
    # ssh account): what it writes belongs to that account, which could not enter the copy's staging folder (the
    # login's alone). Uploads through it are refused with one sentence, having written nothing; fetching works.
    import secrets
    import subprocess
    shared, point = password_user.home / f"share {secrets.token_hex(3)}", tmp_path / "mounted here"
    shared.mkdir()
    (shared / "from the nas.txt").write_text("fetch me\n")
    shutil.chown(shared, password_user.name, password_user.name)
    point.mkdir()
    alias = f"nas-{secrets.token_hex(4)}"
    theirs, mine = tmp_path / "ssh_config_theirs", tmp_path / "ssh_config_mine"
    theirs.write_text(password_sshd.ssh_config.read_text().replace(f"Host {password_sshd.alias}\n", f"Host {alias}\n", 1))
    mine.write_text(sshd.ssh_config.read_text().replace(f"Host {sshd.alias}\n", f"Host {alias}\n", 1))
    proc = subprocess.run(["sshfs", "-F", str(theirs), "-o", "password_stdin", f"{alias}:{shared}", str(point)],
                          input=password_user.password + "\n", capture_output=True, text=True, timeout=30)
    if proc.returncode != 0 and "fuse" in proc.stderr.lower():
        pytest.skip(f"FUSE cannot mount here: {proc.stderr.strip()}")
    assert proc.returncode == 0, proc.stderr
    try:
        dest = shared / "backup"
        out = cli_json("methods", alias, "--dest", str(dest), "--ssh-config", str(mine))
        said = ("needs a share mounted here that writes as the user logged in over ssh, and what the share mounted "
                "here writes belongs to another user of the host (mount it with that login, or log in as its user)")
        assert {m["id"]: m for m in out["methods"]}["mounted"]["reason"] == said
        [row] = out["shares"]
        assert (row["folder"], row.get("foreign")) == (str(shared), True)
        text = cli("methods", alias, "--dest", str(dest), "--ssh-config", str(mine))
        assert (f"Mounted here: {point} (sshfs, encrypted): the host's {shared}, only to fetch from (what it writes "
                "belongs to another user of the host than the login).") in text.stdout, text.stdout
        (tmp_path / "album").mkdir()
        (tmp_path / "album" / "a.jpg").write_bytes(os.urandom(5000))
        refused = cli("copy", alias, str(tmp_path / "album"), "--dest", str(dest), "--method", "mounted",
                      "--ssh-config", str(mine))
        assert refused.returncode != 0 and refused.stderr.count("\n") == 1, refused.stderr
        assert said in refused.stderr
        assert sorted(os.listdir(shared)) == ["from the nas.txt"]  # nothing written, the probe file gone
        fetched = cli_json("copy", alias, str(shared / "from the nas.txt"), "--dest", str(tmp_path / "here"),
                           "--download", "--method", "mounted", "--ssh-config", str(mine))
        assert "error" not in fetched, fetched
        assert (tmp_path / "here" / "from the nas.txt").read_text() == "fetch me\n"
    finally:
        subprocess.run(["fusermount", "-u", str(point)], capture_output=True, timeout=30)
