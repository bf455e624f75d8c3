"""Update and mirror through the real CLI against a real sshd: --update sends only what is new or changed
and leaves newer files there; --mirror changes nothing until told it may delete (it says what it would
and exits 3), --dry-run lists everything and changes nothing, and with --yes-delete the copied folder at
the destination ends equal to the source: odd names, a link there pointing outside (removed as a link, its
target kept), nothing beside the selection's names touched, on an SFTP-only host, a BusyBox box and a dash
login too."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.core.errors import TransferError
from app.core.transfer.existing import Existing
from app.core.host.hosts import HostSpec
from app.core.host.session import Session
from app.core.transfer.engine import CopyRequest, copy
from tests.helpers import HOSTILE_NAMES, cli, cli_json, snapshot
from tests.integration.test_existing import NEW, OLD, staging_folders, write


@pytest.fixture
def src(tmp_path: Path) -> Path:
    """The folder kept backed up: album/ with a photo changed since the last copy, one unchanged, a new one."""
    album = tmp_path / "src" / "album"
    write(album / "changed.jpg", b"changed since the last backup")
    write(album / "same.jpg", b"unchanged")
    write(album / "sub" / "fresh.jpg", b"new since the last backup")
    write(album / "keep" / "inner.txt", b"in a folder on both sides")
    return album


def backed_up(dest: Path, outside: Path) -> Path:
    """The destination as the last backup left it, and what happened there since: files and folders the
    source no longer has (odd names among them), a link to a folder outside, and things beside the album."""
    album = dest / "album"
    write(album / "changed.jpg", b"the last backup's photo", OLD)
    write(album / "same.jpg", b"unchanged")
    write(album / "keep" / "inner.txt", b"in a folder on both sides")
    write(album / "keep" / "stale.txt", b"deleted at the source")
    for name in HOSTILE_NAMES:  # a folder of them, and each one directly in the album
        write(album / "odd" / name, b"deleted at the source")
        write(album / name, b"deleted at the source")
    write(album / ".transfer-advisor-race-old" / "f", b"a folder named like the app's own: never deleted")
    write(outside / "precious.txt", b"outside the destination")
    os.symlink(outside, album / "link out")
    os.symlink(outside / "precious.txt", album / "keep" / "file link")
    write(dest / "beside.txt", b"not part of the selection")
    write(dest / "album2" / "other.txt", b"a name that only starts like the album")
    (dest / ".transfer-advisor-partial-not-ours").mkdir()
    return dest


def copy_cli(sshd, src: Path, dest: Path | str, *extra: str, method: str = "tar-ssh"):
    return cli("copy", "testhost", str(src), "--dest", str(dest), "--method", method,
               "--ssh-config", str(sshd.ssh_config), *extra)


def copy_json(sshd, src: Path, dest: Path | str, *extra: str, method: str = "tar-ssh") -> dict:
    return cli_json("copy", "testhost", str(src), "--dest", str(dest), "--method", method,
                    "--ssh-config", str(sshd.ssh_config), *extra)


def album_now(dest: Path) -> dict:
    """The album at the destination, but for the folder named like the app's own (which stays)."""
    return {p: v for p, v in snapshot(dest / "album").items() if not p.startswith(".transfer-advisor-")}


def beside(dest: Path) -> dict:
    """Everything at the destination but the album."""
    return {p: v for p, v in snapshot(dest).items() if p.split("/")[0] != "album"}


@pytest.mark.parametrize("method", ["tar-ssh", "rsync-ssh", "sftp"])
def test_update_sends_only_what_is_new_or_changed(sshd, src: Path, tmp_path: Path, method: str) -> None:
    dest = tmp_path / "dest"
    write(dest / "album" / "changed.jpg", b"the last backup's photo", OLD)
    write(dest / "album" / "same.jpg", b"unchanged")
    write(dest / "album" / "keep" / "inner.txt", b"in a folder on both sides")
    write(src / "newer there.txt", b"old at the source", OLD)
    write(dest / "album" / "newer there.txt", b"edited at the destination since", NEW)
    out = copy_json(sshd, src, dest, "--update", method=method)
    assert "error" not in out, out
    assert out["sent_bytes"] == len(b"changed since the last backup") + len(b"new since the last backup")
    assert out["changes"] == {"unchanged": 2, "updated": 1, "new": 1, "newer_there": 1}
    assert "Updated: 2 unchanged, 1 updated, 1 new; 1 item newer at the destination left as it was." in out["notes"]
    assert (dest / "album" / "changed.jpg").read_bytes() == b"changed since the last backup"
    assert (dest / "album" / "newer there.txt").read_bytes() == b"edited at the destination since"
    assert (dest / "album" / "sub" / "fresh.jpg").read_bytes() == b"new since the last backup"
    assert "deleted" not in out and staging_folders(dest) == []
    again = copy_json(sshd, src, dest, "--update", method=method)
    assert again["sent_bytes"] == 0 and again["changes"]["updated"] == again["changes"]["new"] == 0


