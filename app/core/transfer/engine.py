"""The copy: look at the selection and the destination, stage what is missing, send it, compare its contents,
move it into place, verify, and say what a stopped copy keeps (each plan it sends: app.core.transfer.execute).
(Over 400 lines: a copy's one flow, read top to bottom here; how a stopped one ends: app.core.transfer.stopped.)

copy() is the whole flow: scan the selection, check the method can run, look at what the destination
already holds (and settle what is in the way: app.core.transfer.existing), open this copy's staging folder
(carrying on from what an earlier run of it staged: app.core.transfer.resume), send what is missing there
(app.core.transfer.sends), compare the staged contents (so nothing that did not arrive as sent takes a final
name), move the result into place, check its sizes there, and clean up whatever happens. A cancelled or
cut copy keeps its staging folder, so running it again carries on where it stopped.
"""

from __future__ import annotations

import random
import secrets
import time
from dataclasses import dataclass, field, replace
from posixpath import join
from typing import Awaitable, Callable

from app.core.wording.transfer import (carried_on_note, carrying_on, hashing_failed, phase_comparing, phase_deleting,
                                        phase_finalizing, phase_scanning, phase_verifying,
                                        contents_not_compared, copy_losses, deleted_note, deletion_lines, kept_note,
                                        links_followed, placement_notes, sent_all_again, swept_note, turned_up_note,
                                        update_note)
from app.core.transfer import methods, mirror, ownership, preflight, resume, rsyncd, survey, verify
import asyncssh

from app.core.errors import TransferError, no_free_port, no_rename_in_own_module
from app.core.events import CopyPreview, Emit, Phase, TransferResult, ignore
from app.core.transfer.existing import Existing, Placement
from app.core.transfer.journal import Journal
from app.core.host.link_loss import STALL_TIMEOUT, worded_link_errors
from app.core.host.local_files import LocalFiles
from app.core.transfer.mirror import ConfirmDelete
from app.core.host.ssh_command import Options
from app.core.transfer.methods.base import Context, DaemonModule, Job, Method
from app.core.transfer.progress import Tally
from app.core.host.mux import Mux
from app.core.host.remote_helper import PortBusy
from app.core.tasks import both, finish
from app.core.selection.entries import Entry, Selection
from app.core.selection.reading import read_selection, resolve_dest
from app.core.transfer.command import Reach, shown_command
from app.core.transfer.execute import execute, side_by_side
from app.core.transfer.sends import CONTINUER, Send, job_for, plan_sends
from app.core.host.session import Session
from app.core.host.rsync_modules import ModuleRoot
from app.core.host.share_roots import ShareRoot
from app.core.host.staging import Records
from app.core.transfer.survey import Decide, Sides
from app.core.transfer.stopped import stopped
from app.core.transfer.watchdog import Watch

PORT_TRIES = 5


@dataclass(frozen=True)
class CopyRequest:
    sources: list[str]
    dest: str
    method: str
    options: Options = Options()
    allow_insecure: bool = False
    verify_hashes: bool = False
    rsync_module: str | None = None   # rsync-daemon: use the user's running daemon's [user@]module
    rsync_port: int | None = None
    rsyncd_conf: str = rsyncd.DEFAULT_CONF
    # Into a folder that is thrown away afterwards (the race): no staging folder to move into place,
    # no verification; saves a few remote commands a lap, seconds on a slow NAS.
    scratch: bool = False
    stall_timeout: float = STALL_TIMEOUT  # seconds without data before the copy is stopped as link-lost
    existing: Existing = Existing.ASK     # what to do with what is already at the destination
    resume: bool = True                   # carry on from this copy's staging folder (False: start over)
    # Make the copy's folders at the destination match: delete what they hold there that the selection
    # lacks (app.core.transfer.mirror), once agreed to: by yes_delete, else by copy()'s confirm_delete.
    mirror: bool = False
    yes_delete: bool = False
    # The selection as read already (by the advice, or the race's part of it): the copy takes it instead of
    # scanning the sources again; its roots are the sources.
    selection: Selection | None = field(default=None, compare=False, repr=False)
    # A race lap of this very copy (app.core.advice.race): only these of the selection's entries are sent,
    # into the copy's own staging folder as to_stage() opened it, and the lap stops there (nothing placed or
    # verified); the copy after the race carries on from what its laps staged.
    only: tuple[Entry, ...] | None = field(default=None, compare=False, repr=False)
    after_race: bool = False  # what the staging folder holds came from the race's laps (said so)


