"""What a copy keeps: the declared table, the flags that make it true, what two real sides allow,
and how the selection notices what needs a faithful copy (hard links, sparse files), here and on a
host's shell (the remote scan run through a local `sh` and BusyBox `sh`, as sshd would)."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from app.core.wording.transfer import losses_sentences, quicker_but_loses
from app.core.host.capabilities import Capabilities, rsync_attrs
from app.core.host.ssh_command import Options, Ssh
from app.core.transfer.methods import METHODS, Job
from app.core.transfer.methods.keeps import Keep, keeps_table, version_at_least
from app.core.selection.stats import SelectionStats
from app.core.host.remote_tree import SCAN, parse_scan
from app.core.selection.entries import Entry, Selection, scan_local
from app.core.quoting import sh_command

SSH = Ssh("nas")
GNU = Capabilities(tools={"tar", "rsync"}, tar_flavour="GNU tar", rsync_version="3.4.1",
                   rsync_attrs=["xattrs", "ACLs"])
BOX = Capabilities(tools={"tar"}, tar_flavour="BusyBox")


def job(o: Options = Options(), local: Capabilities = GNU, remote: Capabilities = GNU, **kw) -> Job:
    return Job(SSH, ("/home/ann/photos",), "/srv/stage", o, local=local, remote=remote, **kw)


def argv(method: str, j: Job) -> list[str]:
    return list(METHODS[method].build(j).stages[0].argv)


def remote_command(method: str, j: Job) -> list[str]:
    return shlex.split(list(METHODS[method].build(j).stages[-1].argv)[-1])


# -- what each method declares ---------------------------------------------------------------------

def test_the_declared_table() -> None:
    assert keeps_table({m.id: m.keeps.as_dict() for m in METHODS.values()}) == [
        "               mode   mtime  symlinks  hard links  sparse  xattrs  ACLs   owners",
        "scp            yes    yes    no        no          no      no      no     no",
        "scp-legacy     yes    yes    no        no          no      no      no     no",
        "sftp           yes    yes    yes       no          no      no      no     no",
        "rsync-ssh      yes    yes    yes       yes         yes     asked   asked  asked",
        "tar-ssh        yes    yes    yes       yes         yes     asked   asked  asked",
        "ssh-cat        no     yes    no        no          no      no      no     no",
        "rsync-daemon   yes    yes    yes       yes         yes     asked   asked  asked",
        "tar-nc         yes    yes    yes       yes         yes     asked   asked  asked",
        "mounted        yes    yes    yes       no          no      no      no     no",
        "mounted-plain  yes    yes    yes       no          no      no      no     no",
        "rsync-service  yes    yes    yes       yes         yes     asked   asked  asked",
        "ftps           no     yes    yes       no          no      no      no     no",
        "ftp            no     yes    yes       no          no      no      no     no",
        "smb-encrypted  no     yes    yes       no          no      no      no     no",
        "smb            no     yes    yes       no          no      no      no     no",
        "nfs            no     yes    yes       no          no      no      no     no"]
    assert not METHODS["scp"].keeps_symlinks and METHODS["sftp"].keeps_symlinks


# -- the flags that make it true -------------------------------------------------------------------

@pytest.mark.parametrize("method", ["rsync-ssh", "rsync-daemon"])
def test_rsync_keeps_hard_links_and_holes_and_owners_only_when_asked(method: str) -> None:
    extra = {"listen_address": "198.18.0.2", "port": 40123} if method == "rsync-daemon" else {}
    plain = argv(method, job(**extra))
    assert plain[:9] == ["rsync", "-a", "--info=progress2", "--no-inc-recursive", "-s", "-H", "-S", "--no-owner",
                         "--no-group"]
    asked = argv(method, job(Options(owners=True, xattrs=True), **extra))
    assert asked[5:10] == ["-H", "-S", "--numeric-ids", "-X", "-A"] and "--no-owner" not in asked


def test_rsync_keeps_holes_only_outside_a_staging_folder() -> None:
    """In place (the staging folder) a stopped copy with --sparse left a file the next run could not carry
    on from: holes are kept only where rsync writes its own temporary files (the user's daemon module)."""
    new = replace(GNU, rsync_version="3.4.1")
    assert "-S" not in argv("rsync-ssh", job(local=new, remote=new, resumable=True))
    assert "-S" in argv("rsync-ssh", job(local=new, remote=new))
    assert METHODS["rsync-ssh"].keeps_between(new, new).sparse is Keep.LOST


def test_rsync_without_xattrs_cannot_be_asked_for_them() -> None:
    bare = replace(GNU, rsync_version="3.4.1", rsync_attrs=["ACLs"])
    keeps = METHODS["rsync-ssh"].keeps_between(GNU, bare)
    assert (keeps.xattrs, keeps.acls) == (Keep.LOST, Keep.ASKED)
    assert METHODS["rsync-ssh"].refuses(Options(xattrs=True), GNU, bare) == (
        "cannot keep extended attributes and ACLs between these two computers (--xattrs)")
    assert METHODS["rsync-ssh"].refuses(Options(owners=True), GNU, bare) is None


def test_gnu_tar_keeps_holes_and_asked_xattrs_and_owners() -> None:
    up = job(Options(owners=True, xattrs=True))
    assert argv("tar-ssh", up)[:7] == ["tar", "-c", "-f", "-", "--sparse", "--xattrs", "--acls"]
    assert remote_command("tar-ssh", up) == ["tar", "-x", "-f", "-", "-p", "--same-owner", "--numeric-owner",
                                             "--xattrs", "--xattrs-include=*", "--acls", "-C", "/srv/stage"]
    down = METHODS["tar-ssh"].build(job(Options(download=True)))
    assert shlex.split(down.stages[0].argv[-1])[:5] == ["tar", "-c", "-f", "-", "--sparse"]
    assert list(down.stages[-1].argv) == [
        "tar", "-x", "-f", "-", "-p", "--no-same-owner", "-C", "/srv/stage"]


def test_busybox_tar_writes_no_holes_and_takes_its_own_owner_flags() -> None:
    up = job(remote=BOX)
    assert argv("tar-ssh", up)[:5] == ["tar", "-c", "-f", "-", "-C"]
    assert remote_command("tar-ssh", up) == ["tar", "-x", "-f", "-", "-o", "-C", "/srv/stage"]
    assert remote_command("tar-ssh", job(Options(owners=True), remote=BOX))[4] == "--numeric-owner"
    keeps = METHODS["tar-ssh"].keeps_between(GNU, BOX)
    assert (keeps.hardlinks, keeps.sparse, keeps.xattrs, keeps.owners) == (Keep.KEPT, Keep.LOST, Keep.LOST,
                                                                           Keep.ASKED)
    assert "extended attributes" in METHODS["tar-nc"].refuses(Options(xattrs=True), GNU, BOX)


def test_a_method_that_cannot_keep_owners_is_unavailable_when_they_are_asked_for() -> None:
    from app.core.transfer.methods.base import Context
    ctx = Context(GNU, replace(GNU, tools={"tar", "rsync", "ssh", "scp", "sftp"}),
                  Options(owners=True))
    assert METHODS["sftp"].unavailable(ctx) == "cannot keep owners (--owners)"
    assert METHODS["rsync-ssh"].refuses(ctx.options) is None


def test_what_is_kept_when_asked_and_when_not() -> None:
    keeps = METHODS["tar-ssh"].keeps
    assert keeps.given().lost() == ["xattrs", "acls", "owners"]
    assert keeps.given(owners=True).lost() == ["xattrs", "acls"]
    assert keeps.given(owners=True, xattrs=True).lost() == []
    assert METHODS["scp"].keeps.given(owners=True).owners is Keep.LOST


def test_rsync_attrs_from_its_version_text() -> None:
    assert rsync_attrs("ACLs xattrs") == ["xattrs", "ACLs"]
    assert rsync_attrs("no_ACLs no_xattrs") == []
    assert version_at_least("3.3.0", (3, 3)) and not version_at_least("3.2.7", (3, 3))
    assert not version_at_least("", (3, 3)) and version_at_least("3.4.1pre1", (3, 3))


# -- the selection notices what needs a faithful copy ----------------------------------------------

def faithful(root: Path) -> Path:
    tree = root / "tree"
    (tree / "sub").mkdir(parents=True)
    (tree / "a.bin").write_bytes(b"a" * 10_000)
    os.link(tree / "a.bin", tree / "sub" / "b.bin")
    (tree / "single.bin").write_bytes(b"s" * 10_000)
    os.link(tree / "single.bin", root / "outside.bin")  # its other name is not in the selection
    with open(tree / "disk.img", "wb") as f:
        f.truncate(4 * 2**20)
        f.write(b"x" * 4096)
    (tree / "small.txt").write_bytes(b"")
    return tree


def test_scan_local_finds_hard_links_and_sparse_files(tmp_path: Path) -> None:
    selection = scan_local([str(faithful(tmp_path))])
    assert [sorted(e.path for e in g) for g in selection.hard_links()] == [["tree/a.bin", "tree/sub/b.bin"]]
    assert [e.path for e in selection.sparse_files()] == ["tree/disk.img"]
    stats = SelectionStats.of(selection)
    assert (stats.hard_linked, stats.hard_link_bytes, stats.sparse) == (2, 10_000, 1)
    assert stats.sparse_bytes >= 4 * 2**20 - 64 * 1024
    assert stats.needs_kept() == ["hardlinks", "sparse"]


@pytest.mark.parametrize("shell", ["sh", "busybox"])
def test_the_hosts_scan_finds_them_too(tmp_path: Path, shell: str) -> None:
    if shell == "busybox" and not shutil.which("busybox"):
        pytest.skip("no BusyBox here")
    tree = faithful(tmp_path)
    command = sh_command(SCAN, "", str(tree)).decode("utf-8", "surrogateescape")
    run = ["busybox", "sh", "-c", command] if shell == "busybox" else ["sh", "-c", command]
    out = subprocess.run(run, capture_output=True, timeout=60, check=True)
    remote = parse_scan(out.stdout, [str(tree)], [str(tree)], missing_ok=False)
    local = scan_local([str(tree)])
    assert remote.manifest() == local.manifest()
    assert [[e.path for e in g] for g in remote.hard_links()] == [[e.path for e in g] for g in local.hard_links()]
    assert [e.path for e in remote.sparse_files()] == ["tree/disk.img"]


def test_scan_local_finds_user_xattrs_and_acls_only(tmp_path: Path) -> None:
    tree = faithful(tmp_path)
    try:
        os.setxattr(tree / "small.txt", "user.comment", b"x")
    except OSError:
        pytest.skip("this filesystem takes no user xattrs")
    selection = scan_local([str(tree)])
    assert [e.path for e in selection.with_xattrs()] == ["tree/small.txt"]
    assert SelectionStats.of(selection).needs_kept() == ["hardlinks", "sparse", "xattrs"]


def test_an_older_scan_without_links_and_blocks_still_reads() -> None:
    out = b"y\0/srv/t\0/srv/t/a\0\0" + b"4096 41ed 10\n5 81a4 11\n" + b"\0"
    selection = parse_scan(out, ["/srv/t"], ["/srv/t"], missing_ok=False)
    assert [(e.path, e.inode, e.allocated) for e in selection.entries] == [("t", None, None), ("t/a", None, None)]


def test_a_second_name_is_a_header_alone_in_the_tar_stream() -> None:
    one = Entry("t/a", "file", 10_000, inode=(1, 2))
    alone = Selection(["/t"], [one]).tar_stream_bytes()
    assert Selection(["/t"], [one, replace(one, path="t/b")]).tar_stream_bytes() == alone + 512


# -- what the advice says ----------------------------------------------------------------------------

def test_what_a_copy_loses_is_said_with_what_it_costs() -> None:
    stats = SelectionStats(files=14, bytes=10**8, hard_linked=12, hard_link_bytes=4_200_000, sparse=1,
                           sparse_bytes=2 * 10**9)
    assert losses_sentences("scp", ["hardlinks", "sparse"], stats) == [
        "scp copies the 12 hard-linked files as separate files (4.2 MB more at the destination).",
        "scp writes the sparse file out whole (2.0 GB more on the destination's disk)."]
    assert losses_sentences("scp", ["symlinks"], stats) == []
    assert losses_sentences("sftp", ["xattrs"], replace(stats, xattrs=3)) == [
        "sftp does not keep the extended attributes and ACLs of 3 items (--xattrs keeps them, with rsync or tar)."]
    assert quicker_but_loses("scp", ["hardlinks", "sparse"]) == (
        "scp would be quicker but would not keep the hard links and sparse files.")
