"""Copying onto a share of the host that this computer has mounted already (sshfs, SMB, NFS, a file manager's
GVfs folder): rsync here, from the selection to the mount's path of the destination (or the other way). No
login and no tool on the host: the mount's own protocol carries the bytes, encrypted where the mount is
(sshfs and GVfs's sftp always; SMB3 with `seal`; NFS with `sec=krb5p`), so there are two methods, one for
each kind of mount, and an unencrypted mount is used only where unencrypted methods are allowed.

Which folder of the host a mount shows is found and checked first (app.core.host.share_roots); the copy's
staging folder, its placing and its verification go through the control connection as for every method,
so a mount that showed another folder would fail the copy's check, never pass it. Links are made by the
engine afterwards (`--no-links`): SMB and some NFS servers refuse a link made through the mount.
"""

from __future__ import annotations

from app.core.host.capabilities import Capabilities
from app.core.host.share_roots import ShareRoot, covering
from app.core.host.ssh_command import Options
from app.core.transfer.methods.base import (LOCAL, RECEIVER, Context, Job, Method, MethodReasons, Plan, Process,
                                            display, phrase, rsync_watch)
from app.core.transfer.methods.keeps import PER_FILE
from app.core.transfer.methods.rsync_ssh import RSYNC_BASE, rsync_list
from app.core.transfer.progress import ProgressMode
from app.core.runner import Stage


class Mounted(Method):
    """Through an encrypted mount of the host."""

    id = "mounted"
    secure = True
    # rsync runs both ends here; the host's file server (sftp-server under sshfs, smbd, the kernel's nfsd)
    # receives, file by file: a create, the writes, a close and the times set, each waited for.
    processes = (Process("rsync", LOCAL, "rsync"), Process("sftp-server", RECEIVER, "sftp"))
    pipelined = False
    file_cpu_ms = 0.5
    round_trips_per_file = 4
    round_trips_per_dir = 2
    in_flight = 64 * 32768  # what a mount keeps in flight (sshfs: sftp's 64 requests; SMB credits, NFS slots alike)
    handshake_round_trips = 0
    listens = False
    listener_start_s = 0.0
    tar_stream = False
    logs_in = False  # the mount is connected already: no login, no cipher or multiplexing of the app's to choose
    through_share = True
    keeps = PER_FILE
    makes_links_after = True
    codecs = ("none",)
    uses_pipe_codecs = False
    needs_remote_shell = False  # the control connection's SFTP does the rest where the account has no shell
    stages_itself = True        # rsync writes a temporary file and renames it
    continues_files = True      # --inplace --append-verify, as rsync over ssh

    def needs(self, ctx: Context) -> list[tuple[str, str]]:
        return [("local", "rsync")]

    def share_for(self, shares: tuple[ShareRoot, ...] | list[ShareRoot], paths: list[str],
                  download: bool) -> ShareRoot | None:
        """One of this method's kind of mount holding the host's paths (the destination of an upload, the
        sources of a download; `paths` ends with the destination); with no paths yet, any of its kind."""
        mine = [r for r in shares if isinstance(r, ShareRoot) and r.encrypted is self.secure
                and (download or r.takes_writes)]
        if not paths:
            return mine[0] if mine else None
        return covering(mine, paths[:-1] if download else paths[-1:])

    def unavailable(self, ctx: Context) -> str | None:
        if self.share_for(ctx.shares, ctx.paths, ctx.options.download) is None:
            kind = [r for r in ctx.shares if isinstance(r, ShareRoot) and r.encrypted is self.secure]
            holding = covering(kind, ctx.paths[-1:]) if ctx.paths else None
            if holding is not None and not ctx.options.download and holding.mount.writable and holding.foreign:
                return phrase(MethodReasons.tr("needs a share mounted here that writes as the user logged in over ssh, "
                                               "and what the share mounted here writes belongs to another user of the "
                                               "host (mount it with that login, or log in as its user)"))
            if kind and not ctx.options.download and not any(r.mount.writable for r in kind):
                return phrase(MethodReasons.tr("needs a share mounted here that takes writes, and the share mounted "
                                               "here is read-only"))
            if kind:
                return phrase(MethodReasons.tr("needs the host's folder on a share mounted here, and the share "
                                               "mounted here holds another folder"))
            if self.secure:
                return phrase(MethodReasons.tr("needs a share of the host mounted on this computer with encryption "
                                               "(sshfs, or SMB3 with seal)"))
            return phrase(MethodReasons.tr("needs a share of the host mounted on this computer without encryption "
                                           "(SMB, NFS)"))
        return super().unavailable(ctx)

    def refuses(self, o: Options, local: Capabilities | None = None, remote: Capabilities | None = None) -> str | None:
        if o.cipher or o.mux:
            return phrase(MethodReasons.tr("goes through the mount's own connection, which chose its own encryption "
                                           "(no --cipher or --mux)"))
        return super().refuses(o, local, remote)

    def build(self, job: Job) -> Plan:
        share = job.share
        if not isinstance(share, ShareRoot):
            raise ValueError("a copy through a mounted share needs the share (Job.share)")
        o = job.options
        listed, names = rsync_list(job)
        argv = [*RSYNC_BASE, "--no-links", "--no-owner", "--no-group", *listed, "--"]
        if not o.download:
            sources = [job.parent.rstrip("/") + "/"] if job.files else [s.rstrip("/") or "/" for s in job.sources]
            argv += [*sources, share.here(job.dest).rstrip("/") + "/"]
        else:
            sources = ([share.here(job.parent).rstrip("/") + "/"] if job.files
                       else [share.here(s).rstrip("/") or "/" for s in job.sources])
            argv += [*sources, job.dest.rstrip("/") + "/"]
        return Plan([Stage(argv)], display([argv]), ProgressMode.RSYNC, rsync_watch(o), stdin_data=names)


class MountedPlain(Mounted):
    """Through an unencrypted mount of the host (SMB without seal, NFS without krb5p)."""

    id = "mounted-plain"
    secure = False
    processes = (Process("rsync", LOCAL, "rsync"), Process("smbd", RECEIVER, "sftp"))
