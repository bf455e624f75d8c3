"""The local selection: what a scan finds, what tar will send, and how two manifests differ."""

from __future__ import annotations

import os
import socket
import subprocess
from pathlib import Path

import pytest

from app.core.errors import TransferError
from app.core.selection.entries import Entry, Selection, compare, scan_local
from tests.unit.hostile import NAMES


def entries(selection: Selection) -> list[tuple[str, str, int]]:
    return [(e.path, e.kind, e.size) for e in selection.entries]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "photos"
    (root / "2024" / "summer").mkdir(parents=True)
    (root / "empty").mkdir()
    (root / "a.jpg").write_bytes(b"a" * 1000)
    (root / "2024" / "b.jpg").write_bytes(b"b" * 2500)
    (root / "2024" / "summer" / "c.jpg").write_bytes(b"")
    os.symlink("a.jpg", root / "link to a")
    os.symlink("/nowhere", root / "dangling")
    os.mkfifo(root / "fifo")
    with socket.socket(socket.AF_UNIX) as s:  # sockets and fifos are not copied
        s.bind(str(root / "sock"))
    return root


def test_scan_local_tree(tree):
    selection = scan_local([str(tree)])
    assert selection.roots == [str(tree)]
    assert selection.names == ["photos"]
    assert entries(selection) == [
        ("photos", "dir", 0),
        ("photos/2024", "dir", 0),
        ("photos/a.jpg", "file", 1000),
        ("photos/dangling", "link", 0),
        ("photos/empty", "dir", 0),
        ("photos/link to a", "link", 0),
        ("photos/2024/b.jpg", "file", 2500),
        ("photos/2024/summer", "dir", 0),
        ("photos/2024/summer/c.jpg", "file", 0),
    ]
    assert (selection.files, selection.bytes) == (3, 3500)
    manifest = selection.manifest()
    assert manifest["photos/a.jpg"] == ("file", 1000) and manifest["photos/empty"] == ("dir", 0)
    assert manifest["photos/link to a"][0] == "link"


def test_scan_local_single_file_relative_path_and_trailing_slash(tree, monkeypatch):
    monkeypatch.chdir(tree / "2024")
    selection = scan_local(["b.jpg", str(tree / "empty") + "/"])
    assert selection.roots == [str(tree / "2024" / "b.jpg"), str(tree / "empty")]
    assert selection.names == ["b.jpg", "empty"]
    assert entries(selection) == [("b.jpg", "file", 2500), ("empty", "dir", 0)]


def test_scan_local_keeps_hostile_names_exactly(tmp_path):
    root = tmp_path / "odd"
    root.mkdir()
    for name in NAMES:
        (root / name).write_bytes(os.fsencode(name))
    selection = scan_local([str(root)])
    got = {e.path: e.size for e in selection.entries if e.kind == "file"}
    assert got == {f"odd/{name}": len(os.fsencode(name)) for name in NAMES}
    # Undecodable bytes survive as surrogates, so they encode back to the same bytes.
    assert all(os.path.exists(os.path.join(tmp_path, p)) for p in got)


def test_scan_local_missing_source(tmp_path):
    with pytest.raises(TransferError) as err:
        scan_local([str(tmp_path / "exists-not")])
    assert err.value.kind == "source-missing"
    assert err.value.sentence == f"{tmp_path / 'exists-not'} does not exist; check the path."


def test_scan_local_unreadable_folder(tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root reads every folder")
    locked = tmp_path / "top" / "locked"
    locked.mkdir(parents=True)
    locked.chmod(0)
    try:
        with pytest.raises(TransferError) as err:
            scan_local([str(tmp_path / "top")])
    finally:
        locked.chmod(0o755)
    assert err.value.kind == "source-missing" and "cannot be read" in err.value.sentence


def _real_tar_bytes(root: Path, *options: str) -> int:
    """What `tar -c -f - -C parent ./name | wc -c` says, as the tar methods run it."""
    out = subprocess.run(["tar", "-c", *options, "-f", "-", "-C", str(root.parent), "./" + root.name],
                         capture_output=True, check=True)
    return len(out.stdout)


def test_tar_stream_bytes_close_to_real_tar_with_long_names_and_small_files(tmp_path):
    root = tmp_path / "src"
    for i in range(80):
        sub = root / f"folder-{i % 4}" / ("deep-" * 12 if i % 2 else "")
        sub.mkdir(parents=True, exist_ok=True)
        (sub / (f"{i:03d}-" + "n" * (40 + 2 * i))).write_bytes(os.urandom(i * 37))  # names up to 200 bytes
    for i in range(300):
        (root / f"s{i}").write_bytes(b"x" * (i % 700))
    (root / ("d" * 150)).mkdir()
    os.symlink("s1", root / "link")
    estimate = scan_local([str(root)]).tar_stream_bytes()
    # GNU tar pads what it writes to a 10 KiB record; in 512-byte records the estimate is within a few KiB.
    assert abs(_real_tar_bytes(root, "-b", "1") - estimate) <= 4096
    assert abs(_real_tar_bytes(root) - estimate) <= 10240 + 4096
    assert estimate > 300 * 512 + 80 * 1024  # headers and long-name blocks are counted, not just data


def test_compare_wording():
    source = {"p": ("dir", 0), "p/a": ("file", 5), "p/b": ("file", 7), "p/c": ("dir", 0), "p/new\nline": ("file", 1)}
    assert compare(source, dict(source)) == []
    dest = {"p": ("dir", 0), "p/a": ("file", 3), "p/c": ("file", 0)}
    assert compare(source, dest) == [
        "'p/a' has 3 bytes, expected 5",
        "missing: 'p/b'",
        "'p/c' is a file, expected a dir",
        "missing: 'p/new\\nline'",
    ]
    # Extra files at the destination are not a problem with the copy.
    assert compare({"p": ("dir", 0)}, {"p": ("dir", 0), "p/old": ("file", 1)}) == []


def test_the_counts_follow_the_entries_they_are_counted_over() -> None:
    selection = Selection(["/t"], [Entry("t", "dir"), Entry("t/a", "file", 700)])
    assert (selection.files, selection.bytes, selection.tar_stream_bytes()) == (1, 700, 1024 + 512 + 512 + 1024)
    selection.entries.append(Entry("t/b", "file", 5))  # a list that grew is counted again
    assert (selection.files, selection.bytes, selection.tar_stream_bytes()) == (2, 705, 1024 + 3 * 512 + 1024 + 512)
    selection.entries = [Entry("t", "dir")]  # so is another list
    assert (selection.files, selection.bytes, selection.tar_stream_bytes()) == (0, 0, 1024 + 512)
