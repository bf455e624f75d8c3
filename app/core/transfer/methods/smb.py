"""The SMB shares the NAS already serves: Samba's smbclient here writes each file into its staging place in the
share (or reads each from it into the staging folder here), one login for the whole list. Nothing is started on
the host and no ssh carries the bytes. Two methods: SMB3 with encryption required (its keys come from the
account's password: secure) and SMB without it (used only where the user allows unencrypted methods).

Which share shows the destination, the login and that it writes as the login's own user are found first
(app.core.host.smb_shares); the engine makes the staging folder and its folders, sets the files' times and makes
the links through the control connection, then places and verifies as for every method. SMB cannot name a path
holding \\ : * ? " < > | or a control character: such a selection is not copied this way. The password goes to
smbclient in its environment (PASSWD), never in argv.

smbclient carries on past a file it could not write and still exits 0 when its commands come on standard input,
so each "NT_STATUS_…" it prints is an error of the copy's (Plan.fails_on). Its tar mode (-T), which would stream,
wrote 7× slower than its `put` on loopback (500 MB: 18 s against 2.5 s), so files go one by one.
"""

from __future__ import annotations

from posixpath import join

from app.core import quoting
from app.core.host.smb_shares import SmbRoot, SmbUnusable, carries, command_path
from app.core.runner import Stage
from app.core.transfer.methods.base import (RECEIVER, SENDER, Context, Job, MethodReasons, Plan, Process, clause,
                                            phrase)
from app.core.transfer.methods.keeps import Keep, Keeps
from app.core.transfer.methods.service import ThroughService
from app.core.transfer.progress import Count, ProgressMode

# What SMB keeps: the bytes; the engine sets the times and makes the links afterwards; the files' permissions are
# the server's (its create mask, with the owner's x bit for the DOS archive flag on Samba's default "map archive").
SMB_KEEPS = Keeps(mode=Keep.LOST)
# What smbclient prints on its standard output where a command failed (its progress goes to its standard error).
FAILS_ON = r"NT_STATUS_[A-Z_]+|does not exist$"


class SmbEncrypted(ThroughService):
    """Through the host's SMB share with SMB3 encryption required."""
    root_type = SmbRoot
    service = "the host's SMB share"

    id = "smb-encrypted"
    secure = True
    # smbclient here; the host's smbd receives, file by file: create, the writes (several in flight), close, each
    # answer waited for before the next file.
    processes = (Process("smbclient", SENDER, "smbclient"), Process("smbd", RECEIVER, "smbclient"))
    pipelined = False
    file_cpu_ms = 1.0
    round_trips_per_file = 3
    in_flight = 1024 * 1024  # smbclient keeps several writes of up to 64 KiB-8 MiB outstanding
    handshake_round_trips = 5  # TCP, negotiate, the two legs of the session setup, the tree connect
    service_logins = 4  # the login checked, the probe looked for in the share, the probe written, the copy
    share_kind = "smb"
    keeps = SMB_KEEPS
    list_scope = "parent"  # one plan per folder of the sources here: smbclient runs there, names relative to it

    def needs(self, ctx: Context) -> list[tuple[str, str]]:
        return [("local", "smbclient")]

    def service_roots(self, shares) -> list[SmbRoot]:
        return [r for r in shares if isinstance(r, SmbRoot) and r.encrypted is self.secure]

    def carries(self, path: str) -> bool:
        return carries(path)

    def unavailable(self, ctx: Context) -> str | None:
        reason = super().unavailable(ctx)
        if reason is not None:
            return reason
        if not all(carries(p.rsplit("/", 1)[-1]) for p in ctx.entry_paths + ctx.source_names):
            return clause(MethodReasons.tr('SMB cannot name a file whose name holds \\ : * ? " < > |, a control '
                                           'character or bytes that are not UTF-8, and the selection has one'))
        if self.share_for(ctx.shares, ctx.paths, ctx.options.download) is None:
            refused = next((r for r in ctx.shares if isinstance(r, SmbUnusable) and r.encrypted is self.secure),
                           None)
            if refused is not None:
                return _refused(refused)
            return phrase(MethodReasons.tr("needs an SMB share on the host (port 445) that takes this account's "
                                           "login and shows the folder (and, to copy to it, takes its writes)"))
        return None

    def without_ssh(self) -> str:
        return phrase(MethodReasons.tr("talks to the host's SMB service without ssh (no --cipher or --mux)"))

    def build(self, job: Job) -> Plan:
        root, parents, files = self.files_of(job)
        here = job.dest if job.options.download else job.parent if job.files else next(iter(parents.values()))
        if not job.files:  # the line for the whole selection, to run by hand
            lines = self._whole(job, root, parents)
        else:
            lines = []
            for f in files:
                there = root.smb_path(self.source_of(parents, f) if job.options.download else join(job.dest, f))
                # Names relative to the folder smbclient runs in (never one of its options: each is quoted)
                lines.append(f"get {command_path(there)} {command_path(f)}" if job.options.download else
                             f"put {command_path(f)} {command_path(there)}")
        script = "".join(line + "\n" for line in lines)
        argv = root.argv()
        shown = (f"cd {quoting.join([here])} && printf '%s\\n' " + " ".join(quoting.join([line]) for line in lines)
                 + " | " + quoting.join(argv))
        counted = Count.WRITTEN if job.options.download else Count.READ  # the files' bytes here, either way
        return Plan([Stage(argv, env={"PASSWD": root.password}, cwd=here)], shown, ProgressMode.IO, (0, counted),
                    stdin_data=script.encode("utf-8"), fails_on=FAILS_ON)

    @staticmethod
    def _whole(job: Job, root: SmbRoot, parents: dict[str, str]) -> list[str]:
        """smbclient's commands for the whole selection: `mput` (`mget`) of each source, folders whole (`recurse`),
        each from (into) its own folder."""
        lines = ["recurse on", "prompt off"]
        if not job.options.download:
            lines.append(f"cd {command_path('/' + root.smb_path(job.dest))}")
        for name, parent in parents.items():
            lines += ([f"cd {command_path('/' + root.smb_path(parent))}", f"mget {command_path(name)}"]
                      if job.options.download else [f"lcd {command_path(parent)}", f"mput {command_path(name)}"])
        return lines


class SmbPlain(SmbEncrypted):
    """Through the host's SMB share unencrypted."""

    id = "smb"
    secure = False
    file_cpu_ms = 0.7


def _refused(unusable: SmbUnusable) -> str:
    if unusable.why == "login":
        return phrase(MethodReasons.tr("cannot log in to the host's SMB service as {user}: it took none of the "
                                       "passwords tried ($SMB_PASSWORD, the one the keyring keeps, the ssh "
                                       "login's own)", user=unusable.user))
    if unusable.why == "folder":
        return phrase(MethodReasons.tr("cannot find the destination in the SMB shares the host shows {user}",
                                       user=unusable.user))
    if unusable.why == "owner":
        return phrase(MethodReasons.tr("needs the host's SMB share to write as {user}, and it writes as another "
                                       "user", user=unusable.user))
    if unusable.why == "encryption":
        return phrase(MethodReasons.tr("needs the host's SMB service to encrypt (SMB3), and it does not"))
    return phrase(MethodReasons.tr("needs the host's SMB service, which did not answer"))
