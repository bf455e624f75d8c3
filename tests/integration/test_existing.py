"""Files already at the destination, through the real CLI against a real sshd: a copy into changed
files stops before a byte moves and says so in one sentence; each --existing choice does what it says;
identical files are not sent again; placing several names is all or nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.core.errors import TransferError
from app.core.events import Phase
from app.core.transfer.existing import Existing
from app.core.host.hosts import HostSpec
from app.core.host.ssh_command import Options
from app.core.host.session import Session
from app.core.host.staging import PREFIX
from app.core.transfer.engine import CopyRequest, copy
from tests.helpers import cli, cli_json, snapshot

OLD, NEW = 1_600_000_000, 1_700_000_000


def staging_folders(dest: Path) -> list[str]:
    return [p.name for p in dest.iterdir() if p.name.startswith(PREFIX)]


def write(path: Path, data: bytes, mtime: int = NEW) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    os.utime(path, (mtime, mtime))


@pytest.fixture
def album(tmp_path: Path) -> Path:
    """The copy: album/ with a changed photo, a photo older than the one there, an identical one, a new one."""
    src = tmp_path / "src" / "album"
    write(src / "changed.jpg", b"the copy's newer changed photo")
    write(src / "older.jpg", b"the copy's older photo", OLD)
    write(src / "same.jpg", b"identical on both sides")
    write(src / "new" / "fresh.jpg", b"only in the copy")
    return src


@pytest.fixture
def dest(tmp_path: Path) -> Path:
    """What the destination holds already."""
    dest = tmp_path / "dest"
    write(dest / "album" / "changed.jpg", b"the old photo there", OLD)
    write(dest / "album" / "older.jpg", b"the newer one there", NEW)
    write(dest / "album" / "same.jpg", b"identical on both sides")
    write(dest / "album" / "theirs.jpg", b"only at the destination")
    return dest


def run(sshd, album: Path, dest: Path, *extra: str, method: str = "tar-ssh") -> dict:
    return cli_json("copy", "testhost", str(album), "--dest", str(dest), "--method", method,
                    "--ssh-config", str(sshd.ssh_config), "--allow-insecure", *extra)


def test_a_copy_into_changed_files_stops_with_one_sentence(sshd, album: Path, dest: Path) -> None:
    before = snapshot(dest)
    proc = cli("copy", "testhost", str(album), "--dest", str(dest), "--method", "tar-ssh",
               "--ssh-config", str(sshd.ssh_config))
    assert proc.returncode == 1
    assert proc.stderr == (f"transfer-advisor: 2 items of the copy are already at testhost:{dest} and differ "
                           "('album/changed.jpg', 'album/older.jpg'); nothing was copied: add --existing skip, "
                           "replace, newer or rename (keep both).\n")
    assert snapshot(dest) == before and staging_folders(dest) == []  # not a byte moved, nothing staged


@pytest.mark.parametrize("method", ["tar-ssh", "rsync-ssh", "sftp", "scp", "tar-nc", "rsync-daemon"])
@pytest.mark.parametrize("policy", ["skip", "replace", "newer", "rename"])
def test_each_choice_does_what_it_says(sshd, album: Path, dest: Path, policy: str, method: str) -> None:
    out = run(sshd, album, dest, "--existing", policy, method=method)
    assert "error" not in out, out
    got = {p: v[1] for p, v in snapshot(dest / "album").items() if v[0] == "file"}
    expected = {"same.jpg": b"identical on both sides", "theirs.jpg": b"only at the destination",
                "new/fresh.jpg": b"only in the copy",
                "changed.jpg": b"the old photo there", "older.jpg": b"the newer one there"}
    if policy in ("replace", "newer"):
        expected["changed.jpg"] = b"the copy's newer changed photo"
    if policy == "replace":
        expected["older.jpg"] = b"the copy's older photo"
    if policy == "rename":
        expected |= {"changed (2).jpg": b"the copy's newer changed photo", "older (2).jpg": b"the copy's older photo"}
    assert got == expected
    counts = {"skip": (0, 2, 0), "replace": (2, 0, 0), "newer": (1, 1, 0), "rename": (0, 0, 2)}[policy]
    assert (out["existing"]["replaced"], out["existing"]["skipped"], out["existing"]["renamed"]) == counts
    assert out["existing"]["identical"] == 1 and out["verified"] is True
    assert staging_folders(dest) == []


def test_identical_files_are_not_sent_again(sshd, album: Path, tmp_path: Path) -> None:
    """A second run of a finished copy sends nothing: every file there is the one it was."""
    dest = tmp_path / "again"
    first = run(sshd, album, dest)
    assert "error" not in first, first
    seen = {p: os.stat(p) for p in (dest / "album").rglob("*")}
    again = run(sshd, album, dest, "--verify")  # identical by their contents too
    assert "error" not in again, again
    assert again["sent_bytes"] == 0 and again["existing"]["identical"] == 4
    assert {p: (os.stat(p).st_ino, os.stat(p).st_mtime_ns, os.stat(p).st_ctime_ns) for p in seen} == \
        {p: (s.st_ino, s.st_mtime_ns, s.st_ctime_ns) for p, s in seen.items()}  # not one touched
    assert staging_folders(dest) == []


def test_same_size_and_time_but_other_contents_is_a_clash_with_verify(sshd, album: Path, dest: Path) -> None:
    write(dest / "album" / "same.jpg", b"identical ON BOTH sides")  # same size, same time
    out = run(sshd, album, dest, "--verify", "--existing", "skip")
    assert out["existing"] == {"identical": 0, "replaced": 0, "skipped": 3, "renamed": 0}


def test_a_file_where_the_copy_has_a_folder_is_never_replaced(sshd, album: Path, tmp_path: Path) -> None:
    dest = tmp_path / "d"
    write(dest / "album" / "new", b"a file named like the copy's folder")
    failed = run(sshd, album, dest, "--existing", "replace")
    assert failed["kind"] == "conflict"
    assert failed["error"] == (f"At testhost:{dest}, 'album/new' is a file where the copy has a folder, which is "
                               "never replaced; nothing was copied: move it aside, or add --existing skip or rename "
                               "(keep both).")
    kept = run(sshd, album, dest, "--existing", "rename")
    assert "error" not in kept, kept
    assert (dest / "album" / "new").read_bytes() == b"a file named like the copy's folder"
    assert (dest / "album" / "new (2)" / "fresh.jpg").read_bytes() == b"only in the copy"


@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
async def test_something_turning_up_during_the_copy_places_nothing(sshd, tmp_path: Path, download: bool) -> None:
    """Two names copied; while the copy runs, the second one appears at the destination: the first is not
    placed either, the copy says so, and what was sent is kept: the next run (keeping both) places both."""
    src = tmp_path / "src"
    write(src / "a first.txt", b"first")
    write(src / "b second" / "inner.txt", b"second")
    dest = tmp_path / "dest"
    dest.mkdir()

    def emit(event) -> None:
        if isinstance(event, Phase) and event.name == "copying":
            write(dest / "b second", b"someone else's file, just now")

    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(dest))
    try:
        request = CopyRequest([str(src / "a first.txt"), str(src / "b second")], str(dest), "tar-ssh",
                              Options(download=download))
        with pytest.raises(TransferError) as info:
            await copy(session, request, emit)
        assert info.value.kind == "conflict"
        assert "'b second'" in info.value.sentence and "nothing was placed" in info.value.sentence
        assert sorted(os.listdir(dest)) == sorted(["b second", *staging_folders(dest)])  # 'a first.txt' is not
        assert len(staging_folders(dest)) == 1
        result = await copy(session, CopyRequest(request.sources, str(dest), "tar-ssh", Options(download=download),
                                                 existing=Existing.RENAME))
    finally:
        await session.close()
    assert result.resumed == 2 and result.sent_bytes == 0  # both files were staged already (folders are listed again)
    assert (dest / "a first.txt").read_bytes() == b"first"
    assert (dest / "b second").read_bytes() == b"someone else's file, just now"
    assert (dest / "b second (2)" / "inner.txt").read_bytes() == b"second"
    assert staging_folders(dest) == []


async def test_the_window_is_asked_once_and_its_answer_is_followed(sshd, album: Path, dest: Path) -> None:
    asked = []

    async def decide(placement, where):
        asked.append(([c.path for c in placement.clashes], placement.identical, where))
        return Existing.SKIP

    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(dest))
    try:
        result = await copy(session, CopyRequest([str(album)], str(dest), "tar-ssh"), decide=decide)
        with pytest.raises(TransferError) as info:  # no answer: nothing is copied
            await copy(session, CopyRequest([str(album)], str(dest), "tar-ssh"), decide=_no_answer)
    finally:
        await session.close()
    assert asked == [(["album/changed.jpg", "album/older.jpg"], ["album/same.jpg"], f"testhost:{dest}")]
    assert result.existing == {"identical": 1, "replaced": 0, "skipped": 2, "renamed": 0}
    assert info.value.kind == "cancelled"


async def _no_answer(placement, where):
    return None
