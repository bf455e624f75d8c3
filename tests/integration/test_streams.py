"""A copy on parallel streams (`--streams N`, tar over ssh and rsync over ssh): the files split into parts,
each over its own ssh connection side by side, against the real sshd, up and down. The far side holds what
one stream would have put there: every byte, hard links (kept within a part), symbolic links, modes and
times of files and of folders (set once all files are in), odd names."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from tests.helpers import cli, cli_json, make_tree, snapshot
from tests.integration.test_keeps import OLD, assert_kept_as_declared, faithful_tree, keeps  # noqa: F401

METHODS = ["tar-ssh", "rsync-ssh"]


def _with_folders(tree: Path) -> Path:
    """A folder with its own mode and an old time, and files of many sizes in several folders."""
    for i in range(12):
        folder = tree / f"part {i % 4}"
        folder.mkdir(exist_ok=True)
        (folder / f"f{i}.bin").write_bytes(os.urandom(50_000 * (i + 1)))
    closed = tree / "closed"
    closed.mkdir()
    (closed / "inside.txt").write_bytes(b"in a 0750 folder\n")
    os.chmod(closed, 0o750)
    os.utime(closed, (OLD, OLD))
    (tree / "empty").mkdir()
    return tree


def _read_only_folder(tree: Path) -> Path:
    """A folder no one may write into once it is set (0555): a stream that set it early would shut the others
    out, so the folders are set after all streams."""
    shut = tree / "read only"
    shut.mkdir()
    for i in range(6):
        (shut / f"r{i}.bin").write_bytes(os.urandom(40_000 * (i + 1)))
    os.chmod(shut, 0o555)
    os.utime(shut, (OLD, OLD))
    return shut


def _streams_seen(watching: threading.Event, seen: list[int]) -> None:
    """The most ssh processes of this copy running at one time (what `ps` shows)."""
    while not watching.is_set():
        count = 0
        for pid in os.listdir("/proc"):
            try:
                args = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            count += bool(args and args[0].endswith(b"ssh") and b"testhost" in args)
        seen.append(count)
        time.sleep(0.005)


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
@pytest.mark.parametrize("method", METHODS)
def test_parallel_streams_put_the_same_tree_there(sshd, keeps, storage: Path, method: str,  # noqa: F811
                                                  download: bool) -> None:
    tree = _with_folders(faithful_tree(storage / "src"))
    dest = storage / "dest"
    watching, seen = threading.Event(), []
    watcher = threading.Thread(target=_streams_seen, args=(watching, seen))
    watcher.start()
    try:
        out = cli_json("copy", "testhost", str(tree), "--dest", str(dest), "--method", method, "--streams", "3",
                       "--verify", "--ssh-config", str(sshd.ssh_config), *(["--download"] if download else []))
    finally:
        watching.set()
        watcher.join()
    assert "error" not in out, out
    assert out["options"]["streams"] == 3 and out["verification"].startswith("contents")
    assert out["command"].startswith("3 of these side by side")
    far = dest / tree.name
    assert snapshot(far) == snapshot(tree)
    assert_kept_as_declared(tree, far, keeps[method])
    # Folders keep their mode and time, though files went into them after tar or rsync had made them.
    assert os.stat(far / "closed").st_mode & 0o7777 == 0o750
    assert int(os.stat(far / "closed").st_mtime) == OLD
    assert max(seen) >= 2, "the parts did not run side by side"


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
def test_a_read_only_folder_is_set_after_all_streams(sshd, tmp_path: Path, download: bool) -> None:
    (tmp_path / "src").mkdir()
    tree = _with_folders(tmp_path / "src")
    shut = _read_only_folder(tree)
    dest = tmp_path / "dest"
    try:
        out = cli_json("copy", "testhost", str(tree), "--dest", str(dest), "--method", "tar-ssh", "--streams", "3",
                       "--ssh-config", str(sshd.ssh_config), *(["--download"] if download else []))
        assert "error" not in out, out
        far = dest / tree.name / shut.name
        assert snapshot(dest / tree.name) == snapshot(tree)
        assert os.stat(far).st_mode & 0o7777 == 0o555 and int(os.stat(far).st_mtime) == OLD
    finally:
        for folder in (shut, dest / tree.name / shut.name):
            if folder.exists():
                os.chmod(folder, 0o755)


def test_many_small_files_and_odd_names_on_streams(sshd, storage: Path) -> None:
    tree = make_tree(storage / "src", small_files=500, big_bytes=2 * 1024 * 1024)
    out = cli_json("copy", "testhost", str(tree), "--dest", str(storage / "dest"), "--method", "tar-ssh",
                   "--streams", "4", "--ssh-config", str(sshd.ssh_config))
    assert "error" not in out, out
    assert snapshot(storage / "dest" / tree.name) == snapshot(tree)


@pytest.mark.parametrize("args,said", [
    (["--method", "scp", "--streams", "2"], "scp cannot copy on parallel streams (--streams); choose one of: "),
    (["--method", "tar-ssh", "--streams", "0"], "the number of parallel streams must be a whole number from 1 to 16"),
    (["--method", "tar-ssh", "--streams", "17"], "the number of parallel streams must be a whole number from 1 to 16"),
    (["--best", "--streams", "2"], "--best chooses the number of parallel streams itself; drop --streams"),
])
def test_streams_that_cannot_be_are_one_sentence(sshd, tmp_path: Path, args: list[str], said: str) -> None:
    src = tmp_path / "one.txt"
    src.write_text("x")
    proc = cli("copy", "testhost", str(src), "--dest", str(tmp_path / "dest"), *args, "--ssh-config",
               str(sshd.ssh_config))
    assert proc.returncode == 2 and said in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr and not (tmp_path / "dest").exists()
