"""Verification: the far side must hold what was sent.

Always: every file, folder and link, and every file's size. With hashes: the fastest
hash tool both sides have, run the same way on both sides over the same file list in
the same order (app.core.host.hashes), so the two outputs line up without parsing file names;
or the copying tool's own check of each file as it landed, where that covers all of them. Contents are
compared in the staging folder, before anything is placed (contents_staged); sizes once it is in place.
"""

from __future__ import annotations

import asyncio
from posixpath import dirname, join
from typing import TYPE_CHECKING

from app.core.host.capabilities import Capabilities
from app.core.errors import contents_differ, hashes_unreadable, verification_failed
from app.core.host.hashes import HASH_TOOLS
from app.core.language import Words
from app.core.selection.entries import Selection, compare

if TYPE_CHECKING:
    from app.core.transfer.existing import Placement
    from app.core.transfer.methods.base import Method
    from app.core.transfer.resume import Leftover
    from app.core.transfer.survey import Sides



class VerifyReasons(Words):
    """Why the contents cannot be compared with a host, so only sizes are (the translator's context): a
    clause put in "Contents were not compared: {why}; sizes were compared."."""


SIZES = "sizes"  # what `TransferResult.verification` says when only sizes were compared


def contents(tool: str) -> str:
    """What `TransferResult.verification` says when contents were compared: "contents (b3sum)"."""
    return f"contents ({tool})"


def pick_hash_tool(local: Capabilities, remote: Capabilities) -> str | None:
    return next((t for t in HASH_TOOLS if local.has(t) and remote.has(t)), None)


def no_hashes_reason(local: Capabilities, remote: Capabilities, host: str) -> str | None:
    """Why contents cannot be compared with this host (then sizes are), or None when they can."""
    if not remote.shell:
        return VerifyReasons.tr("{host} runs no commands for this account (SFTP only), so nothing there can hash "
                                "the files", host=host)
    if not remote.has("xargs"):
        return VerifyReasons.tr("{host} has no `xargs` to hand the files to a hash tool", host=host)
    if pick_hash_tool(local, remote) is None:
        return VerifyReasons.tr("no hash tool ({tools}) is on both this computer and {host}",
                                tools=", ".join(HASH_TOOLS), host=host)
    return None


def expected_manifest(source: Selection, keeps_symlinks: bool) -> dict[str, tuple[str, int]]:
    """What the destination must hold. Methods that follow links (scp, sftp) turn them into
    copies of their targets, so links are left out of the comparison for them."""
    manifest = source.manifest()
    if not keeps_symlinks:
        manifest = {p: v for p, v in manifest.items() if v[0] != "link"}
    return manifest


def check_sizes(expected: dict[str, tuple[str, int]], got: Selection, where: str) -> None:
    check_manifest(expected, got.manifest(), where)


def check_manifest(expected: dict[str, tuple[str, int]], got: dict[str, tuple[str, int | str]], where: str) -> None:
    problems = compare(expected, got)
    if problems:
        raise verification_failed(problems, where)


def compare_hashes(files: list[str], ours: list[str], theirs: list[str]) -> None:
    if len(ours) != len(files) or len(theirs) != len(files):
        raise hashes_unreadable(len(files), len(ours), len(theirs))
    bad = [f for f, a, b in zip(files, ours, theirs) if a != b]
    if bad:
        raise contents_differ(bad)


def checked_on_arrival(method: "Method", fresh_stage: bool, leftover: "Leftover") -> str:
    """The tool that compared every file's contents as it landed (Method.checks_contents), where its word is
    enough: it wrote all of them this run, into a staging folder that held none before (`fresh_stage`, and
    nothing carried on: a file a lap or a cut run staged whole is left as it is by rsync's look at size and
    time, unread), and the user asked for no hashing of ours. Hashing such a copy again cost an unencrypted
    rsync 0.04 s per 100 MB and 0.8 s per 3 GiB (bench/overhead.py). "" where it is not enough."""
    if not method.checks_contents or not fresh_stage or leftover.complete or leftover.partial:
        return ""
    return method.checks_contents


