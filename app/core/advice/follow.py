"""Copying with the advice: `copy --best` and the window's Copy now both end here. The copy runs with the
pick's method and options, and takes the selection the advice read instead of scanning it again. What it
took beside what the advice promised is kept for the host (app.core.profile.kept.learn): the next advice
allows for it, and a copy clearly slower than promised says so."""

from __future__ import annotations

import time
from dataclasses import replace
from posixpath import dirname

from app.core.advice import advisor
from app.core.advice.recommendation import Advice, Recommendation
from app.core.advice.ranking import Ranked
from app.core.errors import Cancelled, no_secure_method
from app.core.events import Emit, Phase, Progress, TransferResult, ignore
from app.core.host.local_files import LocalFiles
from app.core.formatting import timed
from app.core.profile import kept
from app.core.wording.advice import (advised_for_its_disk, below_its_lap, each_file_cost_more, slowed_as_it_went,
                                     slower_than_promised)
from app.core.host.session import Session
from app.core.tasks import finish
from app.core.transfer.engine import CopyRequest, copy, take_lap
from app.core.transfer.ownership import remove_folder
from app.core.transfer.mirror import ConfirmDelete
from app.core.transfer.survey import Decide


def advised_request(advice: Advice, chosen: Recommendation, req: CopyRequest, rescan: bool = False) -> CopyRequest:
    """The copy `req` asks for (its sources, destination, direction and choices), with the method and options
    `chosen` (one of the advice's recommendations) names. When it copies what the advice read (the same sources,
    destination and direction), it takes the advice's selection, unless `rescan` (a copy started again later,
    by Resume: the files may have changed since)."""
    asked, download = advice.request, req.options.download
    carried = (not rescan and asked is not None and advice.selection is not None and asked.download == download
               and list(asked.sources) == list(req.sources) and asked.dest == req.dest)
    options = replace(chosen.options, download=download)
    if not carried:
        return replace(req, method=chosen.ranked.candidate.method_id, options=options, selection=None)
    return replace(req, sources=advice.sources, dest=advice.dest, method=chosen.ranked.candidate.method_id,
                   options=options, selection=advice.selection)


async def for_its_disk(session: Session, advice: Advice, chosen: Recommendation, req: CopyRequest,
                      emit: Emit = ignore) -> tuple[Advice, Recommendation, list[str]]:
    """The advice and pick `req` copies with: these, unless it copies onto another disk than the one the
    advice measured (a job of the window's queue sent to another folder); then a new advice's pick for it,
    of the same kind (secure for a secure pick), with what to say about it. Where either disk cannot be
    told, the advice stands (as it did for any folder before)."""
    asked, download = advice.request, req.options.download
    if asked is None or asked.download != download or asked.dest == req.dest:
        return advice, chosen, []
    files = LocalFiles() if download else session.files
    was, now = await files.disk(asked.dest), await files.disk(req.dest)
    if was is None or now is None or was == now:
        return advice, chosen, []
    request = replace(asked, sources=list(req.sources), dest=req.dest, quick=True,
                      allow_insecure=req.allow_insecure, then=None if download else replace(req, method=""))
    fresh = await advisor.advise(session, request, lambda event: emit(event) if isinstance(event, Phase) else None)
    pick = fresh.secure if chosen.ranked.prediction.secure else fresh.pick(req.allow_insecure)
    if pick is None:
        raise no_secure_method()
    said = advised_for_its_disk(req.dest, asked.dest, pick.ranked.candidate.label)
    return fresh, pick, [said, *fresh.notes]


async def copy_advised(session: Session, advice: Advice, chosen: Recommendation, req: CopyRequest,
                       emit: Emit = ignore, decide: Decide | None = None, confirm_delete: ConfirmDelete | None = None,
                       rescan: bool = False, leftovers: bool = True) -> TransferResult:
    """Copy with `chosen`, as `advised_request` says (app.core.transfer.engine.copy does the copy), or with a
    new advice's pick where the copy goes onto another disk than the advice measured (`for_its_disk`).
    `leftovers`: this is the copy the advice's race left its laps' copies for (the window's first copy of the
    advice's files); False for the copies after it, which find what the first one left instead."""
    advice, chosen, said = await for_its_disk(session, advice, chosen, req, emit)
    result = await _copy_advised(session, advice, chosen, req, emit, decide, confirm_delete, rescan, leftovers)
    return replace(result, notes=[*said, *result.notes]) if said else result