def test_a_mirror_without_a_yes_changes_nothing_and_says_what_it_would_delete(sshd, src: Path,
                                                                              tmp_path: Path) -> None:
    dest = backed_up(tmp_path / "dest", tmp_path / "outside")
    before = snapshot(dest)
    proc = copy_cli(sshd, src, dest, "--mirror", "--existing", "replace")
    assert proc.returncode == 3, proc.stderr
    assert proc.stderr.startswith(f"transfer-advisor: Making testhost:{dest} match would delete 14 items (21 files, ")
    assert proc.stderr.endswith("and 11 more; nothing was copied or deleted: add --yes-delete to delete them, or "
                                "--dry-run to list them all.\n")
    out = copy_json(sshd, src, dest, "--mirror", "--existing", "replace")
    assert out["kind"] == "confirm-delete" and out["would_delete"]["count"] == 14
    assert "album/link out" in out["would_delete"]["items"] and "album/keep/stale.txt" in out["would_delete"]["items"]
    assert snapshot(dest) == before and staging_folders(dest) == [".transfer-advisor-partial-not-ours"]
    best = cli("copy", "testhost", str(src), "--dest", str(dest), "--best", "--race-seconds", "0.5",
               "--ssh-config", str(sshd.ssh_config), "--mirror", "--update")
    assert best.returncode == 3 and "would delete 14 items" in best.stderr  # said before the race, too
    assert snapshot(dest) == before


def test_a_dry_run_lists_all_it_would_send_and_delete_and_changes_nothing(sshd, src: Path, tmp_path: Path) -> None:
    dest = backed_up(tmp_path / "dest", tmp_path / "outside")
    before = snapshot(dest)
    proc = copy_cli(sshd, src, dest, "--mirror", "--existing", "replace", "--dry-run")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == f"Would send 2 items, 54 B, to testhost:{dest} (2 unchanged, not sent again):"
    assert "  send    'album/changed.jpg'" in lines and "  send    'album/sub/fresh.jpg'" in lines
    assert "  delete  'album/link out' (a link to " + repr(str(tmp_path / "outside")) + ")" in lines
    assert "  delete  'album/odd' (a folder: 10 files, 210 B)" in lines
    assert "  delete  'album/new\\nline.txt' (21 B)" in lines and "  delete  'album/-leading-dash' (21 B)" in lines
    assert lines[-1] == "Nothing was copied or deleted (a dry run)."
    out = copy_json(sshd, src, dest, "--mirror", "--existing", "replace", "--dry-run")
    assert out["dry_run"] is True and sorted(out["send"]) == ["album/changed.jpg", "album/sub/fresh.jpg"]
    assert out["deleted"]["count"] == 14 and len(out["delete_lines"]) == 14
    assert snapshot(dest) == before


@pytest.mark.parametrize("method", ["tar-ssh", "rsync-ssh", "sftp", "scp"])
def test_a_mirror_with_a_yes_leaves_the_folder_equal_to_the_source(sshd, src: Path, tmp_path: Path,
                                                                   method: str) -> None:
    dest = backed_up(tmp_path / "dest", tmp_path / "outside")
    around = beside(dest)
    out = copy_json(sshd, src, dest, "--mirror", "--yes-delete", "--existing", "replace", method=method)
    assert "error" not in out, out
    assert album_now(dest) == snapshot(src)
    assert (dest / "album" / ".transfer-advisor-race-old" / "f").exists()
    assert out["deleted"]["count"] == 14 and out["deleted"]["files"] == 21
    assert f"Deleted 14 items at testhost:{dest} that the selection does not have (21 files, " in "".join(out["notes"])
    assert beside(dest) == around  # nothing beside the album was touched, not even a folder named like ours
    assert (tmp_path / "outside" / "precious.txt").read_bytes() == b"outside the destination"
    again = copy_json(sshd, src, dest, "--mirror", method=method)  # equal now: nothing to ask about
    assert again["sent_bytes"] == 0 and again["deleted"]["count"] == 0