# Called once by copy() when what is in the way and what a mirror deletes are agreed, before a byte moves: True
# when it made the copy's staging folder hold the whole selection (a race lap's copy taken over: take_lap), which the
# copy then only checks and places.
Ready = Callable[[], Awaitable[bool]]


@worded_link_errors("copy")
async def copy(session: Session, req: CopyRequest, emit: Emit = ignore, decide: Decide | None = None,
               confirm_delete: ConfirmDelete | None = None, ready: Ready | None = None) -> TransferResult:
    """Copy; `decide` is asked once when something at the destination is in the way and the request
    makes no choice (else the copy stops before it starts, with a sentence saying what is there). A
    mirror that would delete asks `confirm_delete` the same way, unless the request says yes already.
    `ready`: see Ready."""
    method = methods.get(req.method)
    started = time.monotonic()
    if method.secure and method.logs_in:
        # No cipher asked for: the shared connection's, which the copy then reaches without logging in again;
        # the command shown says it.
        req = replace(req, options=session.shared_cipher(req.options))
    seen = await _look(session, req, emit, decide, method)
    deletion = None
    if req.mirror:
        deletion = await mirror.agreed(seen.sides, seen.selection, seen.dest, req.yes_delete, confirm_delete)
    wanted = seen.placement.staged if seen.placement else seen.selection.entries
    if req.only is None:  # (a lap's space was checked for the whole copy, by to_stage)
        await preflight.check_destination(session, Selection(seen.selection.roots, wanted), seen.dest,
                                          req.options.download)
    if ready is not None and not (seen.placement and seen.placement.nothing_to_do) and await ready():
        req = replace(req, resume=True, after_race=True)
    result = await _copy_staged(session, method, req, seen, emit)
    if seen.placement is not None:
        update = Existing.NEWER in (req.existing, seen.placement.policy)  # asked for, or the window's answer
        extra = [update_note(**seen.placement.changes())] if update else []
        result = replace(result, changes=seen.placement.changes(), notes=[*result.notes, *extra])
    if deletion is not None:
        result = await _delete(seen, deletion, result, emit)
    return replace(result, seconds=time.monotonic() - started)


@worded_link_errors("copy")
async def preview(session: Session, req: CopyRequest, decide: Decide | None = None) -> CopyPreview:
    """What the copy would send and, for a mirror, delete; nothing is changed anywhere (--dry-run)."""
    seen = await _look(session, req, ignore, decide, None)
    p = seen.placement
    deletion = await mirror.look(seen.sides.dest, seen.selection, seen.dest) if req.mirror else None
    return CopyPreview(seen.sides.where(seen.dest), [(p.dest_path(e.path), e.size) for e in p.staged
                                                     if e.kind != "dir"], p.changes(), p.summary(),
                       deletion.as_dict() if deletion else None, deletion_lines(deletion) if deletion else [])


async def _delete(seen: _Seen, agreed: mirror.Deletion, result: TransferResult, emit: Emit) -> TransferResult:
    """A mirror's deletions, once the copy is in place and verified, said beside its result."""
    if agreed.count:
        emit(Phase("deleting", phase_deleting()))
    doomed, turned_up = await mirror.carry_out(seen.sides, seen.selection, seen.dest, agreed)
    notes = list(result.notes)
    if doomed.count:
        notes.append(deleted_note(doomed.count, doomed.files, doomed.bytes, seen.sides.where(seen.dest)))
    if turned_up:
        notes.append(turned_up_note(turned_up))
    if agreed.kept:
        notes.append(kept_note(list(agreed.kept)))
    return replace(result, notes=notes, deleted=doomed.as_dict())


@worded_link_errors("copy")
async def to_stage(session: Session, req: CopyRequest) -> list[Entry] | None:
    """Before a race whose laps copy parts of the selection into this copy's staging folder (`req` names no
    method yet): look at the destination as copy() will (something in the way without a choice raises the
    same), check the space for the whole copy, and open the staging folder (what an earlier run left is
    sorted out as copy() would). Returns the files and links still to send, and the folders above them;
    None when the copy stages nothing (the user's rsync module is written in place; all is there already).
    A selection with a read-only folder is not staged in parts: a lap that set one would shut out the next."""
    o = req.options
    entries = req.selection.entries if req.selection else []
    # (sftp's batch cannot name a path with a line break: a lap given one would send everything)
    if req.rsync_module or any((e.kind == "dir" and e.locked) or "\n" in e.path or "\r" in e.path for e in entries):
        return None
    seen = await _look(session, req, ignore, None, None)
    if seen.placement is None or seen.placement.nothing_to_do:
        return None
    wanted = seen.placement.staged
    await preflight.check_destination(session, Selection(seen.selection.roots, wanted), seen.dest, o.download)
    journal = Journal.of(seen.sources, seen.dest, o.download, "race")
    target = join(seen.dest, journal.folder)
    leftover = await resume.open_stage(seen.sides, seen.dest, journal, wanted, seen.sources, True, req.resume, True,
                                       ownership.marker("staging", target))
    done = leftover.complete | set(leftover.partial)  # a cut file is the copy's to carry on, not a lap's
    return [e for e in wanted if e.path not in done]


