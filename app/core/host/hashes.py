"""Hashing files on one side for verification: the hash tools, fastest first, run over a NUL-separated
list of names in a given order, and their output read back as one hash per file in that order.
The comparison of the two sides is the copy's (app.core.transfer.verify).
"""

from __future__ import annotations

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
