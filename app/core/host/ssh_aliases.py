"""The host aliases an ssh config defines, for the host picker.

Only `Host` names without wildcards or negation are aliases a person can pick; `Include`
is followed (relative paths are relative to ~/.ssh, as OpenSSH does), at most a few levels deep.
"""

from __future__ import annotations

import glob
import os
import shlex

MAX_DEPTH = 4


def default_config() -> str:
    return os.path.expanduser("~/.ssh/config")


def aliases(path: str | None) -> list[str]:
    """Aliases in the order the file names them, without duplicates."""
    found: list[str] = []
    _read(path or default_config(), found, 0)
    return list(dict.fromkeys(found))


def _read(path: str, found: list[str], depth: int) -> None:
    if depth > MAX_DEPTH:
        return
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.readlines()
    except OSError:
        return
    for line in lines:
        words = _words(line)
        if not words:
            continue
        keyword, values = words[0].lower(), words[1:]
        if keyword == "host":
            found += [v for v in values if not any(c in v for c in "*?!")]
        elif keyword == "include":
            for pattern in values:
                pattern = os.path.expanduser(pattern)
                if not os.path.isabs(pattern):
                    pattern = os.path.join(os.path.expanduser("~/.ssh"), pattern)
                for included in sorted(glob.glob(pattern)):
                    _read(included, found, depth + 1)


def _words(line: str) -> list[str]:
    line = line.strip()
    if not line or line.startswith("#"):
        return []
    if "=" in line.split(None, 1)[0]:  # "Host=nas" is allowed
        key, _, rest = line.partition("=")
        line = f"{key} {rest}"
    try:
        return shlex.split(line, comments=True)
    except ValueError:
        return line.split()
