"""The transfer engine: run one method on a selection, watch it, stage it, verify it.

copy() is the whole flow: scan the selection, check the method can run, prepare a
staging folder, start any remote helper, run the method's plan, report progress,
move the result into place, verify, and clean up whatever happens.
"""

from __future__ import annotations

import asyncio
import os
import random
import secrets
import socket
import time
from dataclasses import dataclass, replace
from posixpath import join
from typing import Awaitable, Callable, TypeVar

from app.core import methods, ownership, rsyncd, staging, verify
from app.core.errors import Cancelled, TransferError, explain_exit, explain_stderr, link_lost
from app.core.events import Emit, Phase, Progress, TransferResult, ignore
from app.core.link_loss import is_link_lost, worded_link_errors
from app.core.methods.base import Context, DaemonModule, Job, Method, Options, Plan
from app.core.progress import Counter, RateWindow, RsyncProgress
from app.core.mux import Mux
from app.core.ownership import remove_folder
from app.core.remote_helper import PortBusy, RemoteHelper
from app.core.runner import Pipeline, finish
from app.core.selection import Selection, scan_local
from app.core.session import Session
from app.core.watchdog import STALL_TIMEOUT, Watch, Watchdog, pulse, wake

TICK = 0.25            # progress events four times a second
PORT_TRIES = 5
T = TypeVar("T")


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


@worded_link_errors("copy")
async def copy(session: Session, req: CopyRequest, emit: Emit = ignore) -> TransferResult:
    method = methods.get(req.method)
    o = req.options
    started = time.monotonic()
    files = session.files
    emit(Phase("scanning", "Reading the selection"))
    if o.download:
        sources = [await files.abspath(s) for s in req.sources]
        selection = await files.scan(sources)
        dest = os.path.abspath(os.path.expanduser(req.dest))
    else:
        selection = await asyncio.to_thread(scan_local, req.sources)
        sources = selection.roots
        dest = await files.abspath(req.dest)
    swept = [] if req.scratch else await ownership.sweep(session, dest, local=o.download)
    module = await _daemon_module(session, method, req, sources if o.download else [dest])
    _check_names(selection)
    _check_method(session, method, req, selection, [*sources, dest])
    await _check_destination(session, selection, dest, o.download)
    result = await _copy_staged(session, method, req, selection, sources, dest, emit, module)
    return replace(result, seconds=time.monotonic() - started, notes=[*swept, *result.notes])


def _check_names(selection: Selection) -> None:
    names = selection.names
    if any(n in ("", "/", ".", "..") for n in names):
        raise TransferError("usage", "A source resolves to a filesystem root or '..'; name the folder to copy.")
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise TransferError("usage", f"Two sources are both named {twice[0]!r} and would land on the same place; "
                            "copy them in separate runs or rename one.")


def _check_method(session: Session, method: Method, req: CopyRequest, selection: Selection,
                  paths: list[str]) -> None:
    single = len(selection.entries) == 1 and selection.entries[0].kind == "file"
    ctx = Context(session.local, session.remote, req.options, req.allow_insecure, selection.names, single, paths,
                  entry_paths=[e.path for e in selection.entries], link_kinds=selection.link_kinds())
    reason = method.unavailable(ctx)
    if reason:
        kind = "insecure-not-allowed" if not method.secure and not req.allow_insecure else "unavailable"
        raise TransferError(kind, f"{method.label} cannot be used here: it {reason}."
                            if not reason.startswith(("`", "the ", "its ")) else
                            f"{method.label} cannot be used here: {reason}; choose another method.")


async def _check_destination(session: Session, selection: Selection, dest: str, download: bool) -> None:
    caps = session.local if download else session.remote
    where = dest if download else f"{session.host.label}:{dest}"
    if caps.dest_writable is False:
        raise TransferError("dest-unwritable", f"{where} cannot be written; choose a folder you can write to.")
    needed = selection.bytes_on_disk()
    free = caps.dest_free_bytes
    if free is None and not download:  # no shell asked: SFTP's statvfs, where the server has it
        space = await session.files.space(dest)
        free = space.bytes_free if space else None
    if free is not None and free < needed:
        need, have = needed / 1e6, free / 1e6
        raise TransferError("dest-full", f"{where} has {have:.0f} MB free but the selection needs {need:.0f} MB; "
                            "free some space or choose another folder.")


