"""The profiler: run the probes in turn, each within its budget, and build a LinkProfile.

Each result is reported the moment it is in (a ProbeDone event); a probe that cannot run
says why and the profile notes it, so the model knows what it is guessing. Link figures
are kept per host (history) and reused while the network looks the same.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, replace
from typing import Awaitable, Callable

import asyncssh

from app.core.profile import kept as history
from app.core.errors import ErrorKind, TransferError, link_lost
from app.core.events import Emit, ProbeDone, ignore
from app.core.formatting import cipher_figures, ms, rate
from app.core.host.link_loss import STALL_TIMEOUT, worded_link_errors
from app.core.profile.probes import cipher, cpu_share, disk, local, perfile, rtt, tcp
from app.core.profile.probes.common import ProbeContext
from app.core.language import Words, decimal
from app.core.tasks import both
from app.core.profile.link_profile import LINK_SHARE, SSH_WINDOW, CipherProbe, LinkProfile, cipher_key
from app.core.host.session import Session
from app.core.host.ssh_command import AEAD
from app.core.wording.profile import (aes_known, few_files, one_of_several, kept_from, kept_note, not_measured, not_measured_note,
                                      nothing_to_time_note, sftp_by_round_trips)

PROBE_TIMEOUT = 20.0  # a hard stop for any one probe, whatever its own budget


async def _run(name: str, label: str, emit: Emit, profile: LinkProfile, coro: Awaitable,
               show: Callable[[object], str] = rate, nothing: str | None = None,
               session: Session | None = None) -> object | None:
    """Run one probe; report it; on failure note why and go on. A probe that ends with None had
    nothing it could time (`nothing` says why): the model goes on without that figure. A probe of the
    host (given its `session`) that failed or stalled first asks whether the host still answers: when
    it does not, the link is lost and nothing more can be measured (link-lost)."""
    try:
        value = await asyncio.wait_for(coro, PROBE_TIMEOUT)
    except (OSError, RuntimeError, TransferError, TimeoutError, ValueError, asyncssh.Error) as exc:
        if isinstance(exc, TransferError) and exc.kind is ErrorKind.LINK_LOST:
            raise
        if session is not None and not await session.link_alive():
            raise link_lost(session.host.label, "measurement", details=repr(exc)) from exc
        # asyncssh.Error: the host refused a channel or a request (a probe it cannot run), said in words.
        reason = exc.sentence if isinstance(exc, TransferError) else \
            getattr(exc, "reason", "") or str(exc) or type(exc).__name__
        why = reason.strip().splitlines()[-1][:160] if reason.strip() else type(exc).__name__
        profile.notes.append(not_measured_note(label, why))
        emit(ProbeDone(name, label, not_measured(why), False))
        return None
    if value is None:
        nothing = nothing or Probes.tr("nothing to measure")
        profile.notes.append(nothing_to_time_note(label, nothing))
        emit(ProbeDone(name, label, nothing, False))
        return None
    figure = value if isinstance(value, (int, float)) else getattr(value, "MBps", getattr(value, "cores", None))
    emit(ProbeDone(name, label, show(value), True, figure, value if isinstance(value, CipherProbe) else None))
    return value


@worded_link_errors("measurement")
async def measure(session: Session, remote_dir: str | None = None, local_paths: list[str] | None = None,
                  emit: Emit = ignore, budget: float = 1.0, fresh: bool = False,
                  stall: float = STALL_TIMEOUT, link: bool = True, for_copy: ForCopy | None = None,
                  glance: LinkProfile | None = None) -> LinkProfile:
    """`link` False: the round trip, the CPU the host gives, and the link's figures only where a kept profile
    has them (a glance before a copy that may be too small to be worth measuring for); such a profile is not
    kept. `for_copy`: the profile of a copy about to start, which needs less (ForCopy); `glance`: the glance
    just taken, whose round trip and CPU share are not measured again."""
    rtt_ms = glance.rtt_ms if glance is not None else None
    started = time.monotonic()
    ctx = ProbeContext(session, remote_dir, local_paths, budget, stall)
    local_address = str(session.conn.get_extra_info("sockname")[0])
    profile = LinkProfile(host=session.host.label, local_address=local_address,
                          remote_cores=session.remote.cores or None, remote_aes=session.remote.aes,
                          local_cores=session.local.cores or None, local_aes=session.local.aes,
                          same_machine=bool(session.remote.boot_id) and session.remote.boot_id == session.local.boot_id)
    if rtt_ms is not None:
        profile.rtt_ms = rtt_ms
        emit(ProbeDone("rtt", Probes.tr("Round-trip time"), ms(rtt_ms), True, rtt_ms))
    else:
        profile.rtt_ms = await _run("rtt", Probes.tr("Round-trip time"), emit, profile, rtt.probe_rtt(ctx),
                                    ms, session=session)
    ctx.ramp_for(profile.rtt_ms)
    key = history.key_for(session)
    kept = None if fresh else history.fresh(key, local_address, profile.rtt_ms)
    if glance is not None and glance.remote_cpu_share is not None:
        profile.remote_cpu_share = glance.remote_cpu_share
        emit(ProbeDone("cpu-share", _share_label(), _share_text(cpu_share.CpuShare(glance.remote_cpu_share, 0.0)),
                       True, glance.remote_cpu_share))
    elif kept is None or kept.remote_cpu_share is None:
        await _cpu_share(ctx, profile, emit)
    only = for_copy
    # This computer's probes use neither the link nor the host: they run beside the host's disk probe.
    def here() -> Awaitable[None]:
        return _local_probes(ctx, profile, emit) if local_paths else _nothing()

    if kept is not None:
        _reuse(kept, profile, emit)
        if link and await _complete(ctx, kept, profile, emit, only):
            history.save(key, replace(kept, ciphers=list(profile.ciphers),
                                      **{f: getattr(profile, f) for f in _TCP_FIELDS if getattr(profile, f)}))
        await here()
    elif link:
        await _link_probes(ctx, profile, emit, only, here)
    else:
        await here()
    profile.measured_at = time.time() if kept is None else kept.measured_at
    profile.seconds = time.monotonic() - started
    if kept is None and link:
        profile.command_s = session.command_seconds or None
        history.save(key, replace(profile, local_read_MBps=None, compress=[]))
    return profile


class Probes(Words):
    """The probes' names and figures as they come in (the translator's context)."""


def no_shell() -> str:
    return Probes.tr("the account runs no commands (SFTP only)")


def _raw_tcp(download: bool, connections: int = 1) -> str:
    if connections > 1:
        if download:
            return Probes.tr("Raw TCP, download, %n connections", "", connections)
        return Probes.tr("Raw TCP, upload, %n connections", "", connections)
    return Probes.tr("Raw TCP, download") if download else Probes.tr("Raw TCP, upload")


def _skip(name: str, label: str, why: str, profile: LinkProfile, emit: Emit) -> None:
    profile.notes.append(not_measured_note(label, why))
    emit(ProbeDone(name, label, not_measured(why), False))


@dataclass(frozen=True)
class ForCopy:
    """What the profile of a copy about to start (`copy --best`) leaves out, each a second or two of the user's
    wait on a far link: raw TCP the other way (a kept profile lacking it gets it when a copy that way asks),
    and half of raw TCP's sending time (COPY_TCP_SHARE: the race times the methods themselves); the ciphers where
    both CPUs have AES instructions (the copy uses AES-GCM, and the race's laps time it on the selection, their
    bytes kept), else, once the first cipher is held by the link with CPU to spare on both sides, the others (on
    that link they reach no more; the race and the copy use the one measured); the cost of each file for a
    selection of a few files (the model's figure for it is a small share of their copy), and SFTP's where the
    round trip alone makes it (perfile.round_trips_tell); and the disk's longer writes where a shorter one was
    timeable, outran the link several times over or (after one that took a tenth of a second) would be more than a
    twentieth of the copy's own writing (disk.COPY_STEPS, DISK_OVER_LINK, disk.COPY_SHARE). An `advise` after it measures what it needs of the link's
    figures.
    """

    direction: str  # "up" or "down"
    files: int | None = None  # how many files the copy sends (None: not known)
    bytes: int | None = None  # how many bytes (None: not known)

    def wants(self, download: bool) -> bool:
        return download == (self.direction == "down")


_TCP_FIELDS = ("tcp_up_MBps", "tcp_down_MBps", "tcp_up_all_MBps", "tcp_down_all_MBps")
SPARE_CPU = 0.5  # a cipher probe held by the link with both sides under this share of a core
COPY_TCP_SHARE = 0.5  # of the probe budget, raw TCP's sending time for a copy about to start
DISK_OVER_LINK = 3.0  # a copy's destination disk this many times as fast as its link is not worth a finer figure
FEW_FILES = 64   # a copy of at most this many files is not worth a second of measuring what each one costs


async def _complete(ctx: ProbeContext, kept: LinkProfile, profile: LinkProfile, emit: Emit,
                    only: ForCopy | None) -> bool:
    """Measure what a profile kept by a copy about to start left out and this measurement needs: raw TCP the
    other way, and (for more than a copy) the other ciphers. True when anything was measured."""
    session = ctx.session
    if not session.remote.shell:
        return False
    tcp_missing = any(getattr(kept, "tcp_down_MBps" if down else "tcp_up_MBps") is None
                      for down in (False, True) if only is None or only.wants(down))
    if tcp_missing and tcp.unavailable(session.remote) is None:
        await _tcp_probes(ctx, profile, emit, only)
    had = len(profile.ciphers)
    if only is None:
        await _cipher_probes(ctx, profile, emit, None)
    return tcp_missing or len(profile.ciphers) > had


async def _tcp_probes(ctx: ProbeContext, profile: LinkProfile, emit: Emit, only: ForCopy | None) -> None:
    session = ctx.session
    if only is not None:
        # A copy's race times the methods themselves: raw TCP is its ceiling and the link's sentence, for which
        # a shorter look does (COPY_TCP_SHARE of the budget, after the climb).
        ctx = replace(ctx, budget=ctx.budget * COPY_TCP_SHARE)
    n = tcp.TCP_CONNECTIONS
    for down in (False, True):
        if only is not None and not only.wants(down):
            continue
        if only is not None and ctx.ramp > 0:
            # A copy about to start on a long link: one probe of several connections says both (tcp.Both).
            both = await _run("tcp-down-all" if down else "tcp-up-all", _raw_tcp(down, n),
                              emit, profile, tcp.probe_tcp_both(ctx, download=down), lambda b: rate(b.every),
                              session=session)
            if isinstance(both, tcp.Both):
                emit(ProbeDone("tcp-down" if down else "tcp-up", _raw_tcp(down),
                               Probes.tr("{rate} (of the %n at once)", "", n, rate=rate(both.one)), True, both.one))
                setattr(profile, "tcp_down_MBps" if down else "tcp_up_MBps", both.one)
                setattr(profile, "tcp_down_all_MBps" if down else "tcp_up_all_MBps", both.every)
                profile.notes.append(one_of_several("download" if down else "upload", n, both.one, both.every))
            continue
        one = await _run("tcp-down" if down else "tcp-up", _raw_tcp(down), emit, profile,
                         tcp.probe_tcp_down(ctx) if down else tcp.probe_tcp_up(ctx), session=session)
        setattr(profile, "tcp_down_MBps" if down else "tcp_up_MBps", one)
        # A long link: one connection that moved about what its buffers keep in flight over the round trip
        # is held by them, and several at once may carry more.
        if tcp.held_by_buffers(one, profile.rtt_ms):
            name = "tcp-down-all" if down else "tcp-up-all"
            setattr(profile, "tcp_down_all_MBps" if down else "tcp_up_all_MBps",
                    await _run(name, _raw_tcp(down, n), emit, profile,
                               tcp.probe_tcp_all(ctx, download=down), session=session))


async def _cpu_share(ctx: ProbeContext, profile: LinkProfile, emit: Emit) -> None:
    """What one busy process gets of the host's CPU, where the account runs commands."""
    label = _share_label()
    if not ctx.session.remote.shell:
        _skip("cpu-share", label, no_shell(), profile, emit)
        return
    share = await _run("cpu-share", label, emit, profile, cpu_share.probe_cpu_share(ctx), _share_text,
                       nothing=Probes.tr("the host has no /proc to tell it"), session=ctx.session)
    if isinstance(share, cpu_share.CpuShare):
        profile.remote_cpu_share = share.cores


def _share_label() -> str:
    return Probes.tr("CPU the host gives")


def _share_text(share: object) -> str:
    cores = getattr(share, "cores", 0.0)
    if cores >= cpu_share.WHOLE:
        return Probes.tr("a whole core")
    return Probes.tr("{share} of a core", share=f"{decimal(100 * cores, '.0f' if cores >= 0.1 else '.1f')} %")


async def _nothing() -> None:
    return None


async def _link_probes(ctx: ProbeContext, profile: LinkProfile, emit: Emit, only: ForCopy | None = None,
                       beside: Callable[[], Awaitable[None]] = _nothing) -> None:
    """The host's probes in turn; `beside` (this computer's own) runs with the destination disk's."""
    session = ctx.session
    why = no_shell() if not session.remote.shell else tcp.unavailable(session.remote)
    if why is None:
        await _tcp_probes(ctx, profile, emit, only)
    else:
        _skip("tcp-up", Probes.tr("Raw TCP"), why, profile, emit)
    if not session.remote.shell:
        _skip("cipher", Probes.tr("ssh per cipher"), no_shell(), profile, emit)
    await _cipher_probes(ctx, profile, emit, only)
    if ctx.remote_dir and not session.remote.shell:
        _skip("remote-write", Probes.tr("Destination disk writes"), no_shell(), profile, emit)
    elif ctx.remote_dir:
        # Side by side; whatever happens to one, neither is left running (tasks.both).
        written, _ = await both(
            _run("remote-write", Probes.tr("Destination disk writes"), emit, profile,
                 disk.probe_remote_write(ctx, session.remote.dest_free_bytes, _disk_enough(profile, only),
                                         copy=only is not None, copy_bytes=only.bytes if only else None),
                 lambda w: rate(w.MBps),
                 session=session), beside())
        if written is not None:
            profile.remote_write_MBps, profile.remote_write_cpu = written.MBps, written.cpu
    else:
        await beside()
    if ctx.remote_dir and only is not None and only.files is not None and only.files <= FEW_FILES:
        _skip("per-file", Probes.tr("Cost of each file"), few_files(only.files), profile, emit)
    elif ctx.remote_dir:
        # For a copy, the round trip where it alone makes the SFTP conversation's cost per file.
        per_file = await _run("per-file", Probes.tr("Cost of each file"), emit, profile,
                              perfile.probe_per_file(ctx, profile.rtt_ms if only is not None else None),
                              _per_file_text, session=session)
        profile.per_file_ms = dict(per_file or {})
        if per_file and session.remote.sftp and "sftp" not in per_file:
            profile.notes.append(sftp_by_round_trips(profile.rtt_ms or 0.0))


async def _cipher_probes(ctx: ProbeContext, profile: LinkProfile, emit: Emit, only: ForCopy | None) -> None:
    """ssh per cipher (and MAC), those the profile has not measured yet; for a copy about to start, none after
    one the link held with CPU to spare."""
    session = ctx.session
    pairs = cipher.worth_probing(session.local.ciphers, session.remote.ciphers, session.local.macs,
                                 session.remote.macs) if session.remote.shell else []
    aes = pairs[0][0] if pairs and pairs[0][0] == AEAD[0] and session.local.aes and session.remote.aes else None
    if only is not None and aes and not profile.ciphers:
        # Both CPUs encrypt AES-GCM in hardware, faster than the other ciphers: the copy uses it, and the race's
        # laps time it on the selection itself, into the copy's staging folder (a probe's bytes are thrown away).
        _skip(f"cipher:{cipher_key(aes, None)}", Probes.tr("ssh per cipher"), aes_known(aes), profile, emit)
        return
    done = {c.cipher for c in profile.ciphers}
    for name, mac in pairs:
        if name in done:
            continue
        first = profile.ciphers[0] if profile.ciphers else None
        if only is not None and first is not None and _held_by_link(first, profile):
            break
        shown = cipher_key(name, mac)
        probe = await _run(f"cipher:{shown}", Probes.tr("ssh with {cipher}", cipher=shown), emit, profile, cipher.probe_cipher(ctx, name, mac),
                           cipher_figures, session=session)
        kept = profile.cipher(name)
        if probe is not None and (kept is None or probe.MBps > kept.MBps):  # one MAC per cipher: the fastest
            profile.ciphers = [p for p in profile.ciphers if p is not kept] + [probe]


def _disk_enough(profile: LinkProfile, only: ForCopy | None) -> float | None:
    """For an upload about to start: the disk rate past which the link, not the destination disk, limits the
    copy by far (DISK_OVER_LINK times the most raw TCP carried up); None (measure the disk finely) for an
    advice, or where raw TCP was not measured."""
    carried = [f for f in (profile.tcp_up_MBps, profile.tcp_up_all_MBps) if f]
    return DISK_OVER_LINK * max(carried) if only is not None and carried else None


def _held_by_link(probe: CipherProbe, profile: LinkProfile) -> bool:
    """A cipher probe that reached raw TCP's speed (or ssh's window over the round trip) with CPU to spare on
    both sides: another cipher reaches no more on this link."""
    tcp, rtt_s = profile.tcp_up_MBps, (profile.rtt_ms or 0.0) / 1000
    ceiling = min([c for c in (tcp, SSH_WINDOW / rtt_s / 1e6 if rtt_s else None) if c] or [0.0])
    return (ceiling > 0 and probe.MBps >= LINK_SHARE * ceiling
            and max(probe.local_cpu or 0.0, probe.remote_cpu or 0.0) < SPARE_CPU)


def _per_file_text(costs: dict[str, float]) -> str:
    said = [Probes.tr("{time} talking SFTP", time=ms(costs["sftp"])) if "sftp" in costs else "",
            Probes.tr("{time} creating it", time=ms(costs["tar-ssh"])) if "tar-ssh" in costs else ""]
    return ", ".join(s for s in said if s)


async def _local_probes(ctx: ProbeContext, profile: LinkProfile, emit: Emit) -> None:
    paths = ctx.local_paths or []
    profile.local_read_MBps = await _run("local-read", Probes.tr("Reading the selection"), emit, profile,
                                         asyncio.to_thread(local.read_speed, paths, ctx.budget),
                                         nothing=Probes.tr("too little to time"))
    data = await asyncio.to_thread(local.sample, paths)
    found = await _run("compress", Probes.tr("Compressibility"), emit, profile, local.compressibility(data),
                       lambda cs: ", ".join(Probes.tr("{codec} {ratio}× at {rate}", codec=c.codec, ratio=decimal(c.ratio, ".2f"),
                                                                rate=rate(c.MBps)) for c in cs)
                       or Probes.tr("sample too small"))
    profile.compress = list(found or [])


def _reuse(kept: LinkProfile, profile: LinkProfile, emit: Emit) -> None:
    when = time.strftime("%H:%M", time.localtime(kept.measured_at))
    for field in ("tcp_up_MBps", "tcp_down_MBps", "tcp_up_all_MBps", "tcp_down_all_MBps", "remote_write_MBps",
                  "remote_write_cpu", "remote_cpu_share", "remote_read_MBps", "local_write_MBps"):
        setattr(profile, field, getattr(kept, field))
    profile.ciphers = list(kept.ciphers)
    profile.per_file_ms = dict(kept.per_file_ms)
    profile.command_s = kept.command_s
    profile.notes = [*kept.notes, kept_note(when)]
    n = tcp.TCP_CONNECTIONS
    shown = [("tcp-up", _raw_tcp(False), kept.tcp_up_MBps), ("tcp-down", _raw_tcp(True), kept.tcp_down_MBps),
             ("tcp-up-all", _raw_tcp(False, n), kept.tcp_up_all_MBps),
             ("tcp-down-all", _raw_tcp(True, n), kept.tcp_down_all_MBps),
             ("remote-write", Probes.tr("Destination disk writes"), kept.remote_write_MBps)]
    for name, label, value in shown:
        if value is not None:
            emit(ProbeDone(name, label, f"{rate(value)} ({kept_from(when)})", True, value))
    for c in kept.ciphers:
        shown = cipher_key(c.cipher, c.mac)
        emit(ProbeDone(f"cipher:{shown}", Probes.tr("ssh with {cipher}", cipher=shown), f"{rate(c.MBps)} ({kept_from(when)})",
                       True, c.MBps, c))
