"""The headless front end: `transfer-advisor methods|copy|trust ...`.

Errors are one sentence on stderr (or `{"error": ...}` with --json) and a non-zero exit;
never a traceback. Progress goes to stderr as a bar when stderr is a terminal.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import getpass
import json
import os
import signal
import sys
import termios
import traceback
from dataclasses import replace
from typing import Any, Sequence

import asyncssh

from app import __version__
from app import cli_numbers as numbers
from app.bundle import restore_child_environment
from app.core.transfer import methods as method_registry
from app.core.transfer import mirror
from app.core.host.askpass import FROZEN_FLAG
from app.core.advice.factors import Factor
from app.core.errors import (Cancelled, ErrorKind, TransferError, connection_dropped, fingerprint_unconfirmed,
                             method_refuses, no_password_on_stdin, no_secure_method, unexpected)
from app.core.events import Event, Phase, ProbeDone, Progress, TransferResult
from app.core.transfer.existing import Existing
from app.core.host.hosts import HostSpec, resolve, trust
from app.core.host.ssh_command import COMPRESSION, Options
from app.core.transfer.methods.base import Context
from app.core.transfer.methods.keeps import keeps_table
from app.core.state import paths as state_paths, transfer_log
from app.core.state.paths import ENV_HOME
from app.core.selection.reading import read_selection
from app.core.host.session import Session
from app.core.transfer.engine import CopyRequest, copy, may_mirror, preview
from app.core.host.link_loss import STALL_TIMEOUT
from app.core.formatting import duration, rate, short_time, size
from app.core.wording import DRY_RUN_DONE, INSECURE_ADVICE, copy_done, unencrypted_warning, would_delete, would_send

EXIT_ERROR, EXIT_USAGE, EXIT_CANCELLED = 1, 2, 130
# Ctrl-C, a shutdown or `kill`, and the terminal closing (or a logout): each stops the command cleanly.
CANCEL_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one sentence, exit 2, no usage dump
        where = f"transfer-advisor {self.prog.split()[-1]}" if " " in self.prog else "transfer-advisor"
        sentence = f"{message[0].upper()}{message[1:]}; see `{where} --help`."
        if "--json" in sys.argv[1:]:
            print(json.dumps({"error": sentence, "kind": ErrorKind.USAGE}, indent=2))
            self.exit(EXIT_USAGE)
        self.exit(EXIT_USAGE, f"transfer-advisor: {sentence}\n")


def _parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--ssh-config", metavar="FILE", help="read this ssh config instead of ~/.ssh/config (like ssh -F)")
    common.add_argument("--config-dir", metavar="DIR", help=f"keep all state here (also ${ENV_HOME})")
    common.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    common.add_argument("--password-stdin", action="store_true", help="for hosts that take a password: read it "
                        "from the first line of standard input instead of asking on the terminal")
    common.add_argument("--remember-password", action="store_true", help="keep the password in the system "
                        "keyring after a successful login (never in a file); later runs use it")
    # Commands that take a HOST can use the local demo host instead (HOST is then left out).
    demo_host = argparse.ArgumentParser(add_help=False)
    demo_host.add_argument("--demo", action="store_true", help="use a local demo host instead of HOST: an SSH "
                           "server on 127.0.0.1 started for this command and removed after it, with --dest "
                           "defaulting to its folder")

    # How the advice is taken: `advise`, and `copy --best`, which advises first.
    advice = argparse.ArgumentParser(add_help=False)
    advice.add_argument("--no-race", action="store_true", help="predict only; do not race the best candidates")
    advice.add_argument("--race", type=numbers.race_count, metavar="N",
                        help=f"how many methods race, 1 to {len(method_registry.METHODS)} (default 3)")
    advice.add_argument("--race-seconds", type=numbers.race_seconds, metavar="S",
                        help=f"seconds each races, at most {numbers.RACE_MAX_SECONDS:g} (default 2)")
    advice.add_argument("--fresh", action="store_true", help="measure the link again even if a recent profile "
                        "is kept")
    # What the copy must keep besides what every copy keeps (copy and advise alike).
    keep = argparse.ArgumentParser(add_help=False)
    keep.add_argument("--owners", action="store_true", help="keep each file's owner and group, by number "
                      "(rsync --numeric-ids, tar --numeric-owner); needs root on the receiving side")
    keep.add_argument("--xattrs", action="store_true", help="keep extended attributes and ACLs (rsync -X -A, "
                      "GNU tar --xattrs --acls); the destination's filesystem must take them")
    # How long data may stand still before the link counts as lost (copy and advise alike).
    watch = argparse.ArgumentParser(add_help=False)
    watch.add_argument("--stall-timeout", type=numbers.stall_seconds, metavar="S", default=STALL_TIMEOUT,
                       help=f"stop when no data has moved for S seconds and say the link was lost, "
                            f"{numbers.STALL_MIN_SECONDS:g} to {numbers.STALL_MAX_SECONDS:g} "
                            f"(default {STALL_TIMEOUT:g})")

    p = _Parser(prog="transfer-advisor", description="Find and use the fastest way to copy files to a NAS or "
                "another Linux box.", formatter_class=argparse.RawDescriptionHelpFormatter, epilog=(
                    "examples:\n"
                    "  transfer-advisor                      (opens the window; also: transfer-advisor gui)\n"
                    "  transfer-advisor methods mynas --dest /volume1/photos\n"
                    "  transfer-advisor copy mynas ~/Pictures --dest /volume1/photos --method tar-ssh\n"
                    "  transfer-advisor copy mynas /volume1/photos/2024 --dest ~/restore --method rsync-ssh "
                    "--download\n"
                    "  transfer-advisor copy ann@192.0.2.7:2222 big.iso --dest /srv --method ssh-cat --verify\n"
                    "  transfer-advisor --demo                (the window, with a local demo host to try it on)\n"
                    "  transfer-advisor advise --demo ~/Pictures\n"))
    p.add_argument("--version", action="version", version=f"transfer-advisor {__version__}")
    p.add_argument("--self-test", action="store_true", help="open the window (offscreen without a display), "
                   "check it is built and responsive, run a short profile against a local demo host, and exit 0")
    p.add_argument("--demo", action="store_true", help="open the window with a local demo host chosen: an SSH "
                   "server on 127.0.0.1 that the app starts and removes when it exits")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)
    p.commands = sub.choices

    g = sub.add_parser("gui", parents=[common], help="open the window (the default with no command)")
    g.add_argument("--self-test", action="store_true", default=argparse.SUPPRESS,
                   help="check the window is built and responsive, then exit")
    g.add_argument("--demo", action="store_true", default=argparse.SUPPRESS,
                   help="start with a local demo host chosen")

    m = sub.add_parser("methods", parents=[common, demo_host], help="list the transfer methods and whether each "
                       "can run")
    m.add_argument("host", nargs="?", help="an alias from your ssh config, or [user@]host[:port]")
    m.add_argument("--dest", help="remote destination folder (checks it can be written)")
    m.add_argument("--allow-insecure", action="store_true", help="offer unencrypted methods (trusted LAN only)")
    m.add_argument("--compress", choices=COMPRESSION, default="none")

    c = sub.add_parser("copy", parents=[common, demo_host, advice, watch, keep],
                       help="copy files with a chosen method")
    c.add_argument("host", nargs="?", help="an alias from your ssh config, or [user@]host[:port]")
    c.add_argument("sources", nargs="+", metavar="SRC", help="files or folders (remote paths with --download)")
    c.add_argument("--dest", help="destination folder (local with --download); required unless --demo")
    how = c.add_mutually_exclusive_group(required=True)
    how.add_argument("--method", choices=list(method_registry.METHODS), metavar="ID",
                     help="one of: " + ", ".join(method_registry.METHODS))
    how.add_argument("--best", action="store_true", help="advise first (profile, predict, race), then copy with "
                     "the fastest secure method, or the fastest overall with --allow-insecure")
    c.add_argument("--cipher", help="ssh cipher, e.g. aes128-gcm@openssh.com")
    c.add_argument("--compress", choices=COMPRESSION, default="none",
                   help="none, ssh (ssh -C), or zstd/lz4 inside the pipeline")
    c.add_argument("--mux", action="store_true", help="share one ssh connection (ControlMaster)")
    c.add_argument("--allow-insecure", action="store_true", help="allow unencrypted methods (trusted LAN only)")
    c.add_argument("--verify", action="store_true",
                   help="also compare the files' contents (hashes) on both sides (unencrypted methods do by default)")
    c.add_argument("--download", action="store_true", help="fetch from the host instead of sending to it")
    there = c.add_mutually_exclusive_group()
    there.add_argument("--existing", choices=[e.value for e in Existing if e is not Existing.ASK],
                       help="what to do with files already at the destination that differ from the copy's: skip "
                            "them, replace them, replace all but those newer there (newer), or keep both (rename: "
                            "the copy gets a name like 'photo (2).jpg'); without it such a copy stops before it "
                            "starts. Identical files are never sent again")
    there.add_argument("--update", action="store_true", help="send only what is new or changed: identical files "
                       "are not sent, changed ones are replaced, a file newer at the destination is left "
                       "(the same as --existing newer; like rsync -u)")
    c.add_argument("--mirror", action="store_true", help="make each copied folder at the destination match the "
                   "selection: after the copy is in place and verified, delete what those folders hold that the "
                   "selection does not have. Without --yes-delete nothing is copied or deleted when something "
                   "would be deleted: the command says what and exits with 3")
    c.add_argument("--yes-delete", action="store_true", help="with --mirror: delete without asking")
    c.add_argument("--dry-run", action="store_true", help="say what the copy would send (and with --mirror, "
                   "delete), and change nothing")
    again = c.add_mutually_exclusive_group()
    again.add_argument("--resume", action="store_true", help="carry on from what an interrupted run of the same "
                       "copy left (the default)")
    again.add_argument("--restart", "--no-resume", action="store_true", dest="restart",
                       help="start over: throw away what an interrupted run of the same copy left")
    c.add_argument("--rsync-module", metavar="[USER@]MODULE",
                   help="rsync-daemon: use this module of the rsync daemon the host already runs "
                        "(password from $RSYNC_PASSWORD) instead of starting a private one")
    c.add_argument("--rsync-port", type=numbers.port, metavar="N", help="port of that daemon (default: from its config, or 873)")
    c.add_argument("--rsyncd-conf", default="/etc/rsyncd.conf", metavar="FILE",
                   help="where that daemon's config is on the host, to find the module's folder")

    a = sub.add_parser("advise", parents=[common, demo_host, advice, watch, keep], help="measure, predict and race "
                       "the methods; recommend the fastest secure one and the fastest overall")
    a.add_argument("host", nargs="?", help="an alias from your ssh config, or [user@]host[:port]")
    a.add_argument("sources", nargs="+", metavar="SRC", help="files or folders (remote paths with --download)")
    a.add_argument("--dest", help="destination folder (local with --download); required unless --demo")
    a.add_argument("--allow-insecure", action="store_true", help="consider unencrypted methods (trusted LAN only)")
    a.add_argument("--download", action="store_true", help="fetch from the host instead of sending to it")

    pr = sub.add_parser("profile", parents=[common, demo_host], help="measure the link to a host: RTT, raw TCP, "
                        "ssh per cipher, CPU, destination disk")
    pr.add_argument("host", nargs="?", help="an alias from your ssh config, or [user@]host[:port]")
    pr.add_argument("--dest", help="remote destination folder (its disk is measured there)")
    pr.add_argument("--fresh", action="store_true", help="measure again even if a recent profile is kept")
    pr.add_argument("--budget", type=numbers.probe_budget, default=1.0, metavar="S",
                    help=f"seconds per throughput probe, at most {numbers.BUDGET_MAX_SECONDS:g} (default 1)")

    t = sub.add_parser("trust", parents=[common], help="show a host's key fingerprint and add it to known_hosts")
    t.add_argument("host")
    t.add_argument("--yes", action="store_true", help="trust without asking (only after checking the fingerprint)")

    k = sub.add_parser("setup-key", parents=[common], help="log in with the password once, make a key for the "
                       "host and add it to the host's ~/.ssh/authorized_keys, so later logins need no password")
    k.add_argument("host", help="an alias from your ssh config, or [user@]host[:port]")
    k.add_argument("--write-ssh-config", action="store_true", help="also append a Host block with the key to the "
                   "ssh config (--ssh-config FILE, else ~/.ssh/config); without it the line to add is printed")
    return p


def _password_prompt(args: argparse.Namespace):
    """How a password is asked for: the line read by --password-stdin, else the terminal (once), else not at all.

    The password then stays in this process: the OpenSSH tools get it from the app through SSH_ASKPASS."""
    given = getattr(args, "password", None)
    if given is not None:
        return lambda prompt: given
    if not sys.stdin.isatty():
        return None
    return lambda prompt: getpass.getpass(prompt)


def _read_password_stdin(args: argparse.Namespace) -> None:
    if not getattr(args, "password_stdin", False):
        return
    line = sys.stdin.readline()
    if not line.strip("\r\n"):
        raise no_password_on_stdin()
    args.password = line.rstrip("\r\n")


async def _session(args: argparse.Namespace, remote_dest: str | None = None,
                   local_dest: str | None = None) -> Session:
    """Open the session the command works in; with --remember-password, keep a password that was used."""
    session = await Session.open(args.spec, remote_dest=remote_dest,
                                 local_dest=local_dest, password=_password_prompt(args))
    if args.remember_password and session.password_login:
        note = await session.remember_password()
        if note:
            print(f"transfer-advisor: {note}", file=sys.stderr)
    return session


class _ProgressBar:
    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.shown = False

    def __call__(self, event: Event) -> None:
        if not self.enabled:
            return
        if isinstance(event, Phase) and event.name != "copying":
            self._clear()
            self._write(f"{event.detail or event.name}…\n")
        elif isinstance(event, Progress):
            width = 28
            frac = event.done / event.total if event.total else 1.0
            bar = "#" * int(frac * width) + "-" * (width - int(frac * width))
            eta = event.eta
            eta_text = f"ETA {int(eta // 60)}:{int(eta % 60):02d}" if eta is not None else ""
            line = (f"\r[{bar}] {frac * 100:5.1f}%  {size(event.done)} / {size(event.total)}  "
                    f"{rate(event.rate / 1e6):>9}  {eta_text}")
            self._write(line.ljust(80))
            self.shown = self.enabled  # unless that write failed

    def _clear(self) -> None:
        if self.shown:
            self.shown = False
            self._write("\n")

    def _write(self, text: str) -> None:
        try:
            sys.stderr.write(text)
            sys.stderr.flush()
        except OSError:  # the terminal hung up: its SIGHUP is on the way and cancels; draw no more
            self.enabled = self.shown = False


async def _methods(args: argparse.Namespace) -> dict[str, Any]:
    session = await _session(args, remote_dest=args.dest)
    try:
        options = Options(compress=args.compress)
        ctx = Context(session.local, session.remote, options, args.allow_insecure)
        rows = []
        for m in method_registry.METHODS.values():
            reason = m.unavailable(ctx)
            rows.append({"id": m.id, "label": m.label, "secure": m.secure, "available": reason is None,
                         "reason": reason, "summary": m.summary,
                         "keeps": m.keeps_between(session.local, session.remote).as_dict()})
        return {"host": session.host.label, "methods": rows, "ciphers": [c for c in session.remote.ciphers
                                                                if c in session.local.ciphers],
                "remote": session.remote.as_dict()}
    finally:
        await session.close()


def _print_methods(out: dict[str, Any]) -> None:
    print(f"Methods for {out['host']}:")
    for row in out["methods"]:
        mark = "yes" if row["available"] else "no "
        security = "" if row["secure"] else "  [insecure]"
        why = f" — {row['reason']}" if row["reason"] else ""
        print(f"  {mark}  {row['id']:<13} {row['summary']}{security}{why}")
    print(f"Ciphers both sides offer: {', '.join(out['ciphers']) or 'unknown'}")
    print("What each keeps (asked: with --owners or --xattrs):")
    for line in keeps_table({row["id"]: row["keeps"] for row in out["methods"]}):
        print(f"  {line}")


def _existing(args: argparse.Namespace) -> Existing:
    if args.update:
        return Existing.NEWER
    return Existing(args.existing) if args.existing else Existing.ASK


async def _copy(args: argparse.Namespace) -> dict[str, Any]:
    options = Options(cipher=args.cipher, compress=args.compress, mux=args.mux, download=args.download,
                      owners=args.owners, xattrs=args.xattrs)
    if args.mirror and _existing(args) in (Existing.SKIP, Existing.RENAME):
        raise mirror.refuse_policy(args.existing)  # before logging in: nothing to ask the host
    refused = args.method and method_registry.get(args.method).refuses(options)
    if refused:
        able = [m.id for m in method_registry.METHODS.values() if not m.refuses(options)]
        raise method_refuses(args.method, refused, able)
    remote_dest = None if args.download else args.dest
    session = await _session(args, remote_dest, args.dest if args.download else None)
    bar = _ProgressBar(sys.stderr.isatty() and not args.json)
    try:
        method, command = args.method, ""
        if args.dry_run:  # no advice: its race would write to the destination
            return (await preview(session, _copy_request(args, method or "", options))).as_dict()
        if args.best:
            from app.core.advice.advisor import advise
            from app.core.advice.follow import copy_advised
            selection = None
            if args.mirror:  # a mirror that may not go ahead says so before the race (which reads what was read)
                selection, _, _ = await read_selection(session, args.sources, args.dest, args.download, bar)
                await may_mirror(session, replace(_copy_request(args, "", options), selection=selection))
            advice = await advise(session, _advice_request(args), _AdviceLive(sys.stderr.isatty() and not args.json),
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
            else:
                result = await copy(session, _copy_request(args, method, options), bar)
        except (TransferError, asyncio.CancelledError) as exc:
            _keep_in_history(args, exc if isinstance(exc, TransferError) else Cancelled(), method, command)
            raise
        _keep_in_history(args, result, method, command)
    finally:
        bar._clear()
        await session.close()
    return result.as_dict()


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
        print(f"transfer-advisor: the copy could not be added to the history ({exc.strerror or exc}).",
              file=sys.stderr)


def _copy_request(args: argparse.Namespace, method: str, options: Options) -> CopyRequest:
    return CopyRequest(args.sources, args.dest, method, options, args.allow_insecure, args.verify,
                       args.rsync_module, args.rsync_port, args.rsyncd_conf, stall_timeout=args.stall_timeout,
                       existing=_existing(args), resume=not args.restart, mirror=args.mirror,
                       yes_delete=args.yes_delete)


def _print_copy(out: dict[str, Any]) -> None:
    if out.get("dry_run"):
        _print_preview(out)
        return
    done = copy_done(out["files"], out["bytes"], out.get("sent_bytes", out["bytes"]), out["seconds"], out["method"],
                     out["verification"] if out.get("verified", True) else None)
    print(f"Copied {done}.")
    for note in out["notes"]:
        print(f"Note: {note}")
    print(f"Command: {out['command']}")


def _print_preview(out: dict[str, Any]) -> None:
    """A dry run: every file it would send and everything it would delete, one a line."""
    print(would_send(len(out["send"]), out["send_bytes"], out["destination"], out["changes"]["unchanged"]))
    for path in out["send"]:
        print(f"  send    {path!r}")
    if "deleted" in out:
        d = out["deleted"]
        print(would_delete(d["count"], d["files"], d["bytes"]))
        for line in out["delete_lines"]:
            print(f"  delete  {line}")
    print(DRY_RUN_DONE)


def _advice_request(args: argparse.Namespace, race: bool = True):
    from app.core.advice.advisor import AdviceRequest  # the advisor (and its model) load only when asked for
    count, seconds = getattr(args, "race", None), getattr(args, "race_seconds", None)
    return AdviceRequest(args.sources, args.dest, args.download, args.allow_insecure,
                         race and not getattr(args, "no_race", False), 3 if count is None else count,
                         2.0 if seconds is None else seconds, getattr(args, "fresh", False),
                         stall_timeout=args.stall_timeout, owners=args.owners, xattrs=args.xattrs)


class _AdviceLive:
    """Advice as it happens, on a terminal: probe results, then each lap of the race."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, event: Event) -> None:
        if not self.enabled:
            return
        from app.core.events import RaceResult
        if isinstance(event, ProbeDone):
            print(f"  {event.label:<42} {event.value}", file=sys.stderr, flush=True)
        elif isinstance(event, Phase) and event.name in ("profiling", "racing"):
            print(f"{event.detail}…", file=sys.stderr, flush=True)
        elif isinstance(event, RaceResult):
            shown = (rate(event.MBps) if event.MBps else f"failed: {event.error}" if event.failed else
                     f"all of it in {short_time(event.seconds or 0.0)} (too little to time a rate)")
            print(f"  {event.label:<42} {shown}", file=sys.stderr, flush=True)


