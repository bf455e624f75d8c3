"""The selection: what to send (or fetch), as a list of entries relative to their roots.

Paths are `str` as the OS gives them (undecodable bytes kept by surrogateescape),
so any file name survives the round trip to the tools and back.
"""

from __future__ import annotations

import asyncio
import os
import stat
from dataclasses import dataclass, field, replace
from typing import Callable
from posixpath import basename, join, normpath

import asyncssh

from app.core.errors import (inside_unreadable, remote_folder_unlisted, remote_source_missing, remote_source_unreadable,
                             source_missing, source_unreadable)
from app.core.language import Words, current

# A file is sparse when its holes save at least this much and its blocks take at most half its size.
SPARSE_MIN_HOLES = 64 * 1024


@dataclass(slots=True)  # not frozen: a frozen one took twice as long to make (0.23 s per 100 000 files)
class Entry:
    path: str  # relative to the parent of its root: "photos/2024/a.jpg"
    kind: str  # "file", "dir" or "link"
    size: int = 0
    target: str = ""  # where a link points
    # What a link leads to: "file", "dir", "none" (nowhere), or "" when not known. Tools that follow
    # links (scp) copy a folder again, loop, or fail on these.
    leads_to: str = ""
    mtime: int = 0  # whole seconds: what every method keeps (tar, scp -p, sftp -p, rsync -t)
    # Files only. (device, inode) when the file has more than one name (st_nlink > 1), else None;
    # and the bytes its blocks take on disk, None when not known (SFTP says nothing of either).
    inode: tuple[int, int] | None = None
    allocated: int | None = None
    xattrs: bool = False  # has user xattrs or an ACL (found on this computer only)
    locked: bool = False  # a folder its owner may not write into (no u+w): a copy must fill it before it is set


