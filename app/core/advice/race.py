"""The race: the top candidates copy the real selection for a few seconds each into a scratch
folder beside the destination, which is always removed (also on cancel and error); each lap's copy
is removed as soon as the lap ends. For a copy about to start (`copy --best`) with enough to share out,
each lap instead copies a part of its own (`parts`, a random draw with the selection's mix) into that
copy's staging folder and is cut there like a cancel: the copy carries on from what the laps staged, so
no lap's bytes are thrown away.

A candidate's measured rate is what flowed once data was moving steadily. The first bytes are
not that: tar fills a pipe while ssh is still logging in (a second or more on a slow NAS) and a
socket takes megabytes into its buffers at once, so a lap's clock starts at the first of three
ticks in a row that each moved data, one tick after the burst, and runs for `seconds` from there.
One that finishes within its time is measured to its end, which counts the far side draining, and
also keeps its wall time: when the race copied the whole selection, that time is the answer itself.
A lap that moved too little to time a rate (a tiny selection, an empty folder) keeps only that time.
On a long link a new connection climbs to its speed over a dozen round trips (TCP's slow start): there
the clock starts `ramp` seconds after the flow did, and the lap runs that much longer. What the sending
tool has handed on runs ahead of what arrived by what the pipes, ssh and the socket buffers hold (megabytes
a stream, growing as TCP widens them): there a lap cut at its time is measured by what the far side had
when its clock started and when it ended. On a host whose CPU is the limit the flow climbs for seconds
before it finds its pace (the lab's weak NAS: 1-4 MB/s for two seconds, then 50-110; bench/pace.py): there
the clock starts where the climb ended, the lap may run CLIMB_ALLOWANCE longer for it, and what the lap
took to get there is kept with it (a copy on a connection of its own starts and climbs the same way: ranking.rank
counts it; over the session's shared connection only its first bulk data climbs, Lap.cold).
"""

from __future__ import annotations

import asyncio
import secrets
import statistics
import time
from dataclasses import dataclass, replace
from posixpath import join

import asyncssh

from app.core.transfer import methods, ownership
from app.core.errors import ErrorKind, TransferError, link_lost
from app.core.events import Emit, Phase, Progress, RaceResult, RaceSample, ignore
from app.core.advice.model import Candidate
from app.core.transfer.ownership import remove_folder
from app.core.tasks import finish
from app.core.formatting import TOO_LITTLE_TO_TIME
from app.core.wording.advice import (not_raced_behind, not_raced_copied_already, not_raced_held, not_raced_too_late,
                                    nothing_steady, streams)
from app.core.wording.profile import cipher_name
from app.core.profile.link_profile import cipher_key
from app.core.selection.entries import Entry, Selection, scan_local
from app.core.selection.sample import Sample
from app.core.host import remote_cpu
from app.core.host.session import Session
from app.core.transfer.engine import CopyRequest, copy
from app.core.transfer.journal import Journal
from app.core.host.link_loss import STALL_TIMEOUT

SCRATCH_PREFIX = ownership.PREFIXES["race"]
SETUP_ALLOWANCE = 5.0  # seconds a candidate may take to start moving data
FLOW_TICKS = 3         # progress ticks in a row that moved data: it flows
MIN_FLOW_S = 0.5       # a lap that finished measures from steady flow when it lasted this long
CLIMB_WINDOW_S = 1.0   # the flow's climb is over where a second of it moved at least SETTLED_SHARE of what
SETTLED_SHARE = 0.7    # the last second moved
CLIMB_ALLOWANCE = 5.0  # seconds a lap may run longer while its flow still climbs
QUIET_AT_END_S = 1.0   # a lap cut at its time that moved nothing for this long: is the host still there?
# On a long link a lap costs a login, TCP's climb and its time (10 s at 200 ms): an entrant predicted to reach
# less than a lap already measured, divided by this, is not raced (the model's ceilings rest on measured
# figures; a lap beats its prediction by 25 % at most where a probe was unlucky, see correction.py).
SKIP_BEHIND = 1.5
# A lap that moved at this share of the most the link lets a later entrant move (raw TCP on its connections, ssh's
# window over the round trip): that entrant has nothing to win there. Below 1/1.1: an entrant not raced is ranked
# after a raced one unless 10 % faster on paper (ranking.rank).
HELD_SHARE = 0.92
# A copy's race: an entrant is raced only where, moving WIN_BACK times what it is predicted to (as far off as the
# model was for the laps so far), it would win back what a lap costs here on what is left to copy after the laps
# (a lap's bytes are the copy's, but its start and its end are not: on the weak NAS 1.2-1.4 s each, and three laps
# took a 10.7 s copy to 18 s). 1.10: the secure methods typed by hand there were within 10 % of each other in the
# median (tar over ssh 11.5 s, sftp 10.7, scp 12.5), each run as far from the next, and a lap no surer; it is also
# what a candidate not raced must be ahead on paper to be ranked before a raced one (ranking.rank).
WIN_BACK = 1.10
# race(keep_whole): which whole lap's folder a copy that may follow takes over.
FIRST = "first"        # the first (copy --best: that lap is the copy, and no lap follows it)
QUICKEST = "quickest"  # the quickest of all (the window: its user sees the whole race, then chooses)


