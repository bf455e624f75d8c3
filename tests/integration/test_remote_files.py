"""The host's files through its shell and through SFTP give the same answers, on a real sshd, and the
shell's one-command listing works with BusyBox's tools too (run for real, with only BusyBox on PATH)."""

from __future__ import annotations

import asyncio
import hashlib
import os
import subprocess
from pathlib import Path

import pytest

from app.core.host import hashes
from app.core.host.hosts import HostSpec
from app.core.host.remote_tree import DIGEST, SCAN, parse_scan
from app.core.selection.entries import scan_local, scan_remote
from app.core.host.session import Session
from app.core.errors import TransferError
from app.core.quoting import sh_command
from app.core.host.staging import Records
from app.core.transfer.ownership import remove_folder
from tests.helpers import make_tree, snapshot



def here_of(data: bytes, start: int, end: int) -> tuple[str, bytes]:
    a, e = hashes.range_parts(start, end)
    return hashlib.md5(data[a:e]).hexdigest(), data[e:end]


async def _session(sshd) -> Session:
    return await Session.open(HostSpec("testhost", str(sshd.ssh_config)))


async def test_shell_and_sftp_list_a_tree_alike(sshd, tmp_path: Path) -> None:
    tree = make_tree(tmp_path, small_files=300)
    os.symlink("nowhere", tree / "dangling")
    (tree / "deep" / "er" / "est").mkdir(parents=True)
    single = tmp_path / "one file.bin"
    single.write_bytes(b"x" * 10)
    paths = [str(tree), str(single)]
    session = await _session(sshd)
    try:
        by_shell = await session.files.scan(paths)
        by_sftp = await scan_remote(await session.files.sftp(), paths)
        one_level = await session.files.scan([str(tree)], depth=1)
        listed = await session.files.listdir(str(tree))
    finally:
        await session.close()
    here = scan_local(paths)
    assert by_shell.manifest() == here.manifest() == by_sftp.manifest()

    def leads(selection):
        return {e.path: e.leads_to for e in selection.entries if e.kind == "link"}
    assert leads(by_shell) == leads(here) == leads(by_sftp) == {"mixed tree/link-to-big": "file",
                                                                "mixed tree/dangling": "none"}
    assert {e.path for e in one_level.entries} == {"mixed tree"} | {f"mixed tree/{n}" for n in os.listdir(tree)}
    assert sorted(e.path for e in listed) == sorted(os.listdir(tree))
    # In the order of a sorted walk, whatever order the folders' listings (side by side over SFTP) came back.
    assert [e.path for e in by_sftp.entries] == [e.path for e in by_shell.entries]


def _wide_tree(tmp_path: Path) -> Path:
    tree = tmp_path / "wide"
    for i in range(60):
        folder = tree / f"f{i:02d}" / "inner folder" / ("line\nbreak" if i % 7 == 0 else "deep")
        folder.mkdir(parents=True)
        for j in range(3):
            (folder / f"file {j}.txt").write_bytes(os.urandom(10 * (i + j)))
    return tree


async def test_sftp_lists_a_wide_deep_tree_side_by_side_in_walk_order(sshd, tmp_path: Path) -> None:
    tree = _wide_tree(tmp_path)
    session = await _session(sshd)
    try:
        listed = await scan_remote(await session.files.sftp(), [str(tree)])
    finally:
        await session.close()
    assert [(e.path, e.kind, e.size) for e in listed.entries] == \
        sorted(((e.path, e.kind, e.size) for e in scan_local([str(tree)]).entries), key=lambda t: t[0].split("/"))


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every folder")
async def test_one_unreadable_folder_among_many_listed_side_by_side_is_one_sentence(sshd, tmp_path: Path) -> None:
    tree = _wide_tree(tmp_path)
    locked = tree / "f31" / "inner folder"
    locked.chmod(0)
    session = await _session(sshd)
    try:
        with pytest.raises(TransferError) as caught:
            await scan_remote(await session.files.sftp(), [str(tree)])
        assert "inner folder" in caught.value.sentence
    finally:
        locked.chmod(0o755)
        await session.close()


async def test_missing_paths(sshd, tmp_path: Path) -> None:
    session = await _session(sshd)
    try:
        found = await session.files.scan([str(tmp_path / "nope"), str(tmp_path)], missing_ok=True)
        assert found.roots == [str(tmp_path)]
        with pytest.raises(Exception) as info:
            await session.files.scan([str(tmp_path / "nope")])
        assert "does not exist" in str(info.value)
        assert await session.files.exists([str(tmp_path), str(tmp_path / "nope")]) == [True, False]
    finally:
        await session.close()


