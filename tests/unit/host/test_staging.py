"""Staging: a finished copy moves from its hidden folder into place, on this computer and on the
remote side (whose shell script is run here by a real `sh -c`, on hostile names): everything is
checked before the first item moves, a folder is never replaced, and a placing that fails half-way
says how far it got."""

from __future__ import annotations

import asyncio
import os
import shlex
import stat
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from app.core.errors import TransferError
from app.core.host.local_files import LocalFiles
from app.core.quoting import sh_command
from app.core.host.staging import (PREFIX, Records, local_prepare, remote_place_command, remote_prepare_command,
                              remote_remove_command, remote_rename_command)
from tests.unit.hostile import NAMES, assert_no_traps, snapshot

WHERE = "nas:/dest"


def sh(command: bytes, cwd: Path, stdin: bytes = b"") -> subprocess.CompletedProcess:
    """Run a remote command the way sshd does: the user's shell with `-c COMMAND`."""
    return subprocess.run(["sh", "-c", command.decode("utf-8", "surrogateescape")], cwd=cwd, input=stdin,
                          capture_output=True, timeout=30)


def write(path: Path, data: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(os.fsencode(data))


@pytest.fixture
def box(tmp_path: Path) -> Path:
    (tmp_path / "cwd").mkdir()
    yield tmp_path
    assert_no_traps(tmp_path)


def place(where: str, box: Path, stage: Path, dest: Path, records: Records) -> None:
    """Place through the remote script (`sh -c`) or on this computer (LocalFiles), raising as the app does."""
    if where == "local":
        asyncio.run(LocalFiles().place(str(stage), str(dest), records, WHERE))
        return
    if records.renames:
        done = sh(remote_rename_command(str(stage)), box / "cwd", records.rename_stdin())
        assert done.returncode == 0, done.stderr
    result = sh(remote_place_command(str(stage), str(dest)), box / "cwd", records.stdin())
    if result.returncode == 3:
        raise TransferError("conflict", "in the way: " + repr(result.stdout.split(b"\0")[:-1]))
    assert (result.returncode, result.stderr) == (0, b"")


def layout(dest: Path, stage: Path, name: str) -> list[tuple[str, str]]:
    """A folder `name` at the destination and the copy's version of it staged; the records that place
    the copy's new and changed items into it (as existing.plan makes them)."""
    write(dest / name / "old only", "old")
    write(dest / name / "both", "old version")
    write(stage / name / "both", "new version " + name)
    write(stage / name / ("new only " + name), "new")
    write(stage / name / "brand new folder" / name, "new folder")
    return [("r", f"{name}/both"), ("n", f"{name}/new only {name}"), ("n", f"{name}/brand new folder")]


@pytest.mark.parametrize("where", ["local", "remote"])
def test_place_new_items_and_replaced_files_into_merged_folders(box, where):
    dest = box / "dest"
    stage = dest / (PREFIX + "0a1b2c3d")
    items = []
    for name in ["photos", *NAMES]:
        items += layout(dest, stage, name)
    write(dest / "notes.txt", "old notes")
    write(stage / "notes.txt", "new notes")
    write(stage / "first time.txt", "new file")
    write(stage / ".transfer-advisor-journal.json", "{}")  # the journal never moves into the destination
    items += [("r", "notes.txt"), ("n", "first time.txt")]
    place(where, box, stage, dest, Records([], items))
    for name in ["photos", *NAMES]:
        n = os.fsencode(name)
        assert snapshot(str(dest / name)) == {
            n: ("dir", b""), n + b"/old only": ("file", b"old"), n + b"/both": ("file", b"new version " + n),
            n + b"/new only " + n: ("file", b"new"), n + b"/brand new folder": ("dir", b""),
            n + b"/brand new folder/" + n: ("file", b"new folder")}, repr(name)
    assert (dest / "notes.txt").read_text() == "new notes"
    assert (dest / "first time.txt").read_text() == "new file"
    assert not stage.exists()
    assert sorted(os.listdir(dest)) == sorted(["photos", *NAMES, "notes.txt", "first time.txt"])


@pytest.mark.parametrize("where", ["local", "remote"])
@pytest.mark.parametrize("case", ["appeared", "folder-for-file", "file-for-folder", "parent-gone"])
def test_something_in_the_way_stops_placing_before_anything_moves(box, where, case):
    dest, stage = box / "dest", box / "dest" / ".stage"
    write(stage / "a first.txt", "first")
    write(stage / "b second" / "inner", "second")
    write(stage / "c third.txt", "third")
    (dest / "keep").mkdir()
    items = [("n", "a first.txt"), ("n", "b second"), ("r", "c third.txt")]
    if case == "appeared":
        write(dest / "b second", "turned up meanwhile")
    elif case == "folder-for-file":
        (dest / "c third.txt").mkdir()
    elif case == "file-for-folder":
        write(dest / "b second", "a file where the copy puts a folder")
    else:
        items.append(("n", "keep/gone/x"))
        write(stage / "keep" / "gone" / "x", "x")
    before = snapshot(str(dest))
    with pytest.raises(TransferError) as err:
        place(where, box, stage, dest, Records([], items))
    assert err.value.kind == "conflict"
    assert not (dest / "a first.txt").exists()  # the first item was not placed either
    assert {k: v for k, v in snapshot(str(dest)).items() if b".stage" not in k} == \
        {k: v for k, v in before.items() if b".stage" not in k}
    assert (stage / "a first.txt").exists()  # kept for the next run


def test_the_sentence_names_what_turned_up(box):
    dest, stage = box / "dest", box / "dest" / ".stage"
    for n in range(5):
        write(stage / f"f{n}", "x")
        write(dest / f"f{n}", "there")
    with pytest.raises(TransferError) as err:
        asyncio.run(LocalFiles().place(str(stage), str(dest), Records([], [("n", f"f{n}") for n in range(5)]), WHERE))
    assert err.value.sentence == ("Something turned up at nas:/dest while copying ('f0', 'f1', 'f2' and 2 more), so "
                                  "nothing was placed; what was copied is kept: run the same copy again to decide "
                                  "about it.")


@pytest.mark.parametrize("where", ["local", "remote"])
def test_keep_both_renames_inside_the_staging_folder_first(box, where):
    dest, stage = box / "dest", box / "dest" / ".stage"
    write(dest / "album" / "photo.jpg", "theirs")
    write(stage / "album" / "photo.jpg", "ours")
    write(dest / "it's $(x).txt", "theirs too")
    write(stage / "it's $(x).txt", "ours too")
    records = Records([("album/photo.jpg", "album/photo (2).jpg"), ("it's $(x).txt", "it's $(x) (2).txt")],
                      [("n", "album/photo (2).jpg"), ("n", "it's $(x) (2).txt")])
    place(where, box, stage, dest, records)
    assert (dest / "album" / "photo.jpg").read_text() == "theirs"
    assert (dest / "album" / "photo (2).jpg").read_text() == "ours"
    assert (dest / "it's $(x) (2).txt").read_text() == "ours too"
    assert (dest / "it's $(x).txt").read_text() == "theirs too"


def test_a_placing_that_fails_half_way_says_how_far_it_got(box, tmpfs):
    """A move that fails after the check (here: the second item's staged folder is another filesystem,
    so it cannot be renamed) reports what was placed and keeps the rest."""
    dest, stage = box / "dest", box / "dest" / ".stage"
    write(stage / "one.txt", "1")
    (dest / "sub").mkdir()
    (stage / "sub").mkdir()
    other = tmpfs("other", "size=1m")
    os.rmdir(stage / "sub")
    (stage / "sub").symlink_to(other)  # what is staged under sub/ lives elsewhere
    write(other / "two.txt", "2")
    with pytest.raises(TransferError) as err:
        asyncio.run(LocalFiles().place(str(stage), str(dest), Records([], [("n", "one.txt"), ("n", "sub/two.txt")]),
                                       WHERE))
    assert err.value.kind == "failed"
    assert err.value.sentence == ("Moving the copy into place at nas:/dest failed at 'sub/two.txt' after 1 item of 2 "
                                  "were placed; the rest are kept: run the same copy again to place them.")
    assert (dest / "one.txt").read_text() == "1" and (other / "two.txt").exists()


def test_remote_prepare_and_remove_on_a_hostile_path(box):
    dest = box / "dest" / "\n".join(NAMES)
    result = sh(remote_prepare_command(str(dest), ".transfer-advisor-partial-0a1b2c3d"), box / "cwd")
    assert (result.returncode, result.stderr) == (0, b"")
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


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=300),
       st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=300))