async def remote_abspath(session: Session, path: str) -> str:
    return await session.files.abspath(path)


async def _daemon_module(session: Session, method: Method, req: CopyRequest,
                         remote_paths: list[str]) -> DaemonModule | None:
    if req.rsync_module is None:
        return None
    if method.id != "rsync-daemon":
        raise TransferError("usage", "--rsync-module goes with --method rsync-daemon; add it or drop the module.")
    result = await session.run(staging.sh_command('cat -- "$1"', req.rsyncd_conf))
    if result.exit_status != 0:
        raise TransferError("usage", f"The rsync daemon config {req.rsyncd_conf} could not be read on "
                            f"{session.host.label}; pass its location with --rsyncd-conf.",
                            (result.stderr or b"").decode(errors="replace"))
    module = rsyncd.module_for((result.stdout or b"").decode("utf-8", "surrogateescape"), req.rsync_module,
                               req.rsync_port, req.rsyncd_conf, session.host.label)
    for path in remote_paths:
        if path != module.path and not path.startswith(module.path.rstrip("/") + "/"):
            raise TransferError("usage", f"{path} is outside the rsync module '{module.name}' ({module.path}); "
                                "choose a path inside it.")
    return module


async def _copy_staged(session: Session, method: Method, req: CopyRequest, selection: Selection,
                       sources: list[str], dest: str, emit: Emit,
                       module: DaemonModule | None = None) -> TransferResult:
    o = req.options
    # rsync writes each file to a temporary name and renames it, so it may work in place where it
    # updates an existing copy (that is what it is good at); a first copy is staged like any other.
    # The user's own daemon writes as its own user, who may not enter a staging folder we create.
    in_place = req.scratch or method.stages_itself and (
        module is not None or await _any_exists(session, dest, selection.names, o.download))
    stage = None if in_place else staging.staging_name()
    target = join(dest, stage) if stage else dest
    await _prepare(session, dest, stage, o.download)
    mux = Mux(session, o) if o.mux else None
    notes: list[str] = []
    placed = False
    try:
        control_path = await mux.start() if mux else None
        ssh = session.ssh(control_path)
        shown = ""
        # sftp skips links inside folders and follows a link it is given: the engine makes them instead.
        sent = _without_link_roots(selection, sources) if method.makes_links_after else sources
        for attempt in range(PORT_TRIES):
            job = Job(ssh, tuple(sent), target, o, session.listen_address,
                      port=random.randint(20000, 60999), secret=secrets.token_urlsafe(24), module=module,
                      local=session.local, remote=session.remote, client_address=session.seen_as,
                      netcat=session.remote.nc_flavour)
            plan = method.build(job)
            shown = method.build(replace(job, ssh=session.display_ssh(), dest=dest, port=0, secret="")).display
            emit(Phase("copying", method.label))
            try:
                await _execute(session, plan, selection, o.download, emit, notes,
                               Watch(req.stall_timeout, "race" if req.scratch else "copy"))
                break
            except PortBusy:
                if attempt == PORT_TRIES - 1:
                    raise TransferError("failed", "No free port was found for the remote helper; try again.")
        if method.makes_links_after:
            await _make_links(session, selection, target, o.download)
        placed = True  # from here on the copy is whole at the destination, whatever happens
        if req.scratch:
            return TransferResult(method.id, o.as_dict(), selection.files, selection.bytes, 0.0, False, "none",
                                  shown, notes)
        if stage:
            emit(Phase("finalizing", "Moving the copy into place"))
            await finish(_finalize(session, target, dest, selection.names, o.download))  # never half-moved
        emit(Phase("verifying", "Checking the far side"))
        expected = verify.expected_manifest(selection, method.keeps_symlinks)
        if not method.keeps_symlinks and any(e.kind == "link" for e in selection.entries):
            notes.append(f"{method.label} copies what symbolic links point to, not the links themselves.")
        if o.download:
            got = await asyncio.to_thread(scan_local, [join(dest, n) for n in selection.names])
        else:
            got = await session.files.scan([join(dest, n) for n in selection.names], missing_ok=True)
        verify.check_sizes(expected, got, dest if o.download else f"{session.host.label}:{dest}")
        verification = "sizes"
        if req.verify_hashes:
            why_not = verify.no_hashes_reason(session.local, session.remote, session.host.label)
            if why_not:
                notes.append(f"Contents were not compared: {why_not}; sizes were compared.")
            else:
                verification = await _verify_hashes(session, selection, sources, dest, expected, o.download)
    except asyncio.CancelledError:
        await finish(_discard(session, target if stage else None, o.download))
        if placed:
            raise Cancelled(placed=True) from None
        raise
    except TransferError as exc:
        # Tools often fail without saying why (an SFTP server answers "Failure"); look before the
        # staging folder is removed and frees the space again.
        full = exc.kind not in ("dest-full", "link-lost") and await _out_of_space(session, target, o.download)
        await finish(_discard(session, target if stage else None, o.download, exc))
        if full:
            raise TransferError("dest-full", "The destination ran out of space during the copy; free some space "
                                "there or choose another folder.", exc.details) from exc
        raise
    except BaseException as exc:
        await finish(_discard(session, target if stage else None, o.download, exc))
        raise
    finally:
        if mux:
            await finish(mux.stop())
    return TransferResult(method.id, o.as_dict(), selection.files, selection.bytes, 0.0, True, verification,
                          shown, notes)


