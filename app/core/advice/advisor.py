"""The advisor: profile → predictions → race → recommendation, for one selection and host (the model is in
model.py, who races and how the laps rank in ranking.py, the race's laps into a copy in laps.py, the
recommendation made of the ranking in recommendation.py).

It recommends the fastest secure method and, when insecure methods are allowed and one is
faster, the fastest overall; each with the one-sentence reason and the shell command.
"""

from __future__ import annotations

import asyncio
import time
from posixpath import join
from dataclasses import dataclass, field, replace

from app.core.transfer import methods, ownership, preflight

from app.core.advice import model
from app.core.advice.calibration import held_climb_s

from app.core.profile import kept, profiler
from app.core.profile.probes.common import ramp_seconds

from app.core.wording.advice import lap_kept_note, measuring_link, quick_copy_note, race_staged_note
from app.core.wording.transfer import phase_scanning, swept_note
from app.core.errors import ErrorKind, TransferError, no_method_can_run
from app.core.events import Emit, Phase, ignore
from app.core.host.link_loss import STALL_TIMEOUT, worded_link_errors
from app.core.host.ssh_command import Options
from app.core.advice.model import Candidate, Prediction
from app.core.selection.stats import SelectionStats
from app.core.profile.link_profile import LinkProfile
from app.core.advice.laps import lap_parts
from app.core.advice.race import FIRST, QUICKEST, Lap, label as lap_label, race
from app.core.advice.ranking import Ranked, pick_entrants, rank
from app.core.advice.recommendation import Advice, advice_for, losses_per_method
from app.core.selection.sample import race_sample
from app.core.selection.entries import Entry, Selection
from app.core.selection.reading import read_selection, resolve_dest
from app.core.host.session import Session
from app.core.tasks import both, finish
from app.core.transfer.ownership import remove_folder
from app.core.transfer.engine import CopyRequest
from app.core.transfer.journal import Journal


CUT_SHORT_WAIT = 10.0  # seconds a stopped advice waits for its staging folder to go
SAMPLE_LAPS = 1.5  # the race's sample holds this many laps of the fastest entrant's predicted rate
# A copy (`quick` advice) the best secure method is predicted to finish within QUICK_SECONDS goes at once:
# measuring the link and racing would take longer than the copy. Before the link is measured (first
# contact) the prediction assumes a gigabit network, so the selection must also be at most QUICK_BYTES
# (3 s even at 10 MB/s, a slow Wi-Fi).
QUICK_SECONDS = 3.0
QUICK_BYTES = 30_000_000
# A race on a host held to a share of a core pays that host's climb (calibration.held_climb_s) in its laps, and its
# commands at the host's pace: on the lab's starved NAS (4 %) `copy --best` of 24 MB took 16.6-17.3 s raced and
# 9.8-11.3 s copied at once, about three such climbs apart.
HELD_RACE_CLIMBS = 3


@dataclass(frozen=True)
class AdviceRequest:
    sources: list[str]
    dest: str
    download: bool = False
    allow_insecure: bool = False
    race: bool = True
    race_count: int = 3
    race_seconds: float = 2.0
    fresh: bool = False
    probe_budget: float = 0.75
    stall_timeout: float = STALL_TIMEOUT  # seconds a probe or a lap may move no data before the link counts as lost
    owners: bool = False  # only methods that can keep owners (--owners)
    xattrs: bool = False  # only methods that can keep extended attributes and ACLs (--xattrs)
    quick: bool = False  # advice for a copy about to start (copy --best): a copy quicker than racing goes at once
    # That copy (its method not chosen yet), when the race's laps may copy parts of the selection into its
    # staging folder for it to carry on from (copy --best): no lap's bytes are thrown away.
    then: CopyRequest | None = field(default=None, compare=False)
    # The window's advice: a copy of it may follow (Copy now), its choices not made yet. An upload's race copies
    # into that copy's staging folder where nothing is in the way there, and keeps its quickest lap of the whole
    # selection; the copy carries on from both, and whatever no copy takes is removed when the advice is let go
    # (app.core.advice.follow.let_go).
    copy_may_follow: bool = False

    def asked(self) -> dict[str, bool]:
        """What the copy must keep besides what every copy does (Options' fields)."""
        return {"owners": self.owners, "xattrs": self.xattrs}