def test_a_new_folder_gets_its_small_files_in_the_same_command(tmp_path_factory, journal: str, marker: str) -> None:
    # A journal and an owner marker go in with the staging folder: one command on the host, whatever they hold
    # (%, backslashes, line breaks, a leading dash), written byte for byte.
    base = tmp_path_factory.mktemp("prepare")
    files = [(".transfer-advisor-journal.json", journal.encode()), (".transfer-advisor-owner", marker.encode())]
    done = sh(remote_prepare_command(str(base / "dest dir"), f"{PREFIX}stage", files), base)
    assert done.returncode == 0, done.stderr
    stage = base / "dest dir" / f"{PREFIX}stage"
    assert stat.S_IMODE(stage.stat().st_mode) == 0o700
    assert {p.name: p.read_bytes() for p in stage.iterdir()} == dict(files)


def test_a_stage_that_is_there_already_is_not_taken_over(tmp_path: Path) -> None:
    (tmp_path / "dest" / f"{PREFIX}stage").mkdir(parents=True)
    done = sh(remote_prepare_command(str(tmp_path / "dest"), f"{PREFIX}stage", [("x", b"ours")]), tmp_path)
    assert done.returncode != 0 and not (tmp_path / "dest" / f"{PREFIX}stage" / "x").exists()


