"""The bottleneck model: for every candidate (method × cipher × compression × multiplexing) a
predicted rate and time for one selection, and the one factor that limits it.
(Over 400 lines: the formula's every term is priced here side by side, so one reading shows what limits a copy.)

    time ≈ setup + per-file cost + bytes ÷ min(link × ratio, cipher × ratio, disks, compressor, CPU)

Everything starts from a LinkProfile (what the probes measured). What a method is made of comes from
the method itself (`Method.processes`, its per-file and set-up costs: app.core.transfer.methods.base);
its pipeline is written down here as `Work` items: the processes it runs on each side and the CPU
seconds each spends per MB of the selection. A process can use at most its own threads; all processes of one side share
that side's cores. That is how compression and encryption compete for a weak NAS's CPU, and why
a saturated core does not speed up when the machine has more of them. The figures it is calibrated
with are in calibration.py, the candidates it prices in candidates.py, and what the race corrects in
correction.py (the names of theirs that callers use are importable from here too).

Rates are MB/s = 10^6 bytes per second of the selection's own bytes (before compression).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from app.core.advice.calibration import (
    CODEC_MBPS, DEFAULT_CIPHER_MBPS, MAX_STARTUPS, MIN_CPU, MIN_RATE, MUX_CHANNEL_RTTS, MUX_CHECK_S, OPTION_PENALTY,
    PIPELINE_OVERLAP, RAMP_LOSS, RSYNC_ZSTD_SPEED, SERVICE_LOGIN_CPU_S, SSH_HANDSHAKE_CPU_S, SSH_HANDSHAKE_RTTS,
    SSH_WINDOW, TOOL_MBPS, Conditions,
    conditions, default_cipher, probe_limit)
from app.core.advice.candidates import Candidate, candidates
from app.core.selection.stats import SelectionStats
from app.core.advice.factors import WIRE_FACTORS, Factor
from app.core.host.capabilities import Capabilities
from app.core.profile.link_profile import LinkProfile
from app.core.host.ssh_command import Options
from app.core.transfer.methods.base import LOCAL, MAX_STREAMS, RECEIVER, REMOTE, SENDER, Method
from app.core.profile.probes.common import ramp_seconds
from app.core.wording.profile import cipher_assumed, compression_assumed

# Read from here too, beside the prediction they go with (wording, the advisor, the tests).
from app.core.advice.calibration import ASSUMED_TCP_MBPS  # noqa: F401
from app.core.advice.correction import corrected_by_race, tool_costs_from_race, tool_costs_note  # noqa: F401
from app.core.advice.factors import FACTORS  # noqa: F401


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
    each_MBps: float = 0.0     # the lowest ceiling of its streams' own (windows, processes): streams multiply it
    shared_MBps: float = 0.0   # the lowest of those its streams share (the link, the disks, a side's cores)
    remote_tool_s_per_MB: float = 0.0   # the host's CPU per MB for the method's own processes there
    remote_other_s_per_MB: float = 0.0  # and for the rest it runs there (sshd's cipher, a compressor)
    remote_file_s_per_MB: float = 0.0   # and for creating the files there, per MB of this selection
    wire_MBps: float = 0.0     # what the network and its protocol's windows let it move (no CPU, no disk)
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


# --- the profile's figures for one candidate -------------------------------------------------------

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
    # The tools' own work limits like the link and its protocol do: name it `link` (see SSH_WINDOW in calibration.py).
    return Work(name, side, {Factor.LINK: cond.slowdown[side] / TOOL_MBPS[tool]})


def _endpoints(method: Method, cond: Conditions, measured: float | None = None) -> list[Work]:
    """The processes the method runs at both ends, besides ssh and any compressor (the app reads progress
    from /proc: it adds no process of its own). `measured`: the host's CPU per MB for those on its side,
    as a race lap found it (LinkProfile.remote_tool_s_per_MB); it replaces the calibrated figures there."""
    sides = {SENDER: cond.sender, RECEIVER: cond.receiver, LOCAL: "local", REMOTE: "remote"}
    works = [_tool(p.name, sides[p.where], p.tool, cond) for p in method.processes]
    assumed = sum(w.cost for w in works if w.side == "remote")
    if not measured or assumed <= 0:
        return works
    scale = measured / assumed
    return [Work(w.name, w.side, {f: c * scale for f, c in w.parts.items()}, w.threads) if w.side == "remote" else w
            for w in works]


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
    each: bool = False  # a ceiling of one stream (its window, one of its processes): parallel streams multiply it


def _caps(method: Method, works: list[Work], codec: Codec | None, ratio: float, cond: Conditions,
          streams: float = 1.0) -> list[Cap]:
    """The candidate's ceilings; `streams` (parallel connections, fewer when the biggest file is more than
    one stream's share) multiply those of one stream, up to what the side's cores allow."""
    secure = method.secure
    channel = ratio if codec and codec.name != "zlib" else 1.0  # ssh -C shrinks packets, not the window
    framing = (cond.framing if secure else 1.0) * ratio
    caps = [Cap((cond.tcp_all or cond.tcp) * framing, Factor.LINK, "network")]
    if cond.tcp_all:  # one connection is held by its buffers over the round trip: each stream has its own
        caps.append(Cap(cond.tcp * framing * streams, Factor.LINK, "tcp-window", each=True))
    if secure and method.ssh_channel and cond.rtt_s > 0:
        caps.append(Cap(SSH_WINDOW / cond.rtt_s / 1e6 * channel * streams, Factor.LINK, "ssh-window", each=True))
    if method.in_flight and cond.rtt_s > 0:  # SFTP's requests in flight
        caps.append(Cap(method.in_flight / cond.rtt_s / 1e6 * streams, Factor.LINK, "sftp-window", each=True))
    src, dst = (Factor.REMOTE_DISK, Factor.LOCAL_DISK) if cond.download else (Factor.LOCAL_DISK, Factor.REMOTE_DISK)
    if cond.source_read:
        caps.append(Cap(cond.source_read, src, "read"))
    if cond.dest_write and cond.write_on_cpu:  # what the host's CPU writes: its own work, named as a tool's
        caps.append(Cap(cond.dest_write, Factor.LINK, "write", "remote"))
    elif cond.dest_write:
        caps.append(Cap(cond.dest_write, dst, "write"))
    caps += [Cap(min(w.threads * streams, cond.budget[w.side]) / w.cost, w.factor, w.name, w.side, each=True)
             for w in works]
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


def _remote_file_cpu(method: Method, profile: LinkProfile, cond: Conditions, stats: SelectionStats) -> float:
    """The host's CPU per MB of the selection for creating its files (a receiving host only): the measured
    creation time where the method waits for no round trip (tar, rsync), else the calibrated figure."""
    if cond.receiver != "remote" or not stats.bytes or not method.file_cpu_ms:
        return 0.0
    measured = None if method.round_trips_per_file else profile.per_file_ms.get(method.id)
    each_ms = measured if measured is not None else method.file_cpu_ms * cond.slowdown["remote"]
    return stats.files * each_ms / 1000 / (stats.bytes / 1e6)


def _side_by_side(method: Method, cond: Conditions, streams: float) -> float:
    """How many streams' per-file pauses overlap: waits on round trips all of them, the receiver's work
    on each file as many as it has cores for."""
    if streams <= 1:
        return 1.0
    return streams if method.round_trips_per_file else max(1.0, min(streams, cond.budget[cond.receiver]))


def _setup_s(method: Method, o: Options, cond: Conditions) -> float:
    rtt = cond.rtt_s
    climb = ramp_seconds(rtt * 1000) * RAMP_LOSS  # a new connection's slow start, on a long link
    if method.listens:  # started over the app's own open connection: no login of its own
        return method.listener_start_s + method.handshake_round_trips * rtt + climb
    if not method.logs_in:  # a share mounted here is connected, and up to speed, already; the host's rsync
        # service is connected anew, once for each of its checks and for the copy (Method.service_logins)
        logins = max(1, method.service_logins)
        return (logins * method.handshake_round_trips * rtt + method.service_logins * SERVICE_LOGIN_CPU_S
                * cond.slowdown["remote"] + (climb if method.share_kind != "mount" else 0.0))
    login = SSH_HANDSHAKE_RTTS * rtt + SSH_HANDSHAKE_CPU_S * cond.slowdown["remote"]
    if o.streams > 1:  # the streams log in at once; the host's cores share their key exchanges, and the
        # folders are made first, in one command
        login += (o.streams - 1) * SSH_HANDSHAKE_CPU_S * cond.slowdown["remote"] / max(1.0, cond.budget["remote"])
        login += 2 * rtt
    seconds = login + (MUX_CHECK_S + MUX_CHANNEL_RTTS * rtt if o.mux else 0.0)
    return seconds + method.handshake_round_trips * rtt + climb


def predict(profile: LinkProfile, stats: SelectionStats, candidate: Candidate,
            cond: Conditions | None = None, server_ciphers: list[str] | None = None) -> Prediction:
    cond = cond or conditions(profile, candidate.options.download)
    method, o = candidate.method, candidate.options
    codec = _codec(profile, o.compress, method)
    ratio = _wire_ratio(method, codec, stats)
    works = _endpoints(method, cond, profile.tool_cost(method.id, cond.download))
    tools = len(works)  # the method's own processes come first; then compressors and ssh
    works += _codec_works(method, codec, cond)
    notes = [words for key, words in cond.unmeasured.items() if _relevant(key, candidate)]
    if candidate.secure:
        costs, measured = _cipher_costs(profile, o.cipher, cond, server_ciphers)
        works += _ssh_works(costs, codec, ratio, cond)
        if not measured and profile.ciphers:
            notes.append(cipher_assumed(o.cipher))
    if codec and not codec.measured:
        notes.append(compression_assumed(codec.name))
    streams = stats.streams_busy(o.streams)
    caps = _caps(method, works, codec, ratio, cond, streams)
    worst = min(caps, key=lambda c: c.rate)
    components: dict[str, float] = {}
    for cap in caps:
        components[cap.factor] = min(cap.rate, components.get(cap.factor, cap.rate))
    p = Prediction(candidate, candidate.secure, MBps=0.0, seconds=0.0, limit=worst.factor, components=components,
                   detail=worst.detail, side=worst.side, stream_MBps=max(worst.rate, MIN_RATE),
                   setup_s=_setup_s(method, o, cond),
                   per_file_s=_per_file_s(method, profile, cond, stats) / _side_by_side(method, cond, streams),
                   files=stats.files, cpu_s_per_MB=sum(w.cost for w in works), notes=notes,
                   each_MBps=min((c.rate for c in caps if c.each), default=0.0),
                   shared_MBps=min((c.rate for c in caps if not c.each), default=0.0),
                   remote_tool_s_per_MB=sum(w.cost for w in works[:tools] if w.side == "remote"),
                   remote_other_s_per_MB=sum(w.cost for w in works[tools:] if w.side == "remote"),
                   remote_file_s_per_MB=_remote_file_cpu(method, profile, cond, stats),
                   wire_MBps=min((c.rate for c in caps if c.detail in WIRE_CAPS), default=0.0))
    return _timed(p, stats)


WIRE_CAPS = ("network", "tcp-window", "ssh-window", "sftp-window")  # a Cap's details that are the link's own


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

def _rank_key(p: Prediction) -> tuple[float, float, bool]:
    o = p.candidate.options
    extras = (o.compress != "none") + o.mux + (o.streams > 1)
    return p.seconds * (1 + OPTION_PENALTY * extras), p.cpu_s_per_MB, not p.secure


def predict_all(profile: LinkProfile, stats: SelectionStats, local: Capabilities, remote: Capabilities,
                allow_insecure: bool = False, download: bool = False,
                found: list[Candidate] | None = None, raced: list[Candidate] | None = None) -> list[Prediction]:
    """Every available candidate (`found`: those `candidates` gave already), fastest first (an option must
    win by more than OPTION_PENALTY). The parallel methods' variants on streams are added (as many as
    streams_for says), and those on the number of streams that `raced` (the race's measurement stands beside
    them even when the figures it corrected now want another number)."""
    cond = conditions(profile, download)
    if found is None:
        found, _ = candidates(profile, stats, local, remote, allow_insecure, download)
    predictions = [predict(profile, stats, c, cond, remote.ciphers) for c in found]
    on_streams = _in_streams(predictions, stats, cond)
    on_streams += [c for c in raced or () if c.options.streams > 1 and c not in on_streams]
    predictions += [predict(profile, stats, c, cond, remote.ciphers) for c in on_streams]
    _no_gain_without_wire_limit(predictions)
    return sorted(predictions, key=_rank_key)


def streams_for(p: Prediction, stats: SelectionStats, cond: Conditions) -> int:
    """How many parallel streams lift a one-stream candidate to what the link, the disks and both sides'
    cores carry, when one stream's own ceiling (its ssh window, one process's core) holds it below that, or
    spread its pauses on every file over the receiver's cores; 1 when neither gains, or the files cannot be
    split so (the biggest one is one stream's least)."""
    c = p.candidate
    if not c.method.parallel or c.options.mux or c.options.streams > 1:
        return 1
    if p.limit is Factor.PER_FILE:
        wanted = float(int(cond.budget[cond.receiver]))
    elif p.shared_MBps and p.each_MBps and p.each_MBps < p.shared_MBps:
        wanted = p.shared_MBps / p.each_MBps
    else:
        return 1
    most = int(max(1, min(MAX_STREAMS, MAX_STARTUPS, stats.parts() // 1)))
    # The fewest streams that keep enough of them busy (whole files share out unevenly), else the most.
    return next((n for n in range(2, most + 1) if stats.streams_busy(n) >= wanted * 0.999), most)


def _in_streams(predictions: list[Prediction], stats: SelectionStats, cond: Conditions) -> list[Candidate]:
    """Each parallel method's variants on as many streams as its plain variant with that cipher wants (a
    compressed variant on as many as its plain twin, so the two compare like for like)."""
    wanted = {(p.candidate.method_id, p.candidate.options.cipher): streams_for(p, stats, cond) for p in predictions
              if p.candidate.options.compress == "none" and not p.candidate.options.mux}
    out = []
    for p in predictions:
        o = p.candidate.options
        n = wanted.get((p.candidate.method_id, o.cipher), 1)
        if n > 1 and not o.mux and o.streams == 1:
            out.append(replace(p.candidate, options=replace(o, streams=n)))
    return out


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
