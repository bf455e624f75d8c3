"""What a copy sends into its staging folder, as a list of tool runs: all of the sources in one run
when the staging folder wants all of them, else only what is missing there (Job.files), in as many
runs as the method needs (one per parent folder for tar and rsync, one per folder for scp), and a
file a cut left staged in part carried on from where it stopped (by the method itself, or by ssh cat
from that byte). With parallel streams (Options.streams, Method.parallel) the files are split into
parts of about the same weight, each part's runs on a connection of its own, side by side; the folders
are made first and listed again at the end of every stream, so the stream that ends last sets their modes
and times once all is in (or, when a folder may not be written into once set, in one run after them all).
Pure: the engine runs what this plans.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from posixpath import dirname, join

from app.core.transfer.methods.base import Job, Method, split_sources
from app.core.transfer.resume import Leftover
from app.core.selection.entries import Entry

CONTINUER = "ssh-cat"  # carries on a cut file from a byte, for methods that cannot


@dataclass(frozen=True)
class Send:
    method: str
    sources: tuple[str, ...]
    dest: str
    files: tuple[str, ...] = ()
    partial: tuple[str, ...] = ()
    offset: int = 0
    entries: tuple[Entry, ...] = ()  # what it carries (for progress); every file of the sources when whole
    skip: int = 0                    # bytes of `entries` already staged (a continued file's first part)
    stream: int = 0                  # runs of one stream go one after another; streams go side by side


@dataclass
class Sends:
    runs: list[Send] = field(default_factory=list)
    folders: list[str] = field(default_factory=list)       # to make in the staging folder first
    links: list[Entry] = field(default_factory=list)       # to make there afterwards (Method.makes_links_after)
    stamps: list[tuple[str, int]] = field(default_factory=list)  # (staged path, mtime) to set afterwards
    again: bool = False  # the method could not take the list: all of the sources are sent again
    last: list[Send] = field(default_factory=list)  # after every other run: the folders once more (streams)
    streams: int = 1     # how many streams the runs go on


def plan_sends(method: Method, wanted: list[Entry], everything: list[Entry], leftover: Leftover,
               sources: list[str], stage: str, fits: Callable[[Send], bool], streams: int = 1) -> Sends:
    """`wanted`: what the staging folder must hold (Placement.staged); `everything`: the selection's
    entries; `leftover`: what an earlier run staged (its partial files are continued here: by the method
    when it `continues_files`, else by ssh cat); `fits(send)`: whether the method can take that list;
    `streams`: how many connections may carry parts of the files side by side (Method.parallel)."""
    out = Sends()
    times = {e.path: e.mtime for e in wanted}
    out.stamps = [(join(stage, p), times[p]) for p in leftover.unstamped]
    parents = {name: parent for parent, name in split_sources(tuple(sources))}
    own = leftover.partial if method.continues_files else {}
    todo = [e for e in wanted if e.path not in leftover.complete]
    by_path = {e.path: e for e in todo}
    for path, offset in leftover.partial.items():
        if path not in own:
            e = by_path.pop(path)
            out.runs.append(Send(CONTINUER, (join(parents[path.split("/")[0]], path),), dirname(join(stage, path)),
                                 offset=offset, entries=(e,), skip=offset))
            out.stamps.append((join(stage, path), e.mtime))
    todo = list(by_path.values())
    if method.makes_links_after:
        out.links = [e for e in todo if e.kind == "link"]
        todo = [e for e in todo if e.kind != "link"]
    if not todo:
        return out
    if streams > 1 and method.parallel and method.lists_folders and _in_streams(method, todo, parents, stage, own,
                                                                                fits, streams, out):
        return out
    whole = (len(wanted) == len(everything) and not leftover.complete and not leftover.partial
             and not method.always_lists)
    main = [] if whole else _lists(method, todo, parents, stage, own)
    if whole or not all(fits(s) for s in main):
        out.again = not whole
        if out.again:  # the whole sources overwrite what was carried on
            out.runs, out.stamps = [], []
        main = _whole(method, everything, sources, stage)
    elif not method.lists_folders:
        out.folders = [join(stage, e.path) for e in todo if e.kind == "dir"]
    out.runs += main
    if not method.keeps_mtime:
        out.stamps += [(join(stage, e.path), e.mtime) for s in main for e in s.entries if e.kind == "file"]
    return out


PART_FILE_BYTES = 64 * 1024  # what one more file weighs when parts are balanced: its size plus this


def split_parts(entries: list[Entry], n: int) -> list[list[Entry]]:
    """Files and links in at most `n` parts of about the same weight (bytes, and a little for every file:
    the per-file work), largest first into the lightest part; the names of one hard-linked file stay in
    one part (tar and rsync keep the link only within a run). Each part in the entries' own order; no
    empty part."""
    units: dict[object, list[Entry]] = {}
    for e in entries:
        key = e.inode if e.kind == "file" and e.inode is not None else e.path
        units.setdefault(key, []).append(e)

    def weight(unit: list[Entry]) -> int:
        return (unit[0].size if unit[0].kind == "file" else 0) + PART_FILE_BYTES * len(unit)

    loads = [(0, i) for i in range(max(1, n))]
    chosen: dict[str, int] = {}
    for unit in sorted(units.values(), key=weight, reverse=True):
        load, i = min(loads)
        loads[i] = (load + weight(unit), i)
        chosen.update((e.path, i) for e in unit)
    parts: list[list[Entry]] = [[] for _ in loads]
    for e in entries:
        parts[chosen[e.path]].append(e)
    return [p for p in parts if p]


def _in_streams(method: Method, todo: list[Entry], parents: dict[str, str], stage: str, own: dict[str, int],
                fits: Callable[[Send], bool], streams: int, out: Sends) -> bool:
    """Plan `todo` on parallel streams into `out`; False (nothing planned) when there is too little to split
    or the method cannot take one of the lists."""
    parts = split_parts([e for e in todo if e.kind != "dir"], streams)
    if len(parts) < 2:
        return False
    dirs = [e for e in todo if e.kind == "dir"]
    # A folder set read-only by one stream's end would shut out the others: then the folders go last, alone
    # (a run of its own, another login); else at the end of every stream's list.
    alone = any(e.locked for e in dirs)
    tail = [] if alone else dirs
    runs = [replace(s, stream=i) for i, part in enumerate(parts)
            for s in _lists(method, part + tail, parents, stage, own)]
    last = _lists(method, dirs, parents, stage, {}) if dirs and alone else []
    if not all(fits(s) for s in runs + last):
        return False
    out.folders = [join(stage, e.path) for e in dirs]
    out.runs += runs
    out.last = last
    out.streams = len(parts)
    if not method.keeps_mtime:
        out.stamps += [(join(stage, e.path), e.mtime) for s in runs for e in s.entries if e.kind == "file"]
    return True


def _whole(method: Method, everything: list[Entry], sources: list[str], stage: str) -> list[Send]:
    """All of the sources in one run. A tool that skips links (sftp) is not given a linked source: the
    engine makes every link itself."""
    roots = [(s, name) for s, (_parent, name) in zip(sources, split_sources(tuple(sources)))]
    linked = {e.path for e in everything if e.kind == "link"} if method.makes_links_after else set()
    kept = tuple(s for s, name in roots if name not in linked)
    files = tuple(e for e in everything if e.kind == "file")
    return [Send(method.id, kept, stage, entries=files)] if kept else []


def _group_key(method: Method, e: Entry, parents: dict[str, str]) -> str:
    if method.list_scope == "parent":
        return parents[e.path.split("/")[0]]
    return dirname(e.path) if method.list_scope == "folder" else ""


def _lists(method: Method, todo: list[Entry], parents: dict[str, str], stage: str,
           own: dict[str, int]) -> list[Send]:
    listed = todo if method.lists_folders else [e for e in todo if e.kind != "dir"]
    groups: dict[str, list[Entry]] = {}
    for e in listed:
        groups.setdefault(_group_key(method, e, parents), []).append(e)
    sends = []
    for group in groups.values():
        names = {e.path.split("/")[0] for e in group}
        group_sources = tuple(join(parents[n], n) for n in sorted(names))
        sends.append(Send(method.id, group_sources, stage, tuple(e.path for e in group),
                          tuple(e.path for e in group if e.path in own), entries=tuple(group),
                          skip=sum(own.get(e.path, 0) for e in group)))
    return sends


def job_for(send: Send, base: Job) -> Job:
    """The Job that runs `send`, with the session's ssh, options and sides from `base`."""
    return replace(base, sources=send.sources, dest=send.dest, files=send.files, partial=send.partial,
                   offset=send.offset)
