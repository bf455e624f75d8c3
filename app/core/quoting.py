"""The one place that quotes words for a POSIX shell (sh, bash, dash, BusyBox ash): the commands the app
shows, and the ones it sends to the host, whose shell reads them as one line (ssh joins its words).

A script never holds a path: it gets its paths as "$1", "$2"... from `sh_command`, so any file name is
safe. Quoting that is not for a shell stays with what reads it: sftp's batch lines (methods/sftp.py),
ssh config values (demo/host.py), the glob escapes scp and rsync want (methods/base.py).
"""

from __future__ import annotations

import shlex
from typing import Iterable


def quote(word: str) -> str:
    """One word for the shell; left bare when it needs no quotes. Undecodable bytes of a file name stay
    surrogate-escaped: encode the whole line with "surrogateescape" to send them."""
    return shlex.quote(word)


def join(words: Iterable[str]) -> str:
    """A command line: every word quoted."""
    return shlex.join(words)


def single_quoted(word: str) -> str:
    """Always in single quotes, a quote written '\\'': what the old scp protocol gets for every remote
    path, so that they all read the same way in the command the app shows."""
    return "'" + word.replace("'", "'\\''") + "'"


def sh_command(script: str, *args: str) -> bytes:
    """`sh -c SCRIPT sh ARGS...` as bytes for the host, every word quoted (any file name is safe)."""
    return join(["sh", "-c", script, "sh", *args]).encode("utf-8", "surrogateescape")