def test_a_mirror_download_makes_the_local_folder_match(sshd, src: Path, tmp_path: Path) -> None:
    dest = backed_up(tmp_path / "here", tmp_path / "outside")
    around = beside(dest)
    refused = copy_cli(sshd, src, dest, "--mirror", "--existing", "replace", "--download")
    assert refused.returncode == 3 and (dest / "album" / "odd").is_dir()
    out = copy_json(sshd, src, dest, "--mirror", "--yes-delete", "--existing", "replace", "--download")
    assert "error" not in out, out
    assert album_now(dest) == snapshot(src) and beside(dest) == around
    assert (tmp_path / "outside" / "precious.txt").exists()


def test_choices_that_cannot_mirror_are_refused_before_anything(sshd, src: Path, tmp_path: Path) -> None:
    for choice in ("skip", "rename"):
        proc = copy_cli(sshd, src, tmp_path / "d", "--mirror", "--existing", choice)
        assert proc.returncode == 2
        assert proc.stderr == (f"transfer-advisor: --mirror makes the destination equal to the selection, which "
                               f"--existing {choice} would not; use --existing replace or --update with it.\n")
    lone = copy_cli(sshd, src, tmp_path / "d", "--yes-delete")
    assert lone.returncode == 2 and "--yes-delete goes with --mirror" in lone.stderr
    both = copy_cli(sshd, src, tmp_path / "d", "--update", "--existing", "replace")
    assert both.returncode == 2
    assert not (tmp_path / "d").exists()


async def test_the_windows_answer_decides(sshd, src: Path, tmp_path: Path) -> None:
    """The window's question (a callback): no copies nothing and deletes nothing; yes deletes."""
    dest = backed_up(tmp_path / "dest", tmp_path / "outside")
    before = snapshot(dest)
    asked = []

    def answer(yes: bool):
        async def confirm(deletion, where):
            asked.append((deletion.count, where))
            return yes
        return confirm

    request = CopyRequest([str(src)], str(dest), "tar-ssh", mirror=True, existing=Existing.REPLACE)
    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(dest))
    try:
        with pytest.raises(TransferError) as info:
            await copy(session, request, confirm_delete=answer(False))
        assert info.value.kind == "cancelled" and snapshot(dest) == before
        result = await copy(session, request, confirm_delete=answer(True))
    finally:
        await session.close()
    assert asked == [(14, f"testhost:{dest}")] * 2
    assert result.deleted["count"] == 14 and album_now(dest) == snapshot(src)


@pytest.mark.root
@pytest.mark.parametrize("shape, method", [("sftp_only_host", "sftp"), ("dropbear_host", "tar-ssh"),
                                           ("dash_host", "rsync-ssh")], ids=["sftp-only", "dropbear", "dash"])
def test_a_mirror_on_other_host_shapes(request, shape: str, method: str, src: Path, tmp_path: Path) -> None:
    host = request.getfixturevalue(shape)
    folder = f"mirror-{os.urandom(3).hex()}"
    dest, here = f"{host.dest.rstrip('/')}/{folder}", host.local_dest / folder
    backed_up(here, tmp_path / "outside")
    for folder, dirs, files in os.walk(here):  # the account's own files, as a backup it made would be
        for path in [folder, *(os.path.join(folder, n) for n in dirs + files)]:
            os.lchown(path, host.uid, -1)
    around = beside(here)
    base = ["copy", host.alias, str(src), "--dest", dest, "--method", method, "--ssh-config", str(host.ssh_config),
            "--mirror", "--existing", "replace"]
    assert cli(*base).returncode == 3
    out = cli_json(*base, "--yes-delete")
    assert "error" not in out, out
    assert album_now(here) == snapshot(src) and beside(here) == around
    assert out["deleted"]["count"] == 14
    assert (tmp_path / "outside" / "precious.txt").exists()
