"""What each command does, from its parsed arguments to the dict that cli_output.py shows (or --json prints): the
host, its session and password, then one function per command (named as the command); app/cli.py runs them.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import os
import sys
from dataclasses import replace
from typing import Any, Callable

from app.cli_output import AdviceLive, ProgressBar
from app.core.errors import (Cancelled, TransferError, fingerprint_unconfirmed, method_refuses,
                             no_password_on_stdin, no_secure_method)
from app.core.events import Event, Phase, ProbeDone, TransferResult
from app.core.host.hosts import HostSpec, resolve, trust as trust_host
from app.core.host.session import Session
from app.core.host.share_roots import ShareRoot
from app.core.language import Words
from app.core.selection import entries
from app.core.selection.reading import read_selection
from app.core.state import transfer_log
from app.core.transfer import methods as method_registry
from app.core.transfer import mirror, preflight
from app.core.transfer.engine import CopyRequest, copy as engine_copy, may_mirror, preview
from app.core.transfer.existing import Existing
from app.core.host.ssh_command import Options
from app.core.transfer.methods.base import Context
from app.core.wording.transfer import phase_scanning, unencrypted_warning


class CliCommands(Words):
    """What the commands say while they work: the demo host, a profile's start, the question before trusting a
    key (the translator's context)."""


def read_password_stdin(args: argparse.Namespace) -> None:
    if not getattr(args, "password_stdin", False):
        return
    line = sys.stdin.readline()
    if not line.strip("\r\n"):
        raise no_password_on_stdin()
    args.password = line.rstrip("\r\n")


def _password_prompt(args: argparse.Namespace):
    """How a password is asked for: the line read by --password-stdin, else the terminal (once), else not at all.

    The password then stays in this process: the OpenSSH tools get it from the app through SSH_ASKPASS."""
    given = getattr(args, "password", None)
    if given is not None:
        return lambda prompt: given
    if not sys.stdin.isatty():
        return None
    return lambda prompt: getpass.getpass(prompt)


def start_demo(args: argparse.Namespace):
    """The local demo host for this command; main() stops it (and removes its folder) at the end."""
    from app.core.demo import host as demo
    host = demo.start()
    args.spec = host.spec()
    if getattr(args, "dest", "") is None:
        args.dest = str(host.dest)
    print(CliCommands.tr("Using {host}: {description}. {folder} and everything copied there is removed when this "
                         "command ends.", host=host.label, description=host.description, folder=host.root),
          file=sys.stderr, flush=True)
    if host.note:
        print(CliCommands.tr("Note: {note}.", note=host.note), file=sys.stderr, flush=True)
    return host


async def _session(args: argparse.Namespace, remote_dest: str | None = None,
                   local_dest: str | None = None, ssh_tools: bool = True) -> Session:
    """Open the session the command works in; with --remember-password, keep a password that was used."""
    session = await Session.open(args.spec, remote_dest=remote_dest, local_dest=local_dest,
                                 password=_password_prompt(args), ssh_tools=ssh_tools)
    if args.remember_password and session.password_login:
        note = await session.remember_password()
        if note:
            print(f"transfer-advisor: {note}", file=sys.stderr)
    # (a module of the host's rsync service logged in to with $RSYNC_PASSWORD keeps it too)
    session.served.modules.remember = args.remember_password
    session.served.modules.tell = lambda note: print(f"transfer-advisor: {note}", file=sys.stderr)
    for logins in (session.served.ftp, session.served.smb):
        logins.remember = args.remember_password
        logins.tell = session.served.modules.tell
    if sys.stdin.isatty():
        from app.core.wording.services import ftp_password_terminal_prompt, smb_password_terminal_prompt
        session.served.modules.ask = _module_password_at_terminal(session.host.label)
        session.served.ftp.ask = _password_at_terminal(session.host.label, ftp_password_terminal_prompt)
        session.served.smb.ask = _password_at_terminal(session.host.label, smb_password_terminal_prompt)
    return session


def _password_at_terminal(host: str, prompt: Callable[[str, str], str]):
    """Where the host's FTP service (or SMB share) takes none of the passwords the app knows ($FTP_PASSWORD or
    $SMB_PASSWORD, the keyring's, the login's): asked at the terminal, not echoed. Enter: without it."""
    async def ask(user: str) -> str | None:
        return getpass.getpass(prompt(user, host)) or None
    return ask


def _module_password_at_terminal(host: str):
    """Where a module of the host's rsync service takes none of the passwords the app knows ($RSYNC_PASSWORD,
    the keyring's, the login's): asked at the terminal, not echoed, as the login's password is (in the event
    loop, as asyncssh asks that one: one question at a time, and Ctrl-C stops the command). Enter: without it."""
    from app.core.wording.services import module_password_terminal_prompt

    async def ask(user: str, module: str) -> str | None:
        return getpass.getpass(module_password_terminal_prompt(user, module, host)) or None
    return ask


async def methods(args: argparse.Namespace) -> dict[str, Any]:
    session = await _session(args, remote_dest=args.dest)
    try:
        options = Options(compress=args.compress)
        _, unmapped = await session.served.shares()
        # A copy through a share of the host needs one that holds the destination, where one is named; whose
        # files a mount that holds it makes, and the modules of its rsync service, are looked at only then (each
        # is written to once, a probe file removed at once).
        paths = [await session.files.abspath(args.dest)] if args.dest else []
        found = await preflight.shares_for(session, paths, True, args.allow_insecure)
        shares = [r for r in found if isinstance(r, ShareRoot)]
        modules = [r for r in found if not isinstance(r, ShareRoot)]  # a service's: rsync, FTP, SMB
        ctx = Context(session.local, session.remote, options, args.allow_insecure, paths=paths, shares=found)
        rows = []
        for m in method_registry.METHODS.values():
            reason = m.unavailable(ctx)
            rows.append({"id": m.id, "label": m.label, "secure": m.secure, "available": reason is None,
                         "reason": reason, "summary": m.summary,
                         "keeps": m.keeps_between(session.local, session.remote).as_dict()})
        return {"host": session.host.label, "methods": rows, "ciphers": [c for c in session.remote.ciphers
                                                                if c in session.local.ciphers],
                "remote": session.remote.as_dict(), "services": (await session.served.services()).as_dict(),
                "shares": [r.as_dict() for r in shares] + [{**u.mount.as_dict(), "unusable": u.why} for u in unmapped]
                + [r.as_dict() for r in modules]}
    finally:
        await session.close()


async def copy(args: argparse.Namespace) -> dict[str, Any]:
    options = Options(cipher=args.cipher, compress=args.compress, mux=args.mux, download=args.download,
                      owners=args.owners, xattrs=args.xattrs, streams=args.streams)
    if args.mirror and _existing(args) in (Existing.SKIP, Existing.RENAME):
        raise mirror.refuse_policy(args.existing)  # before logging in: nothing to ask the host
    refused = args.method and method_registry.get(args.method).refuses(options)
    if refused:
        able = [m.id for m in method_registry.METHODS.values() if not m.refuses(options)]
        raise method_refuses(args.method, refused, able)
    remote_dest = None if args.download else args.dest
    reading = _read_while_logging_in(args)
    try:
        # A method that starts no OpenSSH (a listener, a share): no shared ssh connection logs in beside it.
        session = await _session(args, remote_dest, args.dest if args.download else None,
                                 ssh_tools=not args.method or method_registry.get(args.method).runs_openssh)
    except BaseException:
        if reading is not None:
            reading.cancel()
        raise
    bar = ProgressBar(sys.stderr.isatty() and not args.json)
    try:
        method, command = args.method, ""
        selection = await reading if reading is not None and (args.dry_run or args.best) else None
        if args.dry_run:  # no advice: its race would write to the destination
            request = replace(_copy_request(args, method or "", options), selection=selection)
            return (await preview(session, request)).as_dict()
        if args.best:
            from app.core.advice import advisor
            from app.core.advice.follow import copy_advised
            if args.mirror:  # a mirror that may not go ahead says so before the race (which reads what was read)
                if selection is None:
                    bar(Phase("scanning", phase_scanning()))
                    selection, _, _ = await read_selection(session, args.sources, args.dest, args.download)
                await may_mirror(session, replace(_copy_request(args, "", options), selection=selection))
            live = AdviceLive(sys.stderr.isatty() and not args.json)
            # An upload's race copies parts of the selection into this copy's staging folder (none of its bytes
            # are thrown away); a download's races into a scratch folder (tar over netcat cannot fetch a list).
            then = None if args.download else _copy_request(args, "", options)
            advice = await advisor.advise(session, replace(_advice_request(args, quick=True), then=then), live,
                                          selection)
            chosen = advice.pick(args.allow_insecure)
            if chosen is None:
                raise no_secure_method()
            method, command = chosen.ranked.candidate.method_id, chosen.command
            warning = unencrypted_warning(method)
            if warning:
                print(f"transfer-advisor: {warning}", file=sys.stderr, flush=True)
        try:
            if args.best:
                result = await copy_advised(session, advice, chosen, _copy_request(args, "", options), bar)
                result = replace(result, notes=[*advice.notes, *result.notes])  # a quick copy, earlier runs swept
            else:
                selection = await reading if reading is not None else None  # a source it lacks is this copy's failure
                result = await engine_copy(session, replace(_copy_request(args, method, options), selection=selection),
                                           bar)
        except (TransferError, asyncio.CancelledError) as exc:
            _keep_in_history(args, exc if isinstance(exc, TransferError) else Cancelled(), method, command)
            raise
        _keep_in_history(args, result, method, command)
    finally:
        bar.clear()
        await session.close()
    return result.as_dict()


def _read_while_logging_in(args: argparse.Namespace) -> asyncio.Future | None:
    """An upload's selection, read on this computer while the login runs (on a tree of 100 000 files each
    takes a good part of a second); a download's is read on the host, after it."""
    if args.download:
        return None
    reading = asyncio.ensure_future(asyncio.to_thread(entries.scan_local, args.sources))
    reading.add_done_callback(lambda f: f.cancelled() or f.exception())  # a failed login says why, not this
    return reading


def _existing(args: argparse.Namespace) -> Existing:
    if args.update:
        return Existing.NEWER
    return Existing(args.existing) if args.existing else Existing.ASK


def _copy_request(args: argparse.Namespace, method: str, options: Options) -> CopyRequest:
    return CopyRequest(args.sources, args.dest, method, options, args.allow_insecure, args.verify,
                       args.rsync_module, args.rsync_port, args.rsyncd_conf, stall_timeout=args.stall_timeout,
                       existing=_existing(args), resume=not args.restart, mirror=args.mirror,
                       yes_delete=args.yes_delete)


def _keep_in_history(args: argparse.Namespace, outcome: TransferResult | TransferError, method: str,
                     command: str) -> None:
    """The copy goes into the window's history of this host, as the window's own copies do. Not the demo
    host's: its folder and port are gone when the command ends (the window forgets its copies then too)."""
    if args.demo:
        return
    try:
        transfer_log.record(args.spec.text, args.dest, outcome, method=method, download=args.download,
                            command=command)
    except OSError as exc:  # the copy itself is done (or failed) as it says; only its history line is lost
        print("transfer-advisor: " + CliCommands.tr("the copy could not be added to the history ({reason}).",
                                                    reason=exc.strerror or exc), file=sys.stderr)


def _advice_request(args: argparse.Namespace, race: bool = True, quick: bool = False):
    """`quick`: for a copy about to start, which goes at once when it is quicker than racing, unless the race
    was asked for (--race, --race-seconds)."""
    from app.core.advice.advisor import AdviceRequest  # the advisor (and its model) load only when asked for
    count, seconds = getattr(args, "race", None), getattr(args, "race_seconds", None)
    return AdviceRequest(args.sources, args.dest, args.download, args.allow_insecure,
                         race and not getattr(args, "no_race", False), 3 if count is None else count,
                         2.0 if seconds is None else seconds, getattr(args, "fresh", False),
                         stall_timeout=args.stall_timeout, owners=args.owners, xattrs=args.xattrs,
                         quick=quick and count is None and seconds is None)


async def advise(args: argparse.Namespace) -> dict[str, Any]:
    from app.core.advice import advisor
    session = await _session(args, None if args.download else args.dest, args.dest if args.download else None)
    try:
        advice = await advisor.advise(session, _advice_request(args), AdviceLive(not args.json))
    finally:
        await session.close()
    return advice.as_dict()


async def profile(args: argparse.Namespace) -> dict[str, Any]:
    from app.core.profile.profiler import measure
    session = await _session(args, remote_dest=args.dest)
    live = not args.json

    def show(event: Event) -> None:
        if live and isinstance(event, ProbeDone):
            print(f"  {event.label:<42} {event.value}", flush=True)

    try:
        if live:
            print(CliCommands.tr("Profiling {host}:", host=session.host.label), flush=True)
        profile = await measure(session, args.dest, None, show, args.budget, args.fresh)
    finally:
        await session.close()
    return profile.as_dict()


async def trust(args: argparse.Namespace) -> dict[str, Any]:
    host = resolve(HostSpec(args.host, args.ssh_config))

    def confirm(fingerprint: str) -> bool:
        if args.yes:
            return True
        if not sys.stdin.isatty():
            raise fingerprint_unconfirmed(args.host, fingerprint)
        answer = input(CliCommands.tr("{host} has key fingerprint {fingerprint}.\nTrust it and remember it? [y/N] ",
                                      host=args.host, fingerprint=fingerprint))
        # English answers always do; the language's own too (its "y" and "yes", as its [y/N] asks)
        return answer.strip().lower() in {"y", "yes", CliCommands.tr("y"), CliCommands.tr("yes")}

    fingerprint = await trust_host(host, confirm)
    return {"host": args.host, "fingerprint": fingerprint, "trusted": True}


async def setup_key(args: argparse.Namespace) -> dict[str, Any]:
    from app.core.host import keylogin
    session = await _session(args)
    try:
        done = await keylogin.setup_key(session)
        alias = session.host.alias
    finally:
        await session.close()
    written = None
    if args.write_ssh_config and done.works:
        config = args.ssh_config or os.path.expanduser("~/.ssh/config")
        written = config if keylogin.add_to_ssh_config(config, alias, done.key_file) else None
    return {"host": args.host, "alias": alias, "key_file": done.key_file, "added": done.added,
            "key_login_works": done.works, "note": done.note, "ssh_config_lines": done.ssh_config_lines(),
            "ssh_config_written": written}