@dataclass(frozen=True)
class Lap:
    candidate: Candidate
    MBps: float | None  # None when it failed, or moved too little to time a rate
    error: str = ""
    seconds: float | None = None  # a lap that copied all it was given: its wall time, set-up and finish included
    remote_cpu: float | None = None  # the host's cores its processes kept busy while data flowed (None: not measured)
    sent: int = 0  # bytes it sent (a lap into the copy's staging folder leaves them there)
    # Seconds from its start until its data flowed at its rate, less what the bytes sent by then take at that rate:
    # its login, the app's commands before the tool, a starved host's climb (a copy pays them too). None: not timed.
    startup_s: float | None = None
    kept: str = ""  # the folder holding this lap's copy of the whole selection, left for the copy (race(keep_whole))
    shared: bool = False  # its data went through the session's shared connection
    # ...and was the first bulk data through it: its climb (in startup_s) was that connection's, paid once, and a
    # copy over it after the lap does not pay it again (app.core.host.mux).
    cold: bool = False


def key(c: Candidate) -> str:
    o = c.options
    return (f"{c.method_id} {o.cipher or 'default'}{f'+{o.mac}' if o.mac else ''} {o.compress}{' mux' if o.mux else ''}"
            f"{f' x{o.streams}' if o.streams > 1 else ''}")


def label(c: Candidate) -> str:
    o = c.options
    extra = [x for x in (o.cipher and cipher_name(cipher_key(o.cipher, o.mac)), o.compress != "none" and o.compress,
                         o.mux and "mux", o.streams > 1 and streams(o.streams)) if x]
    return c.label + (f" ({', '.join(extra)})" if extra else "")


