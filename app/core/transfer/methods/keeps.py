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


class Keep(Enum):
    KEPT = "kept"
    LOST = "lost"
    ASKED = "option"  # kept when asked for (--owners, --xattrs)


# How each property is named in a sentence, and the option that asks for it.
NAMES = {"mode": "permissions", "mtime": "modification times", "symlinks": "symbolic links",
         "hardlinks": "hard links", "sparse": "sparse files", "xattrs": "extended attributes",
         "acls": "ACLs", "owners": "owners"}
ASKED_BY = {"owners": "--owners", "xattrs": "--xattrs", "acls": "--xattrs"}


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

    def lost(self, names: Iterable[str] = tuple(NAMES)) -> list[str]:
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


HEADINGS = {"mode": "mode", "mtime": "mtime", "symlinks": "symlinks", "hardlinks": "hard links",
            "sparse": "sparse", "xattrs": "xattrs", "acls": "ACLs", "owners": "owners"}
CELLS = {Keep.KEPT.value: "yes", Keep.LOST.value: "no", Keep.ASKED.value: "asked"}


def keeps_table(rows: dict[str, dict[str, str]]) -> list[str]:
    """Method id → Keeps.as_dict(), as the lines of a plain-text table."""
    widths = [max(len(k) for k in rows) if rows else 2] + [max(len(h), 5) for h in HEADINGS.values()]
    lines = [[""] + list(HEADINGS.values())]
    lines += [[mid] + [CELLS[keeps[name]] for name in HEADINGS] for mid, keeps in rows.items()]
    return ["  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip() for line in lines]
