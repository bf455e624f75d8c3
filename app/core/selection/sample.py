"""The race's sample: a part of the selection that has the same mix of file sizes as the whole.

Racing the beginning of a selection measures its beginning: a folder of videos followed by a
folder of thumbnails would be judged by the videos alone, which favours methods that pay per file.
So the race copies a sample instead — whole small folders and single files taken from all over the
selection — in which the share of files equals the share of bytes (a tenth of the bytes comes with
about a tenth of the files), so its rate is the whole selection's rate.

Units are the largest folders that are still small against the sample, and the files of folders
too big to be a unit. They are sorted by their mean file size and walked in that order; a unit is
taken whenever the sample has fallen behind its share of the bytes walked so far, so every stretch
of file sizes is represented by its share of bytes (and so of files). Units go to the destination
by their own name, so two with one name are never both taken; the order is then shuffled (with a
fixed seed), so any beginning of the sample is a sample too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from posixpath import basename, dirname, join

from app.core.selection.entries import Entry, Selection

MAX_UNITS = 400        # sources on one command line (each is a word or two of argv)
UNIT_SHARE = 0.125     # a folder is one unit when it holds at most this share of the sample
MIX_TOLERANCE = 1.5   # the sample's share of files may differ from its share of bytes by this factor
WHOLE_BELOW = 2.0      # a selection under this many samples' worth is raced as it is
SEED = 7


@dataclass(frozen=True)
class Sample:
    sources: list[str]  # absolute paths on the side that sends
    files: int
    bytes: int
    paths: tuple[str, ...] = ()  # the same units as selection paths, in the same (shuffled) order
    sizes: tuple[int, ...] = ()  # their bytes
    counts: tuple[int, ...] = ()  # and files


@dataclass
class _Node:
    path: str  # relative, as in Selection.entries
    files: int = 0
    bytes: int = 0
    kind: str = "dir"


def race_sample(selection: Selection, target_bytes: float, whole_below: float = WHOLE_BELOW,
                unit_share: float = UNIT_SHARE, max_units: int | None = MAX_UNITS) -> Sample | None:
    """About `target_bytes` of the selection with its mix of file sizes; None to race it whole (a selection
    under `whole_below` samples' worth). A folder is one unit up to `unit_share` of the sample; `max_units`:
    the most a command line takes (None: the units go in a list, not on the command line)."""
    if not target_bytes > 0 or selection.bytes < whole_below * target_bytes or selection.files < 2:
        return None
    parents = {basename(r.rstrip("/")) or r: dirname(r.rstrip("/")) for r in selection.roots}
    units = _units(selection, target_bytes, unit_share)
    units.sort(key=lambda u: (u.bytes / max(u.files, 1), u.path))
    share = target_bytes / selection.bytes
    seen = got = 0
    taken: list[_Node] = []
    names: set[str] = set()
    for unit in units:
        seen += unit.bytes
        # Take it when the sample has fallen behind its share of what was passed; half a unit early,
        # so the sample stays as near its share as whole units allow.
        if got + unit.bytes / 2 <= share * seen and _name(unit) not in names:
            taken.append(unit)
            names.add(_name(unit))
            got += unit.bytes
    files = sum(u.files for u in taken)
    if (max_units is not None and len(taken) > max_units) or got < target_bytes / 2:
        return None  # too many tiny files for one command line: the selection's beginning will do
    if not 1 / MIX_TOLERANCE < (files / selection.files) / (got / selection.bytes) < MIX_TOLERANCE:
        return None  # names that repeat everywhere kept the mix out of reach
    random.Random(SEED).shuffle(taken)
    sources = [join(parents[u.path.split("/", 1)[0]], u.path) for u in taken]
    return Sample(sources, files, got, tuple(u.path for u in taken), tuple(u.bytes for u in taken),
                  tuple(u.files for u in taken))


LAP_MIX_TOLERANCE = 2.0  # a lap's share of the files may differ from its share of the bytes by this factor


def dealt(sample: Sample, laps: int, lap_bytes: float, min_files: int = 1) -> list[list[str]] | None:
    """The sample's units dealt out to `laps` laps in its shuffled order, an equal share of its bytes each as
    near as whole units allow. None when a lap would get less than a quarter of `lap_bytes` (too short to
    time well), fewer than `min_files` files (a lap on parallel streams splits its files between them), or a
    mix of sizes unlike the sample's (too few units: two large files cannot be shared by three laps, and a
    lap of small files alone is not comparable with one of a large file). A lap is cut at its time: more
    than it can send is harmless, and one that sends all it got before then is timed to its end."""
    share = sample.bytes / max(laps, 1)
    counts = sample.counts or (1,) * len(sample.paths)
    out: list[list[str]] = [[]]
    got: list[list[int]] = [[0, 0]]
    for path, size, files in zip(sample.paths, sample.sizes, counts):
        if out[-1] and got[-1][0] + size / 2 > share and len(out) < laps:
            out.append([])
            got.append([0, 0])
        out[-1].append(path)
        got[-1][0] += size
        got[-1][1] += files
    if len(out) != laps or min(b for b, _ in got) < lap_bytes / 4 or min(n for _, n in got) < min_files:
        return None
    total_files = max(sum(counts), 1)
    for b, n in got:
        mix = (n / total_files) / (b / sample.bytes)
        if not 1 / LAP_MIX_TOLERANCE <= mix <= LAP_MIX_TOLERANCE:
            return None
    return out


def entries_of(entries: list[Entry], units: list[str]) -> list[Entry]:
    """The entries at or under the `units` (selection paths), with the folders above them, in the
    entries' own (parent-first) order."""
    inside = set(units)
    above = {a for u in units for a in _ancestors(u)}
    return [e for e in entries if e.path in inside or e.path in above or any(a in inside for a in _ancestors(e.path))]


def _name(unit: _Node) -> str:
    return basename(unit.path)


def _units(selection: Selection, target_bytes: float, unit_share: float = UNIT_SHARE) -> list[_Node]:
    """Folders small enough to be one unit, and the files of the folders that are not."""
    dirs: dict[str, _Node] = {}
    files: list[_Node] = []
    for e in selection.entries:
        if e.kind == "dir":
            dirs[e.path] = _Node(e.path)
        elif e.kind == "file":
            files.append(_Node(e.path, 1, e.size, "file"))
            parent = dirname(e.path)
            while parent:  # every folder above it counts it
                node = dirs.get(parent)
                if node is not None:
                    node.files += 1
                    node.bytes += e.size
                parent = dirname(parent)
    small = unit_share * target_bytes
    whole = {p for p, d in dirs.items() if d.bytes <= small and d.files > 0}
    # A folder is a unit when it is small and its parent is not (the largest small folders).
    units = [d for p, d in dirs.items() if p in whole and dirname(p) not in whole]
    units += [f for f in files if not any(a in whole for a in _ancestors(f.path))]
    return units


def _ancestors(path: str) -> list[str]:
    found, parent = [], dirname(path)
    while parent:
        found.append(parent)
        parent = dirname(parent)
    return found
