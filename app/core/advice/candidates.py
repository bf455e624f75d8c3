"""What the model chooses among for one selection: the selection as the model sees it (SelectionStats)
and every candidate (method × cipher × compression × multiplexing) the methods accept here.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from app.core.advice.calibration import TAR_HEADER_BYTES
from app.core.host.capabilities import Capabilities
from app.core.profile.link_profile import LinkProfile
from app.core.selection.entries import Selection
from app.core.transfer.methods import METHODS
from app.core.host.ssh_command import Options
from app.core.transfer.methods.base import Context, Method


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
    odd_paths: tuple[str, ...] = ()       # entries whose names hold a line break (old scp cannot carry them)
    link_kinds: frozenset[str] = frozenset()  # what the links lead to: "file", "dir", "none"
    # What a copy that loses them turns into more bytes at the destination: names of one file inside the
    # selection (each would be a file of its own), and sparse files (their holes written out as zeros).
    hard_linked: int = 0
    hard_link_bytes: int = 0  # what the extra copies add
    sparse: int = 0
    sparse_bytes: int = 0     # what the holes add on disk
    xattrs: int = 0           # entries with user xattrs or ACLs (kept only with --xattrs)

    @classmethod
    def of(cls, selection: Selection) -> "SelectionStats":
        kinds = [e.kind for e in selection.entries]
        groups, sparse = selection.hard_links(), selection.sparse_files()
        return cls(selection.files, selection.bytes, kinds.count("dir"), tuple(selection.names),
                   len(selection.roots) == 1 and kinds == ["file"], selection.tar_stream_bytes(),
                   kinds.count("link"), tuple(e.path for e in selection.entries if "\n" in e.path or "\r" in e.path),
                   selection.link_kinds(), sum(len(g) for g in groups), sum(g[0].size * (len(g) - 1) for g in groups),
                   len(sparse), sum(e.size - (e.allocated or 0) for e in sparse), len(selection.with_xattrs()))

    def needs_kept(self) -> list[str]:
        """What the selection has that a copy can lose (Keeps' names): symbolic links, hard links, sparse files,
        xattrs and ACLs."""
        return [name for name, count in (("symlinks", self.links), ("hardlinks", self.hard_linked),
                                         ("sparse", self.sparse), ("xattrs", self.xattrs)) if count]

    def one_file(self) -> bool:
        """ssh cat copies exactly one regular file."""
        return self.single_file if self.single_file is not None else (self.files == 1 and self.dirs == 0)

    def stream_bytes(self) -> int:
        return self.tar_bytes if self.tar_bytes is not None else self.bytes + self.files * TAR_HEADER_BYTES + 1024


@dataclass(frozen=True)
class Candidate:
    method_id: str
    options: Options

    @property
    def method(self) -> Method:
        return METHODS[self.method_id]

    @property
    def secure(self) -> bool:
        return self.method.secure

    @property
    def label(self) -> str:
        return self.method.label


def candidates(profile: LinkProfile, stats: SelectionStats, local: Capabilities, remote: Capabilities,
               allow_insecure: bool = False, download: bool = False) -> tuple[list[Candidate], dict[str, str]]:
    """Every option set each method accepts here, and why a method has none."""
    measured = [p.cipher for p in profile.ciphers]
    found: list[Candidate] = []
    reasons: dict[str, str] = {}
    for method in METHODS.values():
        # Insecure methods carry no ssh traffic (the app starts their listener over its own connection).
        ciphers: list[str | None] = (measured or [None]) if method.secure else [None]
        muxes = (False, True) if method.secure else (False,)
        for cipher, codec, mux in product(ciphers, method.codecs, muxes):
            o = Options(cipher, codec, mux, download)
            ctx = Context(local, remote, o, allow_insecure, list(stats.names), stats.one_file(),
                          entry_paths=list(stats.odd_paths), link_kinds=stats.link_kinds)
            why = method.unavailable(ctx)
            if why is None:
                found.append(Candidate(method.id, o))
            else:
                reasons.setdefault(method.id, why)
    return found, {m: why for m, why in reasons.items() if not any(c.method_id == m for c in found)}
