"""The headless front end: `transfer-advisor methods|copy|trust ...`, and the entry point of the app.

Errors are one sentence on stderr (or `{"error": ...}` with --json) and a non-zero exit;
never a traceback. Progress goes to stderr as a bar when stderr is a terminal.

This file reads as the CLI's table of contents: main(), which command runs what and shows it how (COMMANDS),
and how every command ends (exit codes, errors, signals). Its parts are modules beside it (the entry point stays
app/cli.py): cli_parser.py (the options), cli_commands.py (what each command does), cli_output.py (what it
shows), cli_numbers.py (the numbers it takes).
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import contextlib
import errno
import json
import os
import signal
import sys
import termios
import threading
import traceback
from typing import Sequence

import asyncssh

from app import cli_commands as commands
from app import cli_output as output
from app.bundle import restore_child_environment
from app.cli_parser import EXIT_USAGE, build_parser, check_host
from app.core.errors import Cancelled, ErrorKind, TransferError, connection_dropped, unexpected
from app.core.host.askpass import FROZEN_FLAG
from app.core.host.hosts import HostSpec
from app.core import paths as state_paths
from app.core import runner
from app.core.state import crash_log
from app.core.tasks import finish
from app.core.transfer import mirror

EXIT_ERROR, EXIT_CANCELLED = 1, 130  # also EXIT_USAGE (2, argparse's own) and mirror.EXIT_UNCONFIRMED (3)
# Ctrl-C, a shutdown or `kill`, and the terminal closing (or a logout): each stops the command cleanly.
CANCEL_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

# Each command: what it does (from the parsed arguments to a dict, which --json prints) and how it shows that dict.
COMMANDS = {
    "methods": (commands.methods, output.print_methods),
    "copy": (commands.copy, output.print_copy),
    "advise": (commands.advise, output.print_advice),
    "profile": (commands.profile, output.print_profile),
    "trust": (commands.trust, output.print_trust),
    "setup-key": (commands.setup_key, output.print_setup_key),
}


def run() -> None:
    """The program (`transfer-advisor`, `python -m app`, the frozen bundle): main(), then out."""
    leave(main())


def leave(code: int) -> None:
    """End the process with `code`. Python's own teardown (every module's objects freed, one by one) took
    0.05 s of each command's run (measured: a `copy` of 100 MB, 0.05 s from main's return to the exit): a
    command ends as soon as its output is out. What an ending must still do is done first: the atexit handlers
    (logging's files flushed, the demo host stopped) and the streams flushed. Not where another thread still
    runs or Qt was loaded (the window's teardown saves its settings): then Python ends it as usual."""
    if threading.active_count() > 1 or "PySide6.QtCore" in sys.modules:
        raise SystemExit(code)
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe or stream: nothing more to say there
            stream.flush()
    os._exit(code)


def main(argv: Sequence[str] | None = None) -> int:
    restore_child_environment()  # frozen: the tools we start load the system's libraries, not the bundle's
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == [FROZEN_FLAG]:  # hidden: the frozen app as ssh's SSH_ASKPASS helper (app.core.host.askpass)
        from app.core.host.askpass import main as askpass_main
        return askpass_main(words[1:])
    parser = build_parser()
    args = parser.parse_args(words)
    state_paths.settle(getattr(args, "config_dir", None))  # the window's chosen state folder, for every command
    if args.self_test or args.command in (None, "gui"):
        return _gui(args)
    run, show = COMMANDS[args.command]
    args.demo = getattr(args, "demo", False)  # `trust` has no --demo: the demo host's key is trusted already
    check_host(parser, args)
    demo_host = None
    crash_log.catch_native_crashes(f"command {args.command}")  # a crash inside a C library leaves its stacks
    try:
        commands.read_password_stdin(args)
        if args.demo:
            demo_host = commands.start_demo(args)
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


def _gui(args: argparse.Namespace) -> int:
    """The window; PySide6 is imported only here, so the commands never load it."""
    from app.gui.shell.application import run
    ssh_config = getattr(args, "ssh_config", None)
    return run(os.path.abspath(ssh_config) if ssh_config else None, self_test=args.self_test,
               demo=getattr(args, "demo", False), files=[os.path.abspath(f) for f in getattr(args, "files", [])])


async def _cancellable(coro):
    """Each of CANCEL_SIGNALS cancels the command, so its tools, remote helpers and staging folders are
    cleaned up; another signal during the clean-up does not cut it short (tasks.finish)."""
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
        with contextlib.suppress(asyncio.CancelledError):  # a signal during it: it still runs to its end
            await finish(runner.end_the_rest(keep=task))


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


def _write_crash_log() -> str:
    return str(crash_log.write(traceback.format_exc(), " ".join(sys.argv)))


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
