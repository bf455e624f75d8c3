"""Connection multiplexing: one OpenSSH master connection the method's ssh processes share."""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import time

from app.core.errors import TransferError, explain_exit, shared_connection_down
from app.core.host.ssh_command import Options
from app.core.host.remote_helper import LISTEN_TIMEOUT
from app.core.runner import Pipeline, Stage, run
from app.core.host.session import Session


class Mux:
    """An OpenSSH master connection the method's ssh processes share (ControlMaster)."""

    def __init__(self, session: Session, options: Options) -> None:
        self.session, self.options = session, options
        self.dir = tempfile.mkdtemp(prefix="ta-mux-")  # short path: sun_path holds 108 bytes
        self.path = os.path.join(self.dir, "cm")
        self.master: Pipeline | None = None

    def _check(self, op: str) -> list[str]:
        # Talks to the master's socket only: it never logs in, so it needs no password.
        host = self.session.host
        return ["ssh", *host.ssh_options(), "-o", f"ControlPath={self.path}", "-O", op, "--", host.alias]

    async def start(self) -> str:
        ssh = self.session.ssh()
        argv = ["ssh", *ssh.opts(self.options), "-M", "-N", "-o", f"ControlPath={self.path}",
                "-o", "ControlPersist=no", "--", ssh.target]
        self.master = Pipeline([Stage(argv)], login_env=self.session.login_env)
        await self.master.start()
        deadline = time.monotonic() + LISTEN_TIMEOUT
        while time.monotonic() < deadline:
            if self.master.procs[0].returncode is not None:
                results = await self.master.wait()
                raise explain_exit("ssh", results[0].returncode, results[0].stderr, self.session.host.label)
            code, _out, _err = await run(self._check("check"), timeout=5)
            if code == 0:
                return self.path
            await asyncio.sleep(0.05)
        raise shared_connection_down()

    async def stop(self) -> None:
        try:
            await run(self._check("exit"), timeout=5)
        except (OSError, TransferError):  # not there, or it did not answer in time (the runner ended it)
            pass
        if self.master is not None:
            await self.master.cancel()
            await self.master.wait()
        shutil.rmtree(self.dir, ignore_errors=True)