async def _advise(args: argparse.Namespace) -> dict[str, Any]:
    from app.core.advice.advisor import advise
    session = await _session(args, None if args.download else args.dest, args.dest if args.download else None)
    try:
        advice = await advise(session, _advice_request(args), _AdviceLive(not args.json))
    finally:
        await session.close()
    return advice.as_dict()


def _ranked_figures(r: dict[str, Any], factor: str) -> str:
    if factor == Factor.SETUP:  # too little to time a rate: the whole copy's time is what tells them apart
        return f"takes {short_time(r['expected_seconds'])}"
    measured = f"  measured {rate(r['measured_MBps'])}" if r["measured_MBps"] else ""
    return f"predicted {rate(r['predicted_MBps']):>9}{measured}  limit: {r['limit']}"


def _print_advice(out: dict[str, Any]) -> None:
    print(f"Bottleneck: {out['bottleneck']['sentence']}")
    print("Ranking:")
    for i, r in enumerate(out["ranking"][:8], 1):
        o = r["options"]
        extra = ", ".join(x for x in (o["cipher"], o["compress"] != "none" and o["compress"], o["mux"] and "mux")
                          if x)
        lock = "" if r["secure"] else "  [insecure]"
        print(f"  {i}. {r['method']:<13} {extra:<40} {_ranked_figures(r, out['bottleneck']['factor'])}{lock}")
    for title, key in (("Recommended (secure)", "secure"), ("Fastest overall", "overall")):
        rec = out["recommended"][key]
        if rec is None or (key == "overall" and rec == out["recommended"]["secure"]):
            continue
        print(f"{title}: {rec['method']} — {rec['reason']}")
        print(f"  {rec['command']}")
    if out["recommended"]["overall"] and out["recommended"]["overall"] != out["recommended"]["secure"]:
        print(f"  {INSECURE_ADVICE}")
    for method_id, why in out["left_out"].items():
        print(f"Left out: {method_id} — {why}.")
    for note in out["notes"]:
        print(f"Note: {note}")
    print(f"Advice took {duration(out['seconds'])}.")