@dataclass
class Selection:
    roots: list[str]  # absolute paths, as given
    entries: list[Entry] = field(default_factory=list)

    def _counted(self, what: str, count: Callable[[], int]) -> int:
        """A figure over every entry, counted once per list of entries (a copy of 100 000 files asks for its
        bytes and tar stream many times); a list that grew is counted again."""
        memo = self.__dict__.setdefault("_memo", {})
        seen = memo.get(what)
        if seen is None or seen[0] is not self.entries or seen[1] != len(self.entries):
            seen = memo[what] = (self.entries, len(self.entries), count())
        return seen[2]

    @property
    def files(self) -> int:
        return self._counted("files", lambda: sum(1 for e in self.entries if e.kind == "file"))

    @property
    def bytes(self) -> int:
        return self._counted("bytes", lambda: sum(e.size for e in self.entries if e.kind == "file"))

    @property
    def names(self) -> list[str]:
        """The top-level names the roots get at the destination."""
        return [basename(r.rstrip("/")) or r for r in self.roots]

    def part(self, sources: list[str]) -> "Selection":
        """What scanning `sources` would give, read from this selection instead: paths at or below its
        roots (the race's sample), each with what it holds, named from its own parent folder."""
        tops = {basename(r.rstrip("/")) or r: r.rstrip("/") for r in self.roots}
        wanted: dict[str, list[Entry]] = {}
        for source in sources:
            top = next(t for t, root in tops.items() if source == root or source.startswith(root + "/"))
            wanted[top + source[len(tops[top]):]] = []
        for e in self.entries:
            for path in (e.path, *reversed(ancestors(e.path))):
                if path in wanted:
                    cut = path.rfind("/") + 1
                    wanted[path].append(replace(e, path=e.path[cut:]))
                    break
        return Selection(list(sources), [e for found in wanted.values() for e in found])

    def link_kinds(self) -> frozenset[str]:
        """What the selection's links lead to ("file", "dir", "none"; "" for not known)."""
        return frozenset(e.leads_to for e in self.entries if e.kind == "link")

    def hard_links(self) -> list[list[Entry]]:
        """Files of the selection that are names of one file (two or more names each, inside it)."""
        groups: dict[tuple[int, int], list[Entry]] = {}
        for e in self.entries:
            if e.kind == "file" and e.inode is not None:
                groups.setdefault(e.inode, []).append(e)
        return [g for g in groups.values() if len(g) > 1]

    def with_xattrs(self) -> list[Entry]:
        """Entries with user xattrs or ACLs, which a copy keeps only when asked (--xattrs)."""
        return [e for e in self.entries if e.xattrs]

    def sparse_files(self) -> list[Entry]:
        """Files whose holes take no room on disk (a disk image, a database's preallocated file)."""
        return [e for e in self.entries if e.kind == "file" and is_sparse(e.size, e.allocated)]

    def manifest(self) -> dict[str, tuple[str, int | str]]:
        """path → (kind, size for files / target for links / 0 for folders)."""
        return {e.path: (e.kind, e.size if e.kind == "file" else e.target if e.kind == "link" else 0)
                for e in self.entries}

    def bytes_on_disk(self, block: int = 4096) -> int:
        """Space the copy takes: every file and folder fills whole blocks."""
        return sum(-(-e.size // block) * block if e.kind == "file" else block if e.kind == "dir" else 0
                   for e in self.entries)

    def tar_stream_bytes(self) -> int:
        """What tar will write for this selection: a 512-byte header per entry, data padded to 512."""
        return self._counted("tar stream", self._tar_stream_bytes)

    def _tar_stream_bytes(self) -> int:
        total = 1024
        seen: set[tuple[int, int]] = set()  # a second name of a file is a header alone (a hard link)
        for e in self.entries:
            data = e.kind == "file" and e.inode not in seen
            if e.inode is not None:
                seen.add(e.inode)
            total += 512 + (-(-e.size // 512) * 512 if data else 0)
            if len(os.fsencode(e.path)) > 99:
                total += 1024  # GNU long-name header and its data block
        return total


def is_sparse(size: int, allocated: int | None) -> bool:
    """On a compressing filesystem (ZFS, btrfs with compression) a file that compresses well looks
    sparse too: both take less room than their size, and a faithful copy keeps that saving."""
    return allocated is not None and size - allocated >= SPARSE_MIN_HOLES and allocated * 2 <= size


def ancestors(path: str) -> list[str]:
    """The folders above a selection path, top first: "a/b/c" -> ["a", "a/b"]."""
    parts = path.split("/")
    return ["/".join(parts[:i]) for i in range(1, len(parts))]


def entry_kind(mode: int) -> str | None:
    if stat.S_ISLNK(mode):
        return "link"
    if stat.S_ISDIR(mode):
        return "dir"
    if stat.S_ISREG(mode):
        return "file"
    return None  # sockets, fifos, devices: not copied


def scan_local(paths: list[str]) -> Selection:
    roots: list[str] = []
    entries: list[Entry] = []
    for given in paths:
        path = os.path.abspath(given)
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            raise source_missing(given) from None
        except PermissionError:
            raise source_unreadable(given) from None
        roots.append(path)
        top = basename(path.rstrip("/")) or path
        kind = entry_kind(st.st_mode)
        if kind is None:
            continue
        entries.append(_local_entry(top, path, kind, st))
        if kind == "dir":
            _scan_tree(_slashed(top), _slashed(path), entries)
    return Selection(roots, entries)


def _scan_tree(prefix: str, here: str, entries: list[Entry]) -> None:
    """Every entry under a folder, in os.walk's order (a folder's entries sorted by name, then each of its
    folders in the order the system lists them), with no link followed. The loop is written out for speed:
    a tree of 100 000 files took 0.75 s through os.walk and a function per entry, and it runs before the
    first byte is sent."""
    lstat, listxattr, new = os.lstat, os.listxattr, Entry
    folders = [(prefix, here)]
    while folders:
        prefix, here = folders.pop()
        try:
            with os.scandir(here) as found:
                names = [(e.name, e.is_dir(follow_symlinks=False)) for e in found]
        except OSError as exc:
            raise inside_unreadable(exc) from exc
        below = [(prefix + n + "/", here + n + "/") for n, is_dir in names if is_dir]
        for name in sorted(n for n, _ in names):
            full = here + name
            st = lstat(full)
            form = st.st_mode & 0o170000
            if form == stat.S_IFREG:
                entries.append(new(prefix + name, "file", st.st_size, "", "", int(st.st_mtime),
                                   (st.st_dev, st.st_ino) if st.st_nlink > 1 else None, st.st_blocks * 512,
                                   _has_xattrs(full, listxattr)))
            elif form == stat.S_IFDIR:
                entries.append(new(prefix + name, "dir", 0, "", "", int(st.st_mtime), None, None,
                                   _has_xattrs(full, listxattr), not st.st_mode & 0o200))
            elif form == stat.S_IFLNK:
                entries.append(_local_entry(prefix + name, full, "link", st))
        folders.extend(reversed(below))  # the first listed is walked first


def _slashed(folder: str) -> str:
    return folder if folder.endswith("/") else folder + "/"


def _local_entry(rel: str, path: str, kind: str, st: os.stat_result) -> Entry:
    if kind == "link":
        return Entry(rel, kind, 0, os.readlink(path), _leads_to(path), int(st.st_mtime))
    if kind == "dir":
        return Entry(rel, kind, mtime=int(st.st_mtime), xattrs=_has_xattrs(path), locked=not st.st_mode & 0o200)
    return Entry(rel, kind, st.st_size, mtime=int(st.st_mtime),
                 inode=(st.st_dev, st.st_ino) if st.st_nlink > 1 else None, allocated=st.st_blocks * 512,
                 xattrs=_has_xattrs(path))


# What --xattrs carries that a person put there: user attributes and POSIX ACLs (not security.selinux and
# the like, which every file has on some systems and the receiving side sets itself).
_XATTR_PREFIXES = ("user.", "system.posix_acl_")


def _has_xattrs(path: str, listxattr: Callable[..., list[str]] = os.listxattr) -> bool:
    """One listxattr call, about what an lstat costs."""
    try:
        names = listxattr(path, follow_symlinks=False)
        return bool(names) and any(n.startswith(_XATTR_PREFIXES) for n in names)
    except OSError:  # not supported here, or not ours to read
        return False


def _leads_to(path: str) -> str:
    try:
        return "dir" if stat.S_ISDIR(os.stat(path).st_mode) else "file"
    except OSError:  # dangling, a loop, or not ours to read
        return "none"


def _raise(exc: OSError) -> None:
    raise inside_unreadable(exc) from exc


async def scan_remote(sftp: asyncssh.SFTPClient, paths: list[str], missing_ok: bool = False,
                      depth: int | None = None) -> Selection:
    """The same as scan_local, over SFTP: one READDIR round trip per folder (`depth` 1: a root and what
    is directly in it). app.core.host.remote_files lists a tree in one command where the host has a shell."""
    roots: list[str] = []
    entries: list[Entry] = []
    for given in paths:
        path = normpath(given)
        try:
            attrs = await sftp.lstat(os.fsencode(path))
        except asyncssh.SFTPNoSuchFile:
            if missing_ok:
                continue
            raise remote_source_missing(given) from None
        except asyncssh.SFTPError as exc:
            raise remote_source_unreadable(given, exc.reason) from None
        roots.append(path)
        top = basename(path.rstrip("/")) or path
        kind = entry_kind(attrs.permissions or 0)
        if kind is None:
            continue
        entries.append(await _remote_entry(sftp, top, path, kind, attrs))
        if kind == "dir" and depth != 0:
            gate = asyncio.Semaphore(FOLDERS_IN_FLIGHT)
            entries += await _walk_remote(sftp, path, top, gate, None if depth is None else depth - 1)
    return Selection(roots, entries)


# Folders listed at once over SFTP: each folder waits about four round trips (open, read, read to its end,
# close), so a tree of thousands of folders on a far NAS is listed as many at a time (OpenSSH's sftp-server
# answers them in turn, as fast as it can; bench/listing.py, WAN at 40 ms, 440 folders: one at a time
# 72 s, 16 at once 4.9 s, 64 at once 1.6 s).
FOLDERS_IN_FLIGHT = 64


async def _walk_remote(sftp: asyncssh.SFTPClient, path: str, prefix: str, gate: asyncio.Semaphore,
                       depth: int | None = None) -> list[Entry]:
    """A folder's tree below it, in the order of a sorted walk; its subfolders are listed side by side."""
    try:
        async with gate:  # held for the listing only: a subfolder's own listing never waits on its parent
            items = await sftp.readdir(os.fsencode(path))
    except asyncssh.SFTPError as exc:
        raise remote_folder_unlisted(path, exc.reason) from None
    found: list[tuple[Entry, asyncio.Task | None]] = []
    try:
        for item in sorted(items, key=lambda i: i.filename):
            name = os.fsdecode(item.filename)
            if name in (".", ".."):
                continue
            kind = entry_kind(item.attrs.permissions or 0)
            if kind is None:
                continue
            entry = await _remote_entry(sftp, join(prefix, name), join(path, name), kind, item.attrs)
            below = None
            if kind == "dir" and depth != 0:
                below = asyncio.ensure_future(_walk_remote(sftp, join(path, name), join(prefix, name), gate,
                                                           None if depth is None else depth - 1))
            found.append((entry, below))
        await asyncio.gather(*(t for _, t in found if t is not None))
    except BaseException:
        for _, t in found:
            if t is not None:
                t.cancel()
        await asyncio.gather(*(t for _, t in found if t is not None), return_exceptions=True)
        raise
    entries: list[Entry] = []
    for entry, below in found:
        entries.append(entry)
        if below is not None:
            entries += below.result()
    return entries


async def _remote_entry(sftp: asyncssh.SFTPClient, rel: str, path: str, kind: str,
                        attrs: asyncssh.SFTPAttrs) -> Entry:
    if kind == "link":
        try:
            target = os.fsdecode(await sftp.readlink(os.fsencode(path)))
        except asyncssh.SFTPError:
            target = ""
        try:
            leads_to = "dir" if stat.S_ISDIR((await sftp.stat(os.fsencode(path))).permissions or 0) else "file"
        except asyncssh.SFTPError:
            leads_to = "none"
        return Entry(rel, kind, 0, target, leads_to, attrs.mtime or 0)
    locked = kind == "dir" and attrs.permissions is not None and not attrs.permissions & 0o200
    return Entry(rel, kind, (attrs.size or 0) if kind == "file" else 0, mtime=attrs.mtime or 0, locked=locked)


class SelectionCheckWords(Words):
    """What differs between the selection and what arrived, one line per path (the translator's context)."""


def _a_kind(kind: str) -> str:
    """An entry's kind as the line about it says it: "a file", "a dir", "a link"."""
    words = {"file": SelectionCheckWords.tr("a file"), "dir": SelectionCheckWords.tr("a dir"),
             "link": SelectionCheckWords.tr("a link")}
    return words.get(kind) or SelectionCheckWords.tr("a {kind}", kind=kind)


def _bytes(n: int) -> str:
    """1234567 → "1,234,567"; where the comma is the decimal point, thousands are grouped with a thin space."""
    grouped = f"{n:,}"
    return grouped if current().decimal_point != "," else grouped.replace(",", "\u2009")


def compare(source: dict[str, tuple[str, int | str]], dest: dict[str, tuple[str, int | str]]) -> list[str]:
    """Differences between two manifests, worded per path (empty when they match)."""
    problems = []
    for path, (kind, size) in source.items():
        got = dest.get(path)
        if got is None:
            problems.append(SelectionCheckWords.tr("missing: {path}", path=repr(path)))
        elif got[0] != kind:
            problems.append(SelectionCheckWords.tr("{path} is {found}, expected {kind}", path=repr(path),
                                                   found=_a_kind(got[0]), kind=_a_kind(kind)))
        elif got[1] != size and kind == "link":
            problems.append(SelectionCheckWords.tr("{path} points to {target}, expected {expected}",
                                                   path=repr(path), target=repr(got[1]), expected=repr(size)))
        elif got[1] != size:
            problems.append(SelectionCheckWords.tr("{path} has {found} bytes, expected {expected}",
                                                   path=repr(path), found=_bytes(got[1]), expected=_bytes(size)))
    return problems
