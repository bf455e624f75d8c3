"""What a copy keeps: per method, whether each property of the files arrives intact.

A method declares it (`Method.keeps`); its build() passes the flags that make it true, and
`Method.keeps_between(local, remote)` says what survives between two real sides (a BusyBox tar
writes no sparse files, an rsync built without xattrs keeps none). Owners, xattrs and ACLs are kept
only when asked (`Options.owners`, `Options.xattrs`): keeping owners needs root on the receiving
side, and a destination whose filesystem takes no xattrs would fail the copy.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from enum import Enum

from app.core.language import Words


class KeepWords(Words):
    """What a copy keeps: the properties of the files as a sentence names them, and the keeps table's
    headings and cells (the translator's context)."""


class Keep(Enum):
    KEPT = "kept"
    LOST = "lost"
    ASKED = "option"  # kept when asked for (--owners, --xattrs)


# The properties (Keeps' fields, as_dict()'s keys), and the option that asks for some of them.
PROPERTIES = ("mode", "mtime", "symlinks", "hardlinks", "sparse", "xattrs", "acls", "owners")
ASKED_BY = {"owners": "--owners", "xattrs": "--xattrs", "acls": "--xattrs"}


def named(prop: str) -> str:
    """A property (one of PROPERTIES) as a sentence names it: "hardlinks" → "hard links"."""
    return {"mode": KeepWords.tr("permissions"), "mtime": KeepWords.tr("modification times"),
            "symlinks": KeepWords.tr("symbolic links"), "hardlinks": KeepWords.tr("hard links"),
            "sparse": KeepWords.tr("sparse files"), "xattrs": KeepWords.tr("extended attributes"),
            "acls": KeepWords.tr("ACLs"), "owners": KeepWords.tr("owners")}[prop]


@dataclass(frozen=True)
class Keeps:
    mode: Keep = Keep.KEPT
    mtime: Keep = Keep.KEPT
    symlinks: Keep = Keep.KEPT
    hardlinks: Keep = Keep.LOST
    sparse: Keep = Keep.LOST
    xattrs: Keep = Keep.LOST
    acls: Keep = Keep.LOST
    owners: Keep = Keep.LOST

    def as_dict(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name).value for f in fields(self)}

    def lost(self, names: Iterable[str] = PROPERTIES) -> list[str]:
        """Of `names`, those this copy does not keep."""
        return [n for n in names if getattr(self, n) is Keep.LOST]

    def given(self, owners: bool = False, xattrs: bool = False) -> "Keeps":
        """What a copy keeps with these asked for (Options.owners, .xattrs): kept when asked, else lost."""
        asked = {"owners": owners, "xattrs": xattrs, "acls": xattrs}
        return replace(self, **{n: Keep.KEPT if on else Keep.LOST for n, on in asked.items()
                                if getattr(self, n) is Keep.ASKED})

    def without(self, *names: str) -> "Keeps":
        """The same, with `names` lost (what one side cannot do)."""
        return replace(self, **{n: Keep.LOST for n in names})


# What the tools keep that copy files one by one with -p, and what rsync and tar keep.
PER_FILE = Keeps()
ARCHIVE = Keeps(hardlinks=Keep.KEPT, sparse=Keep.KEPT, xattrs=Keep.ASKED, acls=Keep.ASKED, owners=Keep.ASKED)


def version_at_least(version: str, wanted: tuple[int, ...]) -> bool:
    """'3.2.7' >= (3, 3)? An unknown version is taken as too old."""
    parts = []
    for part in version.split("."):
        digits = "".join(c for c in part if c.isdigit())
        if not digits:
            break
        parts.append(int(digits))
    return bool(parts) and tuple(parts) >= wanted


def headings() -> dict[str, str]:
    """The keeps table's column headings, short."""
    return {"mode": KeepWords.tr("mode"), "mtime": KeepWords.tr("mtime"), "symlinks": KeepWords.tr("symlinks"),
            "hardlinks": KeepWords.tr("hard links"), "sparse": KeepWords.tr("sparse"),
            "xattrs": KeepWords.tr("xattrs"), "acls": KeepWords.tr("ACLs"), "owners": KeepWords.tr("owners")}


def cells() -> dict[str, str]:
    """The keeps table's cells: Keep's values as said there."""
    return {Keep.KEPT.value: KeepWords.tr("yes"), Keep.LOST.value: KeepWords.tr("no"),
            Keep.ASKED.value: KeepWords.tr("asked")}


def keeps_table(rows: dict[str, dict[str, str]]) -> list[str]:
    """Method id → Keeps.as_dict(), as the lines of a plain-text table."""
    heads, said = headings(), cells()
    cell = max(5, *(len(c) for c in said.values()))
    widths = [max(len(k) for k in rows) if rows else 2] + [max(len(h), cell) for h in heads.values()]
    lines = [[""] + list(heads.values())]
    lines += [[mid] + [said[keeps[name]] for name in heads] for mid, keeps in rows.items()]
    return ["  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip() for line in lines]
