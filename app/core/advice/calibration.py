"""The figures the bottleneck model is calibrated with (tools, codecs, ciphers, set-up and per-file costs),
and the profile read through them: what held a cipher probe, and the Conditions of one direction.

Some figures stand in for what the probes did not measure (a measured figure wins); the others are costs
no probe measures (the tools' own CPU, ssh's window, a login's round trips). app.core.advice.model prices
each candidate with them.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.advice.factors import Factor
from app.core.profile.link_profile import LINK_SHARE, SSH_WINDOW, CipherProbe, LinkProfile  # noqa: F401 (read here)
from app.core.wording.profile import unmeasured_figures

# OpenSSH 9's default client cipher order (ssh_config(5)); with no -c the first one the server also
# offers is used. chacha20 leads, so "no cipher given" means chacha20 on any current server.
OPENSSH_DEFAULT_CIPHERS = ("chacha20-poly1305@openssh.com", "aes128-ctr", "aes192-ctr", "aes256-ctr",
                           "aes128-gcm@openssh.com", "aes256-gcm@openssh.com")

# Reading a cipher probe (one `ssh -c X host 'cat > /dev/null'` stream). LINK_SHARE: at this share of raw TCP
# (or of ssh's window limit) the link is what held it (app.core.profile.link_profile, which the profiler reads too).
SATURATED = 0.85    # a side using this much of a core was CPU-bound
CLEARLY_BELOW = 0.8  # below this share of raw TCP, a CPU held the probe even with no core saturated
# OpenSSH grants a channel's window back once half of it is used, so one stream held by it moves between
# about this share of window ÷ RTT and all of it (the lab's 200 ms link: 8.5-10 of 10.5 MB/s); a probe in
# that range with no core saturated is the window's, not a CPU quota's (which would hide parallel streams).
WINDOW_REACH = 0.6
NEAR_TIE = 1.25     # CPU shares this close count as equal; the remote is then blamed (the usual weak side)
# A side using less than this was not working hard at all (a second's probe reads CPU time in hundredths,
# so below it the figures are a tick or two of noise); a NAS left 4 % of a core works at 0.03-0.04.
MIN_BUSY = 0.02
MIN_CPU = 0.01      # probes round tiny CPU use to 0; never divide by it
# A host whose busy loop got less than this of a core (app.core.profile.probes.cpu_share) gives every process there
# about that share: a quota, or other work. Six probes each over ssh into the lab's hosts: the starved NAS (4 %)
# 0.034-0.039, the weak NAS (12.5 %) 0.119-0.126, the gigabit LAN's host (no quota, this 2-core machine running the
# test suite beside it) 0.47-0.80. Above this, a loaded machine's noise: such a host is taken at its cores.
HELD_SHARE = 0.3
# On a host held to a share of a core, a connection's first bulk data crawls before it reaches its pace (one new
# ssh stream into the lab's starved NAS, 4 % of a core, moved about 1 MB/s for 5.5 s: `bench/pace.py`). Over the
# session's shared connection, which has logged in already, less: the lab's starved NAS's copies of 24 MB sent at
# once took 1.8-3.1 s (median 2.1) more than their commands and the rest of their bytes at its pace, at a share of
# 0.03 read by the probe; about this many seconds of a whole core (on the weak NAS, an eighth of a core, 0.6 s; a
# new connection's first second there crawled, `bench/pace.py --pause`). A race times it (a lap's late
# start); unraced, this figure stands in for it (held_climb_s). Whether a NAS that shares a slow CPU with other
# work climbs alike was not measured.
HELD_CLIMB_CPU_S = 0.07
# The disk probe (cat into dd, then fsync) held by the host's CPU: it used at least this share of what the host
# gives it (`bench/disk_probe.py`, three probes in each lab scenario): the weak NAS (an eighth of a core) 78-94 %
# at 66-79 MB/s, the starved one (4 %) 93-97 % at 22-26 MB/s (the fsync waits on the disk a little even so);
# the slow disk (50 MB/s) 3-4 % of two cores; the gigabit LAN's host 70-76 % of two at 1.2 GB/s, into its page
# cache (CPU work as well; no copy there comes near it).
WRITE_ON_CPU = 0.6
WRITE_PROCESSES = 2.0  # cat and dd: no more cores than that
SSH_FRAMING = 0.97  # ssh's packets and MACs against raw TCP, when no link-bound probe shows it

# Flow control. OpenSSH's channel window is 2 MiB (SSH_WINDOW), so one ssh stream carries at most 2 MiB per
# round trip; a method's own protocol may keep less in flight (`Method.in_flight`: SFTP's 64 requests of
# 32 KiB). Both are limits of the link and its protocol, so they are named `link`; the sentence says which.

# Parallel streams (Options.streams): each stream is its own ssh connection, so it has its own window and
# its own processes (each on a core of its own where the side has one); the link, the disks and a side's
# cores are shared. OpenSSH's sshd takes 10 logins at once before it starts refusing (MaxStartups 10:30:100),
# and a NAS rarely raises it: the streams of one copy log in at once, so no more than that.
MAX_STARTUPS = 10
# While a new connection climbs to the link's speed (app.core.profile.probes.common.ramp_seconds) it
# moves about half of what it will: half that time is lost.
RAMP_LOSS = 0.5
TCP_ALL_GAIN = 1.15  # several TCP connections at once must carry this much more than one to count as a gain

# CPU of the tools themselves, in MB/s per core on a current x86 desktop ("this computer"). A slower
# remote scales them by its slowdown. rsync pays for its checksums and its own multiplexing: published
# on a 1.2 GHz ARM NAS, the rsync daemon reached ~31 MB/s where netcat reached ~38 MB/s. On this
# project's x86 machine with both ends on one CPU (bench/overhead.py, the lab's fast-link) it was the
# other way round (rsync daemon 460-670 MB/s, tar with nc 250-490): the two are too close for the
# model to order everywhere, which is what the race is for.
TOOL_MBPS = {"tar": 1000.0, "nc": 2000.0, "cat": 3000.0, "sftp": 1000.0, "rsync": 500.0, "curl": 1500.0,
             "smbclient": 800.0, "nfs-cp": 1000.0}

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
# A pipelined method (tar, rsync) overlaps per-file work with the stream, but through small buffers
# (64 KiB pipes, a 2 MiB window), so only partly; sftp/scp do one file after another and overlap nothing.
PIPELINE_OVERLAP = 0.5

# Setup. An ssh login is ~6 round trips plus key exchange CPU (slower on a weak NAS); a method's own
# handshake and any listener it starts are its own (`Method.handshake_round_trips`, `Method.listens`).
SSH_HANDSHAKE_RTTS = 6
SSH_HANDSHAKE_CPU_S = 0.15
# A login to a service the NAS runs besides ssh (`Method.service_logins`): the host's server forks a process for it
# and checks the password. One smbclient login took 0.05-0.07 s on loopback here, both ends on this computer; on the
# lab's weak NAS (an eighth of a core) the SMB methods' logins cost about 2 s of a 60 MB copy.
SERVICE_LOGIN_CPU_S = 0.04
# Every method here opens one ssh connection, so multiplexing saves nothing: the master logs in and
# is checked, then the method's channel opens over it. It never changes throughput.
MUX_CHECK_S = 0.05
MUX_CHANNEL_RTTS = 2
MIN_RATE = 1e-6  # MB/s: a probe that measured (next to) nothing still predicts a finite time
# An option must win by more than this to be worth its moving part (the race is noisier than this).
OPTION_PENALTY = 0.02


@dataclass(frozen=True)
class Conditions:
    """The profile read for one direction, shared by every candidate's prediction."""

    download: bool
    rtt_s: float
    tcp: float                  # raw TCP on one connection
    framing: float
    source_read: float | None
    dest_write: float | None
    budget: dict[str, float]    # cores the transfer's processes can use, per side
    slowdown: dict[str, float]  # how many times longer general work takes than on this computer
    shared_cores: float | None  # both sides run on this computer's CPU: the cores they share, else None
    unmeasured: dict[str, str]  # figure → words, for what the probes did not measure
    tcp_all: float | None = None  # on several connections at once, where that carries more (a long link)
    write_on_cpu: bool = False  # the host's disk probe waited on the host's CPU: its figure is the CPU's

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
    window = SSH_WINDOW / (rtt_ms / 1000) / 1e6 if rtt_ms else 0.0
    if window and probe.MBps >= LINK_SHARE * window:
        return Factor.LINK  # ssh's window over this round trip, not a CPU
    if max(local, remote) >= SATURATED:
        return busier
    if window and probe.MBps >= WINDOW_REACH * window:
        return Factor.LINK  # the window, handed back in halves: short of window ÷ RTT, and no CPU quota
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
    share = profile.remote_cpu_share
    if share is not None and share < HELD_SHARE:
        budget["remote"] = min(budget["remote"], max(share, MIN_CPU))
    return budget


