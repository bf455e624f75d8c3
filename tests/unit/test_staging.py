"""Staging: a finished copy moves from its hidden folder into place, locally and on the remote
side (whose shell command is run here by a real `sh -c`, on hostile names)."""

from __future__ import annotations

import os
import shlex
import stat
import subprocess
from pathlib import Path

import pytest

from app.core.errors import TransferError
from app.core.staging import (PREFIX, local_finalize, local_prepare, remote_finalize_command,
                              remote_prepare_command, remote_remove_command, sh_command, staging_name)
from tests.unit.hostile import NAMES, assert_no_traps, snapshot


def sh(command: bytes, cwd: Path) -> subprocess.CompletedProcess:
    """Run a remote command the way sshd does: the user's shell with `-c COMMAND`."""
    return subprocess.run(["sh", "-c", command.decode("utf-8", "surrogateescape")], cwd=cwd,
                          capture_output=True, text=True, timeout=30)


def write(path: Path, data: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(os.fsencode(data))


def layout(dest: Path, stage: Path, name: str) -> None:
    """An existing folder `name` at the destination, and a newer copy of it in the stage."""
    write(dest / name / "old only", "old")
    write(dest / name / "both", "old version")
    write(dest / name / "sub" / "old deep", "old deep")
    write(stage / name / "both", "new version " + name)
    write(stage / name / ("new only " + name), "new")
    write(stage / name / "sub" / name, "new deep")
    write(stage / name / "brand new folder" / name, "new folder")
    (stage / name / "empty new folder").mkdir()


def expected_after(name: str) -> dict[bytes, tuple[str, bytes]]:
    n = os.fsencode(name)
    return {
        n: ("dir", b""),
        n + b"/old only": ("file", b"old"),
        n + b"/both": ("file", b"new version " + n),
        n + b"/new only " + n: ("file", b"new"),
        n + b"/sub": ("dir", b""),
        n + b"/sub/old deep": ("file", b"old deep"),
        n + b"/sub/" + n: ("file", b"new deep"),
        n + b"/brand new folder": ("dir", b""),
        n + b"/brand new folder/" + n: ("file", b"new folder"),
        n + b"/empty new folder": ("dir", b""),
    }


@pytest.fixture
def box(tmp_path: Path) -> Path:
    (tmp_path / "cwd").mkdir()
    yield tmp_path
    assert_no_traps(tmp_path)


def test_staging_name():
    name = staging_name()
    assert name.startswith(PREFIX) and len(name) == len(PREFIX) + 8 and name != staging_name()


@pytest.mark.parametrize("where", ["local", "remote"])
def test_finalize_merges_folders_and_replaces_files(box, where):
    dest = box / "dest"
    stage = dest / ".transfer-advisor-partial-0a1b2c3d"
    names = ["photos", *NAMES]
    for name in names:
        layout(dest, stage, name)
    write(dest / "notes.txt", "old notes")
    write(stage / "notes.txt", "new notes")
    write(stage / "first time.txt", "new file")
    names += ["notes.txt", "first time.txt"]
    if where == "local":
        local_finalize(str(stage), str(dest), names)
    else:
        result = sh(remote_finalize_command(str(stage), str(dest), names), box / "cwd")
        assert (result.returncode, result.stderr) == (0, "")
    for name in ["photos", *NAMES]:
        assert snapshot(str(dest / name)) == expected_after(name), repr(name)
    assert (dest / "notes.txt").read_text() == "new notes"
    assert (dest / "first time.txt").read_text() == "new file"
    assert not stage.exists()
    assert sorted(os.listdir(dest)) == sorted(names)


def _conflict_cases(dest: Path, stage: Path) -> list[tuple[str, str]]:
    write(dest / "photos", "a file where the copy has a folder")
    write(stage / "photos" / "a.jpg", "a")
    (dest / "notes.txt").mkdir(parents=True)
    write(stage / "notes.txt", "a file where the destination has a folder")
    return [("photos", "a file is in the way of photos"), ("notes.txt", "a folder is in the way of notes.txt")]


@pytest.mark.parametrize("case", [0, 1])
def test_local_finalize_conflict(box, case):
    dest, stage = box / "dest", box / "dest" / ".stage"
    name, _ = _conflict_cases(dest, stage)[case]
    before = snapshot(str(dest / name))
    with pytest.raises(TransferError) as err:
        local_finalize(str(stage), str(dest), [name])
    assert err.value.kind == "conflict"
    assert err.value.sentence == (f"{dest / name} is in the way (a file where a folder goes, or the other way "
                                  "round); move it aside and copy again.")
    assert snapshot(str(dest / name)) == before  # nothing at the destination was replaced


@pytest.mark.parametrize("case", [0, 1])
def test_remote_finalize_conflict(box, case):
    dest, stage = box / "dest", box / "dest" / ".stage"
    name, message = _conflict_cases(dest, stage)[case]
    before = snapshot(str(dest / name))
    result = sh(remote_finalize_command(str(stage), str(dest), [name]), box / "cwd")
    assert (result.returncode, result.stderr) == (3, f"conflict: {message}\n")
    assert snapshot(str(dest / name)) == before
    assert stage.exists()  # kept for the app to remove (it knows the copy failed)


def test_local_finalize_conflict_deep_inside_a_merged_folder(box):
    dest, stage = box / "dest", box / "dest" / ".stage"
    (dest / "photos" / "2024").mkdir(parents=True)
    write(stage / "photos" / "2024", "a file where the destination has a folder")
    with pytest.raises(TransferError) as err:
        local_finalize(str(stage), str(dest), ["photos"])
    assert err.value.kind == "conflict"
    assert (dest / "photos" / "2024").is_dir() and os.listdir(dest / "photos" / "2024") == []


def test_remote_finalize_conflict_deep_inside_a_merged_folder(box):
    dest, stage = box / "dest", box / "dest" / ".stage"
    (dest / "photos" / "2024").mkdir(parents=True)
    write(stage / "photos" / "2024", "a file where the destination has a folder")
    result = sh(remote_finalize_command(str(stage), str(dest), ["photos"]), box / "cwd")
    assert result.returncode == 3
    assert os.listdir(dest / "photos" / "2024") == []


def test_remote_prepare_and_remove_on_a_hostile_path(box):
    dest = box / "dest" / "\n".join(NAMES)
    result = sh(remote_prepare_command(str(dest), ".transfer-advisor-partial-0a1b2c3d"), box / "cwd")
    assert (result.returncode, result.stderr) == (0, "")
    stage = dest / ".transfer-advisor-partial-0a1b2c3d"
    assert stat.S_IMODE(stage.stat().st_mode) == 0o700  # only the owner sees a half-done copy
    # Preparing twice fails rather than sharing a staging folder with another copy.
    assert sh(remote_prepare_command(str(dest), ".transfer-advisor-partial-0a1b2c3d"), box / "cwd").returncode != 0
    assert sh(remote_remove_command(str(stage)), box / "cwd").returncode == 0
    assert dest.is_dir() and not stage.exists()
    assert sh(remote_prepare_command(str(box / "-x" / "y"), None), box / "cwd").returncode == 0
    assert (box / "-x" / "y").is_dir()


def test_local_prepare(box):
    local_prepare(str(box / "a" / "b"), ".stage")
    assert stat.S_IMODE((box / "a" / "b" / ".stage").stat().st_mode) == 0o700
    write(box / "file", "x")
    with pytest.raises(TransferError) as err:
        local_prepare(str(box / "file" / "sub"), None)
    assert err.value.kind == "dest-unwritable"
    assert err.value.sentence.startswith(f"Cannot write to {box / 'file' / 'sub'} (")


def test_sh_command_quotes_every_argument():
    args = ["/srv/$(touch PWNED)", "-x", "it's", "new\nline", NAMES[8]]
    command = sh_command('printf "%s\\n" "$@"', *args)
    assert shlex.split(command.decode("utf-8", "surrogateescape")) == ["sh", "-c", 'printf "%s\\n" "$@"', "sh", *args]
    assert b"\xe9\xff" in command  # undecodable bytes go out as the same bytes
