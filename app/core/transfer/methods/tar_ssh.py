"""tar over ssh: one stream for the whole tree, so reading, sending and writing overlap
and there is no per-file round trip. The winner for many small files."""

from __future__ import annotations

from app.core.transfer.methods.base import Context, Job, Method, Plan, display
from app.core.transfer.progress import Count, ProgressMode
from app.core.transfer.methods.tar_common import (TarFlow, TarKeeps, busybox_list_fits, codec, remote_pipeline, tar_create,
                                         tar_create_list, tar_extract)
from app.core.runner import Stage


def remote_tar_is_busybox(job: Job) -> bool:
    return job.remote is not None and job.remote.tar_flavour == "BusyBox"


class TarOverSsh(TarFlow, TarKeeps, Method):
    id = "tar-ssh"
    parallel = True
    codecs = ("none", "ssh", "zstd", "lz4")

    def needs(self, ctx: Context) -> list[tuple[str, str]]:
        return [("local", "tar"), ("remote", "tar"), ("local", "ssh")]

    def takes_list(self, job: Job) -> bool:
        return not (job.options.download and remote_tar_is_busybox(job)) or busybox_list_fits(job)

    def build(self, job: Job) -> Plan:
        o, c = job.options, codec(job.options)
        names = None
        if not o.download:
            create, names = tar_create_list(job) if job.files else (tar_create(job), None)
            remote = [c[1], tar_extract(job)] if c else [tar_extract(job)]
            stages = [create] + ([c[0]] if c else [])
            stages.append(job.ssh.command(o, remote_pipeline(remote)))
            watch = (0, Count.WRITTEN)  # the tar stream tar wrote, before any compressor
        else:
            create, names = (tar_create_list(job, remote_tar_is_busybox(job)) if job.files else
                             (tar_create(job), None))
            remote = [create] + ([c[0]] if c else [])
            stages = [job.ssh.command(o, remote_pipeline(remote))] + ([c[1]] if c else [])
            stages.append(tar_extract(job))
            watch = (len(stages) - 1, Count.READ)  # the tar stream tar read, after any decompressor
        return Plan([Stage(s) for s in stages], display(stages), ProgressMode.IO, watch, counts_tar_stream=True,
                    stdin_data=names)
