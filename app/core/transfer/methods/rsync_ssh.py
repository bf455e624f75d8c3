"""rsync over ssh: skips what is already there, resumes, and keeps links and times; its
per-file bookkeeping costs a little on first copies of many small files."""

from __future__ import annotations

import os

from app.core.host.capabilities import Capabilities
from app.core.transfer.methods.base import (RECEIVER, SENDER, Context, Job, Method, MethodReasons, Plan, Process,
                                            Reason, StreamFlow, clause, display, phrase, rsync_glob_escape,
                                            rsync_watch)
from app.core.transfer.progress import ProgressMode
from app.core.transfer.methods.keeps import ARCHIVE, Keeps
from app.core.runner import Stage

RSYNC_BASE = ["rsync", "-a", "--info=progress2", "--no-inc-recursive", "-s"]


def unfetchable(ctx: Context) -> Reason | None:
    """Why rsync cannot do this copy: a compressor one side's rsync lacks, or an unfetchable name.

    rsync expands wildcards in the paths it fetches, and a name holding both a backslash and a
    wildcard cannot be escaped so that modern rsync (3.2.5+) accepts the file list it gets back."""
    codec = ctx.options.compress
    if codec in ("zstd", "lz4"):
        for local, caps in ((True, ctx.local), (False, ctx.remote)):
            if caps.has("rsync") and codec not in caps.rsync_compress:
                has = " ".join(caps.rsync_compress) or MethodReasons.tr("none")
                if local:
                    return clause(MethodReasons.tr("rsync on this computer cannot compress with {codec} (it has: "
                                                   "{codecs})", codec=codec, codecs=has))
                return clause(MethodReasons.tr("rsync on the remote host cannot compress with {codec} (it has: "
                                               "{codecs})", codec=codec, codecs=has))
    if ctx.options.download and any("\\" in n and any(c in n for c in "*?[") for n in ctx.source_names):
        return phrase(MethodReasons.tr("cannot fetch an item whose name holds both a backslash and one of * ? [ "
                                       "(rsync refuses it)"))
    return None


class RsyncFlow(StreamFlow):
    """How rsync moves files (both rsync methods): an rsync at each end streaming the files, a file costing
    only CPU (its checksums and the receiver creating it; ~0.15 ms on loopback, bench/overhead.py), with
    -z compressing inside rsync itself (`Method.uses_pipe_codecs` is False)."""

    processes = (Process("rsync", SENDER, "rsync"), Process("rsync", RECEIVER, "rsync"))
    file_cpu_ms = 0.15
    handshake_round_trips = 3  # versions, file list, first request
    checks_contents = "rsync"  # its whole-file checksum (MD5, or xxh128 since 3.2), checked by the receiver


class RsyncKeeps:
    """What rsync keeps between two sides, and the flags that keep it (shared by both rsync methods)."""

    keeps = ARCHIVE

    def keeps_between(self, local: Capabilities | None, remote: Capabilities | None) -> Keeps:
        sides = [c for c in (local, remote) if c is not None and c.has("rsync")]
        # The engine stages in place (--inplace), where holes are not kept: before 3.3 rsync refused
        # --sparse with --inplace or left a trailing hole's old bytes, and with 3.5 a copy stopped in the
        # middle left a staged file the next run could not carry on from (2 runs in 24).
        lost = ["sparse"] if sides else []
        lost += [name for name, word in (("xattrs", "xattrs"), ("acls", "ACLs"))
                 if any(word not in c.rsync_attrs for c in sides)]
        return self.keeps.without(*lost)


def rsync_keeps(job: Job) -> list[str]:
    """-H: hard links (within one run); -S: holes stay holes (never in place: see RsyncKeeps); owners by
    number only when asked (as root, -a alone would keep them by name); -X -A when asked."""
    o = job.options
    return ["-H", *([] if job.resumable else ["-S"]), *(["--numeric-ids"] if o.owners else ["--no-owner", "--no-group"]),
            *(["-X", "-A"] if o.xattrs else [])]


def rsync_compress(compress: str) -> list[str]:
    return ["-z", f"--compress-choice={compress}"] if compress in ("zstd", "lz4") else []


def rsync_list(job: Job) -> tuple[list[str], bytes | None]:
    """The options that make rsync send only `job.files` (read NUL-separated from its stdin, relative to
    the source folder; -a does not recurse into a listed folder then), and that list. Into a staging
    folder rsync writes in place (hidden there, a cut file is kept under its name even when rsync itself
    is killed); a file staged in part is appended to, and the whole file's checksum is compared
    afterwards (sent again if it differs)."""
    keep = ["--inplace"] if job.resumable else []
    if not job.files:
        return keep, None
    names = b"".join(os.fsencode(f) + b"\0" for f in job.files)
    return [*keep, "--files-from=-", "--from0", *(["--append-verify"] if job.partial else [])], names


class RsyncOverSsh(RsyncFlow, RsyncKeeps, Method):
    id = "rsync-ssh"
    parallel = True
    stages_itself = True
    codecs = ("none", "ssh", "zstd", "lz4")
    uses_pipe_codecs = False  # -z --compress-choice: rsync compresses itself, no zstd/lz4 programs involved
    continues_files = True

    def needs(self, ctx: Context) -> list[tuple[str, str]]:
        return [("local", "rsync"), ("remote", "rsync"), ("local", "ssh")]

    def unavailable(self, ctx: Context) -> str | None:
        return unfetchable(ctx) or super().unavailable(ctx)

    def build(self, job: Job) -> Plan:
        o = job.options
        listed, names = rsync_list(job)
        argv = [*RSYNC_BASE, *rsync_keeps(job), *rsync_compress(o.compress), "-e", job.ssh.rsh(o), *listed, "--"]
        sources = [job.parent.rstrip("/") + "/"] if job.files else [s.rstrip("/") or "/" for s in job.sources]
        if not o.download:
            argv += sources + [f"{job.ssh.target}:{job.dest}/"]
        else:
            argv += [f"{job.ssh.target}:{rsync_glob_escape(s.rstrip('/') if not job.files else s)}" for s in sources]
            argv += [job.dest + "/"]
        return Plan([Stage(argv)], display([argv]), ProgressMode.RSYNC, rsync_watch(o), stdin_data=names)