async def _profile(args: argparse.Namespace) -> dict[str, Any]:
    from app.core.profile.profiler import measure
    session = await _session(args, remote_dest=args.dest)
    live = not args.json

    def show(event: Event) -> None:
        if live and isinstance(event, ProbeDone):
            print(f"  {event.label:<42} {event.value}", flush=True)

    try:
        if live:
            print(f"Profiling {session.host.label}:", flush=True)
        profile = await measure(session, args.dest, None, show, args.budget, args.fresh)
    finally:
        await session.close()
    return profile.as_dict()


def _print_profile(out: dict[str, Any]) -> None:
    for note in out["notes"]:
        print(f"Note: {note}")
    print(f"Measured in {duration(out['seconds'])}.")


async def _trust(args: argparse.Namespace) -> dict[str, Any]:
    host = resolve(HostSpec(args.host, args.ssh_config))

    def confirm(fingerprint: str) -> bool:
        if args.yes:
            return True
        if not sys.stdin.isatty():
            raise fingerprint_unconfirmed(args.host, fingerprint)
        answer = input(f"{args.host} has key fingerprint {fingerprint}.\nTrust it and remember it? [y/N] ")
        return answer.strip().lower() in ("y", "yes")

    fingerprint = await trust(host, confirm)
    return {"host": args.host, "fingerprint": fingerprint, "trusted": True}


