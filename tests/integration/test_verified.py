"""Verified means what it says, against a real sshd and rsync daemon: the result names what was
compared ("sizes" or "contents (TOOL)"); unencrypted methods compare contents without being asked,
where both sides can hash; a file of the same size and time but other bytes is not taken for the
copy's (with contents compared), and replacing it leaves the copy's bytes, also through the user's own
rsync daemon, which writes in place; bytes changed at the destination before the check fail it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from app.core.errors import TransferError
from app.core.events import Phase
from app.core.host.hosts import HostSpec
from app.core.host.ssh_command import Options
from app.core.host.session import Session
from app.core.transfer.engine import CopyRequest, copy
from app.core.transfer.existing import Existing
from app.core.host.hashes import HASH_TOOLS
from tests.helpers import cli_json, snapshot
from tests.integration.test_existing import write  # the same time for every file unless told
from tests.peers import start_sshd_without

# The sshd runs on this computer, so both sides have the same tools: the fastest one here is chosen.
TOOL = next((t for t in HASH_TOOLS if shutil.which(t)), None)
CONTENTS = f"contents ({TOOL})"
needs_a_hash_tool = pytest.mark.skipif(TOOL is None, reason="no hash tool on this computer")


@pytest.fixture
def album(tmp_path: Path) -> Path:
    src = tmp_path / "src" / "album"
    write(src / "a.jpg", b"the copy's photo a")
    write(src / "b" / "c.jpg", b"the copy's photo c")
    return src


def copy_cli(sshd, src: Path, dest: Path, method: str, *extra: str) -> dict:
    return cli_json("copy", "testhost", str(src), "--dest", str(dest), "--method", method,
                    "--ssh-config", str(sshd.ssh_config), *extra)


@needs_a_hash_tool
@pytest.mark.parametrize("verify,said", [(False, "sizes"), (True, CONTENTS)], ids=["sizes", "contents"])
def test_the_result_says_what_was_compared(sshd, album: Path, tmp_path: Path, verify: bool, said: str) -> None:
    out = copy_cli(sshd, album, tmp_path / "dest", "tar-ssh", *(["--verify"] if verify else []))
    assert "error" not in out, out
    assert (out["verified"], out["verification"]) == (True, said)
    assert snapshot(tmp_path / "dest" / "album") == snapshot(album)


@needs_a_hash_tool
@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
@pytest.mark.parametrize("method,said", [("tar-nc", CONTENTS), ("rsync-daemon", "contents (rsync)")])
def test_unencrypted_methods_compare_contents_unasked(sshd, album: Path, tmp_path: Path, method: str, said: str,
                                                      download: bool) -> None:
    """rsync compares each file's whole-file checksum as it lands (and sends it again where they differ): a copy
    it wrote whole is not hashed again; tar through netcat has no such check, so both sides hash."""
    out = copy_cli(sshd, album, tmp_path / "dest", method, "--allow-insecure", *(["--download"] if download else []))
    assert "error" not in out, out
    assert (out["verified"], out["verification"]) == (True, said)
    assert snapshot(tmp_path / "dest" / "album") == snapshot(album)


@needs_a_hash_tool
def test_hashing_asked_for_is_done_after_rsync_too(sshd, album: Path, tmp_path: Path) -> None:
    out = copy_cli(sshd, album, tmp_path / "dest", "rsync-daemon", "--allow-insecure", "--verify")
    assert "error" not in out, out
    assert (out["verified"], out["verification"]) == (True, CONTENTS)


def test_without_a_hash_tool_there_an_unencrypted_copy_says_why_it_compared_sizes(album: Path,
                                                                                    tmp_path: Path) -> None:
    server = start_sshd_without(tmp_path / "unhashing", set(HASH_TOOLS))  # sshd_config: no space
    try:
        out = copy_cli(server, album, tmp_path / "dest", "tar-nc", "--allow-insecure")
    finally:
        server.stop()
    assert "error" not in out, out
    assert (out["verified"], out["verification"]) == (True, "sizes")
    assert (f"Contents were not compared: no hash tool ({', '.join(HASH_TOOLS)}) is on both this computer and "
            "testhost; sizes were compared.") in out["notes"]
    assert snapshot(tmp_path / "dest" / "album") == snapshot(album)


@pytest.fixture
def lookalike(album: Path, tmp_path: Path) -> Path:
    """A destination holding album/a.jpg with the copy's size and time but other bytes."""
    dest = tmp_path / "there"
    write(dest / "album" / "a.jpg", b"THE COPY'S PHOTO A")
    return dest


def test_same_size_and_time_counts_as_identical_when_sizes_are_compared(sshd, album: Path, lookalike: Path) -> None:
    """As rsync itself judges: nothing says the bytes differ, so the file there stays."""
    out = copy_cli(sshd, album, lookalike, "rsync-ssh")
    assert "error" not in out, out
    assert out["verification"] == "sizes" and out["existing"]["identical"] == 1
    assert (lookalike / "album" / "a.jpg").read_bytes() == b"THE COPY'S PHOTO A"