async def race(session: Session, candidates: list[Candidate], sources: list[str], dest: str,
               download: bool, seconds: float = 2.5, emit: Emit = ignore,
               allow_insecure: bool = False, stall_timeout: float = STALL_TIMEOUT,
               selection: Selection | None = None, ramp: float = 0.0,
               predicted: dict[Candidate, float] | None = None,
               parts: list[list[Entry] | None] | None = None, sample: Sample | None = None,
               ceilings: dict[Candidate, float] | None = None, keep_whole: str = "",
               copy_bytes: int = 0, every_lap: bool = False) -> list[Lap]:
    """Race the candidates in turn. A lost link ends the race (link-lost): it is no lap's fault, and
    every lap after it would fail the same way. `selection`: the sources as read already (no lap scans
    them again). On a long link (`ramp`), a candidate whose `predicted` rate a lap already beat by
    SKIP_BEHIND is not raced (said as a result that was skipped). `parts` (one per candidate, with the
    `selection` whose roots are `sources` and `dest` as the copy has them): each lap sends its part into the
    copy's staging folder (app.core.transfer.engine.to_stage opened it), which stays for the copy; a lap whose
    part is None copies `sample` (of the same `selection`) into a scratch folder instead. `ceilings`: the most
    the measured link lets each candidate move; one whose ceiling a lap already reached (HELD_SHARE) is not
    raced (said as a result that was skipped): the link, not the method, is the limit there. `keep_whole`, for
    a race whose laps each copy the whole selection and a copy that may follow: a lap that copies all of it
    leaves its folder (Lap.kept, inside the scratch folder, which then stays too) for a copy by that lap's method
    to take over. FIRST (a copy about to start: `copy --best`): the first such lap is the copy, and no lap
    follows it (each skipped, said so): another could only make the copy later. QUICKEST (the window, whose user
    sees the whole race before choosing): every lap runs, and the quickest whole lap's folder is the one kept.
    The caller removes the scratch folder (dirname of Lap.kept) afterwards. A copy's race (laps into its staging
    folder, or `copy_bytes`: what the copy after a race in a scratch folder sends) runs only the laps that can win
    back what they cost (_too_late), unless `every_lap` (the window's race into the copy that may follow: its user
    asked to see the methods raced, and chooses after)."""
    staged = parts is not None and selection is not None
    scratch = join(dest, SCRATCH_PREFIX + secrets.token_hex(4))
    made = False
    laps: list[Lap] = []
    walls: list[float] = []  # each lap's time, start to end
    try:
        for i, (candidate, part) in enumerate(zip(candidates, parts if staged else [None] * len(candidates))):
            if _behind(laps, candidate, predicted or {}, ramp, emit) or _held(laps, candidate, ceilings or {}, emit):
                continue
            done = next((lap for lap in laps if lap.kept), None)
            if done is not None and keep_whole == FIRST:  # the copy is there already: another lap only makes it later
                emit(RaceResult(key(candidate), label(candidate), None,
                                skipped=not_raced_copied_already(label(done.candidate))))
                continue
            total = 0 if every_lap else selection.bytes if staged and selection is not None else copy_bytes
            if total and _too_late(laps, walls, candidate, predicted or {}, total, emit, scratch=part is None):
                continue
            began = time.monotonic()
            if part is None and not made:
                # Made and marked before its first lap: if the app dies mid-race, the next connection sweeps it.
                await ownership.make(session, scratch, "race", local=download)
                made = True
            emit(Phase("racing", label(candidate)))
            shared = await session.over_shared(candidate.options) if _data_over_ssh(candidate) else None
            cold = shared is not None and not shared.carried
            if part is not None:
                lap = await _staged_lap(session, candidate, part, dest, download, seconds, emit, allow_insecure,
                                        stall_timeout, selection, ramp)
            else:
                lap_sources, lap_selection = ((sample.sources, selection.part(sample.sources))
                                              if staged and sample and selection else (sources, selection))
                request = CopyRequest(lap_sources, join(scratch, str(i)), candidate.method_id, candidate.options,
                                      allow_insecure, scratch=True, stall_timeout=stall_timeout,
                                      selection=lap_selection)
                lap = await _run_lap(session, candidate, request, seconds, emit, ramp, request.dest)
                whole = keep_whole and lap_sources == sources and lap.seconds is not None and not lap.error
                if whole and (done is None or lap.seconds < (done.seconds or 0.0)):
                    lap = replace(lap, kept=request.dest)  # a whole copy: the copy takes it over
                    if done is not None:  # a quicker one than the lap kept so far: that one goes
                        laps[laps.index(done)] = replace(done, kept="")
                        await finish(remove_folder(session, done.kept, local=download))
                else:
                    # Each lap's copy goes before the next starts: the race needs room for one lap (and one kept),
                    # and no lap writes while the far side is still busy with the last one's files.
                    await finish(remove_folder(session, request.dest, local=download))
            if shared is not None and not lap.error:
                shared.carried = True
                lap = replace(lap, shared=True, cold=cold)
            laps.append(lap)
            walls.append(time.monotonic() - began)
            emit(RaceResult(key(candidate), label(candidate), lap.MBps, lap.error, lap.seconds))
    except BaseException:
        if made:
            await finish(remove_folder(session, scratch, local=download))
        raise
    if made and not any(lap.kept for lap in laps):
        await finish(remove_folder(session, scratch, local=download))
    return laps


def _data_over_ssh(candidate: Candidate) -> bool:
    """The candidate's data goes through OpenSSH (not a listener's own connection, a share's protocol)."""
    method = methods.get(candidate.method_id)
    return method.secure and method.ssh_channel and method.runs_openssh


async def _staged_lap(session: Session, candidate: Candidate, part: list[Entry], dest: str, download: bool,
                      seconds: float, emit: Emit, allow_insecure: bool, stall_timeout: float, selection: Selection,
                      ramp: float) -> Lap:
    """A lap into the copy's staging folder with its own part; what it sent stays there."""
    stage = join(dest, Journal.of(selection.roots, dest, download, "").folder)
    request = CopyRequest(selection.roots, dest, candidate.method_id, candidate.options, allow_insecure,
                          stall_timeout=stall_timeout, selection=selection, only=tuple(part))
    sent = [0]
    return replace(await _run_lap(session, candidate, request, seconds, emit, ramp, stage, sent), sent=sent[0])


