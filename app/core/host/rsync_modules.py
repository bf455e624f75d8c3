"""The rsync service a NAS already runs (port 873): which folder of the host each module serves, whether this
computer can log in to it, and whether a file written through it is the login's own.

A module's name says nothing of its folder, and the app stages, places and verifies a copy on the host's side
of that folder, so the daemon's configuration is read over the control connection: the one the running daemon
was started with (its command line in /proc, where the account has a shell), else the usual places. A module
whose folder holds the copy's paths is then checked with rsync itself:
- logging in: without a password where the module asks none; else as the ssh login's user, with the first
  password the module takes of $RSYNC_PASSWORD, the one the keyring keeps for that account, and the one the
  session logged in with (a Synology's rsync service takes its accounts' own passwords), then the one the user
  types where the window asks (RsyncModules.ask). rsync sends none of them in clear (a challenge and its
  digest), and never asks at a terminal here ($RSYNC_PASSWORD is always set);
- for an upload: an empty probe file written into the module's folder must belong to the login's own user (a
  daemon started as root writes as the `uid` its configuration names, "nobody" where it names none); one that
  writes as someone else could not enter the staging folder, which only the login may. The probe is removed
  at once, through the control connection.
Each module is checked once a session (RsyncModules keeps the answers).
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from dataclasses import dataclass, field, replace
from posixpath import join, normpath, relpath
from typing import TYPE_CHECKING, Awaitable, Callable

import asyncssh

from app.core import quoting
from app.core.errors import TransferError
from app.core.host import file_owner, passwords
from app.core.host.once import Once
from app.core.runner import run

if TYPE_CHECKING:
    from app.core.host.session import Session

DEFAULT_PORT = 873
CONFIGS = ("/etc/rsyncd.conf", "/etc/rsyncd/rsyncd.conf", "/etc/config/rsyncd.conf")  # Debian, others, QNAP
CONF_LIMIT = 256 * 1024
CHECK_SECONDS = 20

# The command lines of the rsync daemons running on the host, one a line, their arguments separated by \1.
# (one grep finds the candidates, GNU or BusyBox: a `tr` for each of a NAS's hundreds of processes is slow)
_DAEMONS = r"""
for f in $(grep -l -e --daemon /proc/[0-9]*/cmdline 2>/dev/null); do
  c=$(tr '\0' '\1' < "$f" 2>/dev/null) || continue
  case "$c" in *rsync*--daemon*) printf '%s\n' "$c" ;; esac
done
"""


@dataclass(frozen=True)
class ModuleConf:
    """A module as the daemon's configuration has it (global settings filled in)."""

    name: str
    path: str
    auth_users: tuple[str, ...] = ()
    read_only: bool = True
    uid: str = ""


@dataclass(frozen=True)
class DaemonConf:
    port: int
    address: str
    modules: tuple[ModuleConf, ...]


def parse_conf(text: str) -> DaemonConf:
    """rsyncd.conf: `key = value` lines, sections `[module]`; settings before the first module (or under
    `[global]`) are every module's defaults."""
    defaults: dict[str, str] = {}
    sections: list[tuple[str, dict[str, str]]] = []
    current = defaults
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            name = line[1:-1].strip()
            if name.lower() == "global":
                current = defaults
            else:
                sections.append((name, {}))
                current = sections[-1][1]
            continue
        key, sep, value = line.partition("=")
        if sep:
            current[" ".join(key.lower().split())] = value.strip()
    port = defaults.get("port", "")
    modules = []
    for name, own in sections:
        settings = {**defaults, **own}
        path = settings.get("path", "")
        if not path:
            continue
        # ("ann:rw", "@staff:ro": rsync 3.2 adds a user's or group's rights after a colon)
        users = tuple(u.split(":", 1)[0] for u in settings.get("auth users", "").replace(",", " ").split() if u)
        modules.append(ModuleConf(name, path.rstrip("/") or "/", users,
                                  settings.get("read only", "yes").lower() not in ("no", "false", "0"),
                                  settings.get("uid", "")))
    return DaemonConf(int(port) if port.isdigit() else DEFAULT_PORT, defaults.get("address", ""), tuple(modules))


@dataclass(frozen=True)
class ModuleRoot:
    """A module of the host's rsync service that this computer logs in to, and the host's folder it serves."""

    name: str
    folder: str             # on the host, absolute, normalised
    address: str            # where the service listens (the address the control connection reached)
    port: int
    user: str = ""          # the account it logs in as; "" where the module asks no password
    writable: bool = False  # takes uploads as the login's own user
    password: str = field(default="", repr=False, compare=False)
    encrypted = False       # rsync's protocol is never encrypted

    def holds(self, host_path: str) -> bool:
        path, top = normpath(host_path), self.folder
        return path == top or path.startswith(top.rstrip("/") + "/")

    def url(self, host_path: str = "") -> str:
        """rsync's URL of a path of the host under `folder` (`./` keeps a leading dash from being an option)."""
        host = f"[{self.address}]" if ":" in self.address else self.address
        user = f"{self.user}@" if self.user else ""
        rest = relpath(normpath(host_path), self.folder) if host_path else "."
        return f"rsync://{user}{host}:{self.port}/{self.name}/" + ("" if rest == "." else "./" + rest)

    def as_dict(self) -> dict:
        return {"kind": "rsync", "module": self.name, "port": self.port, "folder": self.folder, "user": self.user,
                "writable": self.writable}


