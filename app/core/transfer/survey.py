"""Before a byte moves: look at the destination under the selection's names and decide what the copy
does there (app.core.transfer.existing), asking the window once when something is in the way."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from posixpath import dirname, join

from app.core.transfer import verify
from app.core.host.capabilities import Capabilities
from app.core.errors import Cancelled, already_there, never_replaced
from app.core.transfer.existing import Existing, Placement, hash_candidates, plan, same_by_hash, same_entry
from app.core.host.local_files import LocalFiles
from app.core.host.remote_files import RemoteFiles
from app.core.selection.entries import Entry, Selection

# The window's question: given what is in the way (a Placement made without a choice) and where, the
# choice, or None to copy nothing.
Decide = Callable[[Placement, str], Awaitable[Existing | None]]


@dataclass(frozen=True)
class Sides:
    """Where the copy reads (`source`) and writes (`dest`): this computer's files or the host's."""

    source: LocalFiles | RemoteFiles
    dest: LocalFiles | RemoteFiles
    hash_tool: str | None = None  # the hash tool both sides have, when contents are compared

    def where(self, dest: str) -> str:
        return self.dest.where(dest)


async def look(sides: Sides, selection: Selection, sources: list[str], dest: str, policy: Existing,
               decide: Decide | None) -> Placement:
    """The copy's Placement; raises with one sentence when something is in the way and nobody chose."""
    got = await sides.dest.scan([join(dest, n) for n in selection.names], missing_ok=True)
    there = {e.path: e for e in got.entries}
    same, hashing_failed = await _sameness(sides, selection, sources, dest, there)
    found = replace(plan(selection, there, Existing.ASK, same), hashing_failed=hashing_failed)
    if found.clashes and policy is Existing.ASK:
        if decide is None:
            raise already_there([c.path for c in found.clashes], sides.where(dest))
        choice = await decide(found, sides.where(dest))
        if choice is None or choice is Existing.ASK:
            raise Cancelled()
        policy = choice
    if not found.clashes or policy is Existing.ASK:
        return found
    top = await sides.dest.names_in(dest) if policy is Existing.RENAME else ()
    placement = replace(plan(selection, there, policy, same, top), hashing_failed=hashing_failed)
    if placement.refused:
        raise never_replaced(placement.refused[0].describe(), len(placement.refused), sides.where(dest))
    return placement


async def _sameness(sides: Sides, selection: Selection, sources: list[str], dest: str,
                    there: dict) -> tuple[Callable[[Entry, Entry], bool], bool]:
    """How 'identical' is judged: by size and time, or by contents when hashes are compared; and
    whether hashing failed (then it is by size and time)."""
    if sides.hash_tool is None:
        return same_entry, False
    candidates = hash_candidates(selection, there)
    if not candidates:
        return same_by_hash(()), False
    parents = {n: dirname(r.rstrip("/")) or "/" for n, r in zip(selection.names, sources)}
    at_source = [join(parents[p.split("/", 1)[0]], p) for p in candidates]
    ours = await sides.source.hashes(sides.hash_tool, "/", at_source)
    theirs = await sides.dest.hashes(sides.hash_tool, dest, candidates)
    if len(ours) != len(candidates) or len(theirs) != len(candidates):
        return same_entry, True
    return same_by_hash({p for p, a, b in zip(candidates, ours, theirs) if a == b}), False


def hash_tool(local: Capabilities, remote: Capabilities, host: str, wanted: bool) -> tuple[str | None, str | None]:
    """The hash tool when contents are `wanted` compared, or None and why not (then sizes are compared
    instead; None when contents were not wanted)."""
    if not wanted:
        return None, None
    why_not = verify.no_hashes_reason(local, remote, host)
    if why_not:
        return None, why_not
    return verify.pick_hash_tool(local, remote), None