def _behind(laps: list[Lap], candidate: Candidate, predicted: dict[Candidate, float], ramp: float,
            emit: Emit) -> bool:
    """On a long link, a candidate predicted to reach less than a lap already measured, by SKIP_BEHIND, is
    not raced: said as a result that was skipped."""
    ahead = max((lap for lap in laps if lap.MBps), key=lambda lap: lap.MBps or 0.0, default=None)
    behind = predicted.get(candidate)
    if not (ramp and ahead and behind and (ahead.MBps or 0.0) >= SKIP_BEHIND * behind):
        return False
    emit(RaceResult(key(candidate), label(candidate), None,
                    skipped=not_raced_behind(label(candidate), label(ahead.candidate), ahead.MBps or 0.0, behind)))
    return True


def _held(laps: list[Lap], candidate: Candidate, ceilings: dict[Candidate, float], emit: Emit) -> bool:
    """A lap already moved what the link lets this candidate move: it is not raced, said as a skipped result."""
    ahead = max((lap for lap in laps if lap.MBps), key=lambda lap: lap.MBps or 0.0, default=None)
    ceiling = ceilings.get(candidate)
    if not (ahead and ceiling and (ahead.MBps or 0.0) >= HELD_SHARE * ceiling):
        return False
    emit(RaceResult(key(candidate), label(candidate), None,
                    skipped=not_raced_held(label(candidate), label(ahead.candidate), ahead.MBps or 0.0, ceiling)))
    return True


def lap_cost(laps: list[Lap], walls: list[float]) -> float | None:
    """What a lap costs a copy on this host, in seconds: its time less what its bytes take at the best lap's
    pace (its start, its climb, its end), the median over the laps that staged bytes. None: no lap to tell."""
    best = max((lap.MBps for lap in laps if lap.MBps), default=None)
    if not best:
        return None
    costs = [max(0.0, wall - lap.sent / (best * 1e6)) for lap, wall in zip(laps, walls) if lap.sent and lap.MBps]
    return statistics.median(costs) if costs else None


def _too_late(laps: list[Lap], walls: list[float], candidate: Candidate, predicted: dict[Candidate, float],
              total: int, emit: Emit, scratch: bool = False) -> bool:
    """A copy's race: the copy left after the laps so far is too short for this candidate to win back a lap's
    cost even at WIN_BACK times its prediction (corrected as far as the model was off for the best lap). A lap
    into a scratch folder (`scratch`: the selection had no fair part left for it) costs its whole time, as long
    as the laps so far took; one into the staging folder its start, climb and end (lap_cost). Not for parallel
    streams or their one-stream twin: "never slower than one stream" rests on racing both."""
    ahead = max((lap for lap in laps if lap.MBps), key=lambda lap: lap.MBps or 0.0, default=None)
    cost = statistics.median(walls) if scratch and walls else lap_cost(laps, walls)
    said, paper = predicted.get(candidate), ahead and predicted.get(ahead.candidate)
    if not (ahead and ahead.MBps and said and paper) or cost is None:
        return False
    if candidate.options.streams > 1 or any(lap.candidate.options.streams > 1 for lap in laps):
        return False
    left = max(0, total - sum(lap.sent for lap in laps))
    best_case = said * (ahead.MBps / paper) * WIN_BACK
    won = left / (ahead.MBps * 1e6) - left / (best_case * 1e6) if best_case > ahead.MBps else 0.0
    if won >= cost:
        return False
    emit(RaceResult(key(candidate), label(candidate), None, skipped=not_raced_too_late(label(candidate), left, cost)))
    return True