def test_a_staging_folder_is_looked_for_and_made_in_one_command(tmp_path: Path) -> None:
    from app.core.host.staging import remote_open_or_make_command
    dest, stage = tmp_path / "dest", f"{PREFIX}0a1b"
    files = [("journal.json", b'{"sources": ["a b"]}\n'), ("owner", b"pid 7\n")]
    made = sh(remote_open_or_make_command(str(dest), stage, "journal.json", 1 << 20, files), tmp_path)
    assert (made.returncode, made.stdout) == (0, b"n")  # not there: made, with its files
    assert {p.name: p.read_bytes() for p in (dest / stage).iterdir()} == dict(files)
    assert stat.S_IMODE((dest / stage).stat().st_mode) == 0o700
    again = sh(remote_open_or_make_command(str(dest), stage, "journal.json", 1 << 20, [("owner", b"pid 8\n")]),
               tmp_path)
    assert (again.returncode, again.stdout) == (0, b'y{"sources": ["a b"]}\n')  # there: its journal, untouched
    assert (dest / stage / "owner").read_bytes() == b"pid 7\n"
    marked = sh(remote_open_or_make_command(str(dest), stage, "journal.json", 1 << 20, files, ("owner", b"pid 9\n")),
                tmp_path)
    assert (marked.returncode, marked.stdout) == (0, b'y{"sources": ["a b"]}\n')  # carried on: marked as this run's
    assert (dest / stage / "owner").read_bytes() == b"pid 9\n"
    assert (dest / stage / "journal.json").read_bytes() == files[0][1]
    (dest / stage / "journal.json").unlink()
    bare = sh(remote_open_or_make_command(str(dest), stage, "journal.json", 1 << 20, files), tmp_path)
    assert (bare.returncode, bare.stdout) == (0, b"y")  # there without a journal: not ours to carry on
    (tmp_path / "file").write_bytes(b"")
    blocked = sh(remote_open_or_make_command(str(tmp_path / "file" / "dest"), stage, "j", 10, files), tmp_path)
    assert blocked.returncode != 0 and blocked.stdout == b""  # cannot be made: an error, no answer
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (dest / f"{PREFIX}link").symlink_to(elsewhere)
    linked = sh(remote_open_or_make_command(str(dest), f"{PREFIX}link", "j", 10, files, ("owner", b"pid 9\n")),
                tmp_path)
    assert (linked.returncode, linked.stdout) == (0, b"y")
    assert list(elsewhere.iterdir()) == []  # nothing written through the link
    (dest / stage / "taken").mkdir()  # a folder where the marker would go: it cannot be written, root or not
    unwritable = sh(remote_open_or_make_command(str(dest), stage, "journal.json", 1 << 20, files, ("taken", b"x")),
                    tmp_path)
    assert (unwritable.returncode, unwritable.stdout) == (0, b"y")  # a marker not written is no error
