"""Verification: the far side must hold what was sent.

Always: every file, folder and link, and every file's size. With hashes: the fastest
hash tool both sides have, run the same way on both sides over the same file list in
the same order, so the two outputs line up without parsing file names.
"""

from __future__ import annotations

import asyncio
import re

from posixpath import dirname, join
from typing import TYPE_CHECKING

from app.core import quoting
from app.core.host.capabilities import Capabilities
from app.core.errors import contents_differ, hashes_unreadable, local_hashing_failed, verification_failed
from app.core.runner import run
from app.core.selection.entries import Selection, compare
from app.core.wording import SIZES, contents

if TYPE_CHECKING:
    from app.core.transfer.existing import Placement
    from app.core.transfer.methods.base import Method
    from app.core.transfer.survey import Sides

# Fastest first. Each: the command that hashes the files named on its command line.
HASH_TOOLS = {"b3sum": ["b3sum", "--"], "xxhsum": ["xxhsum", "-H2", "--"], "sha256sum": ["sha256sum", "--"],
              "md5sum": ["md5sum", "--"]}
_HASH = re.compile(r"^\\?(?:XXH\d+ \(.*\) = )?([0-9a-fA-F]{16,})\b")


def pick_hash_tool(local: Capabilities, remote: Capabilities) -> str | None:
    return next((t for t in HASH_TOOLS if local.has(t) and remote.has(t)), None)


def no_hashes_reason(local: Capabilities, remote: Capabilities, host: str) -> str | None:
    """Why contents cannot be compared with this host (then sizes are), or None when they can."""
    if not remote.shell:
        return f"{host} runs no commands for this account (SFTP only), so nothing there can hash the files"
    if not remote.has("xargs"):
        return f"{host} has no `xargs` to hand the files to a hash tool"
    if pick_hash_tool(local, remote) is None:
        return f"no hash tool ({', '.join(HASH_TOOLS)}) is on both this computer and {host}"
    return None


def expected_manifest(source: Selection, keeps_symlinks: bool) -> dict[str, tuple[str, int]]:
    """What the destination must hold. Methods that follow links (scp, sftp) turn them into
    copies of their targets, so links are left out of the comparison for them."""
    manifest = source.manifest()
    if not keeps_symlinks:
        manifest = {p: v for p, v in manifest.items() if v[0] != "link"}
    return manifest


def check_sizes(expected: dict[str, tuple[str, int]], got: Selection, where: str) -> None:
    problems = compare(expected, got.manifest())
    if problems:
        raise verification_failed(problems, where)


def hash_script(tool: str) -> str:
    """Reads NUL-separated relative names on stdin, hashes them in that order."""
    # -r: with no files (an empty folder) run nothing; a hash tool given no names would read stdin instead.
    return "xargs -0 -r " + quoting.join(HASH_TOOLS[tool])


def parse_hashes(output: bytes) -> list[str]:
    hashes = []
    for line in output.decode(errors="replace").splitlines():
        match = _HASH.match(line)
        if match:
            hashes.append(match.group(1).lower())
    return hashes


async def local_hashes(tool: str, base: str, files: list[str]) -> list[str]:
    stdin = b"".join(f.encode("utf-8", "surrogateescape") + b"\0" for f in files)
    code, out, err = await run(["sh", "-c", f'cd "$1" && {hash_script(tool)}', "sh", base], stdin=stdin)
    if code != 0:
        raise local_hashing_failed(tool, err)
    return parse_hashes(out)


def compare_hashes(files: list[str], ours: list[str], theirs: list[str]) -> None:
    if len(ours) != len(files) or len(theirs) != len(files):
        raise hashes_unreadable(len(files), len(ours), len(theirs))
    bad = [f for f, a, b in zip(files, ours, theirs) if a != b]
    if bad:
        raise contents_differ(bad)


async def far_side(sides: "Sides", method: "Method", selection: Selection, placement: "Placement | None",
                   sources: list[str], dest: str, notes: list[str]) -> str:
    """Check the destination after a copy: the size of everything it must now hold (what was placed and
    what was there already), and with hashes the contents of what was placed (what was found identical
    was compared by the same tool before the copy). Returns what was compared: "sizes" or
    "contents (TOOL)"."""
    expected = placement.expected if placement else selection.manifest()
    if not method.keeps_symlinks:
        expected = {p: v for p, v in expected.items() if v[0] != "link"}
        if any(e.kind == "link" for e in selection.entries):
            notes.append(f"{method.label} copies what symbolic links point to, not the links themselves.")
    names = sorted({p.split("/", 1)[0] for p in expected})
    got = await sides.dest.scan([join(dest, n) for n in names], missing_ok=True)
    check_sizes(expected, got, sides.where(dest))
    tool = sides.hash_tool
    if tool is None:
        return SIZES
    if placement is None or not placement.placed_files:
        return contents(tool)
    parents = {n: dirname(r.rstrip("/")) or "/" for n, r in zip(selection.names, sources)}
    pairs = placement.placed_files
    there = [d for _, d in pairs]
    ours, theirs = await asyncio.gather(
        sides.source.hashes(tool, "/", [join(parents[p.split("/", 1)[0]], p) for p, _ in pairs]),
        sides.dest.hashes(tool, dest, there))
    compare_hashes(there, ours, theirs)
    return contents(tool)
