"""The wrapper around every helper the app starts on a host, run for real by dash, BusyBox ash (with
only BusyBox applets on PATH) and bash: however the app lets go of it — it closes the channel's input,
signals the wrapper or the session's whole process group, or dies — the helper's whole process tree
ends and its folder goes; and the app's own check afterwards kills what is left or names it."""

from __future__ import annotations

import os
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.core.errors import helper_survived
from app.core.host.helper_scripts import CHECK, WRAPPER
from app.core.host import listener
from app.core.host.listener import Listener
from app.core.host.remote_helper import RemoteHelper
from tests.unit.localhost import SHELLS, Shell, local_session, make_shell

SECRET = "s3cret 'line' $(touch PWNED)"


@pytest.fixture(scope="module", params=SHELLS)
def shell(request, tmp_path_factory: pytest.TempPathFactory) -> Shell:
    return make_shell(request.param, tmp_path_factory.mktemp("shells"))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# A command name that misleads a parser reading /proc/PID/stat up to the first ")": state S, parent 1.
# (BusyBox runs the applet named after a "busybox..." program name; coreutils' sleep ignores its name.)
ODD_NAME = "busybox) S 1 ("


def _helper(shell: Shell, port: int) -> str:
    """A helper like the real ones: reads its secret, keeps a pipeline, a nested shell and a process with
    an odd name running, and a netcat listener as a grandchild; writes in its TMPDIR; says it is ready
    once nc listens."""
    syntax = "busybox" if shell.name == "busybox" else "openbsd"
    nc = " ".join(listener.listen_argv(syntax, "127.0.0.1", str(port), sends=False))
    # (BusyBox's ash names an applet by its name alone: the program is the shell's own.)
    program, applet = ('$(readlink /proc/$$/exe)', "sleep ") if shell.name == "busybox" else ('$(command -v sleep)', "")
    return listener.LISTENING + f'''
IFS= read -r s; echo "got $s" >&2
sleep 300 | sleep 301 &
sh -c 'sleep 302 & wait' &
ln -s "{program}" "$TMPDIR/{ODD_NAME}" && "$TMPDIR/{ODD_NAME}" {applet}303 &
{nc} < /dev/null > /dev/null & n=$!
wait_listening "$n" {port} || exit
mktemp -d > /dev/null
echo "ready on port {port}" >&2
wait
'''


class Lines:
    """The wrapper's stderr, line by line, with a time limit (so a silent wrapper fails the test, not hangs it)."""

    def __init__(self, stream) -> None:
        self.fd, self.buf, self.seen, self._next = stream.fileno(), b"", [], 0

    def until(self, pattern: str, timeout: float = 30.0) -> re.Match:
        deadline = time.monotonic() + timeout
        while True:
            while self._next < len(self.seen):
                self._next += 1
                match = re.search(pattern, self.seen[self._next - 1])
                if match:
                    return match
            if time.monotonic() > deadline or not self._more():
                raise AssertionError(f"never saw {pattern!r}; the wrapper said {self.seen!r}")

    def _more(self) -> bool:
        if select.select([self.fd], [], [], 0.2)[0]:
            chunk = os.read(self.fd, 4096)
            if not chunk:
                return False
            *lines, self.buf = (self.buf + chunk).split(b"\n")
            self.seen += [line.decode(errors="replace") for line in lines]
        return True


def _stat(pid: int) -> list[str] | None:
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(") ") + 2:].split()  # the command name may hold ") "


def _settled_tree(root: int, limit: float = 10.0) -> tuple[dict[int, str], set[str]]:
    """The helper's tree once its background children have exec'd their programs: "ready" comes when nc
    listens, and a child started with & just before may still be a forked shell for a moment."""
    deadline = time.monotonic() + limit
    while True:
        tree = _tree(root)
        names = {_read(f"/proc/{pid}/comm").decode(errors="replace").strip() for pid in tree}
        if ({"nc", "sleep", ODD_NAME} <= names and len(tree) >= 8) or time.monotonic() > deadline:
            return tree, names
        time.sleep(0.05)