async def contents_staged(sides: "Sides", method: "Method", selection: Selection, placement: "Placement | None",
                          sources: list[str], stage: str, checked_by: str = "") -> str | None:
    """Before anything is placed: the contents of what the copy staged, hashed on both sides, so a file that did
    not arrive as it was sent never takes its final name (nor the place of the file it was to replace); the
    staging folder is then removed and the destination is as it was. What was compared, or None where contents
    are not compared (far_side then compares sizes). The tool that copied all of it and compared them as they
    landed (`checked_by`: Method.checks_contents) is taken at its word."""
    return await _contents(sides, selection, placement, sources, stage, checked_by, staged=True)


def expected_there(method: "Method", selection: Selection,
                   placement: "Placement | None") -> dict[str, tuple[str, int | str]]:
    """What the destination must hold once the copy is placed (what was placed and what was there already), by
    path: its kind and size (a link: its target)."""
    expected = placement.expected if placement else selection.manifest()
    if not method.keeps_symlinks:  # its links arrive as what they point to (the engine says so)
        expected = {p: v for p, v in expected.items() if v[0] != "link"}
    return expected


async def far_side(sides: "Sides", method: "Method", selection: Selection, placement: "Placement | None",
                   sources: list[str], dest: str, checked_by: str = "", compared: str | None = None,
                   held: bool | None = None) -> str:
    """Check the destination after a copy: the size of everything it must now hold (what was placed and
    what was there already), and with hashes the contents of what was placed (what was found identical
    was compared by the same tool before the copy), unless the tool that copied all of it compared them as
    they landed (`checked_by`: Method.checks_contents), or they were compared in the staging folder before they
    were placed (`compared`: what contents_staged said). `held`: what the placing's own command found, checking as
    holds() does (None: it did not check). Returns what was compared: "sizes" or "contents (TOOL)"."""
    expected = expected_there(method, selection, placement)
    names = sorted({p.split("/", 1)[0] for p in expected})
    # The quick check is exact; its "no" says nothing (listed and compared, which says what differs).
    if held is False or (held is None and not await sides.dest.holds(dest, names, expected)):
        check_manifest(expected, await sides.dest.manifest([join(dest, n) for n in names], missing_ok=True),
                       sides.where(dest))
    if compared is not None:
        return compared
    return await _contents(sides, selection, placement, sources, dest, checked_by, staged=False) or SIZES


async def _contents(sides: "Sides", selection: Selection, placement: "Placement | None", sources: list[str],
                    root: str, checked_by: str, staged: bool) -> str | None:
    """The contents of what the copy placed (or staged: under `root` by their selection paths, not yet renamed),
    hashed on both sides and compared; what was compared, or None where contents are not compared."""
    tool = sides.hash_tool
    if tool is None:
        return None
    if checked_by:
        return contents(checked_by)
    if placement is not None and placement.placed_files:
        pairs = [(p, p) if staged else (p, d) for p, d in placement.placed_files]
        await _compare(sides, tool, selection, sources, pairs, root)
    return contents(tool)


async def _compare(sides: "Sides", tool: str, selection: Selection, sources: list[str], pairs: list[tuple[str, str]],
                   root: str) -> None:
    """Hash each (selection path, path under `root` on the receiving side) pair's two files and compare them."""
    parents = {n: dirname(r.rstrip("/")) or "/" for n, r in zip(selection.names, sources)}
    there = [d for _, d in pairs]
    ours, theirs = await asyncio.gather(
        sides.source.hashes(tool, "/", [join(parents[p.split("/", 1)[0]], p) for p, _ in pairs]),
        sides.dest.hashes(tool, root, there))
    compare_hashes(there, ours, theirs)
