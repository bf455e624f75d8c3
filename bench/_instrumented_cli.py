"""`transfer-advisor` exactly as its entry point runs it, plus a record of where the time went.

Usage: python bench/_instrumented_cli.py MARKS.json copy HOST SRC... --dest DIR --method ID ...

Everything after MARKS.json goes to `app.cli.main` unchanged. The only additions are
measurements: the CLI's emit callback is wrapped so every Phase event is stamped with
the wall clock (CLOCK_MONOTONIC, shared with the benchmark process) and the process's
CPU time (all threads); in older versions, which relayed the data through a thread, that thread's
own CPU time is read when it finishes.
Nothing the app does is changed (it starts as app.program does: the head start first). The marks are
written to MARKS.json before exit.
"""

from __future__ import annotations

import time

_T0 = (time.monotonic(), time.process_time())  # before any import: interpreter start-up is all that precedes

import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

try:  # as the program starts (app.program): the host's shared ssh first, before the app loads
    from app.core.host import head_start  # noqa: E402
    head_start.begin(sys.argv[2:])
except ImportError:  # older versions
    pass

import app.cli as cli  # noqa: E402
from app.core import runner  # noqa: E402
from app.core.events import Phase, Progress  # noqa: E402

marks: list[tuple[str, float, float]] = [("start", *_T0)]
relay_cpu: list[float] = []
progress_events = 0
_lock = threading.Lock()


def mark(name: str) -> None:
    marks.append((name, time.monotonic(), time.process_time()))


mark("imported")

# Versions of the app that relayed pipeline bytes through a thread: time that thread too.
# (The current runner has no relay: the tools pass data to each other and to files or sockets.)
if hasattr(runner, "Relay"):
    _relay_run = runner.Relay._run

    def _timed_relay_run(self) -> None:
        try:
            _relay_run(self)
        finally:
            with _lock:
                relay_cpu.append(time.thread_time())  # this thread's own CPU, user + system

    runner.Relay._run = _timed_relay_run  # bound when Relay() builds its thread, so set before any copy

# The engine's copy, as the copy command calls it: from app/cli_commands.py, or app/cli.py itself in versions
# before the CLI was split.
try:
    import app.cli_commands as _caller
    _CALLED = "engine_copy"
except ImportError:
    _caller, _CALLED = cli, "copy"
_copy = getattr(_caller, _CALLED)


async def _instrumented_copy(session, req, emit):
    def hook(event):
        global progress_events
        if isinstance(event, Phase):
            mark(event.name)
        elif isinstance(event, Progress):
            progress_events += 1
        emit(event)

    mark("copy-start")  # the session (asyncssh login + capability probe) is open by now
    try:
        return await _copy(session, req, hook)
    finally:
        mark("copy-end")


setattr(_caller, _CALLED, _instrumented_copy)

try:  # `copy --best`: the advice's pick is copied through app.core.advice.follow
    import app.core.advice.follow as _follow  # noqa: E402
    _follow_copy = _follow.copy

    async def _instrumented_follow(session, req, emit, *rest, **named):
        def hook(event):
            if isinstance(event, Phase):
                mark(event.name)
            emit(event)

        mark("copy-start")
        try:
            return await _follow_copy(session, req, hook, *rest, **named)
        finally:
            mark("copy-end")

    _follow.copy = _instrumented_follow
except (ImportError, AttributeError):
    pass


def main() -> int:
    out = sys.argv[1]
    try:
        return cli.main(sys.argv[2:])
    finally:
        mark("main-end")
        with _lock:
            data = {"marks": marks, "relay_cpu": list(relay_cpu), "progress_events": progress_events,
                    "threads_at_end": threading.active_count()}
        with open(out, "w") as f:
            json.dump(data, f)


if __name__ == "__main__":
    getattr(cli, "leave", sys.exit)(main())  # as the program ends (app.cli.run); older versions: sys.exit
