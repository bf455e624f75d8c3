"""The SMB shares a NAS serves (port 445), reached with Samba's `smbclient` from here: whether this computer can log
in to them as the ssh login's account, which share (and folder in it) holds the copy's folder of the host, whether
a file written through it is the login's own, and whether the server encrypts (SMB3).

- Logging in: as the ssh login's user, with the passwords app.core.host.service_logins tries ($SMB_PASSWORD, the
  keyring's `smb://USER@HOST:445`, one typed while the window is open, the ssh login's own: a NAS's SMB shares
  take its accounts' own passwords), then the one the user types where asked. smbclient is given it in its
  environment (PASSWD), never in argv. With NTLMv2 the password never crosses, and with SMB3 encryption the keys
  come from it: a machine in between that does not know it can neither read the files nor answer for the server.
- One login for the whole look: on the server's IPC$ share (a connection with no command: not `smbclient -L`,
  whose share list goes through Samba's RPC server, which took 40 s and more to answer, or answered nothing, on a
  busy machine), then each candidate share connected in turn on the same login (`tdis`, `tcon`). A refused
  password fails before any share is touched.
- The shares that may show the host's folder: from the host's Samba configuration where the account has a shell
  (`testparm`) and by name (a Synology's share `photo` is its folder /volume1/photo).
- For an upload, a probe folder with a name of its own is made in the folder through the control connection, and
  through each candidate smbclient makes a folder in it (`mkdir i`). Only the share that shows the folder has the
  probe folder, so nothing is made anywhere else; the one made names the share, and whose it is tells whose the
  copy's files will be (the staging folder lets only the login in; a share with `force user` writes as another).
  Where none was made (a read-only share), each candidate is asked for the probe folder (`allinfo`).
- For a download nothing is written: the candidate that has the names the host lists in the sources' folder
  names it.
- Encryption: the secure way requires it (`--client-protection=encrypt`); a server that cannot encrypt leaves
  only the unencrypted way, where the user allows unencrypted methods.
Each folder is checked once a session (SmbLogins keeps the answers).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from posixpath import join, normpath, relpath
from typing import TYPE_CHECKING, Any, Awaitable, Callable, ClassVar

import asyncssh

from app.core import quoting
from app.core.errors import TransferError
from app.core.host import file_owner
from app.core.host.once import Once
from app.core.host.service_logins import ServiceLogins, service_and_folder

if TYPE_CHECKING:
    from app.core.host.session import Session

CHECK_SECONDS = 20
PASSWORD_VARIABLE = "SMB_PASSWORD"
MOST_CANDIDATES = 8    # (share, folder in it) pairs asked for the probe
COMPARED_NAMES = 5     # of the sources' folder's names, those a share must have where it shows that folder
# What no SMB name can hold (Samba refuses it, NT_STATUS_OBJECT_NAME_INVALID; a backslash is SMB's own path
# separator, so it would split the name into folders), and smbclient's commands cannot quote a double quote.
FORBIDDEN = frozenset('\\:*?"<>|') | frozenset(chr(c) for c in range(1, 32)) | {"\x7f"}
# smbclient's answers that mean the login was refused, and that nothing answered
_REFUSED = ("NT_STATUS_LOGON_FAILURE", "NT_STATUS_ACCESS_DENIED", "NT_STATUS_ACCOUNT_", "NT_STATUS_WRONG_PASSWORD",
            "NT_STATUS_PASSWORD_", "NT_STATUS_NO_SUCH_USER")
_UNREACHABLE = ("NT_STATUS_CONNECTION_REFUSED", "NT_STATUS_IO_TIMEOUT", "NT_STATUS_HOST_UNREACHABLE",
                "NT_STATUS_NETWORK_UNREACHABLE", "NT_STATUS_CONNECTION_RESET", "NT_STATUS_CONNECTION_DISCONNECTED",
                "NT_STATUS_UNSUCCESSFUL", "NT_STATUS_PORT_UNREACHABLE")


def carries(name: str) -> bool:
    """Whether SMB can name this path: none of FORBIDDEN in it, and its bytes UTF-8 (smbclient converts names
    to the server's UTF-16)."""
    if FORBIDDEN.intersection(name):
        return False
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@dataclass(frozen=True)
class SmbRoot:
    """A folder of the host and the share (and folder in it) its SMB server shows it under, for the ssh login."""

    folder: str             # on the host, absolute, normalised
    share: str              # the share's name
    share_folder: str       # the same folder inside the share, "/"-separated, "" for the share's top
    address: str
    port: int
    user: str
    encrypted: bool = False  # SMB3 encryption required (the secure way)
    writable: bool = False   # takes uploads as the login's own user
    password: str = field(default="", repr=False, compare=False)

    @property
    def kind(self) -> str:
        return "smb-encrypted" if self.encrypted else "smb"

    def holds(self, host_path: str) -> bool:
        path, top = normpath(host_path), self.folder
        return path == top or path.startswith(top.rstrip("/") + "/")

    def smb_path(self, host_path: str) -> str:
        """The host's path as a path in the share ("" for its top)."""
        rest = relpath(normpath(host_path), self.folder)
        return self.share_folder if rest == "." else join(self.share_folder, rest) if self.share_folder else rest

    def argv(self) -> list[str]:
        """smbclient for this share: the login's user (its password comes in PASSWD), the encryption asked."""
        return client_argv(self.address, self.port, self.user, self.encrypted, self.share)

    def as_dict(self) -> dict:
        return {"kind": self.kind, "port": self.port, "folder": self.folder, "share": self.share,
                "share_folder": self.share_folder, "user": self.user, "writable": self.writable}


@dataclass(frozen=True)
class SmbUnusable:
    """The host's SMB service that no copy goes through, and why (the SMB methods word it): "login" (no password
    it takes), "folder" (no share it lists shows the folder), "owner" (its files are another user's),
    "encryption" (the server does not encrypt), "unreachable"."""

    encrypted: bool
    why: str
    user: str = ""

    def as_dict(self) -> dict:
        return {"kind": "smb-encrypted" if self.encrypted else "smb", "unusable": self.why, "user": self.user}


def client_argv(address: str, port: int, user: str, encrypted: bool, share: str = "IPC$") -> list[str]:
    """smbclient's arguments for a share (no password: it comes in the environment)."""
    server = f"//{address}" if ":" not in address else "//nas"  # (an IPv6 address is given with -I alone)
    protection = ["--client-protection=encrypt"] if encrypted else []
    return ["smbclient", f"{server}/{share}", "-I", address, "-p", str(port), "-U", user, *protection]


def command_path(path: str) -> str:
    """A path in smbclient's command language: double-quoted (a name holding a double quote is refused before:
    its tokens cannot carry one)."""
    if '"' in path or "\n" in path or "\r" in path:
        raise ValueError(f"smbclient cannot name {path!r}")
    return '"' + path + '"'


def candidates(folder: str, shares: dict[str, str], home: str, user: str) -> list[tuple[str, str]]:
    """(share, folder in it) pairs that may show the host's `folder`: the shares whose path the host's
    configuration gives (`shares`: name → path) that hold it, the `homes` share (the login's own name) where it is
    in the login's home, and each share named like one of the folder's components (a NAS's share `photo` is its
    /volume1/photo; SMB folds the case of share names)."""
    folder = normpath(folder)
    found: list[tuple[str, str]] = []

    def inside(top: str) -> str | None:
        top = normpath(top)
        if folder == top:
            return ""
        if folder.startswith(top.rstrip("/") + "/"):
            return relpath(folder, top)
        return None

    for name, path in shares.items():
        rest = inside(path)
        if rest is not None:
            found.append((name, rest))
    if home and inside(home) is not None:
        found.append((user, inside(home) or ""))
    parts = [p for p in folder.split("/") if p]
    found += [(part, "/".join(parts[k + 1:])) for k, part in enumerate(parts)]
    seen: set[tuple[str, str]] = set()
    unique = [c for c in found if (c[0].lower(), c[1]) not in seen and not seen.add((c[0].lower(), c[1]))]
    return unique[:MOST_CANDIDATES]


@dataclass(eq=False)
class SmbLogins(ServiceLogins):
    """A session's look at the host's SMB shares, kept for the session: each folder checked once."""

    _checked: Once = field(default_factory=Once)

    variable: ClassVar[str] = PASSWORD_VARIABLE
    scheme: ClassVar[str] = "smb"

    async def covering(self, host_paths: list[str], write: bool, allow_insecure: bool
                       ) -> tuple[list[SmbRoot], list[SmbUnusable]]:
        """SMB roots for the folder that receives an upload (`write`: `host_paths` ends with it) or holds the
        sources of a download: an encrypted one where the server encrypts, and a plain one where unencrypted
        methods are allowed; with what cannot be used. None where the host serves no SMB or this computer has
        no smbclient."""
        found_here = await service_and_folder(self.session, host_paths, write, "smb", "smbclient")
        if found_here is None:
            return [], []
        service, folder = found_here
        encrypted, plain = await self._checked.get((folder, write), lambda: self._check(folder, service.port, write))
        results = [encrypted] + ([plain] if allow_insecure else [])
        return ([r for r in results if isinstance(r, SmbRoot)], [r for r in results if isinstance(r, SmbUnusable)])

    async def _check(self, folder: str, port: int, write: bool) -> tuple[SmbRoot | SmbUnusable, SmbRoot | SmbUnusable]:
        """(the encrypted way, the plain way) to `folder`: one look, the plain way the same share unencrypted."""
        session = self.session
        user = session.host.user
        try:
            if not await self.passwords(user, session.listen_address, port) and not self.may_ask(user):
                return SmbUnusable(True, "login", user), SmbUnusable(False, "login", user)
            root = SmbRoot(folder, "", "", session.listen_address, port, user, encrypted=True)
            found = await (_found if write else _found_reading)(session, self, root)
            if isinstance(found, SmbRoot):
                return found, replace(found, encrypted=False)
            if found.why != "encryption":
                return found, replace(found, encrypted=False)
            plain = await (_found if write else _found_reading)(session, self, replace(root, encrypted=False))
            return found, plain
        except (TransferError, asyncssh.Error, OSError):
            return SmbUnusable(True, "unreachable", user), SmbUnusable(False, "unreachable", user)

    def cancel_now(self) -> None:
        self._checked.cancel_now()

    async def cancel(self) -> None:
        await self._checked.cancel()


def _why(out: str) -> str:
    if any(mark in out for mark in _REFUSED):
        return "login"
    if any(mark in out for mark in _UNREACHABLE) or not out.strip():
        return "unreachable"
    return "encryption"


async def _login(session: "Session", logins: SmbLogins, root: SmbRoot, look: Callable[[SmbRoot], Awaitable[Any]]
                 ) -> tuple[SmbRoot | SmbUnusable, Any]:
    """Log in with each password there is to try (app.core.host.service_logins), `look` once each (it answers
    like _each_share): the root with the password the server took and what `look` found, or why not."""
    answer, taken, seen = await logins.login(root.user, root.address, root.port,
                                             lambda password: look(replace(root, password=password)))
    if taken is None or answer:
        # (encryption: the plain way is looked at with the same passwords, none asked again)
        return SmbUnusable(root.encrypted, answer or "login", root.user), None
    await logins.kept(root.user, root.address, root.port, taken, typed=False)
    return replace(root, password=taken), seen


async def _candidates(session: "Session", root: SmbRoot) -> list[tuple[str, str]]:
    """The (share, folder in it) pairs that may show the root's folder, those smbclient's commands can name."""
    home = ""
    try:
        home = await session.files.home()
    except (TransferError, asyncssh.Error, OSError):
        pass
    found = candidates(root.folder, await _configured_shares(session), home, root.user)
    return [(share, inside) for share, inside in found if carries(share) and carries(inside)]


def _inside(inside: str, path: str) -> str:
    return join(inside, path) if inside else path


async def _found(session: "Session", logins: SmbLogins, root: SmbRoot) -> SmbRoot | SmbUnusable:
    """For an upload, in one login: a probe folder is made in the folder through the control connection, and
    through each share that may show the folder smbclient makes a folder of its own in it (`mkdir i`; without
    `recurse` it makes no parent). Only the share that shows the folder has the probe folder, so only there is a
    folder made (nothing anywhere else), and whose it is tells whose the copy's files will be. Where none was
    made, a share that shows the folder but takes no writes is told apart from none by a look for the probe
    folder (a second login: rare)."""
    shares = await _candidates(session, root)
    probe = file_owner.probe_name()
    here = join(root.folder, probe)
    await session.files.mkdirs([here])
    try:
        found, _ = await _login(session, logins, root, lambda r: _each_share(
            r, shares, lambda i, inside: [f"mkdir {command_path(_inside(inside, join(probe, str(i))))}"]))
        if isinstance(found, SmbUnusable):
            return found
        made = await session.files.names_in(here)
        where = next((i for i in range(len(shares)) if str(i) in made), None)
        if where is None:
            return await _shown_unwritable(found, shares, probe)
        found = replace(found, share=shares[where][0], share_folder=shares[where][1])
        mine = await file_owner.is_logins(session, join(here, str(where)))
    finally:
        await session.files.remove(here, timeout=CHECK_SECONDS)
    return replace(found, writable=True) if mine else SmbUnusable(root.encrypted, "owner", root.user)


async def _shown_unwritable(root: SmbRoot, shares: list[tuple[str, str]], probe: str) -> SmbRoot | SmbUnusable:
    """A login through which no share made a folder: the root, not writable, under the share that shows the probe
    folder; else "folder"."""
    if not shares:
        return SmbUnusable(root.encrypted, "folder", root.user)
    answer, where = await _first_showing(root, shares, lambda i, inside: [_inside(inside, probe)])
    if answer:
        return SmbUnusable(root.encrypted, answer, root.user)
    if where is None:
        return SmbUnusable(root.encrypted, "folder", root.user)
    return replace(root, share=shares[where][0], share_folder=shares[where][1])


async def _found_reading(session: "Session", logins: SmbLogins, root: SmbRoot) -> SmbRoot | SmbUnusable:
    """For a download (nothing written anywhere): log in and find the share under which the names the host lists
    in the sources' folder are there (its visible names SMB can carry, up to COMPARED_NAMES), all in one login."""
    names = await session.files.names_in(root.folder)
    wanted = sorted(n for n in names if not n.startswith(".") and carries(n))[:COMPARED_NAMES]
    if not wanted:
        return SmbUnusable(root.encrypted, "folder", root.user)
    shares = await _candidates(session, root)
    found, where = await _login(session, logins, root, lambda r: _first_showing(
        r, shares, lambda i, inside: [_inside(inside, n) for n in wanted]))
    if isinstance(found, SmbUnusable):
        return found
    if where is None:
        return SmbUnusable(root.encrypted, "folder", root.user)
    return replace(found, share=shares[where][0], share_folder=shares[where][1])


async def _first_showing(root: SmbRoot, shares: list[tuple[str, str]], paths: Callable[[int, str], list[str]]
                         ) -> tuple[str, int | None]:
    """The first share that has every one of its `paths` (`allinfo` on each; all shares in one login): ("", its
    index or None), or why the login failed."""
    wanted = [paths(i, inside) for i, (_, inside) in enumerate(shares)]
    answer, seen = await _each_share(root, shares, lambda i, _: [f"allinfo {command_path(p)}" for p in wanted[i]])
    if answer:
        return answer, None
    return "", next((i for i, out in enumerate(seen) if out is not None and _has_all(out, len(wanted[i]))), None)


def _has_all(out: str, count: int) -> bool:
    """Whether one share's `allinfo` answers found all `count` paths."""
    lines = [line for line in out.splitlines() if not line.startswith("tdis ")]
    return sum(line.startswith("altname: ") for line in lines) == count \
        and not any("NT_STATUS_" in line for line in lines)


_TCON = re.compile(r"^tcon (to .* successful|failed)")


async def _each_share(root: SmbRoot, shares: list[tuple[str, str]], commands: Callable[[int, str], list[str]]
                      ) -> tuple[str, list[str | None]]:
    """One smbclient login (to the server's IPC$), then each share connected in turn (`tcon`, after `tdis`, so
    where a share is not there the commands after it reach none) and its `commands` run: ("" once logged in, else
    "login", "unreachable" or "encryption": the server would not encrypt; what each share's commands printed, None
    where it could not be connected)."""
    script = "".join("tdis\n" + f"tcon {command_path(share)}\n" + "".join(c + "\n" for c in commands(i, inside))
                     for i, (share, inside) in enumerate(shares))
    code, out = await run_client(client_argv(root.address, root.port, root.user, root.encrypted), root.password, script)
    segments: list[tuple[bool, list[str]]] = []
    for line in out.splitlines():
        if (m := _TCON.match(line)):
            segments.append((m.group(1) != "failed", []))
        elif segments:
            segments[-1][1].append(line)
    if code != 0 and not segments:
        return _why(out), []
    seen = [("\n".join(lines) if connected else None) for connected, lines in segments]
    return "", (seen + [None] * len(shares))[:len(shares)]


async def _configured_shares(session: "Session") -> dict[str, str]:
    """name → folder of each share the host's Samba configuration gives (`testparm`; no shell: none)."""
    if not session.remote.shell:
        return {}
    try:
        result = await session.run(quoting.sh_command("testparm -s 2>/dev/null"), timeout=CHECK_SECONDS)
    except (TransferError, asyncssh.Error, OSError):
        return {}
    return configured_shares((result.stdout or b"").decode("utf-8", "surrogateescape"))


_SECTION = re.compile(r"^\s*\[(.+)\]\s*$")
_PATH = re.compile(r"^\s*path\s*=\s*(/.*?)\s*$", re.IGNORECASE)


def configured_shares(testparm: str) -> dict[str, str]:
    """name → path of the sections of `testparm -s`'s output that name one (a path with %-variables is left out)."""
    shares: dict[str, str] = {}
    section = ""
    for line in testparm.splitlines():
        if (m := _SECTION.match(line)):
            section = m.group(1)
        elif section and section.lower() != "global" and (m := _PATH.match(line)) and "%" not in m.group(1):
            shares[section] = m.group(1)
    return shares


async def run_client(argv: list[str], password: str, script: str, cwd: str | None = None) -> tuple[int, str]:
    """Run smbclient with these commands on its standard input, the password in its environment: (exit status,
    what it printed on both outputs); `cwd`: where it runs (its local names are relative to it). One that does not
    finish in time is ended (TransferError, as a host that did not answer)."""
    from app.core.runner import run
    code, out, err = await run(argv, script.encode("utf-8"), CHECK_SECONDS * 2, {"LC_ALL": "C", "PASSWD": password},
                               cwd)
    return code, out.decode(errors="replace") + err


def account(user: str, address: str, port: int) -> str:
    """How the keyring names the SMB account."""
    return f"{SmbLogins.scheme}://{user}@{address}:{port}"
