"""Making the destination match (a mirror, rsync --delete): what is at the destination, inside the
folders the copy brings, that the selection does not have, and deleting it once the copy is in place.

Only what lies inside a folder the selection has, and the destination has as a folder too, can go:
nothing beside the selection's own top-level names, nothing where the copy has a file. The app's own
folders (".transfer-advisor-…": staging folders, race scratch) and everything in them are never
deleted, nor a folder that holds one. Links go as links: the listings never follow them.

`gone()` is pure. Nothing is deleted without a yes: the command line's --yes-delete or the window's
answer; before deleting, the destination is listed again and only what was agreed to goes (a folder
that gained something meanwhile stays).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from posixpath import basename, dirname, join

from app.core.errors import Cancelled, ErrorKind, TransferError, deletions_words, not_deleted, would_delete_unasked
from app.core.errors import refuse_policy  # noqa: F401 (the command line and the engine call mirror.refuse_policy)
from app.core.tasks import finish
from app.core.selection.entries import Entry, Selection, ancestors

OURS = ".transfer-advisor-"  # the names of the app's own folders beside and inside a destination


@dataclass(frozen=True)
class Gone:
    """One top-most item that goes, with everything inside it."""

    entry: Entry                               # its path is relative to the destination folder
    inside: tuple[Entry, ...] = ()             # under a folder, all the way down

    @property
    def path(self) -> str:
        return self.entry.path

    @property
    def files(self) -> int:
        return sum(1 for e in (self.entry, *self.inside) if e.kind == "file")

    @property
    def bytes(self) -> int:
        return sum(e.size for e in (self.entry, *self.inside) if e.kind == "file")


@dataclass(frozen=True)
class Deletion:
    """What a mirror deletes at the destination."""

    items: tuple[Gone, ...] = ()
    kept: tuple[str, ...] = field(default=())  # the app's own folders found among them, left alone

    @property
    def count(self) -> int:
        return len(self.items)

    @property
    def files(self) -> int:
        return sum(g.files for g in self.items)

    @property
    def bytes(self) -> int:
        return sum(g.bytes for g in self.items)

    @property
    def paths(self) -> list[str]:
        return [g.path for g in self.items]

    def as_dict(self) -> dict:
        return {"count": self.count, "files": self.files, "bytes": self.bytes, "items": self.paths}

    def summary(self) -> str:
        """"3 items (5 files, 1.2 MB): 'a', 'b', 'c' and 2 more"."""
        return deletions_words(self.paths, self.files, self.bytes)


def ours(path: str) -> bool:
    return basename(path).startswith(OURS)


def gone(selection: Selection, there: list[Entry]) -> Deletion:
    """What the destination holds (`there`, listed under the selection's top-level names, paths relative
    to the destination folder) that a mirror deletes: every entry the selection lacks, inside a folder
    that is a folder on both sides. Top-most only; the app's own folders and what holds them stay."""
    have = {e.path for e in selection.entries}
    theirs = {e.path: e for e in there}
    both = {e.path for e in selection.entries if e.kind == "dir" and getattr(theirs.get(e.path), "kind", "") == "dir"}
    children: dict[str, list[Entry]] = {}
    for e in there:
        children.setdefault(dirname(e.path), []).append(e)
    holds_ours = {a for e in there if ours(e.path) for a in ancestors(e.path)}
    items: list[Gone] = []
    kept: list[str] = []

    def take(e: Entry) -> None:
        if ours(e.path):
            kept.append(e.path)
        elif e.path not in holds_ours:
            items.append(Gone(e, tuple(_under(e.path, children))))
        else:  # a folder of the user's that holds one of ours: what else it holds goes, it stays
            for child in children.get(e.path, []):
                take(child)

    for e in there:
        if e.path not in have and dirname(e.path) in both:
            take(e)
    return Deletion(tuple(items), tuple(kept))


def _under(path: str, children: dict[str, list[Entry]]) -> list[Entry]:
    out: list[Entry] = []
    todo = list(children.get(path, []))
    while todo:
        e = todo.pop()
        out.append(e)
        todo.extend(children.get(e.path, []))
    return out


def still_agreed(agreed: Deletion, now: Deletion) -> tuple[Deletion, list[str]]:
    """Of what goes now, what was agreed to: the same path and kind, and nothing inside it that was not
    in the list. Also the paths that turned up since (left alone)."""
    seen = {(e.path, e.kind) for g in agreed.items for e in (g.entry, *g.inside)}
    keep, new = [], []
    for g in now.items:
        if all((e.path, e.kind) in seen for e in (g.entry, *g.inside)):
            keep.append(g)
        else:
            new.append(g.path)
    return Deletion(tuple(keep), now.kept), new


# -- asking --------------------------------------------------------------------------------------
# The window's question: what would be deleted and where; True to delete it, False to copy nothing.
ConfirmDelete = Callable[[Deletion, str], Awaitable[bool]]
EXIT_UNCONFIRMED = 3  # the command line's exit status when a mirror would delete and was not told it may


class Unconfirmed(TransferError):
    """A mirror that would delete, without a yes: nothing was copied or deleted."""

    def __init__(self, deletion: Deletion, where: str) -> None:
        super().__init__(ErrorKind.CONFIRM_DELETE, would_delete_unasked(where, deletion.summary()))
        self.deletion = deletion

    def as_dict(self) -> dict:
        return {**super().as_dict(), "would_delete": self.deletion.as_dict()}


# -- doing ---------------------------------------------------------------------------------------
async def look(files, selection: Selection, dest: str) -> Deletion:
    """List the destination under the selection's names (files: LocalFiles or RemoteFiles) and say what
    a mirror deletes."""
    got = await files.scan([join(dest, n) for n in selection.names], missing_ok=True)
    return gone(selection, got.entries)


async def delete(files, dest: str, deletion: Deletion) -> list[str]:
    """Delete the items (links as links, folders with what is in them); the paths still there after."""
    paths = [join(dest, p) for p in deletion.paths]
    if not paths:
        return []
    await files.remove_paths(paths)
    still = await files.exists(paths)
    return [p for p, there in zip(deletion.paths, still) if there]


async def agreed(sides, selection: Selection, dest: str, yes: bool, confirm: ConfirmDelete | None) -> Deletion:
    """What the mirror deletes, once agreed to: by `yes` (--yes-delete) or by `confirm` (the window);
    else nothing is done (Unconfirmed, or Cancelled when the answer is no). `sides`: survey.Sides."""
    deletion = await look(sides.dest, selection, dest)
    where = sides.where(dest)
    if deletion.count and not yes:
        if confirm is None:
            raise Unconfirmed(deletion, where)
        if not await confirm(deletion, where):
            raise Cancelled()
    return deletion


async def carry_out(sides, selection: Selection, dest: str, agreed: Deletion) -> tuple[Deletion, list[str]]:
    """After the copy is in place and verified: delete what was agreed to (`agreed.count` items; the
    caller says it is deleting) and is still as it was. Returns what was deleted and what was not
    because it changed during the copy."""
    if not agreed.count:
        return agreed, []
    doomed, turned_up = still_agreed(agreed, await look(sides.dest, selection, dest))
    left = await finish(delete(sides.dest, dest, doomed))
    if left:
        raise not_deleted(left, sides.where(dest))
    return doomed, turned_up
