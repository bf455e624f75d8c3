"""The bottleneck model: for every candidate (method × cipher × compression × multiplexing) a
predicted rate and time for one selection, and the one factor that limits it.

    time ≈ setup + per-file cost + bytes ÷ min(link × ratio, cipher × ratio, disks, compressor, CPU)

Everything starts from a LinkProfile (what the probes measured). What a method is made of comes from
the method itself (`Method.processes`, its per-file and set-up costs: app.core.transfer.methods.base);
its pipeline is written down here as `Work` items: the processes it runs on each side and the CPU
seconds each spends per MB of the selection. A process can use at most its own threads; all processes of one side share
that side's cores. That is how compression and encryption compete for a weak NAS's CPU, and why
a saturated core does not speed up when the machine has more of them.

Rates are MB/s = 10^6 bytes per second of the selection's own bytes (before compression).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import product

from app.core.host.capabilities import Capabilities
from app.core.transfer.methods import METHODS
from app.core.host.ssh_command import Options
from app.core.transfer.methods.base import LOCAL, RECEIVER, REMOTE, SENDER, Context, Method
from app.core.profile.link_profile import CipherProbe, LinkProfile
from app.core.selection.entries import Selection

from app.core.advice.factors import FACTORS, WIRE_FACTORS, Factor  # noqa: F401 - FACTORS: read from here too

# OpenSSH 9's default client cipher order (ssh_config(5)); with no -c the first one the server also
# offers is used. chacha20 leads, so "no cipher given" means chacha20 on any current server.
OPENSSH_DEFAULT_CIPHERS = ("chacha20-poly1305@openssh.com", "aes128-ctr", "aes192-ctr", "aes256-ctr",
                           "aes128-gcm@openssh.com", "aes256-gcm@openssh.com")

# Reading a cipher probe (one `ssh -c X host 'cat > /dev/null'` stream).
LINK_SHARE = 0.9    # at this share of raw TCP (or of ssh's window limit) the link is what held it
SATURATED = 0.85    # a side using this much of a core was CPU-bound
CLEARLY_BELOW = 0.8  # below this share of raw TCP, a CPU held the probe even with no core saturated
NEAR_TIE = 1.25     # CPU shares this close count as equal; the remote is then blamed (the usual weak side)
MIN_BUSY = 0.05     # a side using less than this was not working hard at all (the figures are noise)
MIN_CPU = 0.01      # probes round tiny CPU use to 0; never divide by it
SSH_FRAMING = 0.97  # ssh's packets and MACs against raw TCP, when no link-bound probe shows it

# Flow control. OpenSSH's channel window is 2 MiB, so one ssh stream carries at most 2 MiB per round
# trip; a method's own protocol may keep less in flight (`Method.in_flight`: SFTP's 64 requests of
# 32 KiB). Both are limits of the link and its protocol, so they are named `link`; the sentence says which.
SSH_WINDOW = 2 * 1024 * 1024

# CPU of the tools themselves, in MB/s per core on a current x86 desktop ("this computer"). A slower
# remote scales them by its slowdown. rsync pays for its checksums and its own multiplexing: published
# on a 1.2 GHz ARM NAS, the rsync daemon reached ~31 MB/s where netcat reached ~38 MB/s. On this
# project's x86 machine with both ends on one CPU (bench/overhead.py, the lab's fast-link) it was the
# other way round (rsync daemon 460-670 MB/s, tar with nc 250-490): the two are too close for the
# model to order everywhere, which is what the race is for.
TOOL_MBPS = {"tar": 1000.0, "nc": 2000.0, "cat": 3000.0, "sftp": 1000.0, "rsync": 500.0}

# Compression, when the profile has no figure: speed per core on this computer, MB/s of original bytes.
# An unmeasured codec gets ratio 1.0: the model never promises a gain nobody measured.
# zlib is ssh -C (level 6): tens of MB/s, far slower than lz4 or zstd -1.
CODEC_MBPS = {"zstd": (300.0, 1000.0), "lz4": (500.0, 3000.0), "zlib": (25.0, 300.0)}  # (compress, decompress)
RSYNC_ZSTD_SPEED = 0.6  # rsync -z uses zstd level 3 (its default), the probe measured level 1
DEFAULT_CORES = 2       # most NAS boxes and laptops have at least two
# When no cipher was measured: MB/s per core by AES instructions (OpenSSH on a desktop core).
DEFAULT_CIPHER_MBPS = {("aes", True): 1000.0, ("aes", False): 120.0, ("chacha", True): 400.0,
                       ("chacha", False): 400.0}
# A weak CPU is relatively worse at cryptography (no vector units, no AES instructions) than at the
# copying and system calls tar or rsync do: a 50× gap in ssh cost maps to ~15× for general work. With
# it, a NAS whose ssh needs 50× this computer's CPU gets rsync ~32 MB/s and netcat+tar ~43 MB/s,
# as published for the 1.2 GHz ARM NAS (rsync daemon ~31, netcat ~38 on the wire).
GENERAL_VS_CRYPTO = 0.7
ASSUMED_TCP_MBPS = 117.0  # gigabit Ethernet, when the raw TCP probe did not run
ASSUMED_RTT_MS = 1.0      # a home network's round trip, when it was not measured (never 0: sftp pays per file)

# Per file: what each method pays is its own (`Method.round_trips_per_file`, `Method.file_cpu_ms`).
TAR_HEADER_BYTES = 768      # a 512-byte header plus half a 512-byte block of padding on average
# A pipelined method (tar, rsync) overlaps per-file work with the stream, but through small buffers
# (64 KiB pipes, a 2 MiB window), so only partly; sftp/scp do one file after another and overlap nothing.
PIPELINE_OVERLAP = 0.5

# Setup. An ssh login is ~6 round trips plus key exchange CPU (slower on a weak NAS); a method's own
# handshake and any listener it starts are its own (`Method.handshake_round_trips`, `Method.listens`).
SSH_HANDSHAKE_RTTS = 6
SSH_HANDSHAKE_CPU_S = 0.15
# Every method here opens one ssh connection, so multiplexing saves nothing: the master logs in and
# is checked, then the method's channel opens over it. It never changes throughput.
MUX_CHECK_S = 0.05
MUX_CHANNEL_RTTS = 2
MIN_RATE = 1e-6  # MB/s: a probe that measured (next to) nothing still predicts a finite time
# An option must win by more than this to be worth its moving part (the race is noisier than this).
OPTION_PENALTY = 0.02


@dataclass(frozen=True)
class SelectionStats:
    """What the model needs to know about a selection."""

    files: int
    bytes: int
    dirs: int = 0
    names: tuple[str, ...] = ()           # top-level names (some methods refuse some names)
    single_file: bool | None = None
    tar_bytes: int | None = None          # the tar stream's size; estimated from `files` when None
    links: int = 0                        # symbolic links: methods that follow them lose them
    odd_paths: tuple[str, ...] = ()       # entries whose names hold a line break (old scp cannot carry them)
    link_kinds: frozenset[str] = frozenset()  # what the links lead to: "file", "dir", "none"
    # What a copy that loses them turns into more bytes at the destination: names of one file inside the
    # selection (each would be a file of its own), and sparse files (their holes written out as zeros).
    hard_linked: int = 0
    hard_link_bytes: int = 0  # what the extra copies add
    sparse: int = 0
    sparse_bytes: int = 0     # what the holes add on disk
    xattrs: int = 0           # entries with user xattrs or ACLs (kept only with --xattrs)

    @classmethod
    def of(cls, selection: Selection) -> "SelectionStats":
        kinds = [e.kind for e in selection.entries]
        groups, sparse = selection.hard_links(), selection.sparse_files()
        return cls(selection.files, selection.bytes, kinds.count("dir"), tuple(selection.names),
                   len(selection.roots) == 1 and kinds == ["file"], selection.tar_stream_bytes(),
                   kinds.count("link"), tuple(e.path for e in selection.entries if "\n" in e.path or "\r" in e.path),
                   selection.link_kinds(), sum(len(g) for g in groups), sum(g[0].size * (len(g) - 1) for g in groups),
                   len(sparse), sum(e.size - (e.allocated or 0) for e in sparse), len(selection.with_xattrs()))

    def needs_kept(self) -> list[str]:
        """What the selection has that a copy can lose (Keeps' names): symbolic links, hard links, sparse files,
        xattrs and ACLs."""
        return [name for name, count in (("symlinks", self.links), ("hardlinks", self.hard_linked),
                                         ("sparse", self.sparse), ("xattrs", self.xattrs)) if count]

    def one_file(self) -> bool:
        """ssh cat copies exactly one regular file."""
        return self.single_file if self.single_file is not None else (self.files == 1 and self.dirs == 0)

    def stream_bytes(self) -> int:
        return self.tar_bytes if self.tar_bytes is not None else self.bytes + self.files * TAR_HEADER_BYTES + 1024


@dataclass(frozen=True)
class Candidate:
    method_id: str
    options: Options

    @property
    def method(self) -> Method:
        return METHODS[self.method_id]

    @property
    def secure(self) -> bool:
        return self.method.secure

    @property
    def label(self) -> str:
        return self.method.label


@dataclass
class Prediction:
    candidate: Candidate
    secure: bool
    MBps: float                # the selection's bytes over the whole predicted time
    seconds: float
    limit: Factor
    components: dict[Factor, float]  # the rate each factor alone would allow (MB/s of the selection)
    detail: str = ""           # what exactly within the factor: "network", "ssh-window", "rsync", "sshd"...
    side: str = ""             # where that process runs: "local", "remote" or "" (the network, a disk)
    stream_MBps: float = 0.0   # the rate once the data flows (no setup, no per-file pauses)
    setup_s: float = 0.0
    per_file_s: float = 0.0
    files: int = 0
    cpu_s_per_MB: float = 0.0  # both sides' CPU per MB: breaks ties (leaves more headroom)
    notes: list[str] = field(default_factory=list)  # what the prediction had to assume


@dataclass(frozen=True)
class Work:
    """One process of a pipeline: its side, its CPU seconds per MB of the selection, split by the
    factor to blame (a ssh process does the cipher and maybe zlib), and how many cores it can use."""

    name: str
    side: str  # "local" or "remote"
    parts: dict[Factor, float]
    threads: float = 1.0

    @property
    def cost(self) -> float:
        return sum(self.parts.values())

    @property
    def factor(self) -> str:
        return max(self.parts, key=lambda k: self.parts[k])


@dataclass(frozen=True)
class Codec:
    name: str
    ratio: float
    compress: float    # MB/s per core on this computer, of the original bytes
    decompress: float
    measured: bool


@dataclass(frozen=True)
class Conditions:
    """The profile read for one direction, shared by every candidate's prediction."""

    download: bool
    rtt_s: float
    tcp: float
    framing: float
    source_read: float | None
    dest_write: float | None
    budget: dict[str, float]    # cores the transfer's processes can use, per side
    slowdown: dict[str, float]  # how many times longer general work takes than on this computer
    shared_cores: float | None  # both sides run on this computer's CPU: the cores they share, else None
    unmeasured: dict[str, str]  # figure → words, for what the probes did not measure

    @property
    def sender(self) -> str:
        return "remote" if self.download else "local"

    @property
    def receiver(self) -> str:
        return "local" if self.download else "remote"


# --- reading the profile -------------------------------------------------------------------------

def default_cipher(server_ciphers: list[str] | None) -> str:
    """The cipher plain `ssh` negotiates: the first of OpenSSH's defaults the server offers."""
    offered = set(server_ciphers or ())
    return next((c for c in OPENSSH_DEFAULT_CIPHERS if not offered or c in offered), OPENSSH_DEFAULT_CIPHERS[0])


def probe_limit(probe: CipherProbe, tcp: float | None, rtt_ms: float | None) -> Factor:
    """What held one cipher probe: the link or the encrypting CPU of one side."""
    local, remote = probe.local_cpu or 0.0, probe.remote_cpu or 0.0
    busier = Factor.cipher_cpu("remote" if remote >= local else "local")
    if max(local, remote) >= SATURATED and tcp and probe.MBps >= SSH_FRAMING * tcp:
        return busier  # ssh reached raw TCP: the TCP probe was no ceiling (netcat tops out too)
    if tcp and probe.MBps >= LINK_SHARE * tcp:
        return Factor.LINK
    if rtt_ms and probe.MBps >= LINK_SHARE * SSH_WINDOW / (rtt_ms / 1000) / 1e6:
        return Factor.LINK  # ssh's window over this round trip, not a CPU
    if max(local, remote) >= SATURATED:
        return busier
    # Clearly below the link with no core saturated: a CPU quota or a busy NAS gave one side less than
    # a core. Both sides may show the same share (a quota on a CPU as fast as ours): then the remote,
    # the usual weak side.
    if tcp and probe.MBps < CLEARLY_BELOW * tcp and max(local, remote) >= MIN_BUSY:
        return Factor.cipher_cpu("remote" if remote * NEAR_TIE >= local else "local")
    return Factor.LINK


def _budgets(profile: LinkProfile) -> dict[str, float]:
    """Cores per side. A side that was the limit while using less than a core gets only that share."""
    budget = {"local": float(profile.local_cores or DEFAULT_CORES),
              "remote": float(profile.remote_cores or DEFAULT_CORES)}
    for p in profile.ciphers:
        limit = probe_limit(p, profile.tcp_up_MBps, profile.rtt_ms)
        for side, used in (("local", p.local_cpu), ("remote", p.remote_cpu)):
            if limit is Factor.cipher_cpu(side) and used and used < SATURATED:
                budget[side] = min(budget[side], max(used, MIN_CPU))
    return budget


def _remote_slowdown(profile: LinkProfile) -> float:
    """How many times longer the remote takes for general work than this computer, from the CPU both
    ssh ends used for the same stream (chacha20 preferred: neither side has hardware for it)."""
    probes = [p for p in profile.ciphers if p.local_cpu and p.remote_cpu]
    if not probes:
        return 1.0
    ref = next((p for p in probes if p.cipher.startswith("chacha20")), max(probes, key=lambda p: p.MBps))
    ratio = max(ref.remote_cpu, MIN_CPU) / max(ref.local_cpu, MIN_CPU)
    return min(30.0, max(1 / 3, ratio ** GENERAL_VS_CRYPTO))


def _framing(profile: LinkProfile) -> float:
    """ssh's share of raw TCP, from a probe the link held (not the window)."""
    tcp, rtt = profile.tcp_up_MBps, profile.rtt_ms
    shares = [p.MBps / tcp for p in profile.ciphers
              if tcp and probe_limit(p, tcp, rtt) is Factor.LINK and p.MBps >= LINK_SHARE * tcp]
    return min(1.0, max(0.85, max(shares))) if shares else SSH_FRAMING


def conditions(profile: LinkProfile, download: bool = False) -> Conditions:
    tcp = profile.tcp_down_MBps if download else profile.tcp_up_MBps
    read = profile.remote_read_MBps if download else profile.local_read_MBps
    write = profile.local_write_MBps if download else profile.remote_write_MBps
    budget = _budgets(profile)
    return Conditions(download, (profile.rtt_ms or ASSUMED_RTT_MS) / 1000, tcp or ASSUMED_TCP_MBPS, _framing(profile),
                      read, write, budget, {"local": 1.0, "remote": _remote_slowdown(profile)},
                      budget["local"] if profile.same_machine else None, unmeasured(profile, download))


def unmeasured(profile: LinkProfile, download: bool = False) -> dict[str, str]:
    """What the probes did not measure (figure → words), of the figures this direction uses."""
    checks = {"rtt": (profile.rtt_ms, "the round-trip time"),
              "tcp": (profile.tcp_down_MBps if download else profile.tcp_up_MBps, "the raw network speed"),
              "ciphers": (profile.ciphers or None, "ssh encryption speed"),
              "remote_cpu": (profile.remote_cores, "the remote CPU"),
              "dest_disk": (profile.local_write_MBps if download else profile.remote_write_MBps,
                            "this computer's disk" if download else "the destination disk"),
              "source_disk": (profile.remote_read_MBps if download else profile.local_read_MBps,
                              "the remote disk" if download else "how fast this computer reads the files"),
              "compress": (profile.compress or None, "how well the files compress")}
    return {key: words for key, (value, words) in checks.items() if value is None}


def _codec(profile: LinkProfile, name: str, method: Method) -> Codec | None:
    if name == "none":
        return None
    probe_name = "zlib" if name == "ssh" else name
    c = profile.codec(probe_name)
    compress, decompress = CODEC_MBPS[probe_name]
    if c is not None:
        codec = Codec(probe_name, max(c.ratio, 0.5), max(c.MBps, 0.1), c.decompress_MBps or decompress, True)
    elif probe_name == "zlib" and (profile.codec("zstd") or profile.codec("lz4")):
        # ssh -C unmeasured: zlib level 6 shrinks data about as much as zstd -1, at its own slow speed.
        like = profile.codec("zstd") or profile.codec("lz4")
        codec = Codec("zlib", max(like.ratio, 0.5), compress, decompress, True)
    else:
        codec = Codec(probe_name, 1.0, compress, decompress, False)
    if not method.uses_pipe_codecs and name == "zstd":  # rsync -z: zstd at its default level 3
        codec = Codec(codec.name, codec.ratio, codec.compress * RSYNC_ZSTD_SPEED, codec.decompress, codec.measured)
    return codec


def _cipher_costs(profile: LinkProfile, cipher: str | None, cond: Conditions,
                  server_ciphers: list[str] | None) -> tuple[dict[str, float], bool]:
    """CPU seconds per MB of ssh traffic on each side, and whether it was measured. Encrypting and
    decrypting cost about the same, so the upload probe serves both directions."""
    name = cipher or default_cipher(server_ciphers)
    probe = profile.cipher(name)
    if probe is None or probe.MBps <= 0:  # unknown AES instructions: assume them, as nearly all CPUs now have
        kind = "chacha" if "chacha" in name else "aes"
        return {side: cond.slowdown[side] / DEFAULT_CIPHER_MBPS[(kind, aes is not False)] for side, aes in
                (("local", profile.local_aes), ("remote", profile.remote_aes))}, False
    limit = probe_limit(probe, profile.tcp_up_MBps, profile.rtt_ms)
    costs = {}
    for side, used in (("local", probe.local_cpu), ("remote", probe.remote_cpu)):
        if limit is Factor.cipher_cpu(side):  # it ran flat out with what it had: that is its ceiling
            costs[side] = min(1.0, cond.budget[side]) / probe.MBps
        else:
            costs[side] = max(used or 0.0, MIN_CPU) / probe.MBps
    return costs, True


# --- one candidate ---------------------------------------------------------------------------------

def _tool(name: str, side: str, tool: str, cond: Conditions) -> Work:
    # The tools' own work limits like the link and its protocol do: name it `link` (see module doc).
    return Work(name, side, {Factor.LINK: cond.slowdown[side] / TOOL_MBPS[tool]})


def _endpoints(method: Method, cond: Conditions) -> list[Work]:
    """The processes the method runs at both ends, besides ssh and any compressor (the app reads progress
    from /proc: it adds no process of its own)."""
    sides = {SENDER: cond.sender, RECEIVER: cond.receiver, LOCAL: "local", REMOTE: "remote"}
    return [_tool(p.name, sides[p.where], p.tool, cond) for p in method.processes]


def _codec_works(method: Method, codec: Codec | None, cond: Conditions) -> list[Work]:
    """Pipeline compressors as their own processes; rsync's inside rsync; ssh -C inside ssh."""
    if codec is None or codec.name == "zlib":
        return []
    s, r = cond.sender, cond.receiver
    threads = cond.budget[s] if codec.name == "zstd" and method.uses_pipe_codecs else 1.0  # zstd -T0
    return [Work(codec.name, s, {Factor.COMPRESSION: cond.slowdown[s] / codec.compress}, threads),
            Work(f"{codec.name} -d", r, {Factor.COMPRESSION: cond.slowdown[r] / codec.decompress})]


def _wire_ratio(method: Method, codec: Codec | None, stats: SelectionStats) -> float:
    """The selection's bytes per byte that crosses the link (and the cipher)."""
    ratio = codec.ratio if codec else 1.0
    if method.tar_stream and stats.bytes:
        ratio *= stats.bytes / stats.stream_bytes()  # tar's headers and padding travel too
    return ratio


def _ssh_works(costs: dict[str, float], codec: Codec | None, ratio: float, cond: Conditions) -> list[Work]:
    works = []
    for side in (cond.sender, cond.receiver):
        parts = {Factor.cipher_cpu(side): costs[side] / ratio}  # compressed bytes cross the cipher
        if codec and codec.name == "zlib":  # ssh -C: zlib in the same process as the cipher
            speed = codec.compress if side == cond.sender else codec.decompress
            parts[Factor.COMPRESSION] = cond.slowdown[side] / speed
        works.append(Work("ssh" if side == "local" else "sshd", side, parts))
    return works


@dataclass(frozen=True)
class Cap:
    """One ceiling of a candidate, in MB/s of the selection."""

    rate: float
    factor: Factor
    detail: str    # "network", "ssh-window", "sftp-window", "read", "write", or a process name
    side: str = ""


def _caps(method: Method, works: list[Work], codec: Codec | None, ratio: float, cond: Conditions) -> list[Cap]:
    secure = method.secure
    channel = ratio if codec and codec.name != "zlib" else 1.0  # ssh -C shrinks packets, not the window
    caps = [Cap(cond.tcp * (cond.framing if secure else 1.0) * ratio, Factor.LINK, "network")]
    if secure and cond.rtt_s > 0:
        caps.append(Cap(SSH_WINDOW / cond.rtt_s / 1e6 * channel, Factor.LINK, "ssh-window"))
    if method.in_flight and cond.rtt_s > 0:  # SFTP's requests in flight
        caps.append(Cap(method.in_flight / cond.rtt_s / 1e6, Factor.LINK, "sftp-window"))
    src, dst = (Factor.REMOTE_DISK, Factor.LOCAL_DISK) if cond.download else (Factor.LOCAL_DISK, Factor.REMOTE_DISK)
    if cond.source_read:
        caps.append(Cap(cond.source_read, src, "read"))
    if cond.dest_write:
        caps.append(Cap(cond.dest_write, dst, "write"))
    caps += [Cap(min(w.threads, cond.budget[w.side]) / w.cost, w.factor, w.name, w.side) for w in works]
    caps += [cap for side in ("local", "remote") if (cap := _side_cap(works, side, cond))]
    if cond.shared_cores:  # one CPU runs both ends: every process of the pipeline shares it
        caps.append(_side_cap(works, "", cond))
    return caps


def _side_cap(works: list[Work], side: str, cond: Conditions) -> Cap | None:
    """All of one side's processes share its cores; blame what takes most of them. Side "" is both
    sides on one shared CPU."""
    mine = [w for w in works if w.side == side or not side]
    if len(mine) < 2:
        return None
    cores = cond.budget[side] if side else cond.shared_cores
    parts: dict[Factor, float] = {}
    for w in mine:
        for factor, cost in w.parts.items():
            parts[factor] = parts.get(factor, 0.0) + cost
    # On one CPU the encryption at both ends is one cost, as the tools' work at both ends is.
    group = {f: ("cipher" if not side and f.is_cipher_cpu else f) for f in parts}
    totals: dict[str, float] = {}
    for f, cost in parts.items():
        totals[group[f]] = totals.get(group[f], 0.0) + cost
    blamed = max(totals, key=lambda g: totals[g])
    factor = max((f for f in parts if group[f] == blamed), key=lambda f: parts[f])
    busiest = max(mine, key=lambda w: w.parts.get(factor, 0.0))
    return Cap(cores / sum(parts.values()), factor, busiest.name, side or busiest.side)


def _per_file_s(method: Method, profile: LinkProfile, cond: Conditions, stats: SelectionStats) -> float:
    if not (method.file_cpu_ms or method.round_trips_per_file) or stats.files == 0:
        return 0.0  # one file, no per-file work (ssh cat)
    # Measured at the destination (uploads; the probe writes there), else estimated: the receiver
    # creating each file is most of the CPU, and a throttled receiver takes longer.
    measured = None if cond.download else profile.per_file_ms.get(method.id)
    r = cond.receiver
    cpu = cond.slowdown[r] / min(1.0, cond.budget[r])
    rtt_ms = cond.rtt_s * 1000
    if method.round_trips_per_file:
        each = measured if measured is not None else method.round_trips_per_file * rtt_ms + method.file_cpu_ms * cpu
        return (stats.files * each + stats.dirs * method.round_trips_per_dir * rtt_ms) / 1000
    if measured is not None:
        return stats.files * measured / 1000
    return stats.files * method.file_cpu_ms * cpu / 1000


def _setup_s(method: Method, o: Options, cond: Conditions) -> float:
    rtt = cond.rtt_s
    if method.listens:  # started over the app's own open connection: no login of its own
        return method.listener_start_s + method.handshake_round_trips * rtt
    login = SSH_HANDSHAKE_RTTS * rtt + SSH_HANDSHAKE_CPU_S * cond.slowdown["remote"]
    seconds = login + (MUX_CHECK_S + MUX_CHANNEL_RTTS * rtt if o.mux else 0.0)
    return seconds + method.handshake_round_trips * rtt


def predict(profile: LinkProfile, stats: SelectionStats, candidate: Candidate,
            cond: Conditions | None = None, server_ciphers: list[str] | None = None) -> Prediction:
    cond = cond or conditions(profile, candidate.options.download)
    method, o = candidate.method, candidate.options
    codec = _codec(profile, o.compress, method)
    ratio = _wire_ratio(method, codec, stats)
    works = _endpoints(method, cond) + _codec_works(method, codec, cond)
    notes = [words for key, words in cond.unmeasured.items() if _relevant(key, candidate)]
    if candidate.secure:
        costs, measured = _cipher_costs(profile, o.cipher, cond, server_ciphers)
        works += _ssh_works(costs, codec, ratio, cond)
        if not measured and profile.ciphers:
            notes.append(f"the speed of {o.cipher or 'the default cipher'}")
    if codec and not codec.measured:
        notes.append(f"how well {codec.name} compresses these files")
    caps = _caps(method, works, codec, ratio, cond)
    worst = min(caps, key=lambda c: c.rate)
    components: dict[str, float] = {}
    for cap in caps:
        components[cap.factor] = min(cap.rate, components.get(cap.factor, cap.rate))
    p = Prediction(candidate, candidate.secure, MBps=0.0, seconds=0.0, limit=worst.factor, components=components,
                   detail=worst.detail, side=worst.side, stream_MBps=max(worst.rate, MIN_RATE),
                   setup_s=_setup_s(method, o, cond), per_file_s=_per_file_s(method, profile, cond, stats),
                   files=stats.files, cpu_s_per_MB=sum(w.cost for w in works), notes=notes)
    return _timed(p, stats)


def _relevant(key: str, candidate: Candidate) -> bool:
    if key == "ciphers":
        return candidate.secure
    return key != "compress"  # a compressing candidate notes its own codec


def _timed(p: Prediction, stats: SelectionStats) -> Prediction:
    """Add up the time, and blame per-file pauses when they take longer than the bytes do."""
    stream = stats.bytes / 1e6 / p.stream_MBps
    per_file = p.per_file_s
    if p.candidate.method.pipelined:
        moving = max(stream, per_file) + (1 - PIPELINE_OVERLAP) * min(stream, per_file)
    else:
        moving = stream + per_file
    if per_file > stream:
        p.limit, p.detail, p.side = Factor.PER_FILE, p.candidate.method_id, ""
    if per_file > 0 and stats.bytes:
        p.components[Factor.PER_FILE] = stats.bytes / 1e6 / per_file
    p.seconds = p.setup_s + moving
    p.MBps = stats.bytes / 1e6 / p.seconds if p.seconds else 0.0
    return p


# --- all candidates ------------------------------------------------------------------------------

def candidates(profile: LinkProfile, stats: SelectionStats, local: Capabilities, remote: Capabilities,
               allow_insecure: bool = False, download: bool = False) -> tuple[list[Candidate], dict[str, str]]:
    """Every option set each method accepts here, and why a method has none."""
    measured = [p.cipher for p in profile.ciphers]
    found: list[Candidate] = []
    reasons: dict[str, str] = {}
    for method in METHODS.values():
        # Insecure methods carry no ssh traffic (the app starts their listener over its own connection).
        ciphers: list[str | None] = (measured or [None]) if method.secure else [None]
        muxes = (False, True) if method.secure else (False,)
        for cipher, codec, mux in product(ciphers, method.codecs, muxes):
            o = Options(cipher, codec, mux, download)
            ctx = Context(local, remote, o, allow_insecure, list(stats.names), stats.one_file(),
                          entry_paths=list(stats.odd_paths), link_kinds=stats.link_kinds)
            why = method.unavailable(ctx)
            if why is None:
                found.append(Candidate(method.id, o))
            else:
                reasons.setdefault(method.id, why)
    return found, {m: why for m, why in reasons.items() if not any(c.method_id == m for c in found)}


def _rank_key(p: Prediction) -> tuple[float, float, bool]:
    extras = (p.candidate.options.compress != "none") + p.candidate.options.mux
    return p.seconds * (1 + OPTION_PENALTY * extras), p.cpu_s_per_MB, not p.secure


def predict_all(profile: LinkProfile, stats: SelectionStats, local: Capabilities, remote: Capabilities,
                allow_insecure: bool = False, download: bool = False,
                found: list[Candidate] | None = None) -> list[Prediction]:
    """Every available candidate (`found`: those `candidates` gave already), fastest first (an option must
    win by more than OPTION_PENALTY)."""
    cond = conditions(profile, download)
    if found is None:
        found, _ = candidates(profile, stats, local, remote, allow_insecure, download)
    predictions = [predict(profile, stats, c, cond, remote.ciphers) for c in found]
    _no_gain_without_wire_limit(predictions)
    return sorted(predictions, key=_rank_key)


def _no_gain_without_wire_limit(predictions: list[Prediction]) -> None:
    """Compression shrinks what crosses the link and the cipher, nothing else: when the plain
    variant is held by per-file pauses, a disk or a tool, the compressed one is no faster (the
    pipeline sum would otherwise credit it with a shorter stream under the same pauses)."""
    plain = {(p.candidate.method_id, replace(p.candidate.options, compress="none")): p
             for p in predictions if p.candidate.options.compress == "none"}
    for p in predictions:
        twin = plain.get((p.candidate.method_id, replace(p.candidate.options, compress="none")))
        if twin is not None and twin is not p and twin.limit not in WIRE_FACTORS and p.seconds < twin.seconds:
            p.seconds = twin.seconds
            p.MBps = twin.MBps
            p.limit, p.detail, p.side = twin.limit, twin.detail, twin.side


# --- what the race teaches -----------------------------------------------------------------------

RACE_BEATS_PROBE = 1.25  # a raced candidate this much faster than its predicted ceiling disproves the probe


def corrected_by_race(profile: LinkProfile, predictions: list[Prediction],
                      measured: dict[Candidate, float]) -> LinkProfile:
    """The profile with every figure a raced candidate has disproved raised to what it did.

    A short probe can be unlucky (another program took the CPU for that second), and one low figure
    then caps every candidate that depends on it and names the wrong bottleneck. A lap that moved
    data faster than that ceiling proves the figure too low: for an uncompressed candidate the ceiling
    it was predicted to hit must be at least what it did. Figures are only ever raised here; a lap
    slower than predicted may have met something the model does not see, so it says nothing about
    which figure was too high (the ranking scales unraced candidates for that)."""
    by_candidate = {p.candidate: p for p in predictions}
    ciphers = {c.cipher: c for c in profile.ciphers}
    changes: dict[str, float] = {}
    notes = []
    for candidate, rate in measured.items():
        p = by_candidate.get(candidate)
        o = candidate.options
        if p is None or o.compress != "none" or rate < RACE_BEATS_PROBE * p.stream_MBps:
            continue
        if p.limit.is_cipher_cpu and candidate.secure:
            name = o.cipher or default_cipher(None)
            probe = ciphers.get(name)
            if probe is not None and probe.MBps < rate:
                ciphers[name] = _scaled(probe, rate / probe.MBps)
                notes.append(f"ssh with {name} measured {probe.MBps:.0f} MB/s, the race moved {rate:.0f} MB/s")
        elif p.limit is Factor.LINK and p.detail == "network":
            key = "tcp_down_MBps" if o.download else "tcp_up_MBps"
            wire = rate / (SSH_FRAMING if candidate.secure else 1.0)
            if wire > max(changes.get(key, 0.0), getattr(profile, key) or 0.0):
                changes[key] = wire
                notes.append(f"raw TCP measured {getattr(profile, key) or 0:.0f} MB/s, "
                             f"the race moved {rate:.0f} MB/s")
        elif p.limit.is_disk and p.detail == "write":
            key = "local_write_MBps" if o.download else "remote_write_MBps"
            if rate > max(changes.get(key, 0.0), getattr(profile, key) or 0.0):
                changes[key] = rate
                notes.append(f"the destination disk measured {getattr(profile, key) or 0:.0f} MB/s, "
                             f"the race wrote {rate:.0f} MB/s")
    if not notes:
        return profile
    _quota_disproved(profile, ciphers)
    return replace(profile, ciphers=[ciphers[c.cipher] for c in profile.ciphers], **changes,
                   notes=[*profile.notes, *(f"{n}: figure corrected." for n in notes)])


def _quota_disproved(profile: LinkProfile, ciphers: dict[str, CipherProbe]) -> None:
    """A cipher probe held below a core on neither side saturated reads as a CPU quota (a weak or
    busy NAS), and that quota then holds every process on that side. When the race disproved one
    such probe, the others taken in the same seconds get the same correction: the quota was a busy
    moment, not the host."""
    factors = [ciphers[c.cipher].MBps / c.MBps for c in profile.ciphers
               if ciphers[c.cipher] is not c and c.MBps > 0]
    if not factors:
        return
    factor = max(factors)
    for c in profile.ciphers:
        if ciphers[c.cipher] is c and max(c.local_cpu, c.remote_cpu) < SATURATED and \
                probe_limit(c, profile.tcp_up_MBps, profile.rtt_ms).is_cipher_cpu:
            ciphers[c.cipher] = _scaled(c, factor)


def _scaled(probe: CipherProbe, factor: float) -> CipherProbe:
    """The probe as it would have read with `factor` times the data: the CPU each side spends per MB
    is the cipher's own (a busy moment slows it, it does not make it dearer), so the shares grow too."""
    return CipherProbe(probe.cipher, probe.MBps * factor, min(1.0, probe.local_cpu * factor),
                       min(1.0, probe.remote_cpu * factor))