async def _setup_key(args: argparse.Namespace) -> dict[str, Any]:
    from app.core.host.keylogin import add_to_ssh_config, setup_key
    session = await _session(args)
    try:
        done = await setup_key(session)
        alias = session.host.alias
    finally:
        await session.close()
    written = None
    if args.write_ssh_config and done.works:
        config = args.ssh_config or os.path.expanduser("~/.ssh/config")
        written = config if add_to_ssh_config(config, alias, done.key_file) else None
    return {"host": args.host, "alias": alias, "key_file": done.key_file, "added": done.added,
            "key_login_works": done.works, "note": done.note, "ssh_config_lines": done.ssh_config_lines(),
            "ssh_config_written": written}


def _print_setup_key(out: dict[str, Any]) -> None:
    where = f"{out['host']}'s ~/.ssh/authorized_keys"
    print(f"Added the key {out['key_file']} to {where}." if out["added"] else
          f"The key {out['key_file']} was already in {where}; nothing was added.")
    if not out["key_login_works"]:
        print(out["note"])
    elif out["ssh_config_written"]:
        print(f"Added a Host {out['alias']} block with the key to {out['ssh_config_written']}; logins need no "
              "password now.")
    else:
        print(f"Key login works. Add this line to the Host {out['alias']} entry of your ssh config "
              "(or run again with --write-ssh-config):")
        for line in out["ssh_config_lines"]:
            print(f"  {line}")


