"""What every transfer method is: a pure builder of argv lists plus what it needs.

A method never runs anything. `build(job)` turns a `Job` (sources, destination,
options, how to start ssh) into a `Plan` (local process stages, the remote
helper it needs, how progress is measured, the shell one-liner for people).
The transfer engine runs plans; the unit tests assert them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from posixpath import basename, dirname

from app.core import quoting
from app.core.host.capabilities import Capabilities
from app.core.host.ftp_logins import FtpRoot, FtpUnusable
from app.core.host.nfs_exports import NfsRoot, NfsUnusable
from app.core.host.smb_shares import SmbRoot, SmbUnusable
from app.core.host.rsync_modules import ModuleRoot, Unusable
from app.core.host.share_roots import ShareRoot
from app.core.host.listener import Listener
from app.core.host.ssh_command import PIPE_CODECS, Options, Ssh
from app.core.language import Reason, Words, clause, phrase
from app.core.transfer.methods.keeps import ASKED_BY, PER_FILE, Keep, Keeps, named
from app.core.transfer.methods import names
from app.core.runner import Stage
from app.core.transfer.progress import Count, ProgressMode


@dataclass(frozen=True)
class DaemonModule:
    """An rsync daemon module the user already runs on the remote host."""

    name: str
    path: str       # the folder it serves, as the remote host sees it
    port: int = 873
    user: str = ""  # for modules with `auth users`; the password comes from $RSYNC_PASSWORD


@dataclass(frozen=True)
class Job:
    ssh: Ssh
    sources: tuple[str, ...]  # absolute paths on the sending side
    dest: str                 # absolute folder on the receiving side
    options: Options
    listen_address: str = ""  # insecure methods: the remote address the control connection reached
    port: int = 0             # insecure methods: the port chosen for the listener
    secret: str = ""          # rsync daemon: one-time password; tar over netcat: the data connection's token
    module: DaemonModule | None = None  # rsync daemon: the user's own module instead of a private daemon
    # mounted: the share of the host mounted here that the copy goes through; rsync-service: the module of the
    # rsync service the host runs
    share: ShareRoot | ModuleRoot | FtpRoot | SmbRoot | NfsRoot | None = None
    # What the command line depends on besides the paths (scp: this computer's OpenSSH version and
    # whether the host has an SFTP server decide its protocol, and so how its paths are written).
    local: Capabilities | None = None
    remote: Capabilities | None = None
    client_address: str = ""  # insecure methods: this computer's address as the host sees it
    netcat: str = ""          # the host's netcat flavour (Capabilities.nc_flavour)
    # Only these entries instead of the whole sources (what is missing or replaced; the rest is already
    # staged or at the destination): paths below the sources' parents ("photos/2024/a.jpg"), parents
    # first, all under one parent folder (the engine runs one plan per parent). With `Method.lists_folders`
    # folders are listed too; otherwise the engine has made them and only files and links are listed.
    files: tuple[str, ...] = ()
    partial: tuple[str, ...] = ()  # of `files`, those staged in part: continued (Method.continues_files)
    offset: int = 0                # ssh-cat: the single file continues from this byte (it is staged up to it)
    resumable: bool = False        # `dest` is a staging folder: a tool may leave a cut file there to go on from
    # Writing in place into the destination itself (the user's rsync module): every file given is meant to
    # be written, even one of the same size and time there (its contents differ), so rsync's quick check
    # must not skip it.
    rewrite: bool = False

    @property
    def parent(self) -> str:
        """The folder `files` are under: the parent of the source they start with."""
        top = self.files[0].split("/", 1)[0]
        return next(p for p, name in split_sources(self.sources) if name == top)


@dataclass(frozen=True)
class Plan:
    stages: list[Stage]
    display: str                     # the equivalent shell one-liner
    progress: ProgressMode = ProgressMode.IO
    watch: tuple[int, Count] = (0, Count.WRITTEN)  # (stage, what of it is counted); with rsync, a finer
                                                   # count beside its own report
    stdin_data: bytes | None = None  # written to stage 0's stdin
    read_file: str | None = None     # a local file stage 0 reads as its stdin (ssh-cat upload)
    write_file: str | None = None    # a local file the last stage writes as its stdout (ssh-cat download)
    listener: Listener | None = None
    connect: str | None = None       # "upload"/"download": the app opens the data socket to the listener
    counts_tar_stream: bool = False  # progress counts a tar stream (headers and padding included)
    # A pattern of the last stage's standard output: a line it matches is a file the tool could not copy (a tool
    # that carries on past one and exits 0: smbclient reading its commands from standard input).
    fails_on: str = ""


@dataclass
class Context:
    """What availability depends on."""

    local: Capabilities
    remote: Capabilities
    options: Options
    allow_insecure: bool = False
    source_names: list[str] = field(default_factory=list)
    single_file: bool | None = None  # None: no selection yet (listing methods for a host)
    paths: list[str] = field(default_factory=list)  # the sources' full paths and the destination
    # Every entry below the sources' parents ("photos/2024/a.jpg"), once the selection is scanned:
    # some protocols cannot carry some names anywhere in a tree (old scp: a line break).
    entry_paths: list[str] = field(default_factory=list)
    link_kinds: frozenset[str] = frozenset()  # what the selection's symbolic links lead to (Selection.link_kinds)
    # The host's shares mounted here (app.core.host.share_roots) and the modules of its rsync service
    # (app.core.host.rsync_modules) that hold the copy's paths, each checked.
    shares: tuple[ShareRoot | ModuleRoot | FtpRoot | SmbRoot | NfsRoot | Unusable | FtpUnusable | SmbUnusable
                  | NfsUnusable, ...] = ()


MAX_STREAMS = 16  # parallel streams a copy may ask for (a NAS's sshd takes 10 unauthenticated at once)


class MethodReasons(Words):
    """Why a method cannot run here or cannot take the options asked for (the translator's context). Most
    are phrases that follow the method's name, as its verb: "{method} cannot be used here: it {reason}"
    (German: "…, denn die Methode {reason}"), "{method} {why}; choose one of: …". Those with a subject of
    their own ("the server does not offer …", "`rsync` is not installed …") follow a colon instead."""


def no_shell() -> Reason:
    return phrase(MethodReasons.tr("runs commands on the host, and this account may only use SFTP (no shell)"))


def no_sftp() -> Reason:
    return clause(MethodReasons.tr("the host has no SFTP server (on an embedded box, install its sftp-server "
                                   "package)"))


# Where a process of a method runs: on the side that sends or receives the files, or on a fixed side.
SENDER, RECEIVER, LOCAL, REMOTE = "sender", "receiver", "local", "remote"


@dataclass(frozen=True)
class Process:
    """One process a method runs at an end of the copy (besides ssh and any compressor)."""

    name: str   # as the bottleneck sentence names it: "tar", "sftp-server", "nc"
    where: str  # SENDER, RECEIVER, LOCAL or REMOTE
    tool: str   # whose CPU cost per MB prices its work (app.core.advice.calibration.TOOL_MBPS)


class Method:
    id: str = ""
    secure: bool = True
    # How the method moves files, as the bottleneck model (app.core.advice.model) prices it. Declared by every
    # method (no defaults here: a method that leaves one out fails its unit test, not a prediction).
    processes: tuple[Process, ...]  # its own processes at the two ends
    pipelined: bool            # per-file work overlaps the stream of bytes; False: one file after another
    file_cpu_ms: float         # the receiver's CPU per file it creates, on this computer (0: no per-file work)
    round_trips_per_file: int  # round trips it waits for on every file (open, writes, setstat, close)
    round_trips_per_dir: int   # and on every folder (mkdir and its setstat)
    in_flight: int             # bytes its own protocol keeps in flight (0: only ssh's window holds it)
    handshake_round_trips: int  # round trips before data flows, besides the ssh login
    listens: bool              # the app starts a listener on the host over its own connection (no ssh login)
    listener_start_s: float    # starting that listener and seeing it ready
    tar_stream: bool           # sends a tar stream: headers and padding travel with the bytes
    keeps: Keeps = PER_FILE  # what arrives intact, with the flags build() passes (app.core.transfer.methods.keeps)
    makes_links_after = False  # the tool skips links: the engine makes them at the far side afterwards
    stages_itself: bool = False  # writes temp files and renames them (rsync): no staging folder needed
    # The tool itself compares each file's contents as it lands (rsync: the receiver checks a whole-file checksum
    # the sender made while reading, and sends a file again where they differ; a second miss fails the run):
    # the name it is checked by, or "". A copy it made whole in one run needs no hashing of ours afterwards.
    checks_contents = ""
    codecs = ("none", "ssh")
    uses_pipe_codecs = True  # zstd/lz4 run as separate processes on both sides (rsync has them built in)
    needs_remote_shell = True  # runs commands on the host (an SFTP-only account runs none)
    # Sending a list (Job.files), for resuming and for what is already at the destination:
    lists_folders = True     # folders go in the list (tar, rsync); False: the engine makes them first
    always_lists = False     # the tool takes only lists of files (curl's FTP): whole sources go as their files
    parallel = False         # takes Options.streams: the files split into parts, each over its own connection
    list_scope = "parent"    # one plan per: "parent" folder of the sources, "folder" of the files, or "any"
    continues_files = False  # carries on a file staged in part itself (Job.partial)
    keeps_mtime = True       # gives each file its source's time (else the engine sets it afterwards)
    # A copy connects anew: an OpenSSH login (a cipher and multiplexing to choose), or a listener (`listens`);
    # False: what carries the bytes is connected already (a share of the host mounted here).
    logs_in = True
    through_share = False  # copies through a share of the host (Context.shares, Job.share): one of
    share_kind = "mount"   # "mount": mounted here; "rsync": a module of the rsync service the host runs; "ftp"
    ssh_channel = True     # a secure method's bytes cross an ssh channel, whose window caps one stream
    # Logins to the host's service a copy through it makes, its checks (app.core.host.smb_shares) and the copy's own,
    # each a server process the host forks and a password it checks (app.core.advice.model prices their CPU; 0: one
    # login, its CPU not priced)
    service_logins = 0

    @property
    def runs_openssh(self) -> bool:
        """Its copy starts OpenSSH (ssh, scp, sftp, rsync over ssh); False: a listener it starts over the
        control connection (`listens`) or a share (`logs_in` False) carries the bytes."""
        return self.logs_in and not self.listens

    @property
    def label(self) -> str:
        """Its name as people read it: "tar over ssh"."""
        return names.label(self.id)

    @property
    def summary(self) -> str:
        """What it does, in one sentence."""
        return names.summary(self.id)

    @property
    def keeps_symlinks(self) -> bool:
        return self.keeps.symlinks is Keep.KEPT

    def keeps_between(self, local: Capabilities | None, remote: Capabilities | None) -> Keeps:
        """What this copy keeps between these two sides (None: not known, taken as able)."""
        return self.keeps

    def refuses(self, o: Options, local: Capabilities | None = None, remote: Capabilities | None = None) -> str | None:
        """Why this method cannot keep what the options ask for (--owners, --xattrs), or take them
        (--streams), or None."""
        if o.streams > 1 and not self.parallel:
            return phrase(MethodReasons.tr("cannot copy on parallel streams (--streams)"))
        keeps = self.keeps_between(local, remote)
        for name, option in ASKED_BY.items():
            if getattr(o, option.strip("-")) and getattr(keeps, name) is Keep.LOST:
                what = MethodReasons.tr("extended attributes and ACLs") if option == "--xattrs" else named(name)
                if getattr(self.keeps, name) is Keep.LOST:
                    return phrase(MethodReasons.tr("cannot keep {what} ({option})", what=what, option=option))
                return phrase(MethodReasons.tr("cannot keep {what} between these two computers ({option})",
                                               what=what, option=option))
        return None

    def share_for(self, shares: tuple[ShareRoot | ModuleRoot, ...] | list[ShareRoot | ModuleRoot], paths: list[str],
                  download: bool) -> ShareRoot | ModuleRoot | None:
        """The share of the host a copy of these paths (the sources' and the destination) goes through."""
        return None

    def takes_list(self, job: Job) -> bool:
        """Whether build() can send `job.files` here (else the whole sources are sent again)."""
        return True

    def needs(self, ctx: Context) -> list[tuple[str, str]]:
        """(side, tool) pairs this method needs with these options."""
        return []

    def unavailable(self, ctx: Context) -> str | None:
        """Why this method cannot run here, or None when it can."""
        if not self.secure and not ctx.allow_insecure:
            return phrase(MethodReasons.tr("sends data unencrypted; allow insecure methods to use it (trusted local "
                                           "network only)"))
        if self.needs_remote_shell and not ctx.remote.shell:
            return no_shell()
        if ctx.options.compress not in self.codecs:
            return phrase(MethodReasons.tr("cannot use {codec} compression", codec=ctx.options.compress))
        refused = self.refuses(ctx.options, ctx.local, ctx.remote)
        if refused:
            return refused
        for side, tool in self.needs(ctx) + (_codec_needs(ctx.options) if self.uses_pipe_codecs else []):
            if side == "local" and not ctx.local.has(tool):
                return clause(MethodReasons.tr("`{tool}` is not installed on this computer", tool=tool))
            if side != "local" and not ctx.remote.has(tool):
                return clause(MethodReasons.tr("`{tool}` is not installed on the remote host", tool=tool))
        cipher, mac = ctx.options.cipher, ctx.options.mac
        if cipher and ctx.remote.ciphers and cipher not in ctx.remote.ciphers:
            return clause(MethodReasons.tr("the server does not offer the cipher {cipher}", cipher=cipher))
        if cipher and ctx.local.ciphers and cipher not in ctx.local.ciphers:
            return clause(MethodReasons.tr("this computer's ssh does not know the cipher {cipher}", cipher=cipher))
        if mac and ctx.remote.macs and mac not in ctx.remote.macs:
            return clause(MethodReasons.tr("the server does not offer the MAC {mac}", mac=mac))
        return None

    def build(self, job: Job) -> Plan:
        raise NotImplementedError


class StreamFlow:
    """What every method that streams its files through one pipe shares (tar, rsync, ssh cat): per-file
    work overlaps the bytes, no round trip waited for per file or folder, nothing of SFTP's in flight, and
    no listener unless the method says so. Each method still names its processes and per-file cost."""

    pipelined = True
    round_trips_per_file = 0
    round_trips_per_dir = 0
    in_flight = 0
    handshake_round_trips = 0
    listens = False
    listener_start_s = 0.0
    tar_stream = False


class SftpFlow:
    """How a method speaking SFTP moves files (sftp, and scp, which speaks it since OpenSSH 9): an sftp
    client and the host's sftp-server, 64 requests of 32 KiB in flight, and on every file a wait for open,
    the write acknowledgements, setstat (-p) and close, one file after another. Measured on loopback
    (bench/overhead.py, 5000 files): ~0.6-0.75 ms a file."""

    processes = (Process("sftp", SENDER, "sftp"), Process("sftp-server", RECEIVER, "sftp"))
    pipelined = False
    file_cpu_ms = 0.5
    round_trips_per_file = 4
    round_trips_per_dir = 2  # mkdir and its setstat
    in_flight = 64 * 32768
    handshake_round_trips = 0
    listens = False
    listener_start_s = 0.0
    tar_stream = False


def _codec_needs(o: Options) -> list[tuple[str, str]]:
    if o.compress in PIPE_CODECS:
        return [("local", o.compress), ("remote", o.compress)]
    return []


def display(stages: list[list[str]]) -> str:
    return " | ".join(quoting.join(s) for s in stages)


def dot_slash(name: str) -> str:
    """`./name`, so a name with a leading dash is never read as an option."""
    return name if name.startswith("/") else "./" + name


def split_sources(sources: tuple[str, ...]) -> list[tuple[str, str]]:
    """(parent folder, name) per source."""
    return [(dirname(s.rstrip("/")) or "/", basename(s.rstrip("/"))) for s in sources]


_GLOB = re.compile(r"([\\*?\[\]])")


def glob_escape(path: str) -> str:
    """scp (SFTP mode) and sftp expand globs in remote paths; a backslash makes them literal."""
    return _GLOB.sub(r"\\\1", path)


_WILD = re.compile(r"[*?\[]")


def rsync_glob_escape(path: str) -> str:
    """rsync expands wildcards in remote source paths itself (with -s, and in daemon modules), one
    component at a time and only in components holding `*`, `?` or `[`; elsewhere a backslash is literal."""
    return "/".join(glob_escape(part) if _WILD.search(part) else part for part in path.split("/"))


def rsync_watch(o: Options) -> tuple[int, Count]:
    """rsync reports progress about once a second; sending, what it has read of the files says more.
    (Receiving, the writer is a child process /proc does not count until it ends.)"""
    return (0, Count.NONE) if o.download else (0, Count.READ)
