"""A whole tree on the host listed in one shell command, whatever the round trip: the script (SCAN)
and the reading of what it prints into a Selection (parse_scan). app.core.host.remote_reads runs it
where the host has a shell; without one, app.core.selection.entries walks the tree over SFTP."""

from __future__ import annotations

import hashlib
import os
from posixpath import basename

from app.core.errors import remote_source_missing
from app.core.selection.entries import Entry, Selection, entry_kind

SCAN_TIMEOUT = 3600.0  # a tree of millions of files on a slow NAS

# $1: how deep to go ("" for all the way), then the roots. Prints, NUL-separated: one y/n per root (it exists).
# Then, where find is GNU find: an empty record and, per path under the existing roots, three records: `TYPE
# TARGET-TYPE PERMS SIZE MTIME NLINK DEV INODE BLOCKS` (find -printf's %y %Y %m %s %T@ %n %D %i %b), the path
# and the link's target (empty for all but links) -- one process, one pass. Elsewhere (BusyBox, toybox):
# every path under the existing roots, then an empty record; one `SIZE MODE MTIME NLINK DEV INODE BLOCKS`
# line per path in that order (no names in these lines, so a name with a line break cannot shift them;
# blocks of 512 bytes, as Linux counts); then every link's target and what it leads to (d, f or n for
# nowhere), in the same order. find, xargs -0, stat -c and readlink are in GNU coreutils/findutils,
# BusyBox and toybox alike.
SCAN = r"""
depth=$1; shift
for p; do if [ -e "$p" ] || [ -L "$p" ]; then printf y; else printf n; fi; done; printf '\0'
for p; do shift; if [ -e "$p" ] || [ -L "$p" ]; then set -- "$@" "$p"; fi; done
[ $# -gt 0 ] || exit 0
if find --version 2>/dev/null | grep -q GNU; then
  printf '\0'
  exec find "$@" ${depth:+-maxdepth "$depth"} -printf '%y %Y %m %s %T@ %n %D %i %b\0%p\0%l\0'
fi
t=$(mktemp) || exit 2
trap 'rm -f "$t"' EXIT
find "$@" ${depth:+-maxdepth "$depth"} -print0 > "$t" || exit 3
cat "$t"; printf '\0'
xargs -0 stat -c '%s %f %Y %h %d %i %b' < "$t" || exit 3
printf '\0'
xargs -0 sh -c 'for l; do if [ -L "$l" ]; then
  if [ -d "$l" ]; then k=d; elif [ -e "$l" ]; then k=f; else k=n; fi
  printf "%s\0%s\0" "$(readlink -- "$l")" "$k"; fi; done' sh < "$t"
"""


def _faithful(kind: str, fields: list[str]) -> dict:
    """A file's inode when it has other names, and the bytes its blocks take (Entry.inode, Entry.allocated)."""
    if kind != "file" or len(fields) < 7:
        return {}
    nlink, dev, ino, blocks = (int(f) for f in fields[3:7])
    return {"inode": (dev, ino) if nlink > 1 else None, "allocated": blocks * 512}


def parse_scan(out: bytes, roots: list[str], given: list[str], missing_ok: bool) -> Selection:
    """Read what SCAN printed into a Selection (entries in the order os.walk's sorted walk gives)."""
    kept, relative, rest = _found(out, roots, given, missing_ok)
    # A path found by GNU find is never empty, so an empty record first says which of SCAN's two forms follows.
    entries = _read_printf(rest[1:], relative) if rest.startswith(b"\0") else _read_stat(rest, relative)
    order = {r: i for i, r in enumerate(kept)}
    tops = {basename(r.rstrip("/")) or r: order[r] for r in kept}
    # Sorted by components ("a" < "a/b" < "a-b"): a NUL sorts before every character a name can hold.
    entries.sort(key=lambda e: (tops.get(e.path.split("/", 1)[0], 0), e.path.replace("/", "\0")))
    return Selection(kept, entries)


def parse_manifest(out: bytes, roots: list[str], given: list[str], missing_ok: bool) -> dict[str, tuple[str, int | str]]:
    """What parse_scan(...).manifest() gives (path -> kind and size or target), read straight from GNU
    find's records without building entries: the check after a copy of 100 000 files takes a third of the
    time. The portable form goes through parse_scan."""
    _, relative, rest = _found(out, roots, given, missing_ok)
    if not rest.startswith(b"\0"):
        return parse_scan(out, roots, given, missing_ok).manifest()
    records = rest[1:].split(b"\0")
    manifest: dict[str, tuple[str, int | str]] = {}
    for i in range(0, len(records) - 2, 3):
        meta = records[i]
        kind = _KINDS.get(meta[:1].decode())
        if kind is None:
            continue
        path = relative(os.fsdecode(records[i + 1]))
        if kind == "file":
            manifest[path] = (kind, int(meta.split(b" ", 4)[3]))
        elif kind == "dir":
            manifest[path] = (kind, 0)
        else:
            manifest[path] = (kind, os.fsdecode(records[i + 2]))
    return manifest


