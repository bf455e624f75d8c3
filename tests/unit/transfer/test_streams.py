"""Parallel streams planned (app.core.transfer.sends): the files in parts of about the same weight, a
hard-linked file's names in one part, the folders made first and listed once more at the end. Properties
over any selection: every file is in exactly one part, and no part is much heavier than it must be."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings, strategies as st

from app.core.transfer.methods import METHODS
from app.core.transfer.resume import Leftover
from app.core.selection.entries import Entry
from app.core.transfer.sends import PART_FILE_BYTES, plan_sends, split_parts


def f(path: str, size: int, inode: tuple[int, int] | None = None) -> Entry:
    return Entry(path, "file", size, mtime=1_700_000_000, inode=inode)


def d(path: str) -> Entry:
    return Entry(path, "dir", mtime=1_700_000_000)


TREE = [d("album"), d("album/2024"), f("album/big.raw", 9_000_000), f("album/2024/a.jpg", 3_000_000),
        f("album/2024/b.jpg", 3_000_000), f("album/one", 1_000_000, (1, 7)), f("album/2024/two", 1_000_000, (1, 7)),
        Entry("album/link", "link", target="big.raw", mtime=1_700_000_000)]


def weight(part: list[Entry]) -> int:
    seen, total = set(), 0
    for e in part:
        if e.kind == "file" and (e.inode is None or e.inode not in seen):
            total += e.size
            seen.add(e.inode)
        total += PART_FILE_BYTES
    return total


def test_parts_are_balanced_and_keep_hard_links_together() -> None:
    files = [e for e in TREE if e.kind != "dir"]
    parts = split_parts(files, 3)
    assert sorted(p for part in parts for p in (e.path for e in part)) == sorted(e.path for e in files)
    [linked] = [part for part in parts if any(e.path == "album/one" for e in part)]
    assert any(e.path == "album/2024/two" for e in linked)
    [biggest] = [part for part in parts if any(e.path == "album/big.raw" for e in part)]
    assert len(biggest) == 1  # the largest goes alone; the rest share the other two parts
    assert split_parts(files[:1], 4) == [files[:1]]  # never an empty part


def test_a_copy_on_streams_makes_folders_first_and_lists_them_at_the_end_of_every_stream() -> None:
    sends = plan_sends(METHODS["tar-ssh"], TREE, TREE, Leftover(), ["/home/ann/album"], "/srv/.stage",
                       lambda s: True, streams=3)
    assert sends.streams == 3 and sorted({s.stream for s in sends.runs}) == [0, 1, 2]
    assert sends.folders == ["/srv/.stage/album", "/srv/.stage/album/2024"]
    assert sends.last == []  # no run of its own (another login): the stream that ends last sets them
    for s in sends.runs:
        assert s.files[-2:] == ("album", "album/2024"), s.files
    listed = sorted(p for s in sends.runs for p in s.files if p not in ("album", "album/2024"))
    assert listed == sorted(e.path for e in TREE if e.kind != "dir")


def test_a_folder_that_cannot_be_written_into_once_set_is_listed_after_all_streams() -> None:
    locked = [replace(e, locked=True) if e.path == "album/2024" else e for e in TREE]
    sends = plan_sends(METHODS["tar-ssh"], locked, locked, Leftover(), ["/home/ann/album"], "/s",
                       lambda s: True, streams=3)
    assert [s.files for s in sends.last] == [("album", "album/2024")]
    assert not any(p in ("album", "album/2024") for s in sends.runs for p in s.files)


def test_one_stream_or_a_method_without_streams_plans_as_before() -> None:
    one = plan_sends(METHODS["tar-ssh"], TREE, TREE, Leftover(), ["/home/ann/album"], "/s", lambda s: True)
    assert one.streams == 1 and len(one.runs) == 1 and one.last == []
    scp = plan_sends(METHODS["scp"], TREE, TREE, Leftover(), ["/home/ann/album"], "/s", lambda s: True, streams=3)
    assert scp.streams == 1 and scp.last == []
    # A list the method cannot take (BusyBox tar's argv): one stream, the whole sources.
    refused = plan_sends(METHODS["tar-ssh"], TREE, TREE, Leftover(), ["/home/ann/album"], "/s", lambda s: False,
                         streams=3)
    assert refused.streams == 1 and refused.runs[0].files == ()


sizes = st.lists(st.tuples(st.integers(0, 10**9), st.booleans()), min_size=0, max_size=60)


@settings(max_examples=200, deadline=None)
@given(sizes, st.integers(1, 16))
def test_every_file_in_one_part_and_no_part_much_heavier_than_needed(files, n) -> None:
    entries = [f(f"t/{i}", size, (9, i // 2) if linked else None) for i, (size, linked) in enumerate(files)]
    parts = split_parts(entries, n)
    placed = [e.path for part in parts for e in part]
    assert sorted(placed) == sorted(e.path for e in entries) and len(placed) == len(set(placed))
    assert len(parts) <= n and all(parts)
    for part in parts:  # each part keeps the selection's order (parents before what is in them)
        order = [entries.index(e) for e in part]
        assert order == sorted(order)
    if len(parts) > 1:
        # Largest first into the lightest: no part is heavier than an even share plus one unit.
        heaviest_unit = max(weight([e]) * 2 for e in entries)
        assert max(map(weight, parts)) <= sum(map(weight, parts)) / len(parts) + heaviest_unit
