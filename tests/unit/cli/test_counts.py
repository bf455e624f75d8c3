"""Sentences that count things read right for 0, 1 and 2: "1 file", "2 items differ", never "1 files"."""

from __future__ import annotations

import pytest

from app.cli_output import print_copy
from app.core.errors import TransferError
from app.core.selection.entries import Entry, Selection
from app.core.transfer.verify import check_sizes, compare_hashes, expected_manifest
from app.core.wording.advice import small_selection_sentence
from app.core.wording.transfer import hashed_with, verified_as


@pytest.mark.parametrize("files,words", [(0, "Copied 0 files, 0 B"), (1, "Copied 1 file, 5 B"),
                                         (2, "Copied 2 files, 5 B")])
def test_cli_copy_line(capsys: pytest.CaptureFixture, files: int, words: str) -> None:
    print_copy({"files": files, "bytes": 5 if files else 0, "seconds": 0.21, "rate_MBps": 0.0, "method": "scp",
                 "verification": "sizes", "notes": [], "command": "scp ..."})
    first = capsys.readouterr().out.splitlines()[0]
    # A copy too small to time says no rate at all rather than "0.0 MB/s".
    assert first == f"{words} in 0.2 s with scp; verified: sizes."


@pytest.mark.parametrize("verification,words,tool", [("sizes", "verified: sizes", None),
                                                     ("contents (b3sum)", "verified: contents (b3sum)", "b3sum"),
                                                     # logged before "contents (…)": the bare tool
                                                     ("xxhsum", "verified: contents (xxhsum)", "xxhsum")])
def test_what_was_compared_reads_the_same_everywhere(capsys: pytest.CaptureFixture, verification: str,
                                                     words: str, tool: str | None) -> None:
    assert verified_as(verification) == words and hashed_with(verification) == tool
    print_copy({"files": 1, "bytes": 5, "seconds": 0.21, "rate_MBps": 0.0, "method": "tar-nc",
                 "verification": verification, "notes": [], "command": "tar ..."})
    assert capsys.readouterr().out.splitlines()[0] == f"Copied 1 file, 5 B in 0.2 s with tar-nc; {words}."


def _selection(sizes: dict[str, int]) -> Selection:
    return Selection(["/src/top"], [Entry("top", "dir")] + [Entry(f"top/{n}", "file", s) for n, s in sizes.items()])


@pytest.mark.parametrize("wrong,words", [({}, None), ({"a": 9}, "1 item differs"),
                                         ({"a": 9, "b": 9}, "2 items differ")])
def test_verification_counts_what_differs(wrong: dict[str, int], words: str | None) -> None:
    sent = _selection({"a": 1, "b": 2})
    got = _selection({"a": 1, "b": 2, **wrong})
    if words is None:
        check_sizes(expected_manifest(sent, True), got, "nas:/backup")
        return
    with pytest.raises(TransferError) as caught:
        check_sizes(expected_manifest(sent, True), got, "nas:/backup")
    assert caught.value.sentence.startswith(f"Verification failed: {words} at nas:/backup; copy again")


@pytest.mark.parametrize("bad,words", [(1, "1 file differs"), (2, "2 files differ")])
def test_hash_verification_counts_what_differs(bad: int, words: str) -> None:
    files = ["a", "b", "c"]
    ours = ["1" * 16, "2" * 16, "3" * 16]
    theirs = ["f" * 16] * bad + ours[bad:]
    with pytest.raises(TransferError) as caught:
        compare_hashes(files, ours, theirs)
    assert caught.value.sentence == f"Verification failed: {words} in content; copy again."


@pytest.mark.parametrize("files,words", [(0, "0 files, 0 B"), (1, "1 file, 6 B"), (2, "2 files, 6 B")])
def test_small_selection_sentence(files: int, words: str) -> None:
    sentence = small_selection_sentence(files, 6 if files else 0, "tar over ssh", 0.314, True)
    assert sentence == (f"Your selection ({words}) is too little to time the link with: tar over ssh copied it in "
                        "the race in 0.31 s, most of that starting up.")