async def _run_lap(session: Session, candidate: Candidate, request: CopyRequest, seconds: float,
                   emit: Emit, ramp: float, far: str, sent: list[int] | None = None) -> Lap:
    """One lap; `far`: the folder that receives it (what arrived there times a lap on a long link); `sent`
    gets the bytes it sent."""
    samples: list[tuple[float, int]] = []
    last: list[Progress] = []
    k, name = key(candidate), label(candidate)
    started = time.monotonic()

    def watch(event) -> None:
        if isinstance(event, Progress):
            last[:] = [event]
            if sent is not None:
                sent[:] = [event.done]
            samples.append((time.monotonic(), event.done))
            emit(RaceSample(k, name, time.monotonic() - started, event.rate / 1e6))

    task = asyncio.ensure_future(copy(session, request, watch))
    ended: list[float] = []
    task.add_done_callback(lambda _t: ended.append(time.monotonic()))
    arrived: list[asyncio.Task] = []  # a long link: what the far side had when the clock started
    cpu: list[asyncio.Task] = []  # the host's CPU when the clock started (app.core.host.remote_cpu)
    try:
        # A lap lasts `seconds` from steady flow; set-up (login, listener) does not count, within reason.
        while not task.done():
            flow = flow_start(samples, ramp)
            if flow and ramp and not arrived:
                arrived.append(asyncio.ensure_future(_far_side(session, far, request.options.download)))
            if flow and not cpu and session.remote.shell:
                cpu.append(asyncio.ensure_future(remote_cpu.sample(session.run)))
            pace = settled(samples, flow) if flow and not ramp else flow
            latest = started + seconds + SETUP_ALLOWANCE + ramp + (CLIMB_ALLOWANCE if pace != flow else 0.0)
            end = min(latest, pace[0] + seconds) if pace else latest
            if time.monotonic() >= end:
                break
            await asyncio.wait([task], timeout=0.1)
        if task.done():
            task.result()  # raises what the copy raised
            # Finished within the lap: to the last byte at the far side, without the app's scan and verify.
            end, flow = (last[0] if last else None), flow_start(samples[:-1], ramp) or flow_start(samples[:-1])
            # The done callback may not have run yet: the task's end is signalled to callbacks a loop turn later.
            took = (ended[0] if ended else time.monotonic()) - started
            if end is None or end.elapsed <= 0 or end.done < TOO_LITTLE_TO_TIME:
                return Lap(candidate, None, seconds=took)  # too little for a rate: its time is the answer
            if flow and samples[-1][0] - flow[0] >= MIN_FLOW_S:
                pace = settled(samples[:-1], flow) if not ramp else flow
                if samples[-1][0] - pace[0] < MIN_FLOW_S:
                    pace = flow
                rate = (samples[-1][1] - pace[1]) / (samples[-1][0] - pace[0]) / 1e6
                return Lap(candidate, rate, seconds=took, startup_s=startup_cost(started, pace, rate))
            return Lap(candidate, end.done / end.elapsed / 1e6, seconds=took)
        if quiet_at_end(samples, time.monotonic()) and not await session.link_alive():
            raise link_lost(session.host.label, "race", details=session.lost_because)
        # The host's CPU and (on a long link) its folder, asked side by side: each a round trip or more.
        busy, arrived_rate = await asyncio.gather(_busy(session, cpu, task),
                                                  _arrived_rate(session, far, request.options.download, arrived))
        flow = flow_start(samples, ramp)
        pace = settled(samples, flow) if flow and not ramp else None
        rate = arrived_rate or _steady_rate(samples, ramp, pace)
        return Lap(candidate, rate, "" if rate else nothing_steady(),
                   remote_cpu=busy if rate else None, startup_s=startup_cost(started, pace or flow, rate))
    except TransferError as exc:
        if exc.kind is ErrorKind.LINK_LOST:
            raise
        return Lap(candidate, None, exc.sentence)
    finally:
        for t in arrived + cpu:
            t.cancel()
        if not task.done():
            task.cancel()
            await asyncio.gather(task, *arrived, *cpu, return_exceptions=True)


async def _busy(session: Session, first: list[asyncio.Task], task: asyncio.Future) -> float | None:
    """The host's cores the lap kept busy from the clock's start to now, while its processes still run
    (one that ended took its CPU time with it)."""
    if not first or task.done():
        return None
    start = (await asyncio.gather(first[0], return_exceptions=True))[0]
    end = await remote_cpu.sample(session.run)
    if task.done() or not isinstance(start, remote_cpu.CpuSample):
        return None
    return remote_cpu.cores_between(start, end)


