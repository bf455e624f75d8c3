"""Small and odd selections through every command against a real sshd, in RAM and on the real disk:
an empty folder, a 0-byte file, one 1 KB file, three tiny files. Each copy lands whole (checked at
the far side), each advice comes out (in seconds: too little to time a rate), and what cannot be
done is one sentence. Issue 9: these ended in "unexpected error (TypeError)" before."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.helpers import cli, cli_json, far_side, make_small, snapshot

METHODS = ["scp", "scp-legacy", "sftp", "rsync-ssh", "tar-ssh", "ssh-cat", "rsync-daemon", "tar-nc"]
SELECTIONS = ["empty folder", "zero.txt", "one.bin", "three tiny"]
ONE_FILE_ONLY = ("ssh cat (one file) cannot be used here: it copies exactly one regular file; the selection "
                 "is not one file.")


def landed(src: Path, dest: Path, method: str) -> None:
    """The far side holds exactly the selection, and nothing else is left beside it."""
    if src.is_dir():
        assert snapshot(dest / src.name) == far_side(src, method)
        assert (dest / src.name).is_dir()
    else:
        assert (dest / src.name).read_bytes() == src.read_bytes()
    assert os.listdir(dest) == [src.name]  # no staging or race folder left behind


def ssh(sshd) -> list[str]:
    return ["--ssh-config", str(sshd.ssh_config)]


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("name", SELECTIONS)
def test_copy_with_each_method(sshd, tmp_path: Path, name: str, method: str, download: bool) -> None:
    src, dest = make_small(tmp_path, name), tmp_path / "dest"
    proc = cli("copy", "testhost", str(src), "--dest", str(dest), "--method", method, "--allow-insecure",
               *(["--download"] if download else []), *ssh(sshd))
    if method == "ssh-cat" and src.is_dir():
        assert (proc.returncode, proc.stderr) == (1, f"transfer-advisor: {ONE_FILE_ONLY}\n")
        assert not dest.exists() or os.listdir(dest) == []
        return
    assert proc.returncode == 0, proc.stderr
    landed(src, dest, method)
    files = sum(1 for v in snapshot(src).values() if v[0] == "file") if src.is_dir() else 1
    copied = {0: "Copied 0 files, 0 B", 1: "Copied 1 file, ", 3: "Copied 3 files, 3 B"}[files]
    assert proc.stdout.startswith(copied) and "B/s" not in proc.stdout.splitlines()[0]


ON_DISK = [(name, method) for name in ("empty folder", "zero.txt", "three tiny")
           for method in ("sftp", "rsync-ssh", "tar-ssh", "tar-nc", "rsync-daemon")] + [("zero.txt", "ssh-cat")]


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
@pytest.mark.parametrize("name,method", ON_DISK)
def test_copy_on_the_real_disk(sshd, disk_tmp: Path, name: str, method: str, download: bool) -> None:
    """One method of each family again with source and destination on disk, where renames and fsync
    are real."""
    src, dest = make_small(disk_tmp, name), disk_tmp / "dest"
    out = cli_json("copy", "testhost", str(src), "--dest", str(dest), "--method", method, "--allow-insecure",
                   "--verify", *(["--download"] if download else []), *ssh(sshd))
    assert "error" not in out, out
    assert out["verified"] is True
    landed(src, dest, method)


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
@pytest.mark.parametrize("name", SELECTIONS)
def test_copy_best(sshd, storage: Path, name: str, download: bool) -> None:
    src, dest = make_small(storage, name), storage / "dest"
    out = cli_json("copy", "testhost", str(src), "--dest", str(dest), "--best", "--allow-insecure",
                   "--verify", *(["--download"] if download else []), *ssh(sshd))
    assert "error" not in out, out
    landed(src, dest, out["method"])


@pytest.mark.parametrize("name", SELECTIONS)
def test_advise_speaks_in_seconds(sshd, storage: Path, name: str) -> None:
    src, dest = make_small(storage, name), storage / "dest"
    out = cli_json("advise", "testhost", str(src), "--dest", str(dest), "--allow-insecure", "--race-seconds", "1",
                   *ssh(sshd))
    assert "error" not in out, out
    files = {"empty folder": "0 files", "zero.txt": "1 file", "one.bin": "1 file", "three tiny": "3 files"}[name]
    assert out["bottleneck"]["factor"] == "setup"
    assert out["bottleneck"]["sentence"].startswith(f"Your selection ({files}, ")
    assert "is too little to time the link with: " in out["bottleneck"]["sentence"]
    secure, overall = out["recommended"]["secure"], out["recommended"]["overall"]
    assert secure["reason"].endswith(".") and "B/s" not in secure["reason"] and secure["command"]
    assert overall["reason"].endswith(".") and "B/s" not in overall["reason"]
    # Laps that copied a few bytes time the whole copy; no rate is made up from them.
    assert all(r["measured_MBps"] is None and r["expected_seconds"] > 0 for r in out["ranking"])
    assert "Reading the selection: too little to time." in out["profile"]["notes"]
    assert not dest.exists() or os.listdir(dest) == []  # the race's scratch folder is gone


@pytest.mark.parametrize("args", [["--no-race"], ["--download"], ["--race", "1", "--race-seconds", "0.001"]],
                         ids=["no-race", "download", "shortest-race"])
def test_advise_variants_on_three_tiny_files(sshd, tmp_path: Path, args: list[str]) -> None:
    src = make_small(tmp_path, "three tiny")
    proc = cli("advise", "testhost", str(src), "--dest", str(tmp_path / "dest"), *args, *ssh(sshd))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Bottleneck: Your selection (3 files, 3 B) is too little to time the link with: ")
    assert "Recommended (secure): " in proc.stdout and "B/s" not in proc.stdout
    ranking = [line for line in proc.stdout.splitlines() if line.startswith("  1. ")]
    assert ranking and " takes " in ranking[0]


@pytest.mark.parametrize("name", ["empty folder", "one.bin"])
def test_profile_and_methods(sshd, tmp_path: Path, name: str) -> None:
    src = make_small(tmp_path, name)
    profile = cli("profile", "testhost", "--dest", str(tmp_path / "dest"), "--budget", "0.25", *ssh(sshd))
    methods = cli_json("methods", "testhost", "--dest", str(tmp_path / "dest"), "--allow-insecure",
                       *ssh(sshd))
    assert profile.returncode == 0 and "Measured in " in profile.stdout, profile.stderr
    assert {r["id"] for r in methods["methods"] if r["available"]} == set(METHODS) and src.exists()


def test_the_demo_commands_from_the_issue(tmp_path: Path) -> None:
    """`advise --demo FOLDER` on an empty folder and `copy --demo small.txt --best`, as the user ran them."""
    folder = make_small(tmp_path, "empty folder")
    small = tmp_path / "small.txt"
    small.write_bytes(b"hello\n")
    advise = cli("advise", "--demo", str(folder))
    copy = cli("copy", "--demo", str(small), "--best")
    assert advise.returncode == 0 and "unexpected error" not in advise.stderr, advise.stderr
    assert advise.stdout.startswith("Bottleneck: Your selection (0 files, 0 B) is too little to time the link")
    assert copy.returncode == 0, copy.stderr
    assert copy.stdout.startswith("Copied 1 file, 6 B in ") and "; verified: sizes." in copy.stdout
