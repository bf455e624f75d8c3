"""Resume, through the real CLI against a real sshd: a copy killed with SIGKILL in the middle (its tools
too) leaves nothing under a final name; running it again carries on, and what the host's side moved in
that second run (counted by the kernel, tests/cutting.py) is less than a whole copy's by at least what
was already staged whole; the far side's bytes are right and no staging folder is left. A different
selection, destination or direction never adopts another copy's staging folder, and --restart throws
it away."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from app.core.transfer.journal import NAME, Journal
from app.core.host.staging import PREFIX
from tests.cutting import complete_bytes, cut, make_album, measured, size_of, staged_bytes, written_before
from app.core.transfer.resume import CUT_BACK_KEEPS, DISTRUST
from tests.helpers import cli_json, far_side, final_names, snapshot
from tests.peers import SshServer, start_sshd

FAMILIES = ["tar-ssh", "tar-nc", "rsync-ssh", "rsync-daemon", "sftp", "scp"]
SLACK = 4 << 20  # what a resumed run reads besides the copy: the journal, listings, the megabyte before a cut


@pytest.fixture(scope="module")
def sshd(tmp_path_factory: pytest.TempPathFactory) -> SshServer:
    """This module's own sshd, which reaps every process of its connections, so that what they moved is all in
    its counts. (A helper's process whose parent ended first goes to init otherwise, now and then, and a run's
    count then lacks what it read: a whole copy counted 202 MB one time and 303 the next.)"""
    server = start_sshd(tmp_path_factory.mktemp("sshd"), reaps=True)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def album(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """8 photos of 12 MiB, a few small files and a folder: about 100 MB."""
    return make_album(tmp_path_factory.mktemp("resume-src") / "album 'x'", 8, 12 << 20)


@pytest.fixture(scope="module")
def movie(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("resume-movie") / "movie $(x).mkv"
    path.write_bytes(os.urandom(96 << 20))
    return written_before(path)


def args(sshd, source: Path, dest: Path, method: str, download: bool) -> list[str]:
    return ["copy", "testhost", str(source), "--dest", str(dest), "--method", method, "--allow-insecure",
            "--ssh-config", str(sshd.ssh_config), *(["--download"] if download else [])]


def run(sshd, source: Path, dest: Path, method: str, download: bool):
    """The copy, and what it moved: counted at the host's side, but this computer's for the rsync daemon,
    whose processes on the host outlive the connection's (tests/cutting.py)."""
    near = method == "rsync-daemon"
    return measured([*args(sshd, source, dest, method, download), "--json"], None if near else sshd.proc.pid,
                    download, dest.parent / f"io-{dest.name}")


