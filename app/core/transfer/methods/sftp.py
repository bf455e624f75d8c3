"""sftp: OpenSSH's file transfer protocol driven by a batch script. Pipelined requests help
large files; many small files still cost a round trip each."""

from __future__ import annotations

from posixpath import join

from app.core import quoting
from app.core.transfer.methods.base import (Context, Job, Method, MethodReasons, Plan, SftpFlow, clause, no_sftp,
                                           split_sources)
from app.core.transfer.progress import ProgressMode
from app.core.runner import Stage


def batch_arg(path: str) -> str:  # sftp's batch language, not a shell: its own quoting
    """One argument for an sftp batch line: double-quoted, with backslashes and quotes escaped.

    Inside quotes sftp itself makes `*`, `?` and `[` literal (for globbed sources and unglobbed
    destinations alike); escaping them here as well would put real backslashes into the path.
    """
    return '"' + path.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Sftp(SftpFlow, Method):
    id = "sftp"
    # put -r / get -r skip links inside folders and follow a link they are given: the engine leaves
    # linked sources out of the batch and makes every link itself afterwards (over SFTP or the shell).
    makes_links_after = True
    needs_remote_shell = False
    lists_folders = False  # `put`/`get` of one file needs its folder there: the engine makes them first
    list_scope = "any"     # each line names its own source and target
    continues_files = True  # put -a / get -a carry on from the size already there

    def needs(self, ctx: Context) -> list[tuple[str, str]]:
        return [("local", "sftp")]

    def unavailable(self, ctx: Context) -> str | None:
        if not ctx.remote.sftp:
            return no_sftp()
        if any("\n" in p or "\r" in p for p in ctx.source_names + ctx.paths):
            return clause(MethodReasons.tr("its batch commands cannot name a path with a line break in it (the "
                                           "sources or the destination)"))
        return super().unavailable(ctx)

    def takes_list(self, job: Job) -> bool:
        return not any("\n" in f or "\r" in f for f in job.files)  # a batch line ends at a line break

    def build(self, job: Job) -> Plan:
        o = job.options
        verb = "get" if o.download else "put"
        if job.files:
            parents = {name: parent for parent, name in split_sources(job.sources)}
            partial = set(job.partial)
            lines = [f"{verb} -p{' -a' if f in partial else ''} {batch_arg(join(parents[f.split('/')[0]], f))} "
                     f"{batch_arg(join(job.dest, f))}" for f in job.files]
        else:
            lines = [f"{verb} -r -p {batch_arg(s)} {batch_arg(job.dest + '/')}" for s in job.sources]
        script = "\n".join(lines) + "\n"
        argv = ["sftp", "-q", *job.ssh.opts(o), "-b", "-", "--", job.ssh.target]
        shown = f"printf '%s\\n' {quoting.join(lines)} | {quoting.join(argv)}"
        return Plan([Stage(argv)], shown, ProgressMode.IO, stdin_data=script.encode("utf-8", "surrogateescape"))