def held_climb_s(profile: LinkProfile) -> float:
    """Seconds a copy's first bulk data crawls on a host held below HELD_SHARE of a core (0 elsewhere)."""
    share = profile.remote_cpu_share
    return HELD_CLIMB_CPU_S / max(share, MIN_CPU) if share is not None and share < HELD_SHARE else 0.0


def write_on_cpu(profile: LinkProfile, budget: dict[str, float]) -> bool:
    """Whether the host's disk probe used all the CPU the host gives (a quota, a busy or weak core): then
    its figure is what that CPU writes, and the disk itself may take more (the lab's NAS at 4 % of a core
    writes 22-26 MB/s to a disk that takes a gigabyte a second)."""
    used = profile.remote_write_cpu
    return bool(used) and used >= WRITE_ON_CPU * min(WRITE_PROCESSES, budget["remote"])


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
    tcp_all = profile.tcp_down_all_MBps if download else profile.tcp_up_all_MBps
    return Conditions(download, (profile.rtt_ms or ASSUMED_RTT_MS) / 1000, tcp or ASSUMED_TCP_MBPS, _framing(profile),
                      read, write, budget, {"local": 1.0, "remote": _remote_slowdown(profile)},
                      budget["local"] if profile.same_machine else None, unmeasured(profile, download),
                      tcp_all if tcp and tcp_all and tcp_all > TCP_ALL_GAIN * tcp else None,
                      not download and write_on_cpu(profile, budget))


def unmeasured(profile: LinkProfile, download: bool = False) -> dict[str, str]:
    """What the probes did not measure (figure → words), of the figures this direction uses."""
    values = {"rtt": profile.rtt_ms, "tcp": profile.tcp_down_MBps if download else profile.tcp_up_MBps,
              "ciphers": profile.ciphers or None, "remote_cpu": profile.remote_cores,
              "dest_disk": profile.local_write_MBps if download else profile.remote_write_MBps,
              "source_disk": profile.remote_read_MBps if download else profile.local_read_MBps,
              "compress": profile.compress or None}
    if all(value is not None for value in values.values()):
        return {}
    words = unmeasured_figures(download)
    return {key: words[key] for key, value in values.items() if value is None}