async def take_lap(session: Session, req: CopyRequest, folder: str) -> bool:
    """A race lap's copy of the whole of `req`'s selection (`folder`, by `req`'s method and options) becomes the
    copy's staging folder, so copy(req) with `resume` sends nothing again. An upload's only; False where the
    folder could not be taken over (the copy then sends everything, as without it)."""
    if req.selection is None or req.options.download:
        return False
    try:
        dest = await resolve_dest(session, req.dest, False)
        journal = Journal.of(req.selection.roots, dest, False, req.method)
        await resume.take_lap(session.files, folder, dest, journal)
    except (OSError, asyncssh.Error, TimeoutError, TransferError):
        return False
    return True


@worded_link_errors("copy")
async def may_mirror(session: Session, req: CopyRequest) -> None:
    """Raise what copy() would before a byte moves (something in the way, deletions without a yes),
    changing nothing: for `copy --best`, whose race would write beside the destination first."""
    seen = await _look(session, req, ignore, None, None)
    await mirror.agreed(seen.sides, seen.selection, seen.dest, req.yes_delete, None)


@dataclass
class _Seen:
    """What the copy learnt before a byte moves."""

    selection: Selection
    sources: list[str]
    dest: str
    module: DaemonModule | None
    placement: Placement | None
    sides: Sides
    notes: list[str]
    share: ShareRoot | ModuleRoot | None = None  # the share of the host that the method goes through


async def _look(session: Session, req: CopyRequest, emit: Emit, decide: Decide | None,
                method: Method | None) -> _Seen:
    """Scan the selection, run the checks, look at the destination. Without a method (a dry run) only
    what changes nothing: no method checks, no sweep of stale folders."""
    o = req.options
    if req.mirror and req.existing in (Existing.SKIP, Existing.RENAME):
        raise mirror.refuse_policy(req.existing.value)
    if req.selection is not None:
        selection, sources, dest = req.selection, req.selection.roots, await resolve_dest(session, req.dest, o.download)
    else:
        emit(Phase("scanning", phase_scanning()))
        selection, sources, dest = await read_selection(session, req.sources, req.dest, o.download)
    module = None
    if method is not None:
        module = await preflight.daemon_module(session, method, req, sources if o.download else [dest])
    preflight.check_names(selection)
    share = None
    if method is not None:
        shares = (await preflight.shares_for(session, sources if o.download else [dest], not o.download,
                                             req.allow_insecure, frozenset({method.share_kind}), method.secure)
                  ) if method.through_share else ()
        preflight.check_method(session, method, req, selection, [*sources, dest], shares)
        share = method.share_for(shares, [*sources, dest], o.download)
    lap = req.scratch or req.only is not None  # a race lap: no look at the destination (to_stage had one)
    sweep = not lap and method is not None
    checked: list[str] = []
    sides = _sides(session, method, req, checked)
    placement = None
    if not lap:
        emit(Phase("comparing", phase_comparing()))
    # The sweep of earlier runs' folders and the look at what is there are apart (the sweep removes only
    # the app's own marked folders; the look, the selection's names): side by side, a command's round trips
    # each instead of both in turn.
    swept, placement = await both(ownership.sweep(session, dest, local=o.download) if sweep else None,
                                  None if lap else
                                  survey.look(sides, selection, sources, dest, req.existing, decide))
    notes: list[str] = (swept_note(*swept) if sweep else []) + checked
    if placement is not None:
        if placement.hashing_failed:
            notes.append(hashing_failed())
        if req.mirror and placement.policy in (Existing.SKIP, Existing.RENAME):  # the window's answer
            raise mirror.refuse_policy(placement.policy.value)
        if module is not None and placement.renamed:
            raise no_rename_in_own_module()
    return _Seen(selection, sources, dest, module, placement, sides, notes, share)