@worded_link_errors("measurement")
async def advise(session: Session, req: AdviceRequest, emit: Emit = ignore,
                 selection: Selection | None = None) -> Advice:
    """`selection`: the sources as read already (their roots), else they are read here."""
    started = time.monotonic()
    if selection is None:
        emit(Phase("scanning", phase_scanning()))
        selection, sources, dest = await read_selection(session, req.sources, req.dest, req.download)
    else:
        sources, dest = selection.roots, await resolve_dest(session, req.dest, req.download)
    swept, shares = await both(ownership.sweep(session, dest, local=req.download),
                               preflight.shares_for(session, sources if req.download else [dest], not req.download,
                                                    req.allow_insecure))
    notes = swept_note(*swept)
    stats = SelectionStats.of(selection)
    refused = _refused(session, req)

    def predict(profile: LinkProfile) -> tuple[list[Candidate], dict[str, str], list[Prediction]]:
        found, left_out = model.candidates(profile, stats, session.local, session.remote, req.allow_insecure,
                                           req.download, shares)
        left_out.update(refused)
        return found, left_out, predicted(profile, found)

    def predicted(profile: LinkProfile, found: list[Candidate]) -> list[Prediction]:
        predictions = model.predict_all(profile, stats, session.local, session.remote, req.allow_insecure,
                                        req.download, found)
        predictions = [p for p in predictions if p.candidate.method_id not in refused]
        if not predictions:
            raise no_method_can_run(session.host.label)
        return predictions

    def at_once(profile: LinkProfile, link_known: bool,
                predicted: tuple[list[Candidate], dict[str, str], list[Prediction]]) -> Advice | None:
        """For a copy about to start: the advice to copy at once, unraced, where the best secure method is
        predicted (`predicted`: what predict(profile) gave) to be done sooner than racing would take (None: race)."""
        found, left_out, predictions = predicted
        ranking = rank(predictions, [], stats, losing=losses_per_method(session, stats), lessons=_lessons(session),
                       commands_s=_commands_s(session, profile), unraced_climb=held_climb_s(profile))
        if not _quick(ranking, stats, link_known, profile):
            return None
        advice = advice_for(session, profile, stats, ranking, predictions, sources, dest, left_out,
                         time.monotonic() - started, req.asked(), shares)
        chosen = advice.secure.ranked if advice.secure else ranking[0]
        said = quick_copy_note(chosen.candidate.label, chosen.seconds, stats.files, stats.bytes, link_known)
        emit(Phase("quick", said))
        # The copy goes with the secure pick even where unencrypted methods are allowed: no listener to start for
        # a copy this short.
        return replace(advice, overall=advice.secure, notes=[*notes, said], raced=False, request=req,
                       selection=selection, sources=sources, dest=dest)

    glance = None
    if req.quick and not req.fresh:
        # A glance first (the round trip, and the link's figures where they are kept): a small copy goes now.
        glance = await profiler.measure(session, None, None, ignore, req.probe_budget, stall=req.stall_timeout,
                                        link=False)
        advice = at_once(glance, _link_known(glance), predict(glance))
        if advice is not None:
            return advice
    emit(Phase("profiling", measuring_link(session.host.label)))
    # For a copy about to start: only what it needs (app.core.profile.profiler.ForCopy), the glance's round trip.
    profile = await profiler.measure(session, None if req.download else dest,
                                     None if req.download else sources, emit, req.probe_budget, req.fresh,
                                     req.stall_timeout, for_copy=profiler.ForCopy("down" if req.download else "up",
                                                                                   stats.files, stats.bytes)
                                     if req.quick else None,
                                     glance=glance)
    found, left_out, predictions = predict(profile)
    # Measured now: a copy the link lets finish sooner than a race would take goes at once (on a fast link, most
    # copies of a few hundred MB).
    advice = at_once(profile, True, (found, left_out, predictions)) if req.quick and req.race else None
    if advice is not None:
        return advice
    if profile.remote_cpu_share is not None and req.race:
        # The CPU the host gives stands in for laps where none run (a copy at once). Where laps run they say it,
        # and the model's own order of the tools at that share is a guess that would come before them: on the lab's
        # weak NAS an unraced scp so came first, ahead of tar over ssh raced, and took half as long again as promised.
        profile = replace(profile, remote_cpu_share=None)
        predictions = predicted(profile, found)  # (the candidates are the same: the share does not choose them)
    laps: list[Lap] = []
    kept_lap, made_stage = None, ""
    whole = False  # the race copied the whole selection, not a sample of it
    staged = 0
    if req.race:
        entrants = pick_entrants(predictions, req.race_count, req.allow_insecure)
        # Enough for the fastest entrant to run its whole lap, with the whole selection's mix of sizes.
        ramp = ramp_seconds(profile.rtt_ms)  # a long link: each lap waits for TCP's climb too
        target = SAMPLE_LAPS * (req.race_seconds + ramp) * max(p.stream_MBps for p in entrants) * 1e6
        predicted = {p.candidate: p.stream_MBps for p in entrants}
        then = _the_copy(req, selection, dest)
        if then is not None and req.then is None:  # the window's: a staging folder it opens is its own to remove
            stage = join(dest, Journal.of(selection.roots, dest, False, "").folder)
            made_stage = "" if (await session.files.exists([stage]))[0] else stage
        try:
            parts = (await _lap_parts(session, req, then, selection, dest, [p.candidate for p in entrants], target)
                     if then else None)
            if parts is not None:
                # Laps the selection had no fair part for copy a sample into a scratch folder.
                sample = race_sample(selection, target) if None in parts else None
                laps = await race(session, [p.candidate for p in entrants], sources, dest, req.download,
                                  req.race_seconds, emit, req.allow_insecure, req.stall_timeout, selection, ramp,
                                  predicted, parts, sample,
                                  _link_ceilings(profile, entrants, req.download) if req.then is not None else None,
                                  every_lap=req.then is None)  # (the window's user sees every lap, as before)
                staged = sum(lap.sent for lap in laps)
                if staged:
                    notes = [*notes, race_staged_note(staged)]
            else:
                chosen = race_sample(selection, target)
                whole = chosen is None
                keep = ((FIRST if req.then is not None else QUICKEST) if whole and then is not None
                        and _room_for_a_kept_lap(session, selection, req.download) else "")
                laps = await race(session, [p.candidate for p in entrants], chosen.sources if chosen else sources,
                                  dest, req.download, req.race_seconds, emit, req.allow_insecure, req.stall_timeout,
                                  selection.part(chosen.sources) if chosen else selection, ramp, predicted,
                                  keep_whole=keep, copy_bytes=selection.bytes if req.then is not None else 0)
                kept_lap = next(((lap.candidate, lap.kept) for lap in laps if lap.kept), None)
                if kept_lap is not None:
                    notes = [*notes, lap_kept_note(lap_label(kept_lap[0]))]
        except asyncio.CancelledError:  # the window's advice stopped by its user: its staging folder goes (a lost
            if made_stage:               # link keeps it, for a later copy of the same files or a sweep a day on)
                await finish(remove_folder(session, made_stage, local=False, timeout=CUT_SHORT_WAIT))
            raise
        # A lap faster than a probe's ceiling proves that probe unlucky: correct it and predict again,
        # so the unraced candidates and the bottleneck sentence use what the race saw.
        corrected = model.corrected_by_race(profile, predictions,
                                            {lap.candidate: lap.MBps for lap in laps if lap.MBps})
        if corrected is not profile:  # the history and the next advice say what the chart now shows
            try:
                kept.raised(kept.key_for(session), corrected)
            except OSError:
                pass  # the advice stands; only the kept profile keeps its lower figures
        profile = corrected

        def again(profile: LinkProfile) -> list[Prediction]:
            return [p for p in model.predict_all(profile, stats, session.local, session.remote, req.allow_insecure,
                                                 req.download, found, [lap.candidate for lap in laps])
                    if p.candidate.method_id not in refused]

        # What each raced method's own processes cost the host per MB, measured (less sshd's share as the
        # corrected profile has it): every variant of it uses that.
        profile = model.tool_costs_from_race(profile, again(profile), laps)
        said = model.tool_costs_note(profile, laps)
        notes = [*notes, said] if said else notes
        predictions = again(profile)
    ranking = rank(predictions, laps, stats, whole, losses_per_method(session, stats), _lessons(session),
                   _commands_s(session, profile), kept_lap[0] if kept_lap else None)
    advice = advice_for(session, profile, stats, ranking, predictions, sources, dest, left_out,
                     time.monotonic() - started, req.asked(), shares)
    return replace(advice, notes=notes, raced=req.race, request=req, selection=selection, sources=sources,
                   dest=dest, staged_bytes=staged, kept_lap=kept_lap, made_stage=made_stage)


