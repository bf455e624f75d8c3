"""The rsync service the NAS already runs (insecure): rsync here talks rsync's own protocol to a module of the
host's daemon on port 873, on plain TCP. Nothing is started on the host and no ssh carries the bytes: no cipher,
no listener to start, a weak NAS CPU does no encryption. Which module holds the copy's folder, the login to it
and that it writes as the login's own user are found first (app.core.host.rsync_modules); the copy's staging
folder, its placing and its verification go through the control connection as for every method, so the check
is made on the host's side of the module's folder.

rsync's login is a challenge and its digest (no password crosses in clear), but the files do: like the other
unencrypted methods it is used only where the user allows them.
"""

from __future__ import annotations

from posixpath import normpath, relpath

from app.core.host.capabilities import Capabilities
from app.core.host.rsync_modules import ModuleRoot, Unusable
from app.core.host.share_roots import covering
from app.core.host.ssh_command import Options
from app.core.transfer.methods.base import (Context, Job, Method, MethodReasons, Plan, display, phrase,
                                            rsync_glob_escape, rsync_watch)
from app.core.transfer.methods.rsync_ssh import (RSYNC_BASE, RsyncFlow, RsyncKeeps, rsync_compress, rsync_keeps,
                                                 rsync_list, unfetchable)
from app.core.transfer.progress import ProgressMode
from app.core.runner import Stage


class RsyncService(RsyncFlow, RsyncKeeps, Method):
    id = "rsync-service"
    secure = False
    pipelined = True
    round_trips_per_file = 0
    round_trips_per_dir = 0
    in_flight = 0
    # The connection to the daemon, rsync's greeting and the module's login, then rsync's own handshake.
    handshake_round_trips = RsyncFlow.handshake_round_trips + 3
    listens = False
    listener_start_s = 0.0
    tar_stream = False
    logs_in = False  # no ssh: no cipher or multiplexing to choose
    through_share = True
    share_kind = "rsync"
    codecs = ("none", "zstd", "lz4")
    uses_pipe_codecs = False
    needs_remote_shell = False  # the daemon writes; the control connection's SFTP does the rest where no shell
    stages_itself = True
    continues_files = True
    # A daemon that runs without chroot "munges" every link it receives (`munge symlinks`, on by default then:
    # "/rsyncd-munged/" before its target); the engine makes the links over ssh afterwards instead.
    makes_links_after = True

    def needs(self, ctx: Context) -> list[tuple[str, str]]:
        return [("local", "rsync")]

    def share_for(self, shares, paths: list[str], download: bool, writes: bool = True) -> ModuleRoot | None:
        """A module that holds the host's paths (the destination of an upload, the sources of a download; `paths`
        ends with the destination) and, for an upload, takes this account's writes (`writes`); with no paths yet,
        any that does."""
        mine = [r for r in shares if isinstance(r, ModuleRoot) and (download or r.writable or not writes)]
        if not paths:
            return mine[0] if mine else None
        return covering(mine, paths[:-1] if download else paths[-1:])

    def unavailable(self, ctx: Context) -> str | None:
        reason = super().unavailable(ctx) or unfetchable(ctx)
        if reason is not None:
            return reason
        if self.share_for(ctx.shares, ctx.paths, ctx.options.download) is None:
            refused = next((r for r in ctx.shares if isinstance(r, Unusable)), None)
            if refused is not None:
                return _refused(refused)
            if self.share_for(ctx.shares, ctx.paths, ctx.options.download, writes=False) is not None:
                return phrase(MethodReasons.tr("needs a module of the host's rsync service that takes this account's "
                                               "writes as its own, and the module that holds the folder writes as "
                                               "another user or not at all"))
            return phrase(MethodReasons.tr("needs a module of an rsync service the host runs (port 873) that holds "
                                           "the folder and that this computer can log in to"))
        return None

    def refuses(self, o: Options, local: Capabilities | None = None, remote: Capabilities | None = None) -> str | None:
        if o.cipher or o.mux:
            return phrase(MethodReasons.tr("talks to the host's rsync service without ssh (no --cipher or --mux)"))
        return super().refuses(o, local, remote)

    def build(self, job: Job) -> Plan:
        module = job.share
        if not isinstance(module, ModuleRoot):
            raise ValueError("a copy through the host's rsync service needs its module (Job.share)")
        o = job.options
        listed, names = rsync_list(job)
        head = [*RSYNC_BASE, *rsync_keeps(job), "--no-links", *rsync_compress(o.compress), *listed, "--"]
        if not o.download:
            sources = [job.parent.rstrip("/") + "/"] if job.files else [s.rstrip("/") for s in job.sources]
            argv = [*head, *sources, module.url(job.dest).rstrip("/") + "/"]
        elif job.files:
            argv = [*head, _source(module, job.parent).rstrip("/") + "/", job.dest + "/"]
        else:
            argv = [*head, *[_source(module, s.rstrip("/")) for s in job.sources], job.dest + "/"]
        env = {"RSYNC_PASSWORD": module.password} if module.user else {}
        shown = ("RSYNC_PASSWORD=... " if module.user else "") + display([argv])
        return Plan([Stage(argv, env=env)], shown, ProgressMode.RSYNC, rsync_watch(o), stdin_data=names)


def _source(module: ModuleRoot, host_path: str) -> str:
    """A path of the host as a source's URL: rsync expands wildcards in a daemon's source paths itself."""
    rest = relpath(normpath(host_path), module.folder)
    return module.url() + ("" if rest == "." else "./" + rsync_glob_escape(rest))


def _refused(module: Unusable) -> str:
    """Why the module of the host's rsync service that holds the folder takes no copy of this computer's."""
    if module.why == "login":
        return phrase(MethodReasons.tr("cannot log in to the module {module} of the host's rsync service as {user}: it "
                                       "took none of the passwords tried ($RSYNC_PASSWORD, the one the keyring keeps, "
                                       "the ssh login's own)", module=module.name, user=module.user))
    if module.why == "account":
        return phrase(MethodReasons.tr("cannot log in to the module {module} of the host's rsync service: it takes "
                                       "other accounts than {user}", module=module.name, user=module.user))
    if module.why == "denied":
        return phrase(MethodReasons.tr("cannot reach the module {module} of the host's rsync service: it does not let "
                                       "this computer in (its `hosts allow`)", module=module.name))
    return phrase(MethodReasons.tr("needs the host's rsync service, which did not answer"))