async def _far_side(session: Session, folder: str, here: bool) -> tuple[float, int] | None:
    """When (the middle of the asking) and how many bytes of files the lap's folder held, on the receiving
    side; None when it could not be listed."""
    asked = time.monotonic()
    try:
        if here:
            got = await asyncio.to_thread(scan_local, [folder])
        else:
            got = await session.files.scan([folder], missing_ok=True)
    except (OSError, TransferError, asyncssh.Error, asyncio.TimeoutError):
        return None
    return (asked + time.monotonic()) / 2, got.bytes


async def _arrived_rate(session: Session, far: str, here: bool, arrived: list[asyncio.Task]) -> float | None:
    """MB/s by what arrived at the far side between the clock's start and now (a long link), else None."""
    if not arrived:
        return None
    first = await asyncio.gather(arrived[0], return_exceptions=True)
    last = await _far_side(session, far, here)
    if not isinstance(first[0], tuple) or last is None or last[0] - first[0][0] < MIN_FLOW_S:
        return None
    (t0, b0), (t1, b1) = first[0], last
    return (b1 - b0) / (t1 - t0) / 1e6 if b1 > b0 else None


def flow_start(samples: list[tuple[float, int]], ramp: float = 0.0) -> tuple[float, int] | None:
    """The sample after the first growth of a run of FLOW_TICKS growing ticks: past the login
    stall and the burst into buffers; with a `ramp`, the first sample that much later (the link has
    climbed to its speed). None while data is not flowing steadily yet."""
    for i in range(1, len(samples) - FLOW_TICKS + 1):
        if all(samples[j][1] > samples[j - 1][1] for j in range(i, i + FLOW_TICKS)):
            return next((s for s in samples[i:] if s[0] >= samples[i][0] + ramp), None)
    return None


def settled(samples: list[tuple[float, int]], flow: tuple[float, int]) -> tuple[float, int]:
    """Where the climb of a flow that started at `flow` (one of the samples) ended: the first sample from it on
    whose next CLIMB_WINDOW_S moved at least SETTLED_SHARE of what the last one moved (and so did its next
    tick). `flow` itself where it never climbed, and while it has not run two windows yet."""
    last_t, last_d = samples[-1]
    if last_t - flow[0] < 2 * CLIMB_WINDOW_S:
        return flow
    recent_at = next(i for i, (t, _) in enumerate(samples) if t >= last_t - CLIMB_WINDOW_S)
    t0, d0 = samples[recent_at]
    recent = (last_d - d0) / (last_t - t0) if last_t > t0 else 0.0

    def rate(i: int, window: float) -> float:
        t, d = samples[i]
        ahead = next((s for s in samples[i + 1:] if s[0] >= t + window), samples[-1])
        return (ahead[1] - d) / (ahead[0] - t) if ahead[0] > t else 0.0

    for i in range(samples.index(flow), recent_at):
        if rate(i, CLIMB_WINDOW_S) >= SETTLED_SHARE * recent:
            while i + 1 < recent_at and rate(i, 0.0) < SETTLED_SHARE * recent:  # the window's slow first ticks
                i += 1
            return samples[i]
    return samples[recent_at]


def startup_cost(started: float, pace: tuple[float, int] | None, MBps: float | None) -> float | None:
    """Seconds from `started` to `pace` (a sample) beyond what the bytes sent by then take at `MBps`."""
    if not pace or not MBps:
        return None
    return max(0.0, (pace[0] - started) - pace[1] / (MBps * 1e6))


def quiet_at_end(samples: list[tuple[float, int]], now: float) -> bool:
    """Nothing moved in the lap's last QUIET_AT_END_S. A lap is far shorter than the watchdog's allowance,
    so a link that died during one is asked after instead of waited out."""
    before = [d for t, d in samples if t <= now - QUIET_AT_END_S]
    return not samples or (before[-1] if before else 0) == samples[-1][1]


def _steady_rate(samples: list[tuple[float, int]], ramp: float = 0.0,
                 since: tuple[float, int] | None = None) -> float | None:
    """MB/s from `since`, else steady flow (or, failing that, from the first sample with data), to the last
    sample."""
    moving = [(t, d) for t, d in samples if d > 0]
    start = since or flow_start(samples, ramp) or flow_start(samples) or (moving[0] if moving else None)
    if start is None or samples[-1][0] <= start[0]:
        return None
    (t0, d0), (t1, d1) = start, samples[-1]
    return (d1 - d0) / (t1 - t0) / 1e6