def _the_copy(req: AdviceRequest, selection: Selection, dest: str) -> CopyRequest | None:
    """The copy the race may copy into: `copy --best`'s own, or for the window's advice (copy_may_follow) an
    upload's copy of the selection as it will start, its choices still to be made. None: the race copies
    into a scratch folder and throws it away."""
    if req.then is not None or not req.copy_may_follow or req.download:
        return req.then
    return CopyRequest(selection.roots, dest, "", allow_insecure=req.allow_insecure,
                       stall_timeout=req.stall_timeout, selection=selection)


async def _lap_parts(session: Session, req: AdviceRequest, then: CopyRequest, selection: Selection, dest: str,
                     entrants: list[Candidate], target: float) -> list[list[Entry] | None] | None:
    """lap_parts for the copy `then`. The window's (copy_may_follow): where something at the destination is in
    the way (asked only when Copy now is pressed) or its disk lacks the room, the race copies into a scratch
    folder as without a copy to follow."""
    try:
        return await lap_parts(session, then, selection, dest, entrants, target)
    except TransferError as exc:
        if req.then is not None or exc.kind not in _NOT_YET:  # copy --best: what stops its copy stops it now
            raise
        return None


# What stops the window's copy only once it starts (its user is asked then, or sees then that the disk is full):
# its advice races without staging.
_NOT_YET = {ErrorKind.CONFLICT, ErrorKind.DEST_FULL, ErrorKind.DEST_UNWRITABLE}