async def _copy_advised(session: Session, advice: Advice, chosen: Recommendation, req: CopyRequest, emit: Emit,
                        decide: Decide | None, confirm_delete: ConfirmDelete | None, rescan: bool,
                        leftovers: bool) -> TransferResult:
    asked = advised_request(advice, chosen, req, rescan)
    leftovers = leftovers and asked.selection is not None  # (a copy of other files has let them go: let_go)
    # A lap copied all of it: the copy by that lap's method takes its folder over once the user's answers are in
    # (what is in the way, deletions), so that "copy nothing" leaves nothing. Another pick throws it away first.
    lap = advice.kept_lap if advice.kept_lap and leftovers else None
    taking = lap is not None and lap[0] == chosen.ranked.candidate
    if lap is not None and not taking:
        await finish(remove_folder(session, dirname(lap[1]), local=asked.options.download))
    answered = took = False  # the questions before the copy are answered; the lap was taken over

    async def ready() -> bool:
        nonlocal answered, took
        answered = True
        took = taking and await take_lap(session, asked, lap[1])
        return took

    if advice.staged_bytes and leftovers:
        asked = replace(asked, resume=True, after_race=True)  # (a start over was done before the race)
    pace = Pace(emit)
    try:
        result = await copy(session, asked, pace, decide, confirm_delete, ready)
    except Cancelled:
        if not answered and leftovers:  # the user chose to copy nothing: what the race left for it goes too
            await finish(let_go(session, advice))
        raise
    finally:
        if taking:
            await finish(remove_folder(session, dirname(lap[1]), local=asked.options.download))  # the race's
    # What was promised for what this copy sent: a race's laps (or the destination) held the rest already. A lap
    # that copied it all was the copy: nothing was promised for what is left.
    promised = chosen.ranked.for_part(result.sent_bytes, result.bytes)
    result = replace(result, promised=None if took else promised)
    if took:
        return result
    ratio = lesson(chosen.ranked, result, asked.selection is not None)
    if ratio is None:
        return result
    host = session.host
    try:
        kept.learn(kept.key_for(session), chosen.ranked.candidate.method_id, ratio)
    except OSError:
        pass  # the copy is done as it says; only what it taught is lost
    if result.seconds > SLOWER * promised:
        return replace(result, notes=[*result.notes, slower_than_promised(
            result.seconds, promised, host.label, why_slower(pace, result, chosen.ranked))])
    return result


async def let_go(session: Session, advice: Advice, timeout: float = 120) -> None:
    """What the window's advice left at the destination for a copy of its files that did not come (another
    advice, another selection or host, the window closing): its kept lap's scratch folder and the staging
    folder its race opened, removed. A staging folder that was there before the advice (a cut copy's) stays for
    that copy to carry on from."""
    local = advice.request is not None and advice.request.download
    folders = [dirname(advice.kept_lap[1])] if advice.kept_lap else []
    for folder in [*folders, *([advice.made_stage] if advice.made_stage else [])]:
        await finish(remove_folder(session, folder, local=local, timeout=timeout))


class Pace:
    """Passes a copy's events on and keeps when each progress figure came: how its rate went over the copy."""

    def __init__(self, emit: Emit) -> None:
        self.emit, self.samples = emit, []

    def __call__(self, event: object) -> None:
        if isinstance(event, Progress):
            self.samples.append((time.monotonic(), event.done))
        self.emit(event)

    def thirds(self) -> tuple[float, float] | None:
        """MB/s in the first and in the last third of the copy's time (None: too short to tell)."""
        s = self.samples
        if len(s) < 6 or s[-1][0] - s[0][0] < MIN_PACE_S:
            return None
        start, span = s[0][0], s[-1][0] - s[0][0]

        def at(share: float) -> tuple[float, int]:
            return min(s, key=lambda x: abs(x[0] - (start + share * span)))

        def rate(a: tuple[float, int], b: tuple[float, int]) -> float:
            return (b[1] - a[1]) / (b[0] - a[0]) / 1e6 if b[0] > a[0] else 0.0

        return rate(s[0], at(1 / 3)), rate(at(2 / 3), s[-1])


def why_slower(pace: Pace, result: TransferResult, promised: Ranked) -> str:
    """What was measured of a copy clearly slower than promised: its rate falling as it went, files that cost
    more each than the race's sample showed, or a rate below its lap's from the start ("": none of these)."""
    thirds = pace.thirds()
    if thirds and thirds[0] > 0 and thirds[1] < SLOWED * thirds[0]:
        return slowed_as_it_went(*thirds)
    if result.files >= MANY_FILES and result.bytes / max(result.files, 1) < SMALL_FILE:
        return each_file_cost_more(result.files)
    lap = promised.measured_MBps
    if lap and thirds and thirds[0] < lap:
        return below_its_lap(thirds[0], lap)
    return ""


SLOWER = 1.2       # a copy this much slower than promised says so
SLOWED = 0.7       # the last third's rate under this share of the first third's: it slowed as it went
MIN_PACE_S = 3.0   # a copy shorter than this has no thirds worth comparing
MANY_FILES, SMALL_FILE = 1000, 256 * 1024  # a selection mostly paying per file
LEARN_FROM = 1.0   # seconds: a shorter copy is mostly starting up, which says little about the next one


def lesson(promised: Ranked, result: TransferResult, same_selection: bool) -> float | None:
    """How many times the model's prediction for what this copy sent it took (before what earlier copies
    taught was allowed for; where the race's laps or the destination held some of the selection already, the
    prediction for the rest: Ranked.for_part), or None when it teaches nothing: the promise was for other
    files (not the selection the advice read), a measurement (a race lap that copied the whole selection), or
    the copy sent too little or was too short to teach anything."""
    part = promised.for_part(result.sent_bytes, result.bytes)
    if (not same_selection or promised.timed or not timed(result.sent_bytes) or result.seconds < LEARN_FROM
            or part <= 0):
        return None
    return result.seconds / (part / promised.allowed)
