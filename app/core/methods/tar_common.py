"""The tar halves shared by tar over ssh and tar over netcat."""

from __future__ import annotations

import shlex

from app.core.methods.base import PIPE_CODECS, Options, dot_slash, split_sources


def tar_create(sources: tuple[str, ...]) -> list[str]:
    argv = ["tar", "-c", "-f", "-"]
    for parent, name in split_sources(sources):
        argv += ["-C", parent, dot_slash(name)]
    return argv


def tar_extract(dest: str) -> list[str]:
    return ["tar", "-x", "-f", "-", "-C", dest]


def remote_pipeline(parts: list[list[str]]) -> str:
    return " | ".join(shlex.join(p) for p in parts)


def codec(o: Options) -> tuple[list[str], list[str]] | None:
    return PIPE_CODECS.get(o.compress)
