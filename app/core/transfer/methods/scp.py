"""scp: the default everyone knows. It speaks one of two protocols; which one is decided here from
this computer's OpenSSH version and the host's shape, never left to the client's default:

- SFTP (`scp -s`, OpenSSH 8.7 and later): paths travel inside SFTP requests and no shell reads them.
  A round trip per file: fine for a few large files, slow for many small ones.
- the old SCP/RCP protocol (`scp -O` from 8.7 on, the only one before): the client asks the host's
  login shell to run `scp -t DEST` or `scp -f SOURCE` with the path pasted in as written. Used only
  where SFTP mode cannot be (no SFTP server on the host, as on Dropbear boxes, or a client older
  than 8.7), and then every remote path is single-quoted for a POSIX shell.

Where scp would speak SFTP, the old protocol is also offered as a method of its own, `scp-legacy`
(`scp -O`), for the race to pick where it is faster: it streams each file through the channel with no
SFTP requests (three waits a file where SFTP mode has four), and the host's `scp -t` writes it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from posixpath import basename, dirname, join

from app.core.host.capabilities import Capabilities
from app.core.quoting import single_quoted
from app.core.transfer.methods.base import (RECEIVER, SENDER, Context, Job, Method, MethodReasons, Plan, Process,
                                           Reason, SftpFlow, display, glob_escape, phrase)
from app.core.transfer.progress import ProgressMode
from app.core.transfer.methods.keeps import Keep, Keeps
from app.core.runner import Stage

# `-s` and `-O` exist from 8.7 on, where some builds (RHEL 9's) already default to SFTP: both are pinned.
SFTP_MODE_FROM = (8, 7)
# Login shells that read '...' as POSIX says, with nothing inside special (fish reads backslashes in
# single quotes, csh refuses a line break in them). Names are compared without a version suffix.
POSIX_SHELLS = frozenset({"sh", "bash", "rbash", "dash", "ash", "hush", "busybox", "ksh", "mksh", "lksh",
                          "pdksh", "oksh", "zsh", "yash", "posh"})


def neither() -> Reason:
    return phrase(MethodReasons.tr("needs an SFTP server on the host, or a shell with `scp` in it for the old "
                                   "protocol, and the host has neither"))


def no_legacy() -> Reason:
    return phrase(MethodReasons.tr("needs a shell with `scp` in it on the host for the old protocol"))


def unknown_client() -> Reason:
    return phrase(MethodReasons.tr("needs OpenSSH's scp of a known version to choose a protocol that keeps paths "
                                   "safe, and `ssh -V` on this computer names none"))


def _why_legacy(remote: Capabilities, shown: str) -> str:
    """What rules scp's SFTP mode out: a clause for "needs the old scp protocol (…)"."""
    if not remote.sftp:
        return MethodReasons.tr("the host has no SFTP server")
    return MethodReasons.tr("this computer's OpenSSH {version} predates scp's SFTP mode", version=shown)


class Protocol(Enum):
    SFTP = "SFTP"
    LEGACY = "old SCP"


@dataclass(frozen=True)
class Mode:
    """The protocol scp speaks with this client and host and the flag that pins it, or why it cannot
    run safely at all."""

    protocol: Protocol | None
    flags: tuple[str, ...] = ()
    refused: str = ""  # when protocol is None: the reason, a phrase that follows "scp ..." (a Reason)
    why_legacy: str = ""  # what rules SFTP mode out, for sentences about the old protocol (in words)


def choose(local: Capabilities, remote: Capabilities, legacy: bool = False) -> Mode:
    """The protocol scp speaks here; `legacy`: the old one asked for (scp-legacy), where plain scp
    would speak SFTP (elsewhere plain scp is that method already)."""
    version = local.openssh
    legacy_possible = remote.shell and remote.has("scp")
    if legacy:
        return _legacy_asked(local, remote, legacy_possible)
    if not remote.sftp and not legacy_possible:
        return Mode(None, refused=neither())
    if version is None:
        return Mode(None, refused=unknown_client())
    if remote.sftp and version >= SFTP_MODE_FROM:
        return Mode(Protocol.SFTP, ("-s",))
    shown = f"{version[0]}.{version[1]}"
    if not legacy_possible:
        return Mode(None, refused=phrase(MethodReasons.tr(
            "needs OpenSSH 8.7 or later on this computer (it has {version}) to use the host's SFTP server, or a "
            "shell with `scp` in it on the host for the old protocol", version=shown)))
    why = _why_legacy(remote, shown)
    refused = _shell_refuses(remote, why)
    if refused:
        return Mode(None, refused=refused)
    return Mode(Protocol.LEGACY, ("-O",) if version >= SFTP_MODE_FROM else (), why_legacy=why)


def _legacy_asked(local: Capabilities, remote: Capabilities, possible: bool) -> Mode:
    version = local.openssh
    if version is None:
        return Mode(None, refused=unknown_client())
    if not possible:
        return Mode(None, refused=no_legacy())
    if version < SFTP_MODE_FROM or not remote.sftp:
        why = _why_legacy(remote, f"{version[0]}.{version[1]}")
        return Mode(None, refused=phrase(MethodReasons.tr(
            "is plain scp here: {why}, so scp speaks the old protocol itself", why=why)))
    refused = _shell_refuses(remote)
    return Mode(None, refused=refused) if refused else Mode(Protocol.LEGACY, ("-O",))