def cut_and_resume(sshd, source: Path, tmp_path: Path, method: str, download: bool) -> tuple[dict, int, int, int]:
    """A whole copy, then the same copy cut at 40 % and run again: (the second run's output, what the host's
    side moved in the whole copy and in the second run, what was staged when it was cut)."""
    whole = run(sshd, source, tmp_path / "whole", method, download)
    assert whole.returncode == 0, whole.stdout + whole.stderr
    dest = tmp_path / "cut"
    cut(args(sshd, source, dest, method, download), dest, at=size_of(source) * 4 // 10)
    assert final_names(dest) == []  # nothing under its final name, not even a folder
    staged = staged_bytes(dest)
    again = run(sshd, source, dest, method, download)
    assert again.returncode == 0, again.stdout + again.stderr
    assert os.listdir(dest) == [source.name]  # placed, and its staging folder gone
    return json.loads(again.stdout), whole.moved, again.moved, staged


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
@pytest.mark.parametrize("method", FAMILIES)
def test_a_cut_copy_carries_on_and_moves_less(sshd, album: Path, tmp_path: Path, method: str, download: bool) -> None:
    dest = tmp_path / "cut"
    whole_run = run(sshd, album, tmp_path / "whole", method, download)
    assert whole_run.returncode == 0, whole_run.stdout + whole_run.stderr
    cut(args(sshd, album, dest, method, download), dest, at=size_of(album) * 4 // 10)
    assert final_names(dest) == []
    done = complete_bytes(album, dest)
    assert done > 0, "not one file was whole when the copy was cut"
    again = run(sshd, album, dest, method, download)
    assert again.returncode == 0, again.stdout + again.stderr
    out = json.loads(again.stdout)
    assert snapshot(dest / album.name) == far_side(album, method)
    if method == "rsync-daemon":  # rsync's own check covers what it wrote; what the cut run staged is hashed
        assert json.loads(whole_run.stdout)["verification"] == "contents (rsync)"
        assert out["verification"].startswith("contents (") and out["verification"] != "contents (rsync)"
    assert os.listdir(dest) == [album.name]
    again_note = ("tar over netcat (insecure) cannot send a list of files this way, so all of the selection was sent "
                  "again.")
    if (method, download) == ("tar-nc", True) and again_note in out["notes"]:
        # The host's tar reads no list through netcat's helper: where more than the file cut short is left,
        # it sends everything again, and says so. (Where the cut came in the last file, only that file is
        # left: it goes on from where it stopped, as below.)
        assert out["resumed"] == 0
        assert again.moved <= whole_run.moved + SLACK
        return
    assert again_note not in out["notes"]
    assert out["resumed"] > 0 and out["sent_bytes"] <= size_of(album) - done
    # Counted at this computer's side (rsync-daemon up: what it read), the resumed run's count holds its hashing
    # of every file placed, which the whole run left to rsync's own check.
    hashing = size_of(album) if (method, download) == ("rsync-daemon", False) else 0
    assert again.moved <= whole_run.moved - done + SLACK + hashing, (again.moved, whole_run.moved, done)


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
@pytest.mark.parametrize("method", ["ssh-cat", "tar-ssh", "sftp", "rsync-ssh"])
def test_a_file_cut_short_goes_on_from_where_it_stopped(sshd, movie: Path, tmp_path: Path, method: str,
                                                        download: bool) -> None:
    """One large file cut at 40 %: the next run sends the rest of it, not all of it."""
    out, whole, again, staged = cut_and_resume(sshd, movie, tmp_path, method, download)
    assert (tmp_path / "cut" / movie.name).read_bytes() == movie.read_bytes()
    assert staged >= movie.stat().st_size // 4
    assert out["resumed"] == 1 and out["sent_bytes"] <= movie.stat().st_size - staged + SLACK
    assert again <= whole - staged + 2 * SLACK, (again, whole, staged)


@pytest.mark.parametrize("spoilt", ["end", "end and before"])
def test_a_staged_file_whose_bytes_changed_is_cut_back_or_sent_again(sshd, movie: Path, tmp_path: Path,
                                                                     spoilt: str) -> None:
    """The bytes before the cut are compared with the source's first. A spoilt end (a tool's last buffer
    written wrong as it was stopped, a host that lost power) is cut back by DISTRUST and carried on from
    there (where that keeps CUT_BACK_KEEPS); a staged part that differs that far back too (a disk that lied) is
    not built on at all."""
    dest = tmp_path / "cut"
    cut(args(sshd, movie, dest, "ssh-cat", False), dest, at=movie.stat().st_size * 2 // 3)
    (stage,) = dest.glob(PREFIX + "*")
    staged = (stage / movie.name).stat().st_size
    assert staged - DISTRUST >= CUT_BACK_KEEPS  # enough kept to be worth carrying on
    with open(stage / movie.name, "r+b") as f:
        f.seek(-10, os.SEEK_END)
        f.write(b"0123456789")
        if spoilt == "end and before":
            f.seek(staged - DISTRUST - 10)
            f.write(b"0123456789")
    out = cli_json(*args(sshd, movie, dest, "ssh-cat", False))
    assert "error" not in out, out
    assert (dest / movie.name).read_bytes() == movie.read_bytes()
    if spoilt == "end":
        assert out["resumed"] == 1 and out["sent_bytes"] == movie.stat().st_size - (staged - DISTRUST)
    else:
        assert out["resumed"] == 0 and out["sent_bytes"] == movie.stat().st_size


def test_a_source_changed_since_the_cut_is_sent_again(sshd, movie: Path, tmp_path: Path) -> None:
    """A file edited after the cut (its time is newer than the copy's start) is not built on, even where
    the bytes before the cut still match: the edit may be anywhere."""
    source = tmp_path / "src" / movie.name
    source.parent.mkdir()
    source.write_bytes(movie.read_bytes())
    os.utime(source, (1_600_000_000, 1_600_000_000))
    dest = tmp_path / "cut"
    cut(args(sshd, source, dest, "tar-ssh", False), dest, at=source.stat().st_size // 3)
    with open(source, "r+b") as f:
        f.write(b"edited at the start")  # the time moves on with it
    out = cli_json(*args(sshd, source, dest, "tar-ssh", False))
    assert "error" not in out, out
    assert (dest / movie.name).read_bytes() == source.read_bytes()
    assert out["resumed"] == 0 and out["sent_bytes"] == source.stat().st_size


def test_another_selection_never_adopts_a_staging_folder(sshd, album: Path, tmp_path: Path) -> None:
    dest = tmp_path / "dest"
    cut(args(sshd, album, dest, "tar-ssh", False), dest, at=size_of(album) // 3)
    (kept,) = dest.glob(PREFIX + "*")
    journal = Journal.decode((kept / NAME).read_bytes())
    assert journal.sources == (str(album),) and journal.dest == str(dest) and journal.direction == "upload"
    assert journal.method == "tar-ssh"
    before = snapshot(kept)
    other = album.parent / "other"
    (other / "raw").mkdir(parents=True)
    (other / "raw" / "photo 1.jpg").write_bytes(b"another photo 1")
    out = cli_json(*args(sshd, other, dest, "tar-ssh", False))
    assert "error" not in out, out
    assert out["resumed"] == 0
    assert snapshot(dest / "other") == snapshot(other)
    assert snapshot(kept) == before  # the cut copy's staging folder, untouched
    # A folder of ours under the name this copy would use, with another copy's journal: not adopted.
    fake = Journal.of([str(album)], str(dest / "elsewhere"), False, "tar-ssh")
    mine = Journal.of([str(album)], str(dest), False, "tar-ssh")
    assert mine.folder == kept.name and fake.folder != kept.name
    (kept / NAME).write_bytes(fake.encode())
    (kept / album.name / "planted.txt").write_bytes(b"not from this copy")
    out = cli_json(*args(sshd, album, dest, "tar-ssh", False))
    assert "error" not in out, out
    assert out["resumed"] == 0 and not (dest / album.name / "planted.txt").exists()
    assert snapshot(dest / album.name) == snapshot(album)
    assert final_names(dest) == sorted(os.listdir(dest))


def test_restart_throws_away_what_a_cut_left(sshd, album: Path, tmp_path: Path) -> None:
    dest = tmp_path / "dest"
    cut(args(sshd, album, dest, "rsync-ssh", False), dest, at=size_of(album) // 3)
    out = cli_json(*args(sshd, album, dest, "rsync-ssh", False), "--restart")
    assert "error" not in out, out
    assert out["resumed"] == 0 and out["sent_bytes"] == size_of(album)
    assert snapshot(dest / album.name) == snapshot(album) and os.listdir(dest) == [album.name]
