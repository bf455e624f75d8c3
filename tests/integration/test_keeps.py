"""What a copy keeps: every method copies a tree with hard links, a sparse file, a 0751 file with an
old time, a symbolic link and a file with a user xattr, up and down through the real CLI against the
real sshd, and the far side holds exactly what `methods --json` says the method keeps."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.helpers import cli, cli_json

TREE_METHODS = ["scp", "sftp", "rsync-ssh", "tar-ssh", "rsync-daemon", "tar-nc"]
ASKED_METHODS = ["rsync-ssh", "tar-ssh", "rsync-daemon", "tar-nc"]
OLD = 978307200  # 2001-01-01
SPARSE_SIZE, SPARSE_DATA = 8 * 2**20, b"\x5a" * 4096
OWNER = 12345  # an owner no account here has
AS_ROOT = os.geteuid() == 0


def xattrs_work(folder: Path) -> bool:
    probe = folder / ".xattr-probe"
    probe.write_bytes(b"")
    try:
        os.setxattr(probe, "user.probe", b"1")
        return True
    except OSError:
        return False
    finally:
        probe.unlink()


def faithful_tree(root: Path) -> Path:
    tree = root / "faithful tree"
    (tree / "sub").mkdir(parents=True)
    (tree / "one.bin").write_bytes(os.urandom(20_000))
    os.link(tree / "one.bin", tree / "sub" / "two.bin")
    os.link(tree / "one.bin", tree / "three.bin")
    with open(tree / "disk.img", "wb") as f:  # 8 MiB, of which one 4 KiB block is written
        f.truncate(SPARSE_SIZE)
        f.seek(2**20)
        f.write(SPARSE_DATA)
    (tree / "run.sh").write_bytes(b"#!/bin/sh\necho kept\n")
    os.chmod(tree / "run.sh", 0o751)
    os.utime(tree / "run.sh", (OLD, OLD))
    os.symlink("one.bin", tree / "link")
    (tree / "tagged.txt").write_bytes(b"has an xattr\n")
    if xattrs_work(root):
        os.setxattr(tree / "tagged.txt", "user.comment", b"kept")
    if AS_ROOT:
        os.chown(tree / "tagged.txt", OWNER, OWNER)
    return tree


@pytest.fixture(scope="module")
def keeps(sshd) -> dict[str, dict[str, str]]:
    """What `methods --json` says each method keeps between this computer and the test host."""
    out = cli_json("methods", "testhost", "--ssh-config", str(sshd.ssh_config), "--allow-insecure")
    return {row["id"]: row["keeps"] for row in out["methods"]}


def copy(sshd, tree: Path, dest: Path, method: str, download: bool, *extra: str) -> dict:
    out = cli_json("copy", "testhost", str(tree), "--dest", str(dest), "--method", method,
                   "--ssh-config", str(sshd.ssh_config), "--allow-insecure", "--verify",
                   *(["--download"] if download else []), *extra)
    assert "error" not in out, out
    return out


def assert_kept_as_declared(tree: Path, far: Path, keeps: dict[str, str]) -> None:
    mode = os.stat(far / "run.sh").st_mode & 0o7777
    assert (mode == 0o751) == (keeps["mode"] == "kept"), oct(mode)
    assert int(os.stat(far / "run.sh").st_mtime) == OLD
    if keeps["symlinks"] == "kept":
        assert os.readlink(far / "link") == "one.bin"
    else:
        assert not os.path.islink(far / "link") and (far / "link").read_bytes() == (tree / "one.bin").read_bytes()
    inodes = {os.stat(far / p).st_ino for p in ("one.bin", "sub/two.bin", "three.bin")}
    assert len(inodes) == (1 if keeps["hardlinks"] == "kept" else 3)
    assert (far / "sub" / "two.bin").read_bytes() == (tree / "one.bin").read_bytes()
    img = os.stat(far / "disk.img")
    assert img.st_size == SPARSE_SIZE
    with open(far / "disk.img", "rb") as f:
        f.seek(2**20)
        assert f.read(len(SPARSE_DATA)) == SPARSE_DATA
    if keeps["sparse"] == "kept":
        assert img.st_blocks * 512 <= 256 * 1024, img.st_blocks
    else:
        assert img.st_blocks * 512 >= SPARSE_SIZE // 2, img.st_blocks


def xattr_of(path: Path) -> bytes | None:
    try:
        return os.getxattr(path, "user.comment")
    except OSError:
        return None


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
@pytest.mark.parametrize("method", TREE_METHODS)
def test_far_side_keeps_what_the_method_declares(sshd, keeps, storage: Path, method: str, download: bool) -> None:
    tree = faithful_tree(storage / "src")
    dest = storage / "dest"
    out = copy(sshd, tree, dest, method, download)
    far = dest / tree.name
    assert_kept_as_declared(tree, far, keeps[method])
    said = " ".join(out["notes"])  # the result says what the copy did not keep
    lost = keeps[method]["hardlinks"] == "lost"
    assert (f"{method} copies the 3 hard-linked files as separate files" in said) == lost, said
    # Only this computer's files are looked at for xattrs (reading them through the host's shell would cost
    # a command per file).
    noticed = xattrs_work(storage) and not download
    assert ("does not keep the extended attributes and ACLs of 1 item" in said) == noticed, said
    # Owners, xattrs and ACLs are kept only when asked for.
    assert xattr_of(far / "tagged.txt") is None
    if AS_ROOT:
        assert os.stat(far / "tagged.txt").st_uid == os.geteuid()


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
@pytest.mark.parametrize("method", ASKED_METHODS)
def test_owners_and_xattrs_when_asked(sshd, keeps, tmp_path: Path, method: str, download: bool) -> None:
    assert keeps[method]["owners"] == keeps[method]["xattrs"] == "option"
    tree = faithful_tree(tmp_path / "src")
    if not xattrs_work(tmp_path) or not AS_ROOT:
        pytest.skip("needs root (to give a file another owner) and user xattrs on the test folder's filesystem")
    out = copy(sshd, tree, tmp_path / "dest", method, download, "--owners", "--xattrs")
    assert out["options"]["owners"] and out["options"]["xattrs"]
    assert not any("extended attributes" in n for n in out["notes"])
    far = tmp_path / "dest" / tree.name
    assert xattr_of(far / "tagged.txt") == b"kept"
    assert (os.stat(far / "tagged.txt").st_uid, os.stat(far / "tagged.txt").st_gid) == (OWNER, OWNER)
    assert_kept_as_declared(tree, far, keeps[method])


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
def test_ssh_cat_keeps_the_time_of_one_file(sshd, keeps, tmp_path: Path, download: bool) -> None:
    tree = faithful_tree(tmp_path / "src")
    copy(sshd, tree / "disk.img", tmp_path / "dest", "ssh-cat", download)
    img = os.stat(tmp_path / "dest" / "disk.img")
    assert keeps["ssh-cat"]["sparse"] == "lost" and img.st_blocks * 512 >= SPARSE_SIZE // 2
    assert int(img.st_mtime) == int(os.stat(tree / "disk.img").st_mtime)


@pytest.mark.parametrize("method, option", [("scp", "--owners"), ("sftp", "--xattrs"), ("ssh-cat", "--owners")])
def test_asking_a_method_for_what_it_cannot_keep_is_one_sentence(sshd, tmp_path: Path, method: str,
                                                                  option: str) -> None:
    (tmp_path / "a.txt").write_bytes(b"a")
    proc = cli("copy", "testhost", str(tmp_path / "a.txt"), "--dest", str(tmp_path / "dest"), "--method", method,
               option, "--ssh-config", str(sshd.ssh_config))
    assert proc.returncode == 2
    what = "owners" if option == "--owners" else "extended attributes and ACLs"
    assert proc.stderr == (f"transfer-advisor: {method} cannot keep {what} ({option}); choose one of: "
                           "rsync-ssh, tar-ssh, rsync-daemon, tar-nc, rsync-service.\n")
    assert not (tmp_path / "dest").exists()


def test_methods_table_says_what_each_keeps(sshd) -> None:
    proc = cli("methods", "testhost", "--ssh-config", str(sshd.ssh_config))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    head = lines.index("What each keeps (asked: with --owners or --xattrs):")
    assert lines[head + 1].split() == ["mode", "mtime", "symlinks", "hard", "links", "sparse", "xattrs", "ACLs",
                                       "owners"]
    rows = {line.split()[0]: line.split()[1:] for line in lines[head + 2:head + 9]}
    assert rows["scp"] == ["yes", "yes", "no", "no", "no", "no", "no", "no"]
    assert rows["tar-ssh"] == ["yes", "yes", "yes", "yes", "yes", "asked", "asked", "asked"]


def test_advice_prefers_a_method_that_keeps_hard_links_and_holes(sshd, tmp_path: Path) -> None:
    tree = faithful_tree(tmp_path / "src")
    out = cli_json("advise", "testhost", str(tree), "--dest", str(tmp_path / "dest"), "--no-race",
                   "--ssh-config", str(sshd.ssh_config))
    assert "error" not in out, out
    chosen = out["recommended"]["secure"]
    # xattrs are kept only when asked: the recommendation says so, and what asks for them.
    xattrs = xattrs_work(tmp_path)
    assert chosen["method"] == "tar-ssh" and chosen["loses"] == (["xattrs"] if xattrs else [])
    assert ("(--xattrs keeps them, with rsync or tar)" in chosen["reason"]) == xattrs
    assert chosen["keeps"]["hardlinks"] == chosen["keeps"]["sparse"] == "kept"
    assert chosen["keeps"]["xattrs"] == "option"
    ranked = [r["method"] for r in out["ranking"]]
    # rsync writes the staging folder in place, where it keeps no holes: only tar keeps everything here.
    losers = [i for i, m in enumerate(ranked) if m in ("scp", "scp-legacy", "sftp", "rsync-ssh")]
    keepers = [i for i, m in enumerate(ranked) if m == "tar-ssh"]
    assert max(keepers) < min(losers)