def _tree(root: int) -> dict[int, str]:
    """pid -> start time of every live process under root (root included)."""
    table = {}
    for entry in os.listdir("/proc"):
        fields = _stat(int(entry)) if entry.isdigit() else None
        if fields and fields[0] != "Z":
            table[int(entry)] = (int(fields[1]), fields[19])
    found, grew = {root: table[root][1]}, True
    while grew:
        grew = False
        for pid, (ppid, start) in table.items():
            if ppid in found and pid not in found:
                found[pid], grew = start, True
    return found


def _alive(procs: dict[int, str]) -> list[int]:
    """Those still running (a zombie has ended; a reused pid has another start time)."""
    return [pid for pid, start in procs.items() if (f := _stat(pid)) and f[0] != "Z" and f[19] == start]


def _gone(procs: dict[int, str], wait: float = 20.0) -> list[int]:
    deadline = time.monotonic() + wait
    while _alive(procs) and time.monotonic() < deadline:
        time.sleep(0.05)
    return _alive(procs)


def _refused(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    except ConnectionRefusedError:
        return True
    return False


# The "app" that holds the wrapper's input, so the test can SIGKILL it like a crashed app.
_APP = """
import subprocess, sys, time
proc = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, start_new_session=True)
proc.stdin.write(sys.stdin.buffer.readline())
proc.stdin.flush()
time.sleep(3600)
"""


@pytest.mark.parametrize("how", ["end-of-input", "sigterm-to-wrapper", "sigterm-to-group", "sigusr1-to-group",
                                 "app-killed"])
def test_the_whole_tree_ends_and_its_folder_goes(shell: Shell, how: str) -> None:
    port = _free_port()
    argv = [shell.sh, "-c", WRAPPER, "sh", _helper(shell, port)]
    if how == "app-killed":
        proc = subprocess.Popen([sys.executable, "-c", _APP, *argv], stdin=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=shell.env(), start_new_session=True)
    else:
        proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stderr=subprocess.PIPE, env=shell.env(),
                                start_new_session=True)
    lines, tree = Lines(proc.stderr), {}
    try:
        proc.stdin.write(SECRET.encode() + b"\n")
        proc.stdin.flush()
        started = lines.until(r"^ta-helper started (\d+):\d+ \d+ \S+ (\S+)$")
        wrapper, folder = int(started[1]), Path(started[2])
        lines.until(f"^ready on port {port}$")
        assert f"got {SECRET}" in lines.seen  # the secret reached the helper whole
        tree, names = _settled_tree(wrapper)
        assert {"nc", "sleep", ODD_NAME} <= names and len(tree) >= 8, names
        assert folder.is_dir() and any(folder.iterdir())
        assert not [pid for pid in tree if SECRET.encode() in _read(f"/proc/{pid}/cmdline") + _read(
            f"/proc/{pid}/environ")], "the secret is in an argv or environment"

        if how == "end-of-input":
            proc.stdin.close()
        elif how == "sigterm-to-wrapper":
            os.kill(wrapper, signal.SIGTERM)
        elif how == "sigterm-to-group":
            os.killpg(wrapper, signal.SIGTERM)  # what sshd did with the app's signal request
        elif how == "sigusr1-to-group":
            os.killpg(wrapper, signal.SIGUSR1)  # what sshd does with it now
        else:
            proc.kill()
            proc.wait()
        assert _gone(tree) == []
        assert not folder.exists()
        assert _refused(port)
    finally:
        _clean_up(proc, tree)


def _clean_up(proc: subprocess.Popen, tree: dict[int, str]) -> None:
    """After a failure too: nothing of the test may stay behind."""
    for pid in _alive(tree):
        os.kill(pid, signal.SIGKILL)
    if proc.poll() is None:
        proc.kill()
    proc.wait()
    for stream in (proc.stdin, proc.stderr):
        if not stream.closed:
            stream.close()


