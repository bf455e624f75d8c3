"""rsync over ssh: skips what is already there, resumes, and keeps links and times; its
per-file bookkeeping costs a little on first copies of many small files."""

from __future__ import annotations

from app.core.methods.base import Context, Job, Method, Plan, display, rsync_glob_escape
from app.core.runner import Stage

RSYNC_BASE = ["rsync", "-a", "--info=progress2", "--no-inc-recursive", "-s"]


def rsync_compress(compress: str) -> list[str]:
    return ["-z", f"--compress-choice={compress}"] if compress in ("zstd", "lz4") else []


class RsyncOverSsh(Method):
    id = "rsync-ssh"
    label = "rsync over ssh"
    summary = "rsync through ssh: copies only what changed and can resume; a little per-file overhead."
    stages_itself = True
    codecs = ("none", "ssh", "zstd", "lz4")

    def needs(self, ctx: Context) -> list[tuple[str, str]]:
        return [("local", "rsync"), ("remote", "rsync"), ("local", "ssh")]

    def build(self, job: Job) -> Plan:
        o = job.options
        argv = [*RSYNC_BASE, *rsync_compress(o.compress), "-e", job.ssh.rsh(o), "--"]
        if not o.download:
            argv += [s.rstrip("/") or "/" for s in job.sources] + [f"{job.ssh.target}:{job.dest}/"]
        else:
            argv += [f"{job.ssh.target}:{rsync_glob_escape(s.rstrip('/'))}" for s in job.sources]
            argv += [job.dest + "/"]
        return Plan([Stage(argv)], display([argv]), "rsync")
