"""Hashing files on one side for verification: the hash tools, fastest first, run over a NUL-separated
list of names in a given order, and their output read back as one hash per file in that order.
The comparison of the two sides is the copy's (app.core.transfer.verify).
"""

from __future__ import annotations

import hashlib
import re

from app.core import quoting
from app.core.errors import local_hashing_failed
from app.core.runner import run

# Fastest first. Each: the command that hashes the files named on its command line.
HASH_TOOLS = {"b3sum": ["b3sum", "--"], "xxhsum": ["xxhsum", "-H2", "--"], "sha256sum": ["sha256sum", "--"],
              "md5sum": ["md5sum", "--"]}
_HASH = re.compile(r"^\\?(?:XXH\d+ \(.*\) = )?([0-9a-fA-F]{16,})\b")


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


# A range of a file compared without carrying it across (app.core.transfer.resume): the whole blocks of
# RANGE_BLOCK bytes it starts in and spans (dd's unit, `skip` counts them) by their MD5, and the few bytes of the
# block it ends in as they are. (On the WAN lab the 256 KB read took 0.14 s; the digest and a tail, one round trip.)
RANGE_BLOCK = 4096
# $1 the file, $2 and $3 the blocks digested (skip, count), $4 and $5 the bytes after them (skip, count).
RANGE_DIGEST = ('{ dd if="$1" bs=4096 skip="$2" count="$3" 2>/dev/null | md5sum; '
                'dd if="$1" bs=1 skip="$4" count="$5" 2>/dev/null; }')


def range_parts(start: int, end: int) -> tuple[int, int]:
    """Where the digested blocks of [start, end) begin and end: the block `start` is in (a few bytes more before
    it are compared too), and the last whole block before `end`."""
    return start // RANGE_BLOCK * RANGE_BLOCK, end // RANGE_BLOCK * RANGE_BLOCK


def range_digest_args(path: str, start: int, end: int) -> list[str]:
    """RANGE_DIGEST's arguments."""
    a, e = range_parts(start, end)
    return [path, str(a // RANGE_BLOCK), str((e - a) // RANGE_BLOCK), str(e), str(end - e)]


def parse_range_digest(output: bytes) -> tuple[str, bytes] | None:
    """(the blocks' MD5, the bytes after them) from RANGE_DIGEST's output, or None when it is not that."""
    line, sep, tail = output.partition(b"\n")
    digest = line.split(b" ", 1)[0].decode(errors="replace").lower()
    return (digest, tail) if sep and re.fullmatch(r"[0-9a-f]{32}", digest) else None


def local_range_digest(path: str, start: int, end: int) -> tuple[str, bytes]:
    """What RANGE_DIGEST says of a file on this computer (blocking: run it in a thread)."""
    a, e = range_parts(start, end)
    md5 = hashlib.md5(usedforsecurity=False)
    with open(path, "rb") as f:
        f.seek(a)
        left = e - a
        while left > 0:
            chunk = f.read(min(left, 1 << 20))
            if not chunk:
                break
            md5.update(chunk)
            left -= len(chunk)
        f.seek(e)
        return md5.hexdigest(), f.read(end - e)
