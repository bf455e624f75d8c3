"""tar over netcat (insecure): the tar stream on a plain TCP connection, no encryption.
Wins when the remote CPU cannot keep up with ssh (a weak NAS). The listener is started
through the ssh session, binds the one address we reached, takes one connection and exits."""

from __future__ import annotations

from app.core.methods.base import Context, Job, Listener, Method, Plan, display
from app.core.methods.tar_common import codec, remote_pipeline, tar_create, tar_extract
from app.core.runner import Stage

# OpenBSD netcat with -v -n prints "Listening on ADDR PORT" once it listens; port 0 lets the kernel pick.
READY = r"^Listening on \S+ (?P<port>\d+)"


class TarOverNetcat(Method):
    id = "tar-nc"
    label = "tar over netcat (insecure)"
    secure = False
    summary = "Streams tar over plain TCP: no encryption cost, so a weak NAS CPU is no limit. Unencrypted."
    codecs = ("none", "zstd", "lz4")

    def needs(self, ctx: Context) -> list[tuple[str, str]]:
        return [("local", "tar"), ("remote", "tar"), ("remote", "nc")]

    def unavailable(self, ctx: Context) -> str | None:
        reason = super().unavailable(ctx)
        if reason is None and not ctx.remote.nc_listen_ok:
            return f"the remote netcat ({ctx.remote.nc_flavour or 'unknown'}) is not OpenBSD netcat"
        return reason

    def build(self, job: Job) -> Plan:
        o, c = job.options, codec(job.options)
        if not o.download:
            stages = [tar_create(job.sources)] + ([c[0]] if c else [])
            local_shown = display(stages) + f" | nc -N {job.listen_address} PORT"
            watch = (0, "wchar")  # the plain tar stream, before any compressor
        else:
            stages = ([c[1]] if c else []) + [tar_extract(job.dest)]
            local_shown = f"nc {job.listen_address} PORT | " + display(stages)
            watch = (len(stages) - 1, "rchar")  # what tar read, after any decompressor
        remote_shown = self._remote(job, "PORT")
        shown = f"{display([job.ssh.command(o, remote_shown)])} & {local_shown}"
        return Plan([Stage(s) for s in stages], shown, "io", watch,
                    listener=Listener(self._remote(job, "0"), READY),
                    connect="download" if o.download else "upload", counts_tar_stream=True)

    @staticmethod
    def _remote(job: Job, port: str) -> str:
        c = codec(job.options)
        if not job.options.download:
            listen = ["nc", "-d", "-n", "-v", "-l", job.listen_address, port]
            return remote_pipeline([listen] + ([c[1]] if c else []) + [tar_extract(job.dest)])
        listen = ["nc", "-N", "-n", "-v", "-l", job.listen_address, port]
        return remote_pipeline([tar_create(job.sources)] + ([c[0]] if c else []) + [listen])