@dataclass(frozen=True)
class Unusable:
    """A module of the host's rsync service that holds the copy's paths and that no copy goes through, and why
    (the rsync-service method words it): "login" (no password it takes), "account" (it takes other accounts
    than the login's), "denied" (not from this computer's address), "unreachable" (the daemon did not answer)."""

    name: str
    folder: str
    why: str
    user: str = ""

    def as_dict(self) -> dict:
        return {"kind": "rsync", "module": self.name, "folder": self.folder, "unusable": self.why, "user": self.user}


def account(user: str, address: str, port: int, module: str) -> str:
    """How the keyring names a module's account."""
    return f"rsync://{user}@{address}:{port}/{module}"


@dataclass(eq=False)
class RsyncModules:
    """A session's look at the host's rsync service, kept for the session: the configuration read once, each
    module checked once."""

    session: "Session"
    # Keep a password given in $RSYNC_PASSWORD, or typed when asked, in the keyring once a module takes it
    # (--remember-password; the window's question sets it as the user ticks "keep it"); `tell` shows the sentence
    # when there is no keyring to keep it in.
    remember: bool = False
    tell: Callable[[str], None] | None = None
    # Where none of those passwords works: ask the user (the window does; the user's account and the module's
    # name are given), None when they decline.
    ask: Callable[[str, str], Awaitable[str | None]] | None = None
    # Passwords the user typed earlier for (user, module) of this host, tried before asking (the window's, kept
    # while it is open: each of its advices and copies has a session of its own).
    typed: dict[tuple[str, str], str] = field(default_factory=dict)
    _checked: Once = field(default_factory=Once)  # each module's check ("NAME:WRITE"), and the daemon's config ("conf")

    async def covering(self, host_paths: list[str], write: bool) -> tuple[list[ModuleRoot], list[Unusable]]:
        """The modules whose folder holds every one of these paths of the host, each checked; and those that
        hold them and cannot be used. None of either where the host runs no rsync service, its configuration
        cannot be read, or this computer has no rsync."""
        if not host_paths or not self.session.local.has("rsync"):
            return [], []
        port = await self._service_port()
        if port is None:
            return [], []
        conf = await self._checked.get("conf", lambda: _read_conf(self.session, port))
        wanted = [normpath(p) for p in host_paths]
        holding = [m for m in (conf.modules if conf else ()) if all(_under(p, m.path) for p in wanted)]
        found: list[ModuleRoot] = []
        unusable: list[Unusable] = []
        for module in holding:
            # (a module checked for writing was logged in to too: a copy that only reads takes that answer)
            key = f"{module.name}:{write}"
            if not write and f"{module.name}:True" in self._checked:
                key = f"{module.name}:True"
            result = await self._checked.get(key, lambda module=module: _checked(self.session, module, port, write))
            (found if isinstance(result, ModuleRoot) else unusable).append(result)
        return found, unusable

    async def _service_port(self) -> int | None:
        found = (await self.session.served.services()).found
        return next((s.port for s in found if s.kind == "rsync"), None)

    def cancel_now(self) -> None:
        self._checked.cancel_now()

    async def cancel(self) -> None:
        await self._checked.cancel()


def _under(path: str, folder: str) -> bool:
    folder = normpath(folder)
    return path == folder or path.startswith(folder.rstrip("/") + "/")


async def _read_conf(session: "Session", port: int) -> DaemonConf | None:
    """The configuration of the daemon listening on `port` at the address the session reached."""
    try:
        paths = await _running_configs(session) if session.remote.shell else []
        for path in dict.fromkeys([*paths, *CONFIGS]):
            data = await session.files.read_file(path, CONF_LIMIT)
            if not data:
                continue
            conf = parse_conf(data.decode("utf-8", "surrogateescape"))
            if conf.port == port and conf.address in ("", session.listen_address):
                return conf
    except (TransferError, asyncssh.Error, OSError):
        pass  # the host did not answer its part: no module is used
    return None


async def _running_configs(session: "Session") -> list[str]:
    """The configurations the host's running rsync daemons were started with (`--config=FILE`; the default
    /etc/rsyncd.conf where none is named), those bound to the session's address first."""
    result = await session.run(quoting.sh_command(_DAEMONS), timeout=CHECK_SECONDS)
    mine, others = [], []
    for line in (result.stdout or b"").decode("utf-8", "surrogateescape").splitlines():
        args = [a for a in line.split("\1") if a]
        if not args or not os.path.basename(args[0]).startswith("rsync") or "--daemon" not in args:
            continue
        conf, address = CONFIGS[0], ""
        for i, arg in enumerate(args):
            for key in ("--config", "--address"):
                value = arg[len(key) + 1:] if arg.startswith(key + "=") else (
                    args[i + 1] if arg == key and i + 1 < len(args) else None)
                if value is not None and key == "--config":
                    conf = value
                elif value is not None:
                    address = value
        (mine if address == session.listen_address else others).append(conf)
    return mine + others