def _sides(session: Session, method: Method | None, req: CopyRequest, notes: list[str]) -> Sides:
    """Which side is read and which written, and whether contents are compared: when asked, and by
    default after a method that sends the files unencrypted (nothing guards them on the way). The race
    never hashes: its copies are thrown away."""
    here, there = LocalFiles(), session.files
    unencrypted = method is not None and not method.secure
    wanted = (req.verify_hashes or unencrypted) and not req.scratch and req.only is None
    tool, why_not = survey.hash_tool(session.local, session.remote, session.host.label, wanted)
    if why_not:
        notes.append(contents_not_compared(why_not))
    return Sides(there, here, tool) if req.options.download else Sides(here, there, tool)


async def remote_abspath(session: Session, path: str) -> str:
    return await session.files.abspath(path)


async def _copy_staged(session: Session, method: Method, req: CopyRequest, seen: _Seen, emit: Emit) -> TransferResult:
    selection, sources, dest, module, placement = seen.selection, seen.sources, seen.dest, seen.module, seen.placement
    sides, notes = seen.sides, seen.notes
    o = req.options
    journal = Journal.of(sources, dest, o.download, method.id)
    wanted = placement.staged if placement else list(req.only) if req.only is not None else selection.entries
    idle = placement is not None and placement.nothing_to_do
    # The race copies into a folder it throws away; the user's own rsync daemon writes as its own user,
    # who may not enter a staging folder we create: both write in place.
    staged = not (req.scratch or module is not None or idle)
    target = join(dest, journal.folder) if staged else dest
    shown = shown_command(method.id, o, sources, dest, Reach.of(session), module, seen.share)
    if not req.scratch and req.only is None:
        notes += copy_losses(method, session.local, session.remote, Selection(selection.roots, wanted), o)
    leftover = resume.Leftover()
    if idle:
        await resume.drop(sides.dest, dest, journal)
    elif req.only is not None and staged:
        pass  # a lap: to_stage opened the staging folder and sorted out what it held
    elif staged:
        # Marked as this run's at once (a folder carried on from a dead run becomes ours), even when
        # cancelled meanwhile: only a marked folder is ever swept.
        leftover = await resume.open_stage(sides, dest, journal, wanted, sources, not method.keeps_symlinks,
                                           req.resume, _can_carry_on(session, method, req),
                                           ownership.marker("staging", target))
    else:
        await sides.dest.prepare(dest, None)
    # Taken before sending: a send that has to start over empties `leftover`.
    checked_by = verify.checked_on_arrival(method, staged and not req.verify_hashes, leftover)
    mux = Mux(session, o) if o.mux and not idle else None
    placed, sent = False, 0
    try:
        if not idle:
            control_path = await mux.start() if mux else None
            sent = await _send(session, method, req, seen, target, wanted, leftover, emit, control_path, staged)
        if req.scratch or req.only is not None:
            return TransferResult(method.id, o.as_dict(), selection.files, selection.bytes, 0.0, False, "none",
                                  shown, notes)
        compared = None
        if staged and sides.hash_tool:  # what did not arrive as it was sent never takes its final name
            emit(Phase("verifying", phase_verifying()))
            compared = await verify.contents_staged(sides, method, selection, placement, sources, target, checked_by)
        placed, held = True, None  # from here on the copy is whole at the destination, or says how far it got
        if staged:
            emit(Phase("finalizing", phase_finalizing()))
            records = Records(list(placement.renamed.items()), placement.records)
            # Never half-moved; the same command checks the sizes there where the host can.
            held = await finish(sides.dest.place(target, dest, records, sides.where(dest),
                                                 verify.expected_there(method, selection, placement)))
        if compared is None:
            emit(Phase("verifying", phase_verifying()))
        if not method.keeps_symlinks and any(e.kind == "link" for e in selection.entries):
            notes.append(links_followed(method.label))
        verification = await verify.far_side(sides, method, selection, placement, sources, dest, checked_by, compared,
                                             held)
    except BaseException as exc:
        raise await stopped(exc, session, target, staged, placed, o.download)
    finally:
        if mux:
            await finish(mux.stop())
    if placement is not None:
        notes += carried_on_note(len(leftover.complete), len(leftover.partial), req.after_race)
        notes += placement_notes(placement)
    return TransferResult(method.id, o.as_dict(), selection.files, selection.bytes, 0.0, True, verification,
                          shown, notes, sent=sent,
                          existing=placement.summary() if placement else {},
                          resumed=len(leftover.complete) + len(leftover.partial))


