"""Resume: what an earlier run of the same copy left in its staging folder, and what is still to send.

A staged file with its source's size and time is complete: it is not sent again. A staged file cut
short (at least MIN_PARTIAL of it) is continued from where it stopped, once the bytes just before
that point are the same on both sides (a cheap check of the end of what is there: a cut, or a host
that lost power, spoils the last bytes written, not the first; where they differ, it is cut back by
DISTRUST and continued from there if the bytes before that match) and its source has not changed since
the copy first started (its time is older than the journal's). A file written whole but cut before
its time was set is checked the same way and only gets its time. Anything else staged (a wrong size
or time, a file where a folder goes, a name no longer in the selection) is removed first and sent again.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from posixpath import dirname, join
from typing import TYPE_CHECKING

from app.core.host.hashes import range_parts
from app.core.tasks import both
from app.core.transfer.existing import same_entry
from app.core.transfer.journal import LIMIT, NAME, Journal
from app.core.selection.entries import Entry, ancestors

if TYPE_CHECKING:
    from app.core.transfer.survey import Sides

MIN_PARTIAL = 1 << 20  # a cut file smaller than this is simply sent again
WINDOW = 1 << 18       # how much before the cut is compared on both sides (spoilt bytes run to the end)
# A tool stopped mid-write may leave its last buffer's bytes wrong: an rsync receiver whose sender was killed
# flushes a half-filled 32 KiB buffer at exit, ending the file with the block before it (seen in the tests,
# about half the runs). Where the end does not match, the window this far before it is looked at, and the
# file is cut back to there when that matches, instead of being sent again whole.
DISTRUST = 4 << 20
# Cut back only where that keeps this much: carrying a file on can take a run of its own (a method that cannot
# continue files hands it to ssh cat), a login and commands that cost more on a weak NAS than sending a few
# megabytes again.
CUT_BACK_KEEPS = 32 << 20


@dataclass
class Leftover:
    complete: set[str] = field(default_factory=set)       # selection paths staged whole (files and links)
    partial: dict[str, int] = field(default_factory=dict)  # file -> bytes staged, to continue from
    stale: list[str] = field(default_factory=list)         # staged paths to remove (top-most)
    unstamped: list[str] = field(default_factory=list)     # of `complete`, files still to get their time

    @property
    def kept_bytes(self) -> int:
        """Bytes of the files cut short that are not sent again."""
        return sum(self.partial.values())


def sort_out(wanted: list[Entry], staged: list[Entry], follows_links: bool) -> Leftover:
    """Compare what the staging folder holds (`staged`, a listing in parent-first order) with what the
    copy wants there (`wanted`). A tool that follows links (scp) stages a link's target as a file whose
    size the listing cannot check, so such a file is always sent again."""
    want = {e.path: e for e in wanted}
    out = Leftover()
    gone: set[str] = set()
    for got in staged:
        if any(a in gone for a in ancestors(got.path)):
            continue
        e = want.get(got.path)
        if e is not None and e.kind == "dir" == got.kind:
            continue  # kept, and listed again: a cut run may have made it without its mode and time yet
        if e is not None and not (e.kind == "link" and follows_links) and same_entry(e, got):
            out.complete.add(got.path)
        elif e is not None and e.kind == got.kind == "file" and MIN_PARTIAL <= got.size <= e.size:
            out.partial[got.path] = got.size  # (all of it, but its time not set yet: checked the same way)
        else:
            out.stale.append(got.path)
            gone.add(got.path)
    return out


def window(offset: int) -> tuple[int, int]:
    """(start, length) of the bytes compared before continuing a file cut at `offset`."""
    start = max(0, offset - WINDOW)
    return start, offset - start


async def open_stage(sides: "Sides", dest: str, journal: Journal, wanted: list[Entry], sources: list[str],
                     follows_links: bool, carry_on: bool, can_continue: bool,
                     owner: tuple[str, bytes] | None = None) -> Leftover:
    """This copy's staging folder: the one an earlier run of it left (what it holds sorted out, what
    cannot be kept removed), or a new one with its journal. `carry_on` False starts over. The folder is
    marked as this run's (app.core.transfer.ownership) as soon as it is there and whatever comes after:
    `owner` (the marker's name and bytes) goes into a new one with its journal, and into one carried on as it
    is looked at, in one go."""
    side = sides.dest
    stage = join(dest, journal.folder)
    files = [(NAME, journal.encode()), *([owner] if owner else [])]
    # Looked for, and made with its journal and marker or marked where it is there, in one go (one command).
    read = await side.open_or_make(dest, journal.folder, NAME, LIMIT, files, owner)
    found = Journal.decode(read)
    if read is not None and not (carry_on and journal.same_copy(found)):
        await side.remove(stage)  # ours by its name, but not this copy's (or the user starts over)
        await side.prepare(dest, journal.folder, files)
        read = None
    if read is None:
        return Leftover()
    names = sorted({e.path.split("/", 1)[0] for e in wanted})
    listing = await side.scan([join(stage, n) for n in names], missing_ok=True)
    leftover = sort_out(wanted, listing.entries, follows_links)
    await _check_cut_files(sides, leftover, stage, sources, wanted, can_continue, found.started)
    await side.remove_paths([join(stage, p) for p in leftover.stale])
    return leftover


async def _check_cut_files(sides: "Sides", leftover: Leftover, stage: str, sources: list[str],
                           wanted: list[Entry], can_continue: bool, started: float) -> None:
    """Keep a file cut short only where it can go on, its source has not changed since the copy started,
    and the bytes before the cut match the source's."""
    parents = {s.rstrip("/").rsplit("/", 1)[-1]: dirname(s.rstrip("/")) or "/" for s in sources}
    entries = {e.path: e for e in wanted}

    async def same_before(path: str, offset: int) -> bool:
        start, length = window(offset)
        source, staged = join(parents[path.split("/")[0]], path), join(stage, path)
        # By digest where both sides can make it (the host's the MD5 of its blocks), else the bytes themselves.
        ours, theirs = await both(sides.source.range_digest(source, start, offset),
                                  sides.dest.range_digest(staged, start, offset))
        if ours is not None and theirs is not None:
            return len(ours[1]) == offset - range_parts(start, offset)[1] and ours == theirs
        ours, theirs = await both(sides.source.read_range(source, start, length),
                                  sides.dest.read_range(staged, start, length))
        return len(ours) == length and ours == theirs

    async def kept_up_to(path: str, offset: int) -> int:
        """How much of the staged file can stay: all of it, or up to DISTRUST before a spoilt end, or none."""
        if await same_before(path, offset):
            return offset
        back = offset - DISTRUST
        if can_continue and back >= CUT_BACK_KEEPS and await same_before(path, back):
            await sides.dest.truncate(join(stage, path), back)
            return back
        return 0

    cut = list(leftover.partial.items())  # one a stream at most: each looked at beside the others
    kept = await asyncio.gather(*(kept_up_to(path, offset) for path, offset in cut
                                  if (can_continue or offset == entries[path].size) and entries[path].mtime < started),
                                return_exceptions=True)
    failed = next((k for k in kept if isinstance(k, BaseException)), None)
    if failed is not None:
        raise failed  # once every look has ended
    checked = iter(kept)
    for path, offset in cut:
        ok = (can_continue or offset == entries[path].size) and entries[path].mtime < started
        offset = next(checked) if ok else 0
        del leftover.partial[path]
        if not offset:
            leftover.stale.append(path)
        elif offset == entries[path].size:
            leftover.complete.add(path)
            leftover.unstamped.append(path)
        else:
            leftover.partial[path] = offset


async def take_lap(side, folder: str, dest: str, journal: Journal) -> None:
    """A race lap's copy of the whole selection (`folder`) becomes this copy's staging folder with its journal:
    open_stage then finds all of it staged, and the copy only checks it and moves it into place."""
    await side.take_folder(folder, join(dest, journal.folder), NAME, journal.encode())


async def drop(side, dest: str, journal: Journal) -> None:
    """Remove this copy's staging folder if an earlier run left one (the copy has nothing left to do)."""
    stage = join(dest, journal.folder)
    if (await side.exists([stage]))[0]:
        await side.remove(stage)