async def _out_of_space(session: Session, path: str, download: bool) -> bool:
    """True when the filesystem holding path has (almost) no free blocks or no free inodes."""
    if download:
        try:
            st = await asyncio.to_thread(os.statvfs, path)
        except OSError:
            return False
        return st.f_bavail * st.f_frsize < 1024 * 1024 or (st.f_files > 0 and st.f_favail == 0)
    if session.lost:
        return False  # nothing can be asked of the host now; the error as it was says more than a guess
    space = await session.files.space(path)
    return space is not None and (space.bytes_free < 1024 * 1024 or space.inodes_free == 0)


def _without_link_roots(selection: Selection, sources: list[str]) -> list[str]:
    links = {e.path for e in selection.entries if e.kind == "link" and "/" not in e.path}
    return [s for s, name in zip(sources, selection.names) if name not in links]


async def _make_links(session: Session, selection: Selection, target: str, download: bool) -> None:
    """Every symbolic link of the selection, made at the far side as it is at the source."""
    links = [(e.target, join(target, e.path)) for e in selection.entries if e.kind == "link"]
    if not links:
        return
    if download:
        def make() -> None:
            for link_target, path in links:
                os.symlink(link_target, path)
        await asyncio.to_thread(make)
    else:
        await session.files.symlinks(links)


async def _any_exists(session: Session, dest: str, names: list[str], download: bool) -> bool:
    paths = [join(dest, name) for name in names]
    if download:
        return any(os.path.lexists(p) for p in paths)
    return any(await session.files.exists(paths))


async def _prepare(session: Session, dest: str, stage: str | None, download: bool) -> None:
    if download:
        await asyncio.to_thread(staging.local_prepare, dest, stage)
    else:
        await session.files.prepare(dest, stage)
    if stage:  # marked as ours at once, even when cancelled meanwhile: only a marked folder is ever swept
        await finish(ownership.mark(session, join(dest, stage), "staging", local=download))


async def _finalize(session: Session, stage: str, dest: str, names: list[str], download: bool) -> None:
    if download:
        await asyncio.to_thread(staging.local_finalize, stage, dest, names)
        return
    await session.files.finalize(stage, dest, names)


async def _discard(session: Session, stage: str | None, download: bool, error: BaseException | None = None) -> None:
    """Remove a staging folder after a failure or cancel; the destination keeps what it had. After a lost
    link it stays: it holds what arrived, for a later run to resume from (and the host may not answer)."""
    if stage is not None and not is_link_lost(error, session):
        await remove_folder(session, stage, local=download)


