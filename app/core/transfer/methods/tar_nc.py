"""tar over netcat (insecure): the tar stream on a plain TCP connection, no encryption.
Wins when the remote CPU cannot keep up with ssh (a weak NAS). The listener is started through the
ssh session on a port the app chose, takes one connection, and lets tar near it only after the
connection's first bytes were this copy's one-time token (app.core.host.listener)."""

from __future__ import annotations

from app.core.host import listener
from app.core.host.listener import Listener
from app.core.transfer.methods.base import REMOTE, Context, Job, Method, Plan, Process, display
from app.core.transfer.progress import Count, ProgressMode
from app.core.transfer.methods.tar_common import (TarFlow, TarKeeps, codec, remote_pipeline, tar_create, tar_create_list,
                                         tar_extract)
from app.core.runner import Stage


class TarOverNetcat(TarFlow, TarKeeps, Method):
    id = "tar-nc"
    secure = False
    codecs = ("none", "zstd", "lz4")
    processes = (*TarFlow.processes, Process("nc", REMOTE, "nc"))  # the listener relays the stream
    listens = True
    listener_start_s = 0.05
    handshake_round_trips = 3  # start it over the app's open connection, connect, the token checked

    def needs(self, ctx: Context) -> list[tuple[str, str]]:
        return [("local", "tar"), ("remote", "tar"), ("remote", "nc")]

    def unavailable(self, ctx: Context) -> str | None:
        return super().unavailable(ctx) or listener.unavailable(ctx.remote)

    def takes_list(self, job: Job) -> bool:
        # Fetching, the host's tar sends: its input is the helper's, which must stay open (the dead-man
        # switch), so it cannot read a list of names there.
        return not job.options.download

    def build(self, job: Job) -> Plan:
        o, c = job.options, codec(job.options)
        names = None
        if not o.download:
            create, names = tar_create_list(job) if job.files else (tar_create(job), None)
            stages = [create] + ([c[0]] if c else [])
            watch = (0, Count.WRITTEN)  # the plain tar stream, before any compressor
        else:
            stages = ([c[1]] if c else []) + [tar_extract(job)]
            watch = (len(stages) - 1, Count.READ)  # what tar read, after any decompressor
        port = str(job.port or "PORT")
        connect = ["nc", *([] if o.download else ["-N"]), job.listen_address, port]
        shown = listener.shown(job.ssh.command(o, self._remote(job, port)), display(stages), connect, o.download)
        return Plan([Stage(s) for s in stages], shown, ProgressMode.IO, watch,
                    listener=Listener(self._remote(job, port), listener.READY, stdin=(job.secret + "\n").encode(),
                                      guarded=True),
                    connect="download" if o.download else "upload", counts_tar_stream=True, stdin_data=names)

    @staticmethod
    def _remote(job: Job, port: str) -> str:
        c = codec(job.options)
        syntax = "busybox" if job.netcat == "BusyBox" else "openbsd"
        nc = listener.listen_argv(syntax, job.listen_address, port, sends=job.options.download)
        if not job.options.download:
            return listener.receiving(nc, port, remote_pipeline(([c[1]] if c else []) + [tar_extract(job)]))
        return listener.sending(remote_pipeline([tar_create(job)] + ([c[0]] if c else [])), nc, port)
