"""Connection multiplexing: one OpenSSH master connection ssh processes share.

Two uses: a method's own (Options.mux: its ssh processes share one connection), and a session's (Session.shared:
started in the background once the control connection is up, with the cipher a copy most likely runs, so the
probe, the race's laps and the copy with that cipher open a channel instead of logging in again: on a link with
a 200 ms round trip each login costs 2.6 s, a channel 0.2 s).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import tempfile
import time
from dataclasses import replace

from app.core.errors import TransferError, explain_exit, shared_connection_down
from typing import TYPE_CHECKING

from app.core.host import head_start
from app.core.keeper import KEEPER
from app.core.host.ssh_command import Options, Ssh
from app.core.runner import CANCEL_STEPS, Pipeline, Stage, StageResult, run

if TYPE_CHECKING:
    from app.core.host.session import Session

LOGIN_TIMEOUT = 15.0  # the master must be logged in and answering within this


class Mux:
    """An OpenSSH master connection the method's ssh processes share (ControlMaster)."""

    def __init__(self, session: Session, options: Options) -> None:
        self.session, self.options = session, options
        self.dir = tempfile.mkdtemp(prefix="ta-mux-", dir=KEEPER.folder())  # (removed with the app, however it ends)
        self.path = os.path.join(self.dir, "cm")
        self.master: Pipeline | None = None
        self.reaping: asyncio.Future | None = None  # after kill(): the master's wait
        # Bulk data has gone through it (a cipher probe, a race's lap). A new connection's first bulk data climbs
        # for a second on a host short of CPU (its TCP buffers grow while the host drains them: the lab's weak
        # NAS moved 2-6 MB/s for a second, then 70); a channel opened on it after that moves 20-30 MB/s in its
        # first half second (bench/pace.py --shared). So that first climb is paid once, by whoever goes first.
        self.carried = False

    def _check(self, op: str) -> list[str]:
        # Talks to the master's socket only: it never logs in, so it needs no password, and it may not ask for
        # one (BatchMode first: ssh keeps the first value an option is given).
        host = self.session.host
        return ["ssh", "-o", "BatchMode=yes", *host.ssh_options(), "-o", f"ControlPath={self.path}", "-O", op, "--",
                host.alias]

    def template(self) -> list[str]:
        """The master's argv, its ControlPath left to fill in (head_start.CONTROL)."""
        return master_argv(replace(self.session.ssh(), shared=None), self.options, head_start.CONTROL)

    async def start(self, adopted: head_start.Started | None = None) -> str:
        """Start the master (or take the one `adopted`, started with this argv before the app loaded) and
        wait until it has logged in; its ControlPath."""
        if adopted is not None:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir, self.path = adopted.dir, adopted.path
            self.master = _Adopted(adopted)
        else:
            argv = [a.replace(head_start.CONTROL, self.path) for a in self.template()]
            self.master = Pipeline([Stage(argv)], login_env=self.session.login_env)
            await self.master.start()
        deadline = time.monotonic() + LOGIN_TIMEOUT
        while time.monotonic() < deadline:
            if self.master.procs[0].returncode is not None:
                results = await self.master.wait()
                raise explain_exit("ssh", results[0].returncode, results[0].stderr, self.session.host.label)
            # The master makes its socket once logged in: looked for (cheap) before it is asked.
            if os.path.exists(self.path) and (await run(self._check("check"), timeout=5))[0] == 0:
                return self.path
            await asyncio.sleep(0.02)
        raise shared_connection_down()

    def kill(self) -> None:
        """Stop at once, without waiting (the app quits); the master is reaped when the loop next runs (the
        window's loop finishes what is left on its way out), or by `reaped`."""
        if self.master is not None:
            for proc in self.master.procs:
                if proc.returncode is None:
                    # To its group, not proc.kill(): Popen.send_signal polls first, and that poll can reap a
                    # master that has just ended before asyncio's watcher does, which then prints "Unknown
                    # child process pid …" in the user's terminal (seen in a CLI copy's output). Unreaped, the
                    # pid is still the master's.
                    with contextlib.suppress(ProcessLookupError):
                        os.killpg(proc.pid, signal.SIGKILL)
            if self.reaping is None:
                with contextlib.suppress(RuntimeError):  # no loop to reap on: the process is ending anyway
                    self.reaping = asyncio.ensure_future(self.master.wait())
                    self.reaping.add_done_callback(lambda f: f.cancelled() or f.exception())
        shutil.rmtree(self.dir, ignore_errors=True)

    async def reaped(self, within: float = 5.0) -> None:
        """After kill(): wait until the master is reaped, so no loop closes with it unreaped (asyncio's
        watcher would print a warning in the user's terminal)."""
        if self.reaping is not None:
            await asyncio.wait([self.reaping], timeout=within)

    @property
    def alive(self) -> bool:
        return self.master is not None and bool(self.master.procs) and self.master.procs[0].returncode is None

    async def stop(self) -> None:
        try:
            if os.path.exists(self.path):  # else there is no master to ask (not up yet, or killed)
                await run(self._check("exit"), timeout=5)
        except (OSError, TransferError):  # not there, or it did not answer in time (the runner ended it)
            pass
        if self.master is not None:
            await self.master.cancel()
            await self.master.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


def master_argv(ssh: Ssh, options: Options, control_path: str) -> list[str]:
    return ["ssh", *ssh.opts(options), "-M", "-N", "-o", f"ControlPath={control_path}", "-o", "ControlPersist=no",
            "--", ssh.target]


class _Adopted:
    """The master app.core.host.head_start started before the app loaded, used as a Pipeline of one."""

    def __init__(self, started: head_start.Started) -> None:
        self.started = started
        self.procs = [started]  # its pid, and its returncode once it has ended

    def pids(self) -> list[int]:
        return [self.started.pid]

    async def wait(self) -> list[StageResult]:
        while self.started.returncode is None:  # polled: no thread waits on it (none may outlive the loop)
            await asyncio.sleep(0.02)
        return [StageResult("ssh", self.started.returncode, self.started.stderr())]

    async def cancel(self) -> None:
        for sig, grace in CANCEL_STEPS:
            if self.started.returncode is not None:
                return
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.started.pid, sig)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wait(), grace)