def _shell_refuses(remote: Capabilities, why: str = "") -> str:
    """Why the old protocol cannot run safely through this login shell ("" when it can). `why`: what rules
    SFTP mode out, when the old protocol is needed ("": it was asked for, scp-legacy)."""
    shell = re.sub(r"[\d.]+$", "", basename(remote.login_shell))
    if not shell or shell in POSIX_SHELLS:
        return ""
    if why:
        return phrase(MethodReasons.tr("needs the old scp protocol ({why}), which hands paths to the login shell, "
                                       "and {shell} does not read POSIX quoting", why=why, shell=remote.login_shell))
    return phrase(MethodReasons.tr("speaks the old scp protocol, which hands paths to the login shell, and {shell} "
                                   "does not read POSIX quoting", shell=remote.login_shell))


class Scp(SftpFlow, Method):
    id = "scp"
    keeps = Keeps(symlinks=Keep.LOST)  # scp -r copies what a link points to
    needs_remote_shell = False  # in SFTP mode; choose() asks for a shell where the old protocol is needed
    lists_folders = False  # its files land in one target folder: the engine makes the folders first
    list_scope = "folder"  # and runs it once per folder
    legacy = False  # ScpLegacy: the old protocol asked for

    def needs(self, ctx: Context) -> list[tuple[str, str]]:
        return [("local", "scp")]

    def unavailable(self, ctx: Context) -> str | None:
        reason = super().unavailable(ctx)
        if reason:
            return reason
        mode = choose(ctx.local, ctx.remote, self.legacy)
        if mode.protocol is None:
            return mode.refused
        # scp -r follows every link: one to a folder copies it again (or loops), one to nothing fails.
        if ctx.link_kinds & {"dir", "none"}:
            return phrase(MethodReasons.tr("follows symbolic links, and the selection has a link to a folder or to "
                                           "nothing (it would copy the folder twice, go round in a loop, or stop)"))
        # The old protocol ends each name at a line break, so OpenSSH's scp sends any name whose path
        # holds one vis-encoded ("a\^Jb"): a silently renamed copy. Other servers' scp lose step.
        # (A destination with one would do; it is refused too, to keep the rule one sentence.)
        if mode.protocol is Protocol.LEGACY and any("\n" in p for p in
                                                    [*ctx.source_names, *ctx.paths, *ctx.entry_paths]):
            if mode.why_legacy:
                return phrase(MethodReasons.tr("needs the old scp protocol ({why}), which cannot carry a name with a "
                                               "line break in it", why=mode.why_legacy))
            return phrase(MethodReasons.tr("speaks the old scp protocol, which cannot carry a name with a line break "
                                           "in it"))
        return None

    def build(self, job: Job) -> Plan:
        mode = _mode_of(job, self.legacy)
        o = job.options
        argv = ["scp", *mode.flags, "-r", "-p", "-q", *job.ssh.opts(o), "--"]
        sources, dest = _listed(job) if job.files else (list(job.sources), job.dest)
        if not o.download:
            # Absolute local paths: a ':' in a name can then never be read as host:path.
            argv += [*sources, f"{job.ssh.target}:{_remote(mode, dest + '/', globbed=False)}"]
        else:
            argv += [f"{job.ssh.target}:{_remote(mode, s, globbed=True)}" for s in sources] + [dest + "/"]
        return Plan([Stage(argv)], display([argv]) + _unflagged(mode, job.local), ProgressMode.IO)


def _listed(job: Job) -> tuple[list[str], str]:
    """`job.files` (all in one folder) as full source paths, and that folder on the receiving side."""
    folders = {dirname(f) for f in job.files}
    if len(folders) != 1:
        raise ValueError("scp sends the files of one folder per run: split Job.files by folder")
    return [join(job.parent, f) for f in job.files], join(job.dest, folders.pop())


def _mode_of(job: Job, legacy: bool = False) -> Mode:
    if job.local is None or job.remote is None:
        raise ValueError("scp's protocol depends on this computer's OpenSSH and on the host: "
                         "build its Job with local= and remote= capabilities")
    mode = choose(job.local, job.remote, legacy)
    if mode.protocol is None:
        raise ValueError(f"scp cannot run here: it {mode.refused}")
    return mode


def _unflagged(mode: Mode, local: Capabilities) -> str:
    """Before 8.7 no flag names the protocol (there is only one): the command people see says it."""
    if mode.protocol is Protocol.LEGACY and not mode.flags:
        return f"  # the old SCP protocol, the only one OpenSSH {local.openssh[0]}.{local.openssh[1]} speaks"
    return ""


def _remote(mode: Mode, path: str, globbed: bool) -> str:
    """A remote path as scp must be given it. Old protocol: the host's shell reads it, and the remote
    `scp -f` globs nothing itself. SFTP mode: no shell, but scp globs remote sources (never the target)."""
    if mode.protocol is Protocol.LEGACY:
        return single_quoted(path)
    return glob_escape(path) if globbed else path


class ScpLegacy(Scp):
    """scp pinned to the old protocol (`scp -O`) where plain scp speaks SFTP: no SFTP server in the way,
    each file streamed through the channel to the host's `scp -t`. Its waits a file: the times (-p), the
    header, the end of the bytes, each acknowledged; a folder's start and end likewise."""

    id = "scp-legacy"
    legacy = True
    needs_remote_shell = True
    processes = (Process("scp", SENDER, "tar"), Process("scp -t", RECEIVER, "tar"))
    round_trips_per_file = 3
    round_trips_per_dir = 3  # its times, its start, its end
    in_flight = 0  # a stream: only ssh's window holds it
