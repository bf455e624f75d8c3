"""The shared OpenSSH connection started beside the control connection's log-in, not after it.

A session's shared connection (app.core.host.mux) runs the cipher a copy most likely runs, which depends on
both CPUs (AES instructions or not): known only once the control connection has logged in and asked the host.
Started then, its own log-in came after the control connection's, and a small copy waited for it (0.17–0.20 s
of a 1.1 s copy of 100 MB on a LAN; a whole log-in, seconds, on a far link). A host whose last session logged
in with a key is remembered with that cipher, and the next session starts the shared connection with it at
once, beside the control connection's log-in. Where the host turns out to want another cipher now, that one
is ended and the right one started as before.

Only hosts that took a key last time (never one that asks for a password: a log-in that fails in the
background would count as a failed attempt against the account), and only with the same OpenSSH options the
session itself uses: the same known_hosts, StrictHostKeyChecking=yes and BatchMode=yes, so a changed host key
or a key no longer accepted ends it without a word and the session starts its own as before.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from dataclasses import dataclass

from app.core import atomic
from app.core.host import head_start
from app.core.host.hosts import Host
from app.core.host.mux import Mux, master_argv
from app.core.host.ssh_command import Options, Ssh
from app.core.paths import data_dir

FILE = "shared-ciphers.json"


def _key(host: Host) -> str:
    return f"{host.user}@{host.hostname}:{host.port}"


def _read() -> dict[str, str]:
    try:
        got = json.loads((data_dir() / FILE).read_text())
    except (OSError, ValueError):
        return {}
    return {k: v for k, v in got.items() if isinstance(k, str) and isinstance(v, str)} if isinstance(got, dict) else {}


def recall(host: Host) -> str | None:
    """The cipher this host's last key-login session shared its connection with, or None."""
    return _read().get(_key(host))


def keep(host: Host, cipher: str | None) -> None:
    """Remember the cipher (None: forget the host, e.g. it now asks for a password), and the shared
    connection's argv for the next command that names the host as this one did (app.core.host.head_start).
    Written only when it changes; a state folder that cannot be written costs the next session its head
    start, nothing else."""
    template = None if cipher is None else master_argv(Before(host).ssh(), Options(cipher=cipher), head_start.CONTROL)
    head_start.remember(host.spec.text, host.spec.ssh_config, template)
    known = _read()
    if known.get(_key(host)) == cipher:
        return
    if cipher is None:
        known.pop(_key(host), None)
    else:
        known[_key(host)] = cipher
    try:
        atomic.write(data_dir() / FILE, json.dumps(known, indent=1, sort_keys=True))
    except OSError:
        pass


class Before:
    """What a Mux asks of its session, before the session exists: the host and its key-login options."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def ssh(self) -> Ssh:
        return Ssh(self.host.alias, tuple(self.host.ssh_options(password_login=False)))

    def login_env(self) -> dict[str, str]:
        return {}


@dataclass
class Early:
    """A shared connection started before the session exists."""

    mux: Mux
    cipher: str
    start: asyncio.Future


def start(host: Host) -> Early | None:
    """The shared connection with the cipher this host's last key-login session shared, started now; None where
    nothing is remembered."""
    cipher = recall(host)
    if cipher is None or shutil.which("ssh") is None:
        head_start.drop()
        return None
    mux = Mux(Before(host), Options(cipher=cipher))
    # Started before the app loaded, where it is this very ssh (app.core.host.head_start).
    start = asyncio.ensure_future(mux.start(head_start.take(mux.template())))
    start.add_done_callback(lambda f: f.cancelled() or f.exception())  # a failed one is ended by drop()
    return Early(mux, cipher, start)


async def drop(early: Early | None) -> None:
    """End a shared connection started early that the session does not take (or that failed): at once."""
    if early is None:
        return
    early.start.cancel()
    await asyncio.gather(early.start, return_exceptions=True)
    early.mux.kill()
    await early.mux.reaped()
