"""The selection as the model and the copy's notes see it: counts, sizes, and what a method can lose
(symbolic and hard links, sparse files, extended attributes)."""

from __future__ import annotations

from dataclasses import dataclass

from app.core.selection.entries import Selection, is_sparse

TAR_HEADER_BYTES = 768      # a 512-byte header plus half a 512-byte block of padding on average


# What some method cannot name: a line break (old scp, FTP's commands), SMB's forbidden characters and other control
# characters, a `?` (libnfs's URLs end the path there).
_ODD = frozenset('\\:*?"<>|\x7f') | frozenset(chr(c) for c in range(1, 32))


def odd_name(path: str) -> bool:
    """Whether some method cannot carry this path: one of _ODD in it, or bytes that are not UTF-8 (SMB's names are
    UTF-16). The methods' own checks (Method.unavailable) see only these paths while advising."""
    if not _ODD.isdisjoint(path):
        return True
    if path.isascii():
        return False
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


@dataclass(frozen=True)
class SelectionStats:
    """What the model needs to know about a selection."""

    files: int
    bytes: int
    dirs: int = 0
    names: tuple[str, ...] = ()           # top-level names (some methods refuse some names)
    single_file: bool | None = None
    tar_bytes: int | None = None          # the tar stream's size; estimated from `files` when None
    links: int = 0                        # symbolic links: methods that follow them lose them
    odd_paths: tuple[str, ...] = ()       # entries whose names some method cannot carry (see odd())
    link_kinds: frozenset[str] = frozenset()  # what the links lead to: "file", "dir", "none"
    # What a copy that loses them turns into more bytes at the destination: names of one file inside the
    # selection (each would be a file of its own), and sparse files (their holes written out as zeros).
    hard_linked: int = 0
    hard_link_bytes: int = 0  # what the extra copies add
    sparse: int = 0
    sparse_bytes: int = 0     # what the holes add on disk
    xattrs: int = 0           # entries with user xattrs or ACLs (kept only with --xattrs)
    largest: int = 0          # the biggest file's bytes (0: not known, taken as an average file)

    @classmethod
    def of(cls, selection: Selection, tar: bool = True) -> "SelectionStats":
        """One pass over the entries (a selection of 100 000 files is read once, not once per figure);
        `tar`: also the tar stream's size (another pass), which only the model needs."""
        dirs = links = xattrs = largest = sparse = sparse_bytes = 0
        odd: list[str] = []
        kinds: set[str] = set()
        names_of: dict[tuple[int, int], list[int]] = {}  # an inode's sizes, one per name inside the selection
        for e in selection.entries:
            kind = e.kind
            if kind == "file":
                if e.size > largest:
                    largest = e.size
                if e.inode is not None:
                    names_of.setdefault(e.inode, []).append(e.size)
                if e.allocated is not None and is_sparse(e.size, e.allocated):
                    sparse += 1
                    sparse_bytes += e.size - e.allocated
            elif kind == "dir":
                dirs += 1
            elif kind == "link":
                links += 1
                kinds.add(e.leads_to)
            if e.xattrs:
                xattrs += 1
            if odd_name(e.path):
                odd.append(e.path)
        groups = [g for g in names_of.values() if len(g) > 1]
        entries = selection.entries
        return cls(selection.files, selection.bytes, dirs, tuple(selection.names),
                   len(selection.roots) == 1 and len(entries) == 1 and entries[0].kind == "file",
                   selection.tar_stream_bytes() if tar else None, links, tuple(odd), frozenset(kinds),
                   sum(len(g) for g in groups), sum(g[0] * (len(g) - 1) for g in groups), sparse, sparse_bytes,
                   xattrs, largest)

    def needs_kept(self) -> list[str]:
        """What the selection has that a copy can lose (Keeps' names): symbolic links, hard links, sparse files,
        xattrs and ACLs."""
        return [name for name, count in (("symlinks", self.links), ("hardlinks", self.hard_linked),
                                         ("sparse", self.sparse), ("xattrs", self.xattrs)) if count]

    def one_file(self) -> bool:
        """ssh cat copies exactly one regular file."""
        return self.single_file if self.single_file is not None else (self.files == 1 and self.dirs == 0)

    def parts(self) -> float:
        """How many equal parts the files can be split into at most, whole files each (parallel streams
        split by files: the biggest file is one stream's least)."""
        if self.files < 2 or not self.bytes:
            return 1.0
        largest = self.largest or self.bytes / self.files
        return min(float(self.files), self.bytes / max(largest, 1))

    def streams_busy(self, streams: int) -> float:
        """How many of `streams` parallel streams the copy keeps busy, on average over the time the busiest
        takes: the biggest file is one stream's least, and whole files share out unevenly (8 like files on
        3 streams: 3, 3 and 2 of them, so the copy takes as long as 8 ÷ 3 = 2.67 busy streams would). Files
        are counted in units of the biggest one; what is left over in smaller files fills the gaps."""
        if streams <= 1:
            return 1.0
        units = self.parts()
        busiest = max(-(-int(units) // streams), units / streams)
        return max(1.0, min(float(streams), units / busiest))

    def stream_bytes(self) -> int:
        return self.tar_bytes if self.tar_bytes is not None else self.bytes + self.files * TAR_HEADER_BYTES + 1024
