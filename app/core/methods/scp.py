"""scp: the default everyone knows. OpenSSH 9 runs it over the SFTP protocol, so it pays a
round trip per file: fine for a few large files, slow for many small ones."""

from __future__ import annotations

from app.core.methods.base import Context, Job, Method, Plan, display, glob_escape
from app.core.runner import Stage


class Scp(Method):
    id = "scp"
    label = "scp"
    summary = "OpenSSH's secure copy: simple and everywhere, but slow with many small files."
    keeps_symlinks = False  # scp -r copies what a link points to
    needs_remote_shell = False  # in SFTP mode; the legacy protocol runs `scp` there through a shell

    def needs(self, ctx: Context) -> list[tuple[str, str]]:
        return [("local", "scp")]

    def unavailable(self, ctx: Context) -> str | None:
        if not ctx.remote.sftp and not (ctx.remote.shell and ctx.remote.has("scp")):
            return ("needs an SFTP server on the host, or a shell with `scp` in it for the old protocol, "
                    "and the host has neither")
        return super().unavailable(ctx)

    def build(self, job: Job) -> Plan:
        o = job.options
        argv = ["scp", "-r", "-p", "-q", *job.ssh.opts(o), "--"]
        if not o.download:
            # Absolute local paths: a ':' in a name can then never be read as host:path.
            # scp globs remote sources but never the target, so the target is not escaped.
            argv += [*job.sources, f"{job.ssh.target}:{job.dest}/"]
        else:
            argv += [f"{job.ssh.target}:{glob_escape(s)}" for s in job.sources] + [job.dest + "/"]
        return Plan([Stage(argv)], display([argv]), "io")