COMMANDS = {"methods": (_methods, _print_methods), "copy": (_copy, _print_copy),
            "advise": (_advise, _print_advice), "profile": (_profile, _print_profile),
            "trust": (_trust, lambda out: print(f"Trusted {out['host']} ({out['fingerprint']}).")),
            "setup-key": (_setup_key, _print_setup_key)}


async def _cancellable(coro):
    """Each of CANCEL_SIGNALS cancels the command, so its tools, remote helpers and staging folders are
    cleaned up; another signal during the clean-up does not cut it short (runner.finish)."""
    task = asyncio.current_task()
    loop = asyncio.get_running_loop()
    for sig in CANCEL_SIGNALS:
        loop.add_signal_handler(sig, _cancel, task, sig)
    try:
        return await coro
    except asyncio.CancelledError:
        raise Cancelled() from None
    finally:
        for sig in CANCEL_SIGNALS:
            loop.remove_signal_handler(sig)


def _cancel(task: asyncio.Task, sig: int) -> None:
    if sig == signal.SIGHUP:
        _leave_hung_up_terminal()
    task.cancel()


def _leave_hung_up_terminal() -> None:
    """Once the terminal has hung up, every write to it fails (EIO): what would still be said goes to
    /dev/null instead, so the cancel ends as a cancel and not in a traceback nobody sees."""
    for fd in (0, 1, 2):
        try:
            termios.tcgetattr(fd)
            continue  # a terminal still there
        except termios.error as exc:
            if exc.args[0] != errno.EIO:
                continue  # not a terminal (a pipe, a file): it works as before
        except OSError:
            continue
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, fd)
        os.close(null)