async def _checked(session: "Session", module: ModuleConf, port: int, write: bool) -> ModuleRoot | Unusable:
    try:
        return await _check(session, module, port, write)
    except (TransferError, asyncssh.Error, OSError):  # the host or this computer did not do its part
        return Unusable(module.name, normpath(module.path), "unreachable")


async def _check(session: "Session", module: ModuleConf, port: int, write: bool) -> ModuleRoot | Unusable:
    """Log in to the module and, for a copy that writes, learn whose files it makes. Where it takes writes, the
    probe file's upload is the login too (one rsync run for both: each costs a connection the daemon forks for)."""
    folder = normpath(module.path)
    user = session.host.user if module.auth_users else ""
    if module.auth_users and user not in module.auth_users and not any(u.startswith("@") for u in module.auth_users):
        return Unusable(module.name, folder, "account", user)
    root = ModuleRoot(module.name, folder, session.listen_address, port, user)
    probing = write and not module.read_only
    probe = file_owner.probe_name()

    async def attempt(password: str) -> str:
        """"" when the module took the password (and, probing, the file was written), else why not."""
        answer = await _put_probe(root, probe, password) if probing else "failed"
        if answer == "failed":  # the login may still be fine: the module takes no writes from it
            answer = await _rsync(["--list-only", root.url()], password)
            if answer == "" and probing:
                answer = "login-only"
        return answer

    taken, wrote = None, False
    for password in [""] if not user else await _passwords(session, root):
        answer = await attempt(password)
        if answer in ("", "login-only"):
            taken, wrote = password, answer == ""
            break
        if answer in ("unreachable", "denied"):
            return Unusable(module.name, folder, answer, user)
    asker = session.served.modules.ask
    typed = False
    if taken is None and user and asker is not None:
        given = await asker(user, module.name)
        answer = await attempt(given) if given else "login"
        if answer in ("", "login-only"):
            taken, wrote, typed = given, answer == "", True
    if taken is None:
        return Unusable(module.name, folder, "login", user)
    root = ModuleRoot(root.name, folder, root.address, port, user, password=taken)
    await _kept(session, root, typed)
    if not probing:
        return root
    return replace(root, writable=wrote and await _logins_probe(session, join(folder, probe)))


async def _put_probe(root: ModuleRoot, name: str, password: str) -> str:
    """Upload an empty file named `name` into the module's folder; as _rsync() answers."""
    with tempfile.TemporaryDirectory(prefix="transfer-advisor-") as here:
        empty = os.path.join(here, name)
        open(empty, "wb").close()
        return await _rsync(["--", empty, root.url()], password)


async def _logins_probe(session: "Session", path: str) -> bool:
    """The probe file written through the module is the login's own (app.core.host.file_owner); it is removed."""
    try:
        return await file_owner.is_logins(session, path, remove=True) is True
    except (TransferError, asyncssh.Error, OSError):
        try:
            await session.files.remove(path, timeout=CHECK_SECONDS)
        except (TransferError, asyncssh.Error, OSError):
            pass
        return False


async def _passwords(session: "Session", root: ModuleRoot) -> list[str]:
    kept = await asyncio.to_thread(passwords.recall_account, account(root.user, root.address, root.port, root.name))
    found = [os.environ.get("RSYNC_PASSWORD"), kept, session.served.modules.typed.get((root.user, root.name)),
             session.askpass.password if session.askpass is not None else None]
    return [p for p in dict.fromkeys(found) if p]


async def _kept(session: "Session", root: ModuleRoot, typed: bool) -> None:
    """With --remember-password (or the window's "keep it" beside its question), a password the module took goes
    into the keyring: one from $RSYNC_PASSWORD, or one the user `typed` when asked."""
    modules = session.served.modules
    if not modules.remember or not root.user or not (typed or root.password == os.environ.get("RSYNC_PASSWORD")):
        return
    note = await asyncio.to_thread(passwords.remember_account, account(root.user, root.address, root.port, root.name),
                                   root.password)
    if note and modules.tell is not None:
        modules.tell(note)


async def _rsync(args: list[str], password: str) -> str:
    """Run rsync against the service: "" when it did it, "login" when the module refused the login, "denied" when
    it lets no one in from this computer's address, "unreachable" when the daemon did not answer, "failed"
    otherwise."""
    try:
        code, _, said = await run(["rsync", "--no-motd", f"--contimeout={CHECK_SECONDS}", f"--timeout={CHECK_SECONDS}",
                                   *args], env={"RSYNC_PASSWORD": password, "LC_ALL": "C"}, timeout=CHECK_SECONDS * 2)
    except TransferError:  # it did not finish in time (ended and reaped): nothing answered
        return "unreachable"
    if code == 0:
        return ""
    if "@ERROR: access denied" in said:  # its `hosts allow` / `hosts deny`
        return "denied"
    if "auth failed" in said:
        return "login"
    if code in (10, 35) or "failed to connect" in said or "Connection refused" in said:
        return "unreachable"
    return "failed"
