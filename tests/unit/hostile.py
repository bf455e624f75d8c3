"""Hostile file names, trees made of them, and a way to run a plan's argv lists locally.

The remote half of a plan is a string for the remote shell; running it through a local
`sh -c` is exactly what sshd would do with it, so quoting mistakes show up here as wrong
files or as files called PWNED.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path
from typing import IO, Sequence

NON_UTF8 = os.fsdecode(b"latin1-\xe9\xff")  # a surrogate-escaped str, as the OS hands it to us

# Every name a shell, a glob or an option parser could misread.
NAMES = [
    "with space",
    "it's",
    'dq"uote',
    "$(touch PWNED)",
    "`touch PWNED2`",
    "semi;touch PWNED3",
    "-leading-dash",
    "new\nline",
    NON_UTF8,
    "ünïcödé ✓",
    "star*?[x]",
    "x]y",
    "back\\slash",
    "trailing\\",
    "colon:name",
    "tab\there",
]

# Names the app creates files under if quoting fails: `$(touch PWNED)` and friends.
TRAPS = ("PWNED", "PWNED2", "PWNED3")

# A destination folder as hostile as a folder name gets (sftp batch lines cannot hold a newline).
DEST = "dest 'q' \"dq\" $(touch PWNED) `touch PWNED2` [*?] back\\slash -x"


def make_sources(root: Path, names: Sequence[str] = NAMES) -> list[str]:
    """One folder per name at `root`, each holding a file with the same hostile name and a
    nested folder, so both top-level and inner names are exercised."""
    root.mkdir(parents=True, exist_ok=True)
    sources = []
    for name in names:
        top = os.path.join(root, name)
        os.makedirs(os.path.join(top, "inner " + name))
        _write(os.path.join(top, name), name)
        _write(os.path.join(top, "inner " + name, "-" + name), name * 2)
        sources.append(top)
    return sources


def make_file(root: Path, name: str) -> str:
    root.mkdir(parents=True, exist_ok=True)
    path = os.path.join(root, name)
    _write(path, name * 1000)
    return path


def _write(path: str, name: str) -> None:
    with open(path, "wb") as f:
        f.write(os.fsencode(name) * 3 + b"\n")


def snapshot(path: str) -> dict[bytes, tuple[str, bytes]]:
    """Every entry under `path` (its own name included) with its kind and bytes."""
    base = os.fsencode(os.path.dirname(path))
    out: dict[bytes, tuple[str, bytes]] = {}

    def add(p: bytes) -> None:
        rel = os.path.relpath(p, base)
        if os.path.islink(p):
            out[rel] = ("link", os.readlink(p))
        elif os.path.isdir(p):
            out[rel] = ("dir", b"")
        else:
            with open(p, "rb") as f:
                out[rel] = ("file", f.read())

    top = os.fsencode(path)
    add(top)
    for dirpath, dirnames, filenames in os.walk(top):
        for name in dirnames + filenames:
            add(os.path.join(dirpath, name))
    return out


def assert_copied(sources: Sequence[str], dest: str) -> None:
    for source in sources:
        name = os.path.basename(source)
        assert snapshot(os.path.join(dest, name)) == snapshot(source), f"{name!r} differs"
    assert sorted(os.listdir(dest)) == sorted(os.path.basename(s) for s in sources)


def assert_no_traps(*roots: Path) -> None:
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            hit = set(TRAPS) & set(dirnames + filenames)
            assert not hit, f"a shell ran part of a file name: {hit} appeared in {dirpath}"


def run_stages(argvs: Sequence[Sequence[str]], cwd: Path, *, stdin: bytes | int | IO | None = None,
               stdout: int | IO | None = None, env: dict[str, str] | None = None,
               timeout: float = 30) -> None:
    """Run argv lists joined stdout→stdin, like the app's runner; fail with every stage's stderr."""
    procs: list[subprocess.Popen] = []
    errs = []
    for i, argv in enumerate(argvs):
        last = i == len(argvs) - 1
        if i > 0:
            stage_in = procs[-1].stdout
        elif isinstance(stdin, bytes):
            stage_in = subprocess.PIPE
        else:
            stage_in = subprocess.DEVNULL if stdin is None else stdin
        stage_out = (subprocess.DEVNULL if stdout is None else stdout) if last else subprocess.PIPE
        err = tempfile.TemporaryFile()
        errs.append(err)
        procs.append(subprocess.Popen(list(argv), stdin=stage_in, stdout=stage_out, stderr=err, cwd=cwd,
                                      env={**os.environ, "LC_ALL": "C", **(env or {})}))
        if i > 0:
            procs[-2].stdout.close()
    if isinstance(stdin, bytes):
        procs[0].stdin.write(stdin)
        procs[0].stdin.close()
    codes = [p.wait(timeout) for p in procs]
    report = []
    for argv, code, err in zip(argvs, codes, errs):
        err.seek(0)
        report.append(f"{list(argv)!r} exit {code}: {err.read().decode(errors='replace')}")
        err.close()
    assert codes == [0] * len(codes), "\n".join(report)
