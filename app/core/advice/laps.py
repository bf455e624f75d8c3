"""The laps of a race before a copy (`copy --best`) that copy parts of the selection into that copy's own
staging folder: which part each lap gets, and when the race goes into a scratch folder instead.
"""

from __future__ import annotations

import statistics
from dataclasses import replace
from posixpath import dirname

from app.core.advice.candidates import Candidate
from app.core.host.session import Session
from app.core.selection.entries import Entry, Selection
from app.core.selection.sample import UNIT_SHARE, dealt, entries_of, race_sample
from app.core.transfer import methods
from app.core.transfer.engine import CopyRequest, to_stage
from app.core.transfer.sends import PART_FILE_BYTES, split_parts

LAP_SPARE = 1.2  # the sample dealt out to the laps holds this much more than they get, for whole units
LAP_MORE = (1.0, 2.0, 4.0)  # and, when that cannot give every lap its share, so many times more
# A method that runs once per folder of a list (scp) sends a part of a tree in as many runs (a login each),
# where the whole tree goes in one: past this many folders of files, the race copies a sample into a scratch
# folder instead, as that method's copy will send it.
FOLDER_RUNS = 8


async def lap_parts(session: Session, then: CopyRequest, selection: Selection, dest: str,
                    entrants: list[Candidate], sample_bytes: float) -> list[list[Entry] | None] | None:
    """For a race before the copy `then` (its method not chosen yet): a part of the selection for each of the
    `entrants`, each a random draw of about `sample_bytes` with the selection's mix of sizes, none of them what
    the copy's staging folder already holds (this opens it: app.core.transfer.engine.to_stage). Where the
    selection cannot give every lap a fair part (four large files, and laps on four streams; a method run once
    per folder, on many folders), the first laps get one and the others (None) race on a sample in a scratch
    folder. None to race the old way, all into a scratch folder (too little to share out, or the copy stages
    nothing)."""
    # A method that runs once per folder (scp) would take a part of many folders in as many runs, slower than it
    # copies: on a selection of more folders than FOLDER_RUNS its lap races on a sample in a scratch folder, and
    # the others share the selection out.
    folders = {dirname(e.path) for e in selection.entries if e.kind == "file"}
    apart = [len(folders) > FOLDER_RUNS and methods.get(c.method_id).list_scope == "folder" for c in entrants]
    if all(apart):
        return None
    then = replace(then, sources=selection.roots, dest=dest, selection=selection)
    left = await to_stage(session, then)
    if not left:
        return None
    shared = _share_out(left, selection, [c for c, out in zip(entrants, apart) if not out], sample_bytes)
    if shared is None:
        return None
    parts = iter(shared)
    return [None if out else next(parts) for out in apart]


def _share_out(left: list[Entry], selection: Selection, entrants: list[Candidate],
               sample_bytes: float) -> list[list[Entry] | None] | None:
    """lap_parts for `entrants` that can each take a part, out of the entries `left` to send."""
    laps = len(entrants)
    # Units a share of one lap's part (a lap's mix is the selection's too), named in lists, not on command lines.
    # Large files are whole units: where the laps outnumber them, a larger sample gives each lap one.
    most = sum(e.size for e in left if e.kind == "file")
    for more in LAP_MORE:
        target = min(more * LAP_SPARE * laps * sample_bytes, most)
        chosen = race_sample(Selection(selection.roots, left), target, whole_below=1.0,
                             unit_share=UNIT_SHARE / (LAP_SPARE * laps), max_units=None)
        # A lap on parallel streams splits its part's files between them: it needs a file for each.
        streams = max(c.options.streams for c in entrants)
        dealt_out = dealt(chosen, laps, sample_bytes, streams) if chosen else None
        parts = [entries_of(left, units) for units in dealt_out] if dealt_out else []
        if parts and all(balanced(part, streams) for part in parts):
            return parts
    # Fewer laps then, each with a larger part (a lap is cut at its time: more than it can send is harmless).
    for staged in range(laps - 1, 0, -1):
        dealt_out = dealt(chosen, staged, sample_bytes, streams) if chosen else None
        parts = [entries_of(left, units) for units in dealt_out] if dealt_out else []
        if parts and all(balanced(part, streams) for part in parts):
            return [*parts, *[None] * (laps - staged)]
    return None


STREAMS_BALANCE = 1.25  # a lap on parallel streams: its heaviest stream at most this many times the mean


def balanced(part: list[Entry], streams: int) -> bool:
    """Whether a lap's part splits into `streams` streams of about one weight, as a copy's many files do (a
    lap of three large files and some small ones on four streams would time three)."""
    if streams <= 1:
        return True
    split = split_parts([e for e in part if e.kind != "dir"], streams)
    weights = [sum(e.size + PART_FILE_BYTES for e in p) for p in split]
    return len(split) == streams and max(weights) <= STREAMS_BALANCE * statistics.mean(weights)