def _gui(args: argparse.Namespace) -> int:
    """The window; PySide6 is imported only here, so the commands never load it."""
    from app.gui.shell.application import run
    ssh_config = getattr(args, "ssh_config", None)
    return run(os.path.abspath(ssh_config) if ssh_config else None, self_test=args.self_test,
               demo=getattr(args, "demo", False))


def _check_host(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """HOST or --demo, and --dest unless --demo gives it. With --demo the first SRC lands in `host`
    (HOST is optional, so argparse hands it the first word): it goes back to the sources."""
    sub = parser.commands[args.command]  # its error() names the command
    takes_sources = hasattr(args, "sources")
    if args.demo:
        if args.host is not None and takes_sources:
            args.sources, args.host = [args.host, *args.sources], None
        elif args.host is not None:
            sub.error(f"--demo takes the place of HOST; drop '{args.host}' or --demo")
        if args.ssh_config:
            sub.error("--demo brings its own ssh config; drop --ssh-config or --demo")
    elif args.host is None:
        sub.error("the following arguments are required: host (or --demo)")
    if hasattr(args, "dest") and takes_sources and args.dest is None and not args.demo:
        sub.error("the following arguments are required: --dest")
    if args.command == "copy" and args.yes_delete and not args.mirror:
        sub.error("--yes-delete goes with --mirror (it allows the mirror's deletions); add --mirror or drop it")
    if args.command == "copy" and not args.best:
        given = [o for o, v in (("--no-race", args.no_race), ("--race", args.race), ("--race-seconds",
                 args.race_seconds), ("--fresh", args.fresh)) if v not in (None, False)]
        if given:
            sub.error(f"{given[0]} goes with --best (it tunes the advice); add --best or drop it")


def main(argv: Sequence[str] | None = None) -> int:
    restore_child_environment()  # frozen: the tools we start load the system's libraries, not the bundle's
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == [FROZEN_FLAG]:  # hidden: the frozen app as ssh's SSH_ASKPASS helper (app.core.host.askpass)
        from app.core.host.askpass import main as askpass_main
        return askpass_main(words[1:])
    parser = _parser()
    args = parser.parse_args(words)
    state_paths.settle(getattr(args, "config_dir", None))  # the window's chosen state folder, for every command
    if args.self_test or args.command in (None, "gui"):
        return _gui(args)
    run, show = COMMANDS[args.command]
    args.demo = getattr(args, "demo", False)  # `trust` has no --demo: the demo host's key is trusted already
    _check_host(parser, args)
    demo_host = None
    try:
        _read_password_stdin(args)
        if args.demo:
            demo_host = _start_demo(args)
        else:
            args.spec = HostSpec(args.host, args.ssh_config)
        out = asyncio.run(_cancellable(run(args)))
    except KeyboardInterrupt:
        return _fail(args, Cancelled(), EXIT_CANCELLED)
    except TransferError as exc:
        return _fail(args, exc, EXIT_CANCELLED if isinstance(exc, Cancelled) else
                     EXIT_USAGE if exc.kind is ErrorKind.USAGE else
                     mirror.EXIT_UNCONFIRMED if exc.kind is ErrorKind.CONFIRM_DELETE else EXIT_ERROR)
    except (asyncssh.Error, ConnectionError, TimeoutError) as exc:  # a connection that dropped outside a copy
        return _fail(args, connection_dropped(exc), EXIT_ERROR)
    except Exception as exc:  # a bug: the user gets one sentence and a log file, not a traceback
        log = _write_crash_log()
        return _fail(args, unexpected(exc, log, traceback.format_exc()), EXIT_ERROR)
    finally:
        if demo_host is not None:
            demo_host.stop()
    if args.json:
        print(json.dumps(out, indent=2, default=str))
    else:
        show(out)
    return 0


def _start_demo(args: argparse.Namespace):
    """The local demo host for this command; main() stops it (and removes its folder) at the end."""
    from app.core.demo import host as demo
    host = demo.start()
    args.spec = host.spec()
    if getattr(args, "dest", "") is None:
        args.dest = str(host.dest)
    print(f"Using {host.label}: {host.description}. {host.root} and everything copied there is "
          "removed when this command ends.", file=sys.stderr, flush=True)
    if host.note:
        print(f"Note: {host.note}.", file=sys.stderr, flush=True)
    return host


def _write_crash_log() -> str:
    from app.core.state.paths import data_dir
    path = data_dir() / "crash.log"
    with open(path, "a") as f:
        f.write(f"--- transfer-advisor {__version__}, {' '.join(sys.argv)}\n{traceback.format_exc()}\n")
    return str(path)


def _fail(args: argparse.Namespace, exc: TransferError, code: int) -> int:
    if args.json:
        print(json.dumps(exc.as_dict(), indent=2))
    else:
        print(f"transfer-advisor: {exc.sentence}", file=sys.stderr)
        if exc.details and os.environ.get("TRANSFER_ADVISOR_DEBUG"):
            print(exc.details, file=sys.stderr)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