@pytest.mark.parametrize("shell", [True, False], ids=["shell", "sftp"])
async def test_staging_moves_into_place(sshd, tmp_path: Path, shell: bool) -> None:
    """prepare → (files in the stage) → place, through the shell or SFTP: new items are renamed into
    place, a replacing file replaces, renamed ones keep both; something in the way stops it all."""
    dest = tmp_path / "dest"
    (dest / "keep" / "old").mkdir(parents=True)
    (dest / "keep" / "old" / "a.txt").write_text("old")
    (dest / "clash").mkdir()
    session = await _session(sshd)
    session.remote.shell = shell  # the same host, reached the other way
    files = session.files
    try:
        await files.prepare(str(dest), ".stage")
        stage = dest / ".stage"
        assert stage.is_dir() and (stage.stat().st_mode & 0o777) == 0o700
        await files.mkdirs([str(stage / "keep" / "old"), str(stage / "new dir" / "deep")])
        (stage / "keep" / "old" / "a.txt").write_text("new")
        (stage / "keep" / "b.txt").write_text("b")
        (stage / "fresh").write_text("fresh")
        (stage / "clash").write_text("ours")
        records = Records([("clash", "clash (2)")], [("r", "keep/old/a.txt"), ("n", "keep/b.txt"), ("n", "fresh"),
                                                     ("n", "new dir"), ("n", "clash (2)")])
        await files.place(str(stage), str(dest), records, "there")
        assert snapshot(dest) == {"keep": ("dir", b""), "keep/old": ("dir", b""), "keep/old/a.txt": ("file", b"new"),
                                  "keep/b.txt": ("file", b"b"), "fresh": ("file", b"fresh"), "clash": ("dir", b""),
                                  "clash (2)": ("file", b"ours"), "new dir": ("dir", b""),
                                  "new dir/deep": ("dir", b"")}
        assert not stage.exists()
        await files.prepare(str(dest), ".stage2")
        (dest / ".stage2" / "clash").write_text("a file where a folder is")
        (dest / ".stage2" / "first").write_text("first")
        with pytest.raises(TransferError) as info:
            await files.place(str(dest / ".stage2"), str(dest), Records([], [("n", "first"), ("r", "clash")]), "x")
        assert info.value.kind == "conflict" and not (dest / "first").exists() and (dest / "clash").is_dir()
        await files.remove(str(dest / ".stage2"))
        assert not (dest / ".stage2").exists()
    finally:
        await session.close()


@pytest.mark.parametrize("right", [True, False], ids=["right", "a size differs"])
async def test_placing_checks_what_the_destination_then_holds_in_the_same_command(sshd, tmp_path: Path,
                                                                                  right: bool) -> None:
    """Given what the destination must hold, the placing's one command also checks it as holds() does: all is
    placed either way, and the answer says whether it holds that (a size off: no); through SFTP it is not checked
    (None: the caller lists). Something in the way still stops it all, the check with it."""
    dest = tmp_path / "dest"
    (dest / "there already").mkdir(parents=True)
    session = await _session(sshd)
    files = session.files
    try:
        await files.prepare(str(dest), ".stage")
        stage = dest / ".stage"
        (stage / "trip").mkdir()
        (stage / "trip" / "a b.jpg").write_bytes(b"x" * 300)
        (stage / "notes.txt").write_text("hi")
        expected = {"trip": ("dir", 0), "trip/a b.jpg": ("file", 300 if right else 301), "notes.txt": ("file", 2)}
        commands = len(session.command_times)
        held = await files.place(str(stage), str(dest), Records([], [("n", "trip"), ("n", "notes.txt")]), "there",
                                 expected)
        assert held is right and len(session.command_times) == commands + 1
        assert (dest / "trip" / "a b.jpg").stat().st_size == 300 and not stage.exists()
        assert await files.holds(str(dest), ["notes.txt", "trip"], expected) is right  # as holds() says
        await files.prepare(str(dest), ".stage2")
        (dest / ".stage2" / "notes.txt").write_text("again")
        with pytest.raises(TransferError) as info:
            await files.place(str(dest / ".stage2"), str(dest), Records([], [("n", "notes.txt")]), "x",
                              {"notes.txt": ("file", 5)})
        assert info.value.kind == "conflict" and (dest / "notes.txt").read_text() == "hi"
        session.remote.shell = False  # the same host over SFTP
        (dest / ".stage2" / "notes.txt").rename(dest / ".stage2" / "more.txt")
        assert await files.place(str(dest / ".stage2"), str(dest), Records([], [("n", "more.txt")]), "x",
                                 {"more.txt": ("file", 5)}) is None
        assert (dest / "more.txt").read_text() == "again"
    finally:
        await session.close()