def _read(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError:
        return b""


def test_a_helper_that_ends_leaves_nothing_and_its_status_comes_back(shell: Shell) -> None:
    helper = 'sleep 300 & sh -c "sleep 301" & echo "ready on port 1" >&2; sleep 0.2; exit 7'
    proc = subprocess.Popen([shell.sh, "-c", WRAPPER, "sh", helper], stdin=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=shell.env(), start_new_session=True)
    lines, tree = Lines(proc.stderr), {}
    try:
        proc.stdin.write(b"\n")
        proc.stdin.flush()
        started = lines.until(r"^ta-helper started (\d+):\d+ \d+ \S+ (\S+)$")
        lines.until("^ready on port 1$")
        tree = _tree(int(started[1]))
        assert proc.wait(30) == 7
        assert _gone(tree) == []
        assert not Path(started[2]).exists()
    finally:
        _clean_up(proc, tree)


async def test_remote_helper_stops_and_checks(shell: Shell) -> None:
    """The app's side over a host whose shell is dash, BusyBox ash or bash: started, signalled through the
    channel, and checked afterwards over a fresh command, which finds nothing left."""
    port = _free_port()
    session = local_session(shell)
    helper = RemoteHelper(session, Listener(_helper(shell, port), listener.READY, stdin=SECRET.encode() + b"\n",
                                            ends_by_itself=False))
    assert await helper.start() == port
    wrapper = int(helper.started.split()[0].split(":")[0])
    tree = _tree(wrapper)
    assert len(tree) >= 7
    assert await helper.stop() is None
    assert _gone(tree) == []
    assert not Path(helper.started.split()[3]).exists()
    assert f"got {SECRET}" in helper.stderr and "ta-helper" not in helper.stderr


def test_the_check_kills_an_orphan_that_carries_the_mark(shell: Shell) -> None:
    """A process of the helper's whose parent died is nobody's child any more: its session and its mark
    still name it. (A process in that session without the mark is left alone.)"""
    mark = "4242.4242."
    out = subprocess.run([shell.sh, "-c", 'TA_HELPER=$1 sleep 300 >/dev/null 2>&1 & echo $!; sleep 301 >/dev/null 2>&1 & echo $!; echo $$', "sh",
                          mark], capture_output=True, text=True, env=shell.env(), start_new_session=True, timeout=30)
    orphan, stranger, sid = (int(w) for w in out.stdout.split())
    procs = {pid: _stat(pid)[19] for pid in (orphan, stranger)}
    try:
        out = subprocess.run([shell.sh, "-c", CHECK, "sh", mark, "4194305:1", str(sid), "/tmp/transfer-advisor.none"],
                             capture_output=True, text=True, env=shell.env(), timeout=60)
        assert out.stdout == "" and out.returncode == 0, out
        assert _gone({orphan: procs[orphan]}) == []
        assert _alive({stranger: procs[stranger]}) == [stranger]
    finally:
        for pid in _alive(procs):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root: a process the check may not kill is root's")
def test_what_cannot_be_stopped_is_named_in_one_sentence(shell: Shell) -> None:
    """The check runs as the helper's user; a survivor it has no right to kill is named, with what to do."""
    survivor = subprocess.Popen(["sleep", "300"], start_new_session=True)
    try:
        start = _stat(survivor.pid)[19]
        check = [shell.sh, "-c", CHECK, "sh", "4242.4242.", "4194305:1", "4194305", "/tmp/transfer-advisor.none",
                 f"{survivor.pid}:{start}"]
        out = subprocess.run([shutil.which("setpriv") or "setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", *check],
                             capture_output=True, text=True, env=shell.env(), timeout=60)
        assert survivor.poll() is None
        assert helper_survived("nas", out.stdout) == (
            f"Transfer Advisor could not stop what it started on nas: sleep (process {survivor.pid}) still runs; "
            f"end it there with `kill -9 {survivor.pid}`.")
    finally:
        survivor.kill()
        survivor.wait()
