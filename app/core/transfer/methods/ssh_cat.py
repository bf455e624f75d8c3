"""ssh cat: one file piped through ssh, no protocol on top. The leanest secure path for a
single large file, and the way the engine carries on any file a cut left staged in part: from
its last good byte (`Job.offset`), appended at the far side."""

from __future__ import annotations

from posixpath import basename, join

from app.core import quoting
from app.core.transfer.methods.base import (REMOTE, Context, Job, Method, MethodReasons, Plan, Process, StreamFlow,
                                           display, phrase)
from app.core.transfer.progress import Count, ProgressMode
from app.core.transfer.methods.keeps import Keep, Keeps
from app.core.transfer.methods.tar_common import codec
from app.core.runner import Stage


class SshCat(StreamFlow, Method):
    id = "ssh-cat"
    codecs = ("none", "ssh", "zstd", "lz4")
    # `cat >` makes the file with the host's default permissions; one regular file has no links.
    keeps = Keeps(mode=Keep.LOST, symlinks=Keep.LOST)
    keeps_mtime = False  # the engine gives the file its source's time afterwards
    # One stream through `cat` on the host; one file, so no per-file work at all.
    processes = (Process("cat", REMOTE, "cat"),)
    file_cpu_ms = 0.0

    def needs(self, ctx: Context) -> list[tuple[str, str]]:
        return [("local", "ssh")]

    def unavailable(self, ctx: Context) -> str | None:
        if ctx.single_file is False:
            return phrase(MethodReasons.tr("copies exactly one regular file; the selection is not one file"))
        return super().unavailable(ctx)

    def build(self, job: Job) -> Plan:
        o, c = job.options, codec(job.options)
        (source,) = job.sources
        target = join(job.dest, basename(source))
        if job.offset:
            return _continue(job, source, target)
        if not o.download:
            remote = (quoting.join(c[1]) + " > " if c else "cat > ") + quoting.quote(target)
            stages = ([c[0]] if c else []) + [job.ssh.command(o, remote)]
            return Plan([Stage(s) for s in stages], f"{display(stages)} < {quoting.quote(source)}", ProgressMode.IO,
                        (0, Count.STDIN_AT), read_file=source)
        remote = (quoting.join(c[0]) if c else "cat") + " < " + quoting.quote(source)
        stages = [job.ssh.command(o, remote)] + ([c[1]] if c else [])
        return Plan([Stage(s) for s in stages], f"{display(stages)} > {quoting.quote(target)}", ProgressMode.IO,
                    (len(stages) - 1, Count.STDOUT_AT), write_file=target)


def _continue(job: Job, source: str, target: str) -> Plan:
    """The rest of a file from byte `job.offset` on (`tail -c +N` counts from 1), appended to what is
    staged (`>>`, POSIX; the engine checked the staged part is exactly `offset` bytes long)."""
    o, c = job.options, codec(job.options)
    tail = ["tail", "-c", f"+{job.offset + 1}"]
    if not o.download:
        remote = (quoting.join(c[1]) + " >> " if c else "cat >> ") + quoting.quote(target)
        stages = [[*tail, source]] + ([c[0]] if c else []) + [job.ssh.command(o, remote)]
        return Plan([Stage(s) for s in stages], display(stages), ProgressMode.IO, (0, Count.READ))
    remote = quoting.join([*tail, source]) + (" | " + quoting.join(c[0]) if c else "")
    # exec: the writer is the shell's own process, so /proc counts what it wrote.
    append = ["sh", "-c", 'exec cat >> "$1"', "sh", target]
    stages = [job.ssh.command(o, remote)] + ([c[1]] if c else []) + [append]
    return Plan([Stage(s) for s in stages], display(stages), ProgressMode.IO, (len(stages) - 1, Count.WRITTEN))