def _can_carry_on(session: Session, method: Method, req: CopyRequest) -> bool:
    """Whether a file a cut left staged in part can go on from there: by the method itself, or by ssh cat."""
    if method.continues_files:
        return True
    # One file a run: a copy on parallel streams carries on its cut files with ssh cat too, each beside the
    # others on a connection of its own like one of the copy's streams (its options keep them off the shared one).
    ctx = Context(session.local, session.remote, replace(req.options, streams=1), req.allow_insecure,
                  single_file=True)
    return methods.get(CONTINUER).unavailable(ctx) is None


def _job(session: Session, req: CopyRequest, sources: list[str], dest: str, module: DaemonModule | None,
         share: ShareRoot | ModuleRoot | None, ssh) -> Job:
    # The user's rsync module is written in place: what the copy sends there was found missing or
    # different (identical files are left out), even when its size and time match.
    return Job(ssh, tuple(sources), dest, req.options, session.listen_address, module=module, share=share,
               local=session.local, remote=session.remote, client_address=session.seen_as,
               netcat=session.remote.nc_flavour, rewrite=module is not None and not req.scratch)


async def _send(session: Session, method: Method, req: CopyRequest, seen: _Seen, target: str, wanted: list,
                leftover: resume.Leftover, emit: Emit, control_path: str | None, staged: bool) -> int:
    """Everything the staging folder still lacks, in as many runs as it takes (app.core.transfer.sends); returns
    the bytes sent."""
    selection, sources, sides, notes = seen.selection, seen.sources, seen.sides, seen.notes
    # (a copy through a share mounted here starts no ssh: no connection of its own is made ready)
    ssh = (session.ssh(control_path) if control_path else
           session.ssh() if not method.logs_in else await session.ready_ssh(req.options))
    base = replace(_job(session, req, sources, target, seen.module, seen.share, ssh), resumable=staged)
    sends = plan_sends(method, wanted, selection.entries, leftover, sources, target,
                       lambda send: method.takes_list(job_for(send, base)), req.options.streams)
    await sides.dest.mkdirs(sends.folders)
    total = sum(e.size for e in wanted if e.kind == "file")
    done = sum(e.size for e in wanted if e.kind == "file" and e.path in leftover.complete) + leftover.kept_bytes
    if sends.again:
        notes.append(sent_all_again(method.label))
        done, total = 0, selection.bytes
        leftover.complete.clear()  # nothing was carried on: the result says so
        leftover.partial.clear()
    tally = Tally(emit, done, total)
    watch = Watch(req.stall_timeout, "race" if req.scratch else "copy")


    async def run(i: int, send: Send) -> None:
        run_method = methods.get(send.method)
        emit(Phase("copying", run_method.label if run_method is method else carrying_on(run_method.label)))
        carried = sum(e.size for e in send.entries if e.kind == "file") - send.skip
        await _run(session, run_method, job_for(send, base), Selection(list(send.sources), list(send.entries)),
                   req.options.download, tally.part(i, carried), notes, watch)
        tally.ended(i, carried)

    async def in_turn(runs: list[tuple[int, Send]]) -> None:
        for i, send in runs:
            await run(i, send)

    # A file cut short goes on beside the rest: its own connection starts while the others do; so does
    # each stream of a copy on parallel streams. The folders listed last set their modes and times.
    runs = list(enumerate(sends.runs))
    carry_on = [run(i, s) for i, s in runs if s.offset]
    lanes: dict[int, list[tuple[int, Send]]] = {}
    for i, s in runs:
        if not s.offset:
            lanes.setdefault(s.stream, []).append((i, s))
    await side_by_side([*carry_on, *(in_turn(lane) for lane in lanes.values())])
    await in_turn([(len(runs) + k, s) for k, s in enumerate(sends.last)])
    await sides.dest.symlinks([(e.target, join(target, e.path)) for e in sends.links])
    await sides.dest.stamp(sends.stamps)
    return tally.sent


async def _run(session: Session, method: Method, job: Job, selection: Selection, download: bool, emit: Emit,
               notes: list[str], watch: Watch) -> None:
    for attempt in range(PORT_TRIES):
        plan = method.build(replace(job, port=random.randint(20000, 60999), secret=secrets.token_urlsafe(24)))
        try:
            await execute(session, plan, selection, download, emit, notes, watch)
            return
        except PortBusy:
            if attempt == PORT_TRIES - 1:
                raise no_free_port()
