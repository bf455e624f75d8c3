"""The host's listing (SCAN) in both its forms -- GNU find's one pass and the portable find/stat/readlink
one -- read into the same Selection as this computer's own scan of the same tree."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from app.core.host.remote_tree import SCAN, parse_manifest, parse_scan
from app.core.selection.entries import Selection, scan_local
from tests.helpers import make_tree


def _not_gnu(bin_dir: Path) -> dict[str, str]:
    """An environment whose `find` is GNU find that will not say so: SCAN takes its portable form."""
    bin_dir.mkdir(exist_ok=True)
    shim = bin_dir / "find"
    shim.write_text('#!/bin/sh\ncase "$1" in --version) exit 1;; esac\nexec /usr/bin/find "$@"\n')
    shim.chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}"}


def _scan(roots: list[str], env: dict[str, str] | None = None, depth: str = "") -> bytes:
    out = subprocess.run(["sh", "-c", SCAN, "sh", depth, *roots], capture_output=True, timeout=60, env=env)
    assert out.returncode == 0, out.stderr
    return out.stdout


def _facts(selection: Selection) -> list[tuple]:
    return sorted((e.path, e.kind, e.size, e.target, e.leads_to, e.mtime, e.inode, e.allocated, e.locked)
                  for e in selection.entries)


def _odd_tree(tmp_path: Path) -> Path:
    tree = make_tree(tmp_path, small_files=40, big_bytes=100_000)
    os.link(tree / "big.bin", tree / "small" / "second name.bin")
    with open(tree / "sparse.img", "wb") as f:
        f.truncate(2**20)
        f.write(b"x" * 4096)
    os.symlink("nowhere", tree / "dangling")
    os.symlink("small", tree / "link to a folder")
    os.symlink("loop", tree / "loop")
    os.mkfifo(tree / "a fifo")
    (tree / "read-only folder").mkdir()
    (tree / "read-only folder" / "in it").write_bytes(b"1")
    os.chmod(tree / "read-only folder", 0o555)
    os.utime(tree / "empty.txt", (0, 1_000_000_000.75))
    return tree


def test_both_forms_read_a_tree_as_this_computer_scans_it(tmp_path: Path) -> None:
    tree = _odd_tree(tmp_path)
    (tmp_path / "alone.txt").write_bytes(b"a file given by itself")
    roots = [str(tree), str(tmp_path / "alone.txt"), str(tmp_path / "missing")]
    gnu = _scan(roots)
    portable = _scan(roots, _not_gnu(tmp_path / "bin"))
    assert gnu.split(b"\0", 2)[1] == b"" and portable.split(b"\0", 2)[1] != b""  # each took the form meant
    names = [str(tree), "alone.txt", "missing"]
    a = parse_scan(gnu, roots, names, missing_ok=True)
    b = parse_scan(portable, roots, names, missing_ok=True)
    assert a.entries == b.entries and a.roots == b.roots == roots[:2]
    local = scan_local(roots[:2])
    assert _facts(a) == _facts(local)
    links = {e.path: e.leads_to for e in a.entries if e.kind == "link"}
    assert links == {"mixed tree/dangling": "none", "mixed tree/link to a folder": "dir", "mixed tree/loop": "none",
                     "mixed tree/link-to-big": "file"}
    assert [e.path for e in a.entries if e.locked] == ["mixed tree/read-only folder"]
    assert [e.path for e in a.entries if e.inode] == ["mixed tree/big.bin", "mixed tree/small/second name.bin"]
    assert "mixed tree/a fifo" not in a.manifest()
    # What the check after a copy reads, straight from the records: the same, in either form.
    assert parse_manifest(gnu, roots, names, missing_ok=True) == a.manifest()
    assert parse_manifest(portable, roots, names, missing_ok=True) == a.manifest()
    assert next(e for e in a.entries if e.path == "mixed tree/empty.txt").mtime == 1_000_000_000


def test_both_forms_stop_at_the_depth_asked(tmp_path: Path) -> None:
    tree = _odd_tree(tmp_path)
    gnu = parse_scan(_scan([str(tree)], depth="1"), [str(tree)], [str(tree)], missing_ok=False)
    portable = parse_scan(_scan([str(tree)], _not_gnu(tmp_path / "bin"), depth="1"), [str(tree)], [str(tree)], False)
    assert gnu.entries == portable.entries
    assert sorted(e.path for e in gnu.entries) == sorted(["mixed tree"] + [f"mixed tree/{n}" for n in os.listdir(tree)
                                                                           if n != "a fifo"])


_names = st.text(st.characters(blacklist_characters="/\0", blacklist_categories=("Cs",)), min_size=1, max_size=40)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(files=st.lists(_names.filter(lambda n: n not in (".", "..")), min_size=1, max_size=12, unique=True))
def test_any_names_read_back_the_same(tmp_path_factory: pytest.TempPathFactory, files: list[str]) -> None:
    base = tmp_path_factory.mktemp("names")
    tree = base / "t"
    tree.mkdir()
    for i, name in enumerate(files):
        try:
            (tree / name).write_bytes(b"x" * i)
        except OSError:  # longer than the filesystem takes in bytes
            return
    env = _not_gnu(base / "bin")
    gnu = parse_scan(_scan([str(tree)]), [str(tree)], [str(tree)], missing_ok=False)
    portable = parse_scan(_scan([str(tree)], env), [str(tree)], [str(tree)], missing_ok=False)
    assert gnu.entries == portable.entries
    assert gnu.manifest() == scan_local([str(tree)]).manifest()
    assert parse_manifest(_scan([str(tree)]), [str(tree)], [str(tree)], missing_ok=False) == gnu.manifest()


def test_a_missing_root_is_said_by_the_manifest_too(tmp_path: Path) -> None:
    from app.core.errors import TransferError
    gone = str(tmp_path / "gone")
    with pytest.raises(TransferError, match="does not exist"):
        parse_manifest(_scan([gone]), [gone], ["gone"], missing_ok=False)
    assert parse_manifest(_scan([gone]), [gone], ["gone"], missing_ok=True) == {}


def test_a_time_with_a_decimal_comma_still_reads() -> None:
    # GNU find's records as a host whose locale writes "1700000000,25" would print them.
    out = b"y\0\0" + b"f f 644 5 1700000000,2500000000 1 2049 12 8\0/srv/t.txt\0\0"
    (entry,) = parse_scan(out, ["/srv/t.txt"], ["/srv/t.txt"], missing_ok=False).entries
    assert (entry.path, entry.kind, entry.size, entry.mtime, entry.allocated) == ("t.txt", "file", 5, 1700000000, 4096)