@pytest.mark.parametrize("shell", [True, False], ids=["shell", "sftp"])
async def test_small_file_reads_and_writes_both_ways(sshd, tmp_path: Path, shell: bool) -> None:
    """What resume needs of the host's files, through the shell and SFTP alike."""
    data = os.urandom(3 * 4096 + 77)
    (tmp_path / "it's a $(file).bin").write_bytes(data)
    session = await _session(sshd)
    session.remote.shell = shell
    files = session.files
    try:
        assert await files.read_range(str(tmp_path / "it's a $(file).bin"), 4000, 5000) == data[4000:9000]
        assert await files.read_range(str(tmp_path / "it's a $(file).bin"), 0, len(data)) == data
        # A range by its digest: the host's dd and md5sum say what this computer's reading says, block edges or
        # not, past the end too (a short tail); over SFTP the host cannot, and the caller reads the bytes instead.
        named = str(tmp_path / "it's a $(file).bin")
        for start, end in [(4000, 9000), (0, len(data)), (4096, 8192), (5000, 5010), (0, 0), (len(data) - 9, len(data) + 99)]:
            here = hashes.local_range_digest(named, start, end)
            assert here == here_of(data, start, end)
            assert await files.range_digest(named, start, end) == (here if shell else None)
        if shell:
            spoilt = bytearray(data)
            spoilt[4100] ^= 1
            (tmp_path / "spoilt").write_bytes(bytes(spoilt))
            assert await files.range_digest(str(tmp_path / "spoilt"), 4096, 9000) != here_of(data, 4096, 9000)
        await files.write_file(str(tmp_path / "j.json"), b"{}\n")
        assert await files.read_file(str(tmp_path / "j.json"), 100) == b"{}\n"
        assert await files.read_file(str(tmp_path / "nope"), 100) is None
        await files.stamp([(str(tmp_path / "j.json"), 1_600_000_000)])
        assert (tmp_path / "j.json").stat().st_mtime == 1_600_000_000
        (tmp_path / "gone" / "deep").mkdir(parents=True)
        await files.remove_paths([str(tmp_path / "gone"), str(tmp_path / "j.json")])
        assert not (tmp_path / "gone").exists() and not (tmp_path / "j.json").exists()
        await files.symlinks([("../x y", str(tmp_path / "up"))])
        assert os.readlink(tmp_path / "up") == "../x y"
        assert await files.names_in(str(tmp_path)) == set(os.listdir(tmp_path))
        space = await files.space(str(tmp_path / "not yet" / "there"))
        assert space is not None and space.bytes_free > 0
        assert await files.abspath("~/x") == os.path.join(os.path.expanduser("~"), "x")
    finally:
        await session.close()


@pytest.mark.parametrize("shell", [True, False], ids=["shell", "sftp"])
async def test_a_staging_folder_carried_on_is_marked_as_it_is_opened(sshd, tmp_path: Path, shell: bool) -> None:
    """A new folder is made with its journal and marker; one there already (a killed run's) gives its journal
    and takes this run's marker, the journal untouched, through the shell and SFTP alike."""
    from app.core.host.local_files import LocalFiles
    files_in = [("journal.json", b'{"n": 1}\n'), ("owner", b"run 1\n")]
    session = await _session(sshd)
    session.remote.shell = shell
    try:
        made = await session.files.open_or_make(str(tmp_path / "dest"), ".ta-stage", "journal.json", 100, files_in,
                                                files_in[1])
        carried = await session.files.open_or_make(str(tmp_path / "dest"), ".ta-stage", "journal.json", 100,
                                                   files_in, ("owner", b"run 2\n"))
    finally:
        await session.close()
    here = LocalFiles()
    local = await here.open_or_make(str(tmp_path / "here"), ".ta-stage", "journal.json", 100, files_in, files_in[1])
    local_carried = await here.open_or_make(str(tmp_path / "here"), ".ta-stage", "journal.json", 100, files_in,
                                            ("owner", b"run 2\n"))
    for side in ("dest", "here"):
        stage = tmp_path / side / ".ta-stage"
        assert {p.name: p.read_bytes() for p in stage.iterdir()} == {"journal.json": b'{"n": 1}\n', "owner": b"run 2\n"}
    assert made is None and local is None
    assert carried == local_carried == b'{"n": 1}\n'


@pytest.mark.parametrize("where", ["shell", "sftp", "here"])
async def test_a_laps_folder_taken_over_as_a_staging_folder(sshd, tmp_path: Path, where: str) -> None:
    """What the staging folder held goes; the lap's copy takes its place, with the journal written into it."""
    from app.core.host.local_files import LocalFiles
    lap = tmp_path / ".ta-race" / "0"
    tree = make_tree(lap, small_files=5)
    stage = tmp_path / ".ta-stage"
    (stage / "old").mkdir(parents=True)
    (stage / "old" / "cut.bin").write_bytes(b"x" * 100)
    before = snapshot(tree)
    if where == "here":
        await LocalFiles().take_folder(str(lap), str(stage), "journal.json", b'{"n": 2}\n')
    else:
        session = await _session(sshd)
        session.remote.shell = where == "shell"
        try:
            await session.files.take_folder(str(lap), str(stage), "journal.json", b'{"n": 2}\n')
        finally:
            await session.close()
    assert sorted(os.listdir(stage)) == ["journal.json", tree.name]
    assert (stage / "journal.json").read_bytes() == b'{"n": 2}\n'
    assert snapshot(stage / tree.name) == before
    assert os.listdir(tmp_path / ".ta-race") == []


