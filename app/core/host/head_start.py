"""A head start for the shared OpenSSH connection: started as the program starts, before the app loads.

Loading the app takes about 0.23 s (asyncssh 0.17 s of it) before a session can start anything, and a copy
of 100 MB on a LAN takes 0.35 s. The session's shared connection (app.core.host.mux), started beside the
control connection's log-in (app.core.host.early_share), was then still logging in when the copy could
start: the copy waited 0.07-0.11 s for it (bench/overhead.py's "prepare"). So a command that names a host
whose last session shared its connection starts that same ssh first thing, with the argv that session
kept here: this module needs only the standard library, the runner (app.core.runner, which loads without the
app) and the state folder. The session takes it where
the argv it would start now is the same (options, known_hosts, cipher: `Mux.template`), and ends it
otherwise. One nobody took is ended when the program ends; a program killed meanwhile leaves it to the
keeper (app.core.keeper), like every tool the runner starts.

Kept only for hosts that logged in with a key (the argv says BatchMode=yes: it never asks anything, and
a log-in that fails costs no password attempt) and only for the commands that open a session. Never the
window: it does not know the host before the user picks one.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass

from app.bundle import restore_child_environment
from app.core import atomic, paths
from app.core.keeper import KEEPER
from app.core.runner import start_server, stop_server

FILE = "head-start.json"
CONTROL = "{control}"  # where the kept argv names its ControlPath: each start has a folder of its own
COMMANDS = ("copy", "advise", "profile", "methods")
# The methods whose copy starts no OpenSSH (Method.runs_openssh False; a unit test holds this list to the
# registry's): `copy --method` one of these gets no head start, and its session no shared connection.
NO_SSH_METHODS = ("ftp", "ftps", "mounted", "mounted-plain", "nfs", "rsync-daemon", "rsync-service", "smb",
                  "smb-encrypted", "tar-nc")
_SAFE = ("-M", "BatchMode=yes", "StrictHostKeyChecking=yes")  # what a kept argv must hold to be started
END_GRACE = 0.2  # seconds an unwanted one has to end on SIGTERM before SIGKILL (ended on the event loop)


@dataclass
class Started:
    """The ssh started before the app loaded, until a session takes it or the program ends."""

    template: list[str]
    dir: str
    path: str  # its ControlPath
    proc: subprocess.Popen
    stderr_file: str

    @property
    def pid(self) -> int:
        return self.proc.pid

    @property
    def returncode(self) -> int | None:
        return self.proc.poll()

    def stderr(self) -> str:
        try:
            with open(self.stderr_file, "rb") as f:
                return f.read()[-8192:].decode(errors="replace")
        except OSError:
            return ""

    def end(self) -> None:
        """Ended (it carries nothing yet) and reaped; its folder removed."""
        stop_server(self.proc, END_GRACE)
        shutil.rmtree(self.dir, ignore_errors=True)


_started: Started | None = None


def key(text: str, ssh_config: str | None) -> str:
    """What the user typed for the host, and the ssh config it is read with."""
    return f"{text}\n{os.path.abspath(ssh_config) if ssh_config else ''}"


def _read() -> dict[str, list[str]]:
    try:
        got = json.loads((paths.data_dir() / FILE).read_text())
    except (OSError, ValueError):
        return {}
    if not isinstance(got, dict):
        return {}
    return {k: v for k, v in got.items()
            if isinstance(k, str) and isinstance(v, list) and all(isinstance(a, str) for a in v)}


def remember(text: str, ssh_config: str | None, template: list[str] | None) -> None:
    """Keep the argv of the host's shared connection (None: forget it); written only when it changes. A
    state folder that cannot be written costs the next command its head start, nothing else."""
    kept, name = _read(), key(text, ssh_config)
    if kept.get(name) == template:
        return
    if template is None:
        kept.pop(name, None)
    else:
        kept[name] = template
    try:
        atomic.write(paths.data_dir() / FILE, json.dumps(kept, indent=1, sort_keys=True))
    except OSError:
        pass


def _usable(template: list[str] | None) -> bool:
    return (bool(template) and template[0] == "ssh" and all(s in template for s in _SAFE)
            and template.count(f"ControlPath={CONTROL}") == 1)


def wanted(argv: list[str]) -> tuple[str, str | None, str | None] | None:
    """(host, --ssh-config, --config-dir) of a command line that opens a session on a host, or None. Read
    without the app's parser (it loads the app): the host where the parser also finds it, the word right
    after the command; anything else (an option first, --demo, another command, a copy whose method starts
    no OpenSSH) gets no head start."""
    def value(option: str) -> str | None:
        for i, word in enumerate(argv):
            if word == option and i + 1 < len(argv):
                return argv[i + 1]
            if word.startswith(option + "="):
                return word[len(option) + 1:]
        return None

    command = next((i for i, w in enumerate(argv) if not w.startswith("-")), None)
    if command is None or argv[command] not in COMMANDS or "--demo" in argv or command + 1 >= len(argv):
        return None
    if argv[command] == "copy" and value("--method") in NO_SSH_METHODS:
        return None
    host = argv[command + 1]
    if host.startswith("-") or not host:
        return None
    return host, value("--ssh-config"), value("--config-dir")


def begin(argv: list[str]) -> None:
    """Start the kept ssh for the command line's host, if there is one; never raises (it is only a head
    start: whatever fails here, the session starts its own as before)."""
    global _started
    try:
        found = wanted(argv)
        if found is None:
            return
        host, ssh_config, config_dir = found
        paths.settle(config_dir)  # the state folder main() settles on too
        template = _read().get(key(host, ssh_config))
        if not _usable(template) or shutil.which("ssh") is None:
            return
        restore_child_environment()  # frozen: ssh loads the system's libraries, not the bundle's
        folder = tempfile.mkdtemp(prefix="ta-mux-", dir=KEEPER.folder())  # (removed with the app, however it ends)
        path, err = os.path.join(folder, "cm"), os.path.join(folder, "stderr")
        # As the runner starts every tool (a session of its own, the keeper's mark): its one way to start a
        # process that is not awaited on an event loop (there is none yet).
        proc = start_server([a.replace(CONTROL, path) for a in template], err, env={"LC_ALL": "C"})
        _started = Started(template, folder, path, proc, err)
        atexit.register(drop)
    except Exception:  # noqa: BLE001 - a head start that cannot start is no head start, nothing more
        _started = None


def take(template: list[str]) -> Started | None:
    """The ssh started at the program's start, where it runs `template` (the argv the session would start
    now); else it is ended and None. Taken once."""
    global _started
    started, _started = _started, None
    if started is None:
        return None
    if started.template != template or started.returncode is not None:
        started.end()
        return None
    return started


def drop() -> None:
    """End a head start nobody took (the session wants none, or the program ends first)."""
    global _started
    started, _started = _started, None
    if started is not None:
        started.end()