@needs_a_hash_tool
def test_same_size_and_time_but_other_bytes_is_caught_and_replaced_by_rsync(sshd, album: Path,
                                                                            lookalike: Path) -> None:
    asked = copy_cli(sshd, album, lookalike, "rsync-ssh", "--verify")
    assert asked["kind"] == "conflict" and "'album/a.jpg'" in asked["error"]
    out = copy_cli(sshd, album, lookalike, "rsync-ssh", "--verify", "--existing", "replace")
    assert "error" not in out, out
    assert out["existing"] == {"identical": 0, "replaced": 1, "skipped": 0, "renamed": 0}
    assert out["verification"] == CONTENTS
    assert snapshot(lookalike / "album") == snapshot(album)


@needs_a_hash_tool
@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
def test_the_users_rsync_module_replaces_a_lookalike_in_place(sshd, rsyncd, album: Path, tmp_path: Path,
                                                              download: bool) -> None:
    """The user's own daemon writes in place, where rsync's quick check would keep the lookalike."""
    there = rsyncd.path / f"verified {tmp_path.name}"
    if download:
        shutil.copytree(album, there / "album")  # times kept
        src, dest = there / "album", tmp_path / "got"
        write(dest / "album" / "a.jpg", b"THE COPY'S PHOTO A")
    else:
        src, dest = album, there
        write(dest / "album" / "a.jpg", b"THE COPY'S PHOTO A")
    out = copy_cli(sshd, src, dest, "rsync-daemon", "--allow-insecure", "--existing", "replace",
                   "--rsync-module", rsyncd.module, "--rsyncd-conf", str(rsyncd.root / "rsyncd.conf"),
                   *(["--download"] if download else []))
    assert "error" not in out, out
    assert out["existing"]["replaced"] == 1 and out["verification"] == CONTENTS
    assert snapshot(dest / "album") == snapshot(album)


@needs_a_hash_tool
@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
@pytest.mark.parametrize("method,verify", [("tar-ssh", True), ("tar-nc", False)])
async def test_bytes_changed_before_the_check_fail_it_and_nothing_is_placed(sshd, album: Path, tmp_path: Path,
                                                                            method: str, verify: bool,
                                                                            download: bool) -> None:
    """A copied file changes (same size) after it arrived and before its check: not verified, one sentence, and the
    contents are checked before anything takes its final name, so the destination is as it was: no album there,
    and the file it already had is untouched (not replaced by a copy that did not arrive as it was sent)."""
    dest = tmp_path / "dest"
    write(dest / "kept.txt", b"the user's own")

    def tamper(event) -> None:
        if isinstance(event, Phase) and event.name == "verifying":
            staged = [p for p in dest.glob("*/album/b/c.jpg")]
            assert len(staged) == 1, "the contents are checked where the copy staged them, before placing"
            write(staged[0], b"THE COPY'S PHOTO C")

    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(dest))
    try:
        with pytest.raises(TransferError) as info:
            await copy(session, CopyRequest([str(album)], str(dest), method, Options(download=download),
                                            allow_insecure=True, verify_hashes=verify), tamper)
    finally:
        await session.close()
    assert info.value.kind == "verify-failed"
    assert info.value.sentence == "Verification failed: 1 file differs in content; copy again."
    assert "album/b/c.jpg" in info.value.details
    assert sorted(p.name for p in dest.iterdir()) == ["kept.txt"], "nothing placed, no staging folder left"
    assert (dest / "kept.txt").read_bytes() == b"the user's own"


@needs_a_hash_tool
@pytest.mark.parametrize("download", [False, True], ids=["up", "down"])
async def test_a_replaced_file_keeps_its_old_bytes_when_the_new_ones_did_not_arrive_as_sent(
        sshd, album: Path, tmp_path: Path, download: bool) -> None:
    """--existing replace: the file at the destination is replaced only by a copy whose contents checked out."""
    dest = tmp_path / "dest"
    write(dest / "album" / "a.jpg", b"THE OLDER PHOTO A, KEPT")

    def tamper(event) -> None:
        if isinstance(event, Phase) and event.name == "verifying":
            for staged in dest.glob("*/album/a.jpg"):
                write(staged, b"the copy's photo A")

    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(dest))
    try:
        with pytest.raises(TransferError) as info:
            await copy(session, CopyRequest([str(album)], str(dest), "tar-nc", Options(download=download),
                                            allow_insecure=True, existing=Existing.REPLACE), tamper)
    finally:
        await session.close()
    assert info.value.kind == "verify-failed"
    assert (dest / "album" / "a.jpg").read_bytes() == b"THE OLDER PHOTO A, KEPT"
    assert not (dest / "album" / "b").exists()


async def test_a_file_cut_short_before_the_check_fails_it_on_sizes(sshd, album: Path, tmp_path: Path) -> None:
    """A file cut short after the tool wrote it: the sizes checked in the placing's own command (nothing comes
    between them to cut it later) say no, and the listing says what differs."""
    dest = tmp_path / "dest"

    def cut(event) -> None:
        if isinstance(event, Phase) and event.name == "finalizing":
            for staged in dest.glob("*/album/a.jpg"):
                write(staged, b"the copy's")

    session = await Session.open(HostSpec("testhost", str(sshd.ssh_config)), remote_dest=str(dest))
    try:
        with pytest.raises(TransferError) as info:
            await copy(session, CopyRequest([str(album)], str(dest), "tar-ssh"), cut)
    finally:
        await session.close()
    assert info.value.kind == "verify-failed"
    assert info.value.sentence == (f"Verification failed: 1 item differs at testhost:{dest}; copy again (with a "
                                   "different method if it repeats).")
