"""The keeper: ends the app's tools when the app is gone without cancelling them (killed, crashed, out of
memory). The runner (app.core.runner) marks every process it starts with it."""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
import threading

# $1: the mark (NAME=VALUE), $2: the app's folder (Keeper.folder). Waits until its input ends, which is when
# the app is gone (nothing is ever written to it), then stops every process whose environment holds the mark
# in the runner's steps, and removes the folder.
_KEEPER_SCRIPT = r"""
while read -r _; do :; done
ours() { grep -l -a -x -F -z -e "$1" /proc/[0-9]*/environ 2>/dev/null | sed 's|^/proc/||; s|/environ$||'; }
for step in INT TERM KILL; do
  pids=$(ours "$1")
  [ -n "$pids" ] || break
  kill -s "$step" $pids 2>/dev/null
  i=0
  while [ "$i" -lt 20 ] && [ -n "$(ours "$1")" ]; do sleep 0.1; i=$((i + 1)); done
done
rm -rf -- "$2"
"""


class Keeper:
    """Ends the app's tools when the app is gone without cancelling them: killed, crashed, out of memory.

    Each tool runs in a session of its own, out of reach of the terminal's hang-up and of a signal to
    the app's group, so nothing else would. The keeper is one small sh process per app, started before
    the first tool, in a session of its own too. It holds the read end of a pipe whose write end only
    the app has (it is not inherited): when the app ends, however it ends, the kernel closes that end,
    and the keeper stops, in the cancel's steps, every process that carries the app's mark in its
    environment. The mark is inherited by everything a tool starts (the ssh that scp and rsync start,
    rsync's receiver) and survives their parents' deaths, which a parent-death signal (it reaches only
    the process the app started) and a process group (rsync's children outlive it) do not.
    After a normal exit no process carries the mark any more, and the keeper just ends. Either way it removes
    the app's folder (`folder`), where the shared connections' control sockets live: a killed app's ssh,
    killed in turn, leaves its socket behind.
    """

    VARIABLE = "TRANSFER_ADVISOR_RUN"
    NAME = "transfer-advisor-keeper"  # its $0: what ps shows of it

    def __init__(self) -> None:
        self._for_pid: int | None = None
        self._mark: dict[str, str] = {}
        self._folder = ""
        self._lock = threading.Lock()  # run_sync runs in worker threads, the demo server in its own

    def mark(self) -> dict[str, str]:
        """The environment entry of every process the runner starts; starts the keeper the first time."""
        with self._lock:
            if self._for_pid != os.getpid():  # the first time, or in a child forked since
                self._for_pid = os.getpid()
                self._mark = self._start(f"{os.getpid()}-{secrets.token_hex(8)}")
            return self._mark

    def folder(self) -> str:
        """This app's own folder under the system's temporary folder (short: a control socket's path holds 108
        bytes at most), removed by the keeper when the app ends, however it ends. Where it is gone (a cleaner
        of old files in /tmp, under a window open for weeks), the temporary folder itself, as before it."""
        self.mark()
        return self._folder if self._folder and os.path.isdir(self._folder) else tempfile.gettempdir()

    def _start(self, token: str) -> dict[str, str]:
        sh = shutil.which("sh") or "/bin/sh"
        try:
            self._folder = tempfile.mkdtemp(prefix="ta-run-")
        except OSError:
            self._folder = ""  # (folder() is then the temporary folder itself, as before)
        if not os.path.isdir("/proc/self/fd"):
            return {}  # no /proc to find the marked processes in
        r, w = os.pipe()  # both ends are not inherited: the keeper gets r as its input, nobody gets w
        # posix_spawn, not subprocess: the keeper outlives the app on purpose, and a Popen object would
        # warn at exit about a child still running; nobody waits for it (init reaps it).
        try:
            os.posix_spawn(sh, ["sh", "-c", _KEEPER_SCRIPT, self.NAME, f"{self.VARIABLE}={token}", self._folder],
                           {"PATH": os.environ.get("PATH", os.defpath), "LC_ALL": "C"}, setsid=True,
                           file_actions=[(os.POSIX_SPAWN_DUP2, r, 0),
                                         (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                                         (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
        except OSError:
            os.close(w)
            return {}
        finally:
            os.close(r)
        self._keep = w  # open until the app ends; never written
        return {self.VARIABLE: token}


KEEPER = Keeper()