def test_busybox_lists_a_tree_like_this_computer(tmp_path: Path, busybox_bin: str) -> None:
    tree = make_tree(tmp_path, small_files=50)
    os.symlink("nowhere", tree / "dangling")
    command = sh_command(SCAN, "", str(tree), str(tmp_path / "missing")).decode("utf-8", "surrogateescape")
    out = subprocess.run([os.path.join(busybox_bin, "sh"), "-c", command], capture_output=True, timeout=60,
                         env={"PATH": busybox_bin})
    assert out.returncode == 0, out.stderr
    found = parse_scan(out.stdout, [str(tree), str(tmp_path / "missing")], [str(tree), "missing"], missing_ok=True)
    assert found.manifest() == scan_local([str(tree)]).manifest()


@pytest.mark.parametrize("where", ["shell", "sftp", "local"])
async def test_a_folder_still_written_into_for_a_moment_is_removed_whole(sshd, tmp_path: Path, where: str) -> None:
    """A lap's far-side tool can go on writing for a moment after the lap is stopped (it empties what was
    already sent): one `rm -rf` then finds a folder not empty and leaves it, hidden in the user's
    destination. The removal goes on until the writer has stopped. (The writer stops when its folder is gone:
    `printf`, not `:`, whose failed redirection would end dash with status 2 before `|| exit 0`.)"""
    folder = tmp_path / ".transfer-advisor-race-0"
    (folder / "lap").mkdir(parents=True)
    writer = subprocess.Popen(["sh", "-c", 'i=0; end=$(($(date +%s) + 2)); while [ "$(date +%s)" -lt "$end" ]; do '
                               'for j in 1 2 3 4 5 6 7 8 9 10; do i=$((i + 1)); printf "" > "$1/f$i" || exit 0; done; done',
                               "writer", str(folder / "lap")], stderr=subprocess.DEVNULL)
    session = await _session(sshd)
    session.remote.shell = where == "shell"
    try:
        while len(os.listdir(folder / "lap")) < 100:  # the writer is busy
            await asyncio.sleep(0.01)
        await remove_folder(session, str(folder), local=where == "local")
        assert writer.wait(timeout=30) == 0
        assert not folder.exists()
    finally:
        writer.kill()
        writer.wait()
        await session.close()


async def test_the_digest_of_a_listing_made_on_the_host_matches_what_it_holds_and_nothing_else(sshd, tmp_path: Path):
    """The check after a copy (RemoteFiles.holds): the host's digest of its own listing equals the one made
    here of the same tree (hostile names, a name with a line break, bytes that are not UTF-8, links, one
    whose target holds "//", an empty folder), and any change a copy could leave says no."""
    tree = make_tree(tmp_path, small_files=200)
    os.symlink("a//b/../c d", tree / "odd link")
    (tree / "-dash").write_bytes(b"d")
    single = tmp_path / "one file.bin"
    single.write_bytes(b"x" * 10)
    expected = scan_local([str(tree), str(single)]).manifest()
    names = ["mixed tree", "one file.bin"]
    session = await _session(sshd)
    try:
        assert await session.files.holds(str(tmp_path), names, expected)
        assert await session.files.holds(str(tmp_path), ["one file.bin"], {"one file.bin": ("file", 10)})
        for changed in ({**expected, "one file.bin": ("file", 11)},                       # a size
                        {**expected, "mixed tree/odd link": ("link", "a/b/../c d")},     # a link's target
                        {**expected, "mixed tree/empty folder": ("file", 0)},            # a kind
                        {p: v for p, v in expected.items() if p != "mixed tree/empty.txt"},  # more there
                        {**expected, "mixed tree/gone": ("file", 1)}):                   # something missing
            assert not await session.files.holds(str(tmp_path), names, changed)
    finally:
        await session.close()


def test_busybox_has_no_digest_of_a_listing_so_the_listing_is_read(tmp_path: Path, busybox_bin: str) -> None:
    """Where find is not GNU find the digest says nothing (the caller lists the tree instead)."""
    (tmp_path / "a").write_bytes(b"1")
    command = sh_command(DIGEST, str(tmp_path), "./a")
    out = subprocess.run([os.path.join(busybox_bin, "sh"), "-c", command], capture_output=True, timeout=60,
                         env={"PATH": busybox_bin})
    assert out.returncode == 3 and not out.stdout
