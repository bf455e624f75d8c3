"""The tar halves shared by tar over ssh and tar over netcat."""

from __future__ import annotations

import os
import shlex

from app.core.methods.base import PIPE_CODECS, Job, Options, dot_slash, split_sources

# A BusyBox tar reads no list of names (no -T): they go on its command line, which the host's shell
# takes up to a limit; a longer list sends the whole sources instead.
ARGV_LIST_MAX = 100_000


def tar_create(sources: tuple[str, ...]) -> list[str]:
    argv = ["tar", "-c", "-f", "-"]
    for parent, name in split_sources(sources):
        argv += ["-C", parent, dot_slash(name)]
    return argv


def tar_create_list(job: Job, busybox: bool = False) -> tuple[list[str], bytes | None]:
    """tar reading only `job.files` (no recursion: the folders are listed too), and what goes on its
    stdin: NUL-separated names (GNU tar, bsdtar), or nothing when they are arguments (BusyBox tar)."""
    names = [dot_slash(f) for f in job.files]
    argv = ["tar", "-c", "-f", "-", "--no-recursion", "-C", job.parent]
    if busybox:
        return argv + names, None
    return argv[:4] + ["--null"] + argv[4:] + ["-T", "-"], b"".join(os.fsencode(n) + b"\0" for n in names)


def busybox_list_fits(job: Job) -> bool:
    return sum(len(os.fsencode(f)) + 5 for f in job.files) <= ARGV_LIST_MAX


def tar_extract(dest: str) -> list[str]:
    return ["tar", "-x", "-f", "-", "-C", dest]


def remote_pipeline(parts: list[list[str]]) -> str:
    return " | ".join(shlex.join(p) for p in parts)


def codec(o: Options) -> tuple[list[str], list[str]] | None:
    return PIPE_CODECS.get(o.compress)