def _found(out: bytes, roots: list[str], given: list[str], missing_ok: bool):
    """The roots that exist (each missing one raised unless `missing_ok`), a path's name in the selection
    (`relative`), and the rest of SCAN's output."""
    status, _, rest = out.partition(b"\0")
    for root, seen, name in zip(roots, status.decode(errors="replace"), given):
        if seen != "y" and not missing_ok:
            raise remote_source_missing(name)
    kept = [r for r, seen in zip(roots, status.decode(errors="replace")) if seen == "y"]
    # Each root as (itself, the prefix of what is under it, its name in the selection), longest first.
    prefixes = [(r, r.rstrip("/") + "/", basename(r.rstrip("/")) or r) for r in sorted(kept, key=len, reverse=True)]
    one = len(prefixes) == 1
    root, under, top = prefixes[0] if prefixes else ("", "/", "")
    cut = len(under) - 1

    def relative(path: str) -> str:
        if one:  # one root: everything found is under it
            return top + path[cut:] if path != root else top
        at, under_it, name = next(p for p in prefixes if path == p[0] or path.startswith(p[1]))
        return name + path[len(under_it) - 1:] if path != at else name

    return kept, relative, rest


_KINDS = {"f": "file", "d": "dir", "l": "link"}
_LEADS = {"d": "dir", "N": "none", "L": "none", "?": "none"}  # what else a link leads to is a file to `test -e`


def _read_printf(blob: bytes, relative) -> list[Entry]:
    """GNU find's records: `%y %Y %m %s %T@ %n %D %i %b`, the path, the link's target."""
    records = blob.split(b"\0")
    entries: list[Entry] = []
    for i in range(0, len(records) - 2, 3):
        kind_, leads, perms, size, mtime, nlink, dev, ino, blocks = records[i].decode().split(" ")
        kind = _KINDS.get(kind_)
        if kind is None:
            continue  # sockets, fifos, devices: not copied
        path = relative(os.fsdecode(records[i + 1]))
        when = int(mtime.replace(",", ".").partition(".")[0])  # whole seconds, whatever the decimal mark
        if kind == "file":
            entries.append(Entry(path, kind, int(size), mtime=when, allocated=int(blocks) * 512,
                                 inode=(int(dev), int(ino)) if nlink != "1" else None))
        elif kind == "dir":
            entries.append(Entry(path, kind, 0, mtime=when, locked=not int(perms, 8) & 0o200))
        else:
            entries.append(Entry(path, kind, 0, os.fsdecode(records[i + 2]), _LEADS.get(leads, "file"), when))
    return entries


def _read_stat(rest: bytes, relative) -> list[Entry]:
    """The portable form: the paths, then `stat -c` lines in the same order, then the links' targets."""
    names_blob, _, rest = rest.partition(b"\0\0")
    stats_blob, _, links_blob = rest.partition(b"\0")
    names = [os.fsdecode(n) for n in names_blob.split(b"\0")] if names_blob else []
    stats = stats_blob.decode(errors="replace").split()
    targets = iter(os.fsdecode(t) for t in links_blob.split(b"\0")[:-1])
    leads = {"d": "dir", "f": "file", "n": "none"}
    entries: list[Entry] = []
    width = len(stats) // len(names) if names else 3  # 3: a host scanned before links and blocks were asked
    for i, path in enumerate(names):
        fields = stats[width * i:width * (i + 1)]
        size, mode, mtime = int(fields[0]), int(fields[1], 16), int(fields[2])
        kind = entry_kind(mode)
        if kind is None:
            continue
        rel = relative(path)
        if kind == "link":
            target = next(targets, "")
            entries.append(Entry(rel, kind, 0, target, leads.get(next(targets, ""), ""), mtime))
        else:
            entries.append(Entry(rel, kind, size if kind == "file" else 0, mtime=mtime, **_faithful(kind, fields),
                                 locked=kind == "dir" and not mode & 0o200))
    return entries


# -- the check after a copy, as a digest ------------------------------------------------------------------
# $1: the destination folder, then "./NAME" for each of the selection's names in it. Prints the MD5 of every
# file, folder and link under them, one NUL-ended record each (`f SIZE PATH`, `d PATH`, `l PATH//TARGET`: a
# path never holds "//", so where the target starts is plain), sorted bytewise. Exits 3 where find is not GNU
# find. listing_digest makes the same digest of what the destination must hold.
DIGEST = r"""
cd -- "$1" || exit 3
shift
find --version 2>/dev/null | grep -q GNU || exit 3
find "$@" \( -type f -printf 'f %s %p\0' \) -o \( -type d -printf 'd %p\0' \) -o \( -type l -printf 'l %p//%l\0' \) |
  LC_ALL=C sort -z | md5sum
"""


def said_digest(out: bytes) -> str:
    """The digest in what DIGEST printed (md5sum's hex, then its file's name)."""
    return out.split(b" ", 1)[0].decode("ascii", "replace")


def listing_digest(expected: dict[str, tuple[str, int | str]]) -> str:
    """DIGEST's answer for a destination that holds exactly `expected` (path → kind and size or target)."""
    records = []
    for path, (kind, value) in expected.items():
        there = b"./" + os.fsencode(path)
        if kind == "file":
            records.append(b"f %d %s" % (value, there))
        elif kind == "dir":
            records.append(b"d " + there)
        else:
            records.append(b"l %s//%s" % (there, os.fsencode(str(value))))
    records.sort()
    records.append(b"")
    return hashlib.md5(b"\0".join(records), usedforsecurity=False).hexdigest()
