"""The tar halves shared by tar over ssh and tar over netcat."""

from __future__ import annotations

import os

from app.core import quoting
from app.core.host.capabilities import Capabilities
from app.core.host.ssh_command import PIPE_CODECS, Options
from app.core.transfer.methods.base import RECEIVER, SENDER, Job, Process, StreamFlow, dot_slash, split_sources
from app.core.transfer.methods.keeps import ARCHIVE, Keeps

# A BusyBox tar reads no list of names (no -T): they go on its command line, which the host's shell
# takes up to a limit; a longer list sends the whole sources instead.
ARGV_LIST_MAX = 100_000


class TarFlow(StreamFlow):
    """How tar moves files (both tar methods): one tar stream, created at one end and extracted at the
    other, a file costing only the receiver's CPU to create it (~0.05 ms on loopback, bench/overhead.py);
    its headers and padding travel with the bytes."""

    processes = (Process("tar", SENDER, "tar"), Process("tar", RECEIVER, "tar"))
    file_cpu_ms = 0.05
    tar_stream = True


class TarKeeps:
    """What tar keeps between two sides. Any tar keeps hard links within one archive; sparse files,
    xattrs and ACLs need GNU tar on both sides (BusyBox tar writes and reads none of them)."""

    keeps = ARCHIVE

    def keeps_between(self, local: Capabilities | None, remote: Capabilities | None) -> Keeps:
        if all(gnu(c) for c in (local, remote)):
            return self.keeps
        return self.keeps.without("sparse", "xattrs", "acls")


def gnu(caps: Capabilities | None) -> bool:
    """GNU tar on that side (None: not known, the usual one taken)."""
    return caps is None or caps.tar_flavour == "GNU tar"


def _sides(job: Job) -> tuple[Capabilities | None, Capabilities | None]:
    """(the side that creates the archive, the side that extracts it)."""
    return (job.remote, job.local) if job.options.download else (job.local, job.remote)


def _create_keeps(job: Job) -> list[str]:
    """Holes recorded as holes, and xattrs and ACLs when asked, where both tars are GNU tar."""
    if not all(gnu(c) for c in _sides(job)):
        return []
    return ["--sparse", *(["--xattrs", "--acls"] if job.options.xattrs else [])]


def _extract_keeps(job: Job) -> list[str]:
    """Permissions as archived (not less the umask), owners by number only when asked (as root tar
    would restore them by name), and xattrs (every namespace it may set) and ACLs when asked."""
    o, extractor = job.options, _sides(job)[1]
    if extractor is not None and extractor.tar_flavour == "BusyBox":  # restores permissions anyway; -o: no owners
        return ["--numeric-owner"] if o.owners else ["-o"]
    flags = ["-p", *(["--same-owner", "--numeric-owner"] if o.owners else ["--no-same-owner"])]
    if o.xattrs and all(gnu(c) for c in _sides(job)):
        flags += ["--xattrs", "--xattrs-include=*", "--acls"]
    return flags


def tar_create(job: Job) -> list[str]:
    argv = ["tar", "-c", "-f", "-", *_create_keeps(job)]
    for parent, name in split_sources(job.sources):
        argv += ["-C", parent, dot_slash(name)]
    return argv


def tar_create_list(job: Job, busybox: bool = False) -> tuple[list[str], bytes | None]:
    """tar reading only `job.files` (no recursion: the folders are listed too), and what goes on its
    stdin: NUL-separated names (GNU tar, bsdtar), or nothing when they are arguments (BusyBox tar).
    Hard links are kept between the files of one list; one split across runs arrives as two files."""
    names = [dot_slash(f) for f in job.files]
    head, tail = ["tar", "-c", "-f", "-", *_create_keeps(job)], ["--no-recursion", "-C", job.parent]
    if busybox:
        return head + tail + names, None
    return head + ["--null"] + tail + ["-T", "-"], b"".join(os.fsencode(n) + b"\0" for n in names)


def busybox_list_fits(job: Job) -> bool:
    return sum(len(os.fsencode(f)) + 5 for f in job.files) <= ARGV_LIST_MAX


def tar_extract(job: Job) -> list[str]:
    return ["tar", "-x", "-f", "-", *_extract_keeps(job), "-C", job.dest]


def remote_pipeline(parts: list[list[str]]) -> str:
    return " | ".join(quoting.join(p) for p in parts)


def codec(o: Options) -> tuple[list[str], list[str]] | None:
    return PIPE_CODECS.get(o.compress)
