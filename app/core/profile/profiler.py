"""The profiler: run the probes in turn, each within its budget, and build a LinkProfile.

Each result is reported the moment it is in (a ProbeDone event); a probe that cannot run
says why and the profile notes it, so the model knows what it is guessing. Link figures
are kept per host (history) and reused while the network looks the same.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import Awaitable, Callable

import asyncssh

from app.core.profile import kept as history
from app.core.errors import ErrorKind, TransferError, link_lost
from app.core.events import Emit, ProbeDone, ignore
from app.core.formatting import cipher_figures, ms, rate
from app.core.host.link_loss import STALL_TIMEOUT, worded_link_errors
from app.core.profile.probes import cipher, disk, local, perfile, rtt, tcp
from app.core.profile.probes.common import ProbeContext
from app.core.profile.link_profile import CipherProbe, LinkProfile, cipher_key
from app.core.host.session import Session
from app.core.wording.profile import kept_from, kept_note, not_measured, not_measured_note, nothing_to_time_note

PROBE_TIMEOUT = 20.0  # a hard stop for any one probe, whatever its own budget


async def _run(name: str, label: str, emit: Emit, profile: LinkProfile, coro: Awaitable,
               show: Callable[[object], str] = rate, nothing: str = "nothing to measure",
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
        profile.notes.append(nothing_to_time_note(label, nothing))
        emit(ProbeDone(name, label, nothing, False))
        return None
    figure = value if isinstance(value, (int, float)) else getattr(value, "MBps", None)
    emit(ProbeDone(name, label, show(value), True, figure, value if isinstance(value, CipherProbe) else None))
    return value


@worded_link_errors("measurement")
async def measure(session: Session, remote_dir: str | None = None, local_paths: list[str] | None = None,
                  emit: Emit = ignore, budget: float = 1.0, fresh: bool = False,
                  stall: float = STALL_TIMEOUT, link: bool = True) -> LinkProfile:
    """`link` False: the round trip, and the link's figures only where a kept profile has them (a glance
    before a copy that may be too small to be worth measuring for); such a profile is not kept."""
    started = time.monotonic()
    ctx = ProbeContext(session, remote_dir, local_paths, budget, stall)
    local_address = str(session.conn.get_extra_info("sockname")[0])
    profile = LinkProfile(host=session.host.label, local_address=local_address,
                          remote_cores=session.remote.cores or None, remote_aes=session.remote.aes,
                          local_cores=session.local.cores or None, local_aes=session.local.aes,
                          same_machine=bool(session.remote.boot_id) and session.remote.boot_id == session.local.boot_id)
    profile.rtt_ms = await _run("rtt", "Round-trip time", emit, profile, rtt.probe_rtt(ctx),
                                ms, session=session)
    ctx.ramp_for(profile.rtt_ms)
    host = session.host
    key = history.key_of(host.user, host.hostname, host.port)
    kept = None if fresh else history.fresh(key, local_address, profile.rtt_ms)
    if kept is not None:
        _reuse(kept, profile, emit)
    elif link:
        await _link_probes(ctx, profile, emit)
    if local_paths:
        await _local_probes(ctx, profile, emit)
    profile.measured_at = time.time() if kept is None else kept.measured_at
    profile.seconds = time.monotonic() - started
    if kept is None and link:
        history.save(key, replace(profile, local_read_MBps=None, compress=[]))
    return profile


NO_SHELL = "the account runs no commands (SFTP only)"


def _skip(name: str, label: str, why: str, profile: LinkProfile, emit: Emit) -> None:
    profile.notes.append(not_measured_note(label, why))
    emit(ProbeDone(name, label, not_measured(why), False))


async def _link_probes(ctx: ProbeContext, profile: LinkProfile, emit: Emit) -> None:
    session = ctx.session
    why = NO_SHELL if not session.remote.shell else tcp.unavailable(session.remote)
    if why is None:
        profile.tcp_up_MBps = await _run("tcp-up", "Raw TCP, upload", emit, profile, tcp.probe_tcp_up(ctx),
                                         session=session)
        profile.tcp_down_MBps = await _run("tcp-down", "Raw TCP, download", emit, profile, tcp.probe_tcp_down(ctx),
                                           session=session)
        # A long link: one connection that moved about what its buffers keep in flight over the round trip
        # is held by them, and several at once may carry more.
        n = tcp.TCP_CONNECTIONS
        if tcp.held_by_buffers(profile.tcp_up_MBps, profile.rtt_ms):
            profile.tcp_up_all_MBps = await _run("tcp-up-all", f"Raw TCP, upload, {n} connections", emit, profile,
                                                 tcp.probe_tcp_all(ctx, download=False), session=session)
        if tcp.held_by_buffers(profile.tcp_down_MBps, profile.rtt_ms):
            profile.tcp_down_all_MBps = await _run("tcp-down-all", f"Raw TCP, download, {n} connections", emit,
                                                   profile, tcp.probe_tcp_all(ctx, download=True), session=session)
    else:
        _skip("tcp-up", "Raw TCP", why, profile, emit)
    if not session.remote.shell:
        _skip("cipher", "ssh per cipher", NO_SHELL, profile, emit)
    pairs = cipher.worth_probing(session.local.ciphers, session.remote.ciphers, session.local.macs,
                                 session.remote.macs) if session.remote.shell else []
    for name, mac in pairs:
        shown = cipher_key(name, mac)
        probe = await _run(f"cipher:{shown}", f"ssh with {shown}", emit, profile, cipher.probe_cipher(ctx, name, mac),
                           cipher_figures, session=session)
        kept = profile.cipher(name)
        if probe is not None and (kept is None or probe.MBps > kept.MBps):  # one MAC per cipher: the fastest
            profile.ciphers = [p for p in profile.ciphers if p is not kept] + [probe]
    if ctx.remote_dir and not session.remote.shell:
        _skip("remote-write", "Destination disk writes", NO_SHELL, profile, emit)
    elif ctx.remote_dir:
        profile.remote_write_MBps = await _run(
            "remote-write", "Destination disk writes", emit, profile,
            disk.probe_remote_write(ctx, session.remote.dest_free_bytes), session=session)
    if ctx.remote_dir:
        per_file = await _run("per-file", "Cost of each file", emit, profile, perfile.probe_per_file(ctx),
                              _per_file_text, session=session)
        profile.per_file_ms = dict(per_file or {})


def _per_file_text(costs: dict[str, float]) -> str:
    said = [f"{ms(costs['sftp'])} talking SFTP" if "sftp" in costs else "",
            f"{ms(costs['tar-ssh'])} creating it" if "tar-ssh" in costs else ""]
    return ", ".join(s for s in said if s)


async def _local_probes(ctx: ProbeContext, profile: LinkProfile, emit: Emit) -> None:
    paths = ctx.local_paths or []
    profile.local_read_MBps = await _run("local-read", "Reading the selection", emit, profile,
                                         asyncio.to_thread(local.read_speed, paths, ctx.budget),
                                         nothing="too little to time")
    data = await asyncio.to_thread(local.sample, paths)
    found = await _run("compress", "Compressibility", emit, profile, local.compressibility(data),
                       lambda cs: ", ".join(f"{c.codec} {c.ratio:.2f}× at {rate(c.MBps)}" for c in cs)
                       or "sample too small")
    profile.compress = list(found or [])


def _reuse(kept: LinkProfile, profile: LinkProfile, emit: Emit) -> None:
    when = time.strftime("%H:%M", time.localtime(kept.measured_at))
    for field in ("tcp_up_MBps", "tcp_down_MBps", "tcp_up_all_MBps", "tcp_down_all_MBps", "remote_write_MBps",
                  "remote_read_MBps", "local_write_MBps"):
        setattr(profile, field, getattr(kept, field))
    profile.ciphers = list(kept.ciphers)
    profile.per_file_ms = dict(kept.per_file_ms)
    profile.notes = [*kept.notes, kept_note(when)]
    n = tcp.TCP_CONNECTIONS
    shown = [("tcp-up", "Raw TCP, upload", kept.tcp_up_MBps), ("tcp-down", "Raw TCP, download", kept.tcp_down_MBps),
             ("tcp-up-all", f"Raw TCP, upload, {n} connections", kept.tcp_up_all_MBps),
             ("tcp-down-all", f"Raw TCP, download, {n} connections", kept.tcp_down_all_MBps),
             ("remote-write", "Destination disk writes", kept.remote_write_MBps)]
    for name, label, value in shown:
        if value is not None:
            emit(ProbeDone(name, label, f"{rate(value)} ({kept_from(when)})", True, value))
    for c in kept.ciphers:
        shown = cipher_key(c.cipher, c.mac)
        emit(ProbeDone(f"cipher:{shown}", f"ssh with {shown}", f"{rate(c.MBps)} ({kept_from(when)})",
                       True, c.MBps, c))