def _room_for_a_kept_lap(session: Session, selection: Selection, download: bool) -> bool:
    """Whether the destination's disk holds the whole selection three times over: a lap kept for the copy, the
    next lap's own copy beside it, and room to spare."""
    free = (session.local if download else session.remote).dest_free_bytes
    return free is not None and free >= 3 * selection.bytes_on_disk()


def _link_ceilings(profile: LinkProfile, entrants: list[Prediction], download: bool) -> dict[Candidate, float]:
    """For a copy's race: the most the measured link (the network and its protocol's windows) lets each
    entrant move; none where raw TCP was not measured that way, and never a tool's own CPU (the model's
    figures for those are calibrated guesses). A lap that reached one leaves that entrant nothing to win,
    and its lap is seconds of the user's wait."""
    if not (profile.tcp_down_MBps if download else profile.tcp_up_MBps):
        return {}
    return {p.candidate: p.wire_MBps for p in entrants if p.wire_MBps}


# The app's own commands a copy runs one after another besides those of a race lap (which its figures hold
# already): looking at the destination and its free space, opening and marking the staging folder, moving
# the result into place, listing it to verify. Each takes what one command takes on the host: nothing to
# speak of on a LAN, a quarter of a second and more on a starved NAS (the lab's `starved-nas`: a `copy --method
# scp-legacy` of 24 MB ran 6 rounds of them, 1.7 s, of which a race lap runs about one).
COPY_ROUNDS = 5
# A session that has run fewer commands than this has one moment's figure, and the figure kept with the host's
# profile stands (a second advice that reused the profile had run one command: on CI's busy machine its promises
# came out 39 % longer than the first advice's, for nothing the host did).
MIN_COMMANDS = 3


def _commands_s(session: Session, profile: LinkProfile) -> float:
    own = session.command_seconds
    each = own if len(session.command_times) >= MIN_COMMANDS or not profile.command_s else profile.command_s
    return COPY_ROUNDS * each


def _lessons(session: Session) -> dict[str, float]:
    """What copies to this host taught about the model's predictions (app.core.advice.follow learns them)."""
    return kept.lessons(kept.key_for(session))


def _link_known(profile: LinkProfile) -> bool:
    """The profile has the link's figures (kept from an earlier measurement), not just its round trip."""
    return bool(profile.ciphers or profile.tcp_up_MBps or profile.tcp_down_MBps or profile.per_file_ms)


def _quick(ranking: list[Ranked], stats: SelectionStats, link_known: bool, profile: LinkProfile) -> bool:
    """The best secure method's copy is quicker than measuring the link and racing would be: QUICK_SECONDS, and on
    a host held to a share of a core the climb that the race's laps pay again (HELD_RACE_CLIMBS)."""
    best = next((r for r in ranking if r.prediction.secure), None)
    return (best is not None and best.seconds <= QUICK_SECONDS + HELD_RACE_CLIMBS * held_climb_s(profile)
            and (link_known or stats.bytes <= QUICK_BYTES))


def _refused(session: Session, req: AdviceRequest) -> dict[str, str]:
    """Methods that cannot keep what was asked for (--owners, --xattrs), and why."""
    asked = Options(**req.asked())
    out = {}
    for m in methods.METHODS.values():
        reason = m.refuses(asked, session.local, session.remote)
        if reason:
            out[m.id] = reason
    return out