async def _verify_hashes(session: Session, selection: Selection, sources: list[str], dest: str,
                         expected: dict, download: bool) -> str:
    tool = verify.pick_hash_tool(session.local, session.remote)
    assert tool is not None  # verify.no_hashes_reason said there is one
    parents = {n: os.path.dirname(r.rstrip("/")) or "/" for n, r in zip(selection.names, sources)}
    rel = [p for p, (kind, _size) in expected.items() if kind == "file"]
    at_source = [join(parents[p.split("/", 1)[0]], p) for p in rel]

    async def remote(paths: list[str], base: str) -> list[str]:
        stdin = b"".join(p.encode("utf-8", "surrogateescape") + b"\0" for p in paths)
        result = await session.run(staging.sh_command(f'cd "$1" && {verify.hash_script(tool)}', base),
                                   stdin=stdin, timeout=3600)
        if result.exit_status != 0:
            raise TransferError("verify-failed", f"Hashing on {session.host.label} with {tool} failed.",
                                (result.stderr or b"").decode(errors="replace"))
        return verify.parse_hashes(result.stdout or b"")

    if download:
        theirs, ours = await asyncio.gather(remote(at_source, "/"), verify.local_hashes(tool, dest, rel))
    else:
        ours, theirs = await asyncio.gather(verify.local_hashes(tool, "/", at_source), remote(rel, dest))
    verify.compare_hashes(rel, ours, theirs)
    return tool


async def _execute(session: Session, plan: Plan, selection: Selection, download: bool, emit: Emit,
                   notes: list[str] | None = None, watch: Watch = Watch()) -> None:
    """Run one plan: remote helper, data socket, local pipeline, progress; raise a worded error on failure.
    A copy whose data stops moving for `watch.limit` seconds, or whose control connection ends, is
    stopped and raised as link-lost (app.core.watchdog). Something the helper left running on the host
    that could not be stopped goes into `notes` (or, when the copy failed, into its error's sentence)."""
    helper: RemoteHelper | None = None
    sock: socket.socket | None = None
    fds: list[int] = []
    pipeline: Pipeline | None = None
    sampler: asyncio.Task | None = None
    started = time.monotonic()
    failed: TransferError | None = None
    try:
        if plan.listener:
            helper = RemoteHelper(session, plan.listener)
            port = await helper.start()
            if plan.connect:
                sock = await helper.connect(session.listen_address, port)
        source, sink = _ends(plan, sock, fds)
        rsync = RsyncProgress()
        pipeline = Pipeline(plan.stages, source=source, sink=sink,
                            stdout_pipe=plan.progress == "rsync", login_env=session.login_env)
        await pipeline.start()
        for fd in fds:
            os.close(fd)
        fds.clear()
        check = _stall_check(session, pipeline, selection.bytes, download, watch)
        sampler = asyncio.create_task(_sample(plan, pipeline, rsync, selection, emit, check))
        results = await _watched(pipeline.wait(), sampler)
        if sock is not None:  # upload: tell the listener we are done; download: it waits for our close
            sock.shutdown(socket.SHUT_WR if plan.connect == "upload" else socket.SHUT_RDWR)
        remote_status = await _watched(helper.finish(), sampler) if helper else None
        sampler.cancel()
        _raise_for(results, remote_status, session.host.label)
        elapsed = time.monotonic() - started
        emit(Progress(selection.bytes, selection.bytes, selection.bytes / elapsed if elapsed else 0.0, elapsed))
    except asyncio.CancelledError:
        if pipeline is not None:
            await finish(pipeline.cancel())
        failed = Cancelled()
        raise failed from None
    except BaseException as exc:
        lost = is_link_lost(exc, session)
        if pipeline is not None:
            if lost:
                wake(pipeline.pids())
            await finish(pipeline.cancel())
        if lost:  # a host that no longer answers is dropped here, so stopping its helper below is quick
            await finish(session.link_alive())
        failed = exc if isinstance(exc, TransferError) else None
        raise
    finally:
        if sampler is not None:
            sampler.cancel()
        if pipeline is not None:
            pipeline.close_stdout()
        for fd in fds:
            os.close(fd)
        if sock is not None:
            sock.close()
        if helper is not None:
            _note_left(await finish(helper.stop()), notes, failed)


