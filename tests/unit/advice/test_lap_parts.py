"""Which races copy their laps into the copy's staging folder: not one with a method that runs once per
folder (scp) over a tree of many folders, whose part would cost a login per folder in its lap and in the
copy after it, where the whole tree goes in one run."""

from __future__ import annotations

import asyncio

from app.core.advice.laps import FOLDER_RUNS, balanced, lap_parts
from app.core.advice.candidates import Candidate
from app.core.host.ssh_command import Options
from app.core.selection.entries import Entry, Selection
from app.core.transfer.engine import CopyRequest


def _tree(folders: int) -> Selection:
    entries = [Entry("t", "dir")]
    for d in range(folders):
        entries.append(Entry(f"t/d{d}", "dir"))
        entries += [Entry(f"t/d{d}/f{i}", "file", 1_000_000) for i in range(10)]
    return Selection(["/home/u/t"], entries)


class NoHost:
    """A session that must not be used: the answer comes before the host is asked anything."""

    def __getattr__(self, name: str):
        raise AssertionError(f"the host was asked for {name}")


def test_scp_over_a_tree_of_many_folders_races_into_a_scratch_folder() -> None:
    # Only scp's laps: nothing is shared out, and the host is not asked (with another method beside it, that one
    # takes a part and scp's lap alone races on a sample: tests/integration/test_race_staged.py).
    selection = _tree(FOLDER_RUNS + 1)
    then = CopyRequest(["/home/u/t"], "/srv", "")
    for scp in ("scp", "scp-legacy"):
        entrants = [Candidate(scp, Options()), Candidate(scp, Options(cipher="aes128-gcm@openssh.com"))]
        assert asyncio.run(lap_parts(NoHost(), then, selection, "/srv", entrants, 1e6)) is None


def test_a_lap_on_streams_needs_files_that_share_out_evenly() -> None:
    photos = [Entry(f"a/p{i}", "file", 6 << 20) for i in range(3)] + [Entry(f"a/n{i}", "file", 3000) for i in range(3)]
    assert balanced(photos, 1)
    assert balanced(photos, 3)
    assert not balanced(photos, 4)  # three photos and the notes: four streams would time three
    many = [Entry(f"a/p{i}", "file", 6 << 20) for i in range(16)]
    assert balanced(many, 4)