def _ends(plan: Plan, sock: socket.socket | None, fds: list[int]) -> tuple[int | None, int | None]:
    """The pipeline's stdin and stdout: the data socket, a local file, or the plan's own input through a
    pipe; descriptors opened here go into `fds`, for the caller to close once the tools hold them."""
    source = sink = None
    if sock is not None:
        if plan.connect == "upload":
            sink = sock.fileno()
        else:
            source = sock.fileno()
    if plan.read_file:
        source = os.open(plan.read_file, os.O_RDONLY)
        fds.append(source)
    if plan.write_file:
        sink = os.open(plan.write_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        fds.append(sink)
    if plan.stdin_data is not None:
        r, w = os.pipe()
        fds.append(r)
        asyncio.get_running_loop().run_in_executor(None, _write_all, w, plan.stdin_data)
        source = r
    return source, sink


def _stall_check(session: Session, pipeline: Pipeline, total: int, download: bool,
                 watch: Watch) -> Callable[[int], None]:
    """What the sampler calls at each tick with the bytes done: raises link-lost once the control
    connection has ended, or once the copy has shown no life for the watchdog's allowance."""
    dog = Watchdog(watch.limit, total, time.monotonic())
    host = session.host.label

    def check(done: int) -> None:
        if session.lost:
            raise link_lost(host, watch.doing, upload=not download)
        running = [p.pid for p in pipeline.procs if p.returncode is None]
        if dog.tick(time.monotonic(), done, pulse(running)):
            raise link_lost(host, watch.doing, dog.allowance(done), upload=not download)
    return check


async def _watched(step: Awaitable[T], sampler: asyncio.Task) -> T:
    """Await one step of the copy while the sampler watches its progress: when the sampler ends first,
    with the watchdog's link-lost, the step is abandoned and that error raised."""
    task = asyncio.ensure_future(step)
    try:
        await asyncio.wait({task, sampler}, return_when=asyncio.FIRST_COMPLETED)
        if task.done():
            return task.result()
        sampler.result()
        raise RuntimeError("the progress sampler ended without a reason")
    finally:
        if not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)


def _note_left(left: str | None, notes: list[str] | None, failed: TransferError | None) -> None:
    """Say what the helper left running on the host: beside a copy that worked, or after the error's own
    sentence when it failed."""
    if not left:
        return
    if failed is not None:
        failed.sentence = f"{failed.sentence} {left}"
        failed.args = (failed.sentence,)
    elif notes is not None:
        notes.append(left)


def _write_all(fd: int, data: bytes) -> None:
    try:
        view = memoryview(data)
        while view:
            n = os.write(fd, view)
            view = view[n:]
    except OSError:
        pass  # the reader went away; its own exit status tells why
    finally:
        os.close(fd)


async def _sample(plan: Plan, pipeline: Pipeline, rsync: RsyncProgress, selection: Selection, emit: Emit,
                  check: Callable[[int], None] | None = None) -> None:
    """Progress four times a second; `check` (the watchdog) sees each figure and may end the copy."""
    start = time.monotonic()
    window = RateWindow()
    total = selection.bytes
    stage, counter = plan.watch
    counted = Counter(pipeline.pids()[stage], counter)
    tar_total = selection.tar_stream_bytes()
    while True:
        await asyncio.sleep(TICK)
        if plan.progress == "rsync":
            rsync.feed_bytes(pipeline.read_stdout())
            done = max(rsync.done, counted.read())
        else:
            raw = counted.read()
            done = int(raw * total / tar_total) if plan.counts_tar_stream and tar_total else raw
        done = min(done, total)
        now = time.monotonic()
        emit(Progress(done, total, window.add(done, now), now - start))
        if check is not None:
            check(done)


def _raise_for(results: list, remote_status: tuple[int, str] | None, host: str) -> None:
    failed = [r for r in results if r.returncode != 0]
    if remote_status is not None and remote_status[0] != 0:
        code, err = remote_status
        text = err + "\n" + "\n".join(r.stderr for r in failed)
        raise explain_stderr(text, host, f"The remote side of the copy failed (exit {code}); see the details.")
    if not failed:
        return
    # The stage that failed for a reason (not just a broken pipe from its neighbour) explains it best.
    combined = "\n".join(r.stderr for r in failed if r.stderr.strip())
    first = failed[-1] if any(r.tool == "ssh" for r in failed) else failed[0]
    for r in failed:
        if r.tool == "ssh" and r.stderr.strip():
            first = r
    error = explain_exit(first.tool, first.returncode, combined, host)
    raise error
