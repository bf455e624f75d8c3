"""The FTP service a NAS runs (port 21): whether this computer can log in to it as the ssh login's account, which
FTP path names the copy's folder of the host, whether a file written through it is the login's own, and, for
FTPS, which certificate is the server's.

- Logging in: as the ssh login's user, with the first password the server takes of $FTP_PASSWORD, the one the
  keyring keeps for that account, one typed earlier while the window is open, and the one the session logged
  in with (a NAS's FTP service takes its accounts' own passwords); then the one the user types where the window
  or the terminal asks (FtpLogins.ask), kept in the keyring where they say so. curl is given it in its
  configuration on its standard input, never in argv.
- The folder: an FTP server shows the host's folders under paths of its own (the host's own path where it does
  not lock the login in, the path below the login's home where it does, "/photo" for a Synology's
  /volume1/photo). For an upload a probe folder with a name of its own is made in the folder through the control
  connection, and the server is asked to make a folder in it under each candidate path (one login, MKD, no data
  connection); the path under which it made one names the folder. For a download, the path under which it lists
  what the host lists there.
- Whose files: the folder the server made must belong to the login's own user (the staging folder lets only the
  login in). The probe folder is removed at once, through the control connection.
- FTPS (explicit TLS): the server's certificate is checked through the ssh connection and its key pinned, and
  the pin kept like a host key (app.core.host.ftp_certificate); one that cannot be checked makes FTPS unusable,
  never trusted blindly.
Each folder is checked once a session (FtpLogins keeps the answers).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from posixpath import join, normpath, relpath
from typing import TYPE_CHECKING, Awaitable, Callable, ClassVar
from urllib.parse import quote

import asyncssh

from app.core.errors import TransferError
from app.core.host import file_owner
from app.core.host.ftp_certificate import Pin, pin_for
from app.core.host.once import Once
from app.core.host.service_logins import ServiceLogins, service_and_folder

if TYPE_CHECKING:
    from app.core.host.session import Session

CHECK_SECONDS = 20
PASSWORD_VARIABLE = "FTP_PASSWORD"
CURL_BASE = ["curl", "--disable", "--globoff", "--silent", "--show-error", "--ftp-method", "nocwd", "--config", "-"]


@dataclass(frozen=True)
class FtpRoot:
    """A folder of the host and the FTP path its FTP service shows it under, for the ssh login's account."""

    folder: str             # on the host, absolute, normalised
    ftp_folder: str         # the same folder as the FTP server names it
    address: str
    port: int
    user: str
    tls: bool = False       # FTPS: explicit TLS on control and data, the server's key pinned
    pin: str = ""           # curl's --pinnedpubkey value (sha256//…) for FTPS
    fingerprint: str = ""   # the certificate's SHA-256, as people compare it
    writable: bool = False  # takes uploads as the login's own user
    password: str = field(default="", repr=False, compare=False)

    @property
    def encrypted(self) -> bool:
        return self.tls

    @property
    def kind(self) -> str:
        return "ftps" if self.tls else "ftp"

    def holds(self, host_path: str) -> bool:
        path, top = normpath(host_path), self.folder
        return path == top or path.startswith(top.rstrip("/") + "/")

    def ftp_path(self, host_path: str) -> str:
        rest = relpath(normpath(host_path), self.folder)
        return self.ftp_folder if rest == "." else join(self.ftp_folder, rest)

    def url(self, host_path: str) -> str:
        return url(self.address, self.port, self.ftp_path(host_path))

    def as_dict(self) -> dict:
        return {"kind": self.kind, "port": self.port, "folder": self.folder, "ftp_folder": self.ftp_folder,
                "user": self.user, "writable": self.writable, "certificate": self.fingerprint}


@dataclass(frozen=True)
class FtpUnusable:
    """The host's FTP service that no copy goes through, and why (the FTP methods word it): "login" (no password
    it takes), "folder" (it shows no path for the folder), "owner" (its files are another user's), "certificate"
    (its certificate could not be checked through the ssh connection, or was not the host's own), "encryption" (it
    takes the login with TLS only), "unreachable"."""

    tls: bool
    why: str
    user: str = ""

    def as_dict(self) -> dict:
        return {"kind": "ftps" if self.tls else "ftp", "unusable": self.why, "user": self.user}


def url(address: str, port: int, ftp_path: str) -> str:
    """curl's URL of an FTP path: absolute paths start with %2F (RFC 1738), every other byte is escaped."""
    host = f"[{address}]" if ":" in address else address
    escaped = quote(ftp_path.encode("utf-8", "surrogateescape"), safe="/")  # a name's bytes as they are
    return f"ftp://{host}:{port}/" + escaped.replace("/", "%2F", 1)


def config_value(text: str) -> str:
    """A value in curl's configuration: double-quoted, backslash and quote escaped (line breaks cannot be
    carried: callers never give one)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def login_config(root_or_user: FtpRoot | str, password: str | None, tls: bool = False, pin: str = "") -> list[str]:
    """The configuration lines that log in (and, with TLS, require it on control and data, pinned). No password:
    curl asks for it at the terminal (a line shown to run by hand)."""
    if isinstance(root_or_user, FtpRoot):
        user, tls, pin = root_or_user.user, root_or_user.tls, root_or_user.pin
    else:
        user = root_or_user
    login = user if password is None else f"{user}:{password}"
    lines = [f"user = {config_value(login)}", f"connect-timeout = {CHECK_SECONDS}"]
    if tls:
        # --insecure: the certificate is trusted by its pinned key, not by a certificate authority (a NAS's own
        # certificate is signed by itself); a server showing another key is refused before anything is sent.
        # TLS 1.2 at most: vsftpd (and servers like it) want each data connection to resume the control
        # connection's TLS session, which curl does with 1.2's session ids; with 1.3's tickets the second
        # file of a run was refused ("522 SSL connection failed; session reuse required").
        lines += ["ssl-reqd", "insecure", f"pinnedpubkey = {config_value(pin)}", "tls-max = 1.2"]
    return lines


def candidates(folder: str, home: str) -> list[str]:
    """The FTP paths a server may show the host's `folder` under: its own path, the path below the login's home
    (a server that locks the login in there), and each shorter tail (a NAS showing /volume1/photo as /photo)."""
    folder = normpath(folder)
    found = [folder]
    home = normpath(home) if home else ""
    if home and home != "/" and (folder == home or folder.startswith(home + "/")):
        rest = relpath(folder, home)
        found.append("/" if rest == "." else "/" + rest)
    parts = [p for p in folder.split("/") if p]
    found += ["/" + "/".join(parts[k:]) for k in range(1, len(parts))]
    return list(dict.fromkeys(found))


@dataclass(eq=False)
class FtpLogins(ServiceLogins):
    """A session's look at the host's FTP service, kept for the session: each folder checked once, the
    certificate once (the passwords tried and asked: app.core.host.service_logins)."""

    _checked: Once = field(default_factory=Once)  # each (folder, TLS, write), and the certificate ("pin")

    variable: ClassVar[str] = PASSWORD_VARIABLE
    scheme: ClassVar[str] = "ftp"

    async def covering(self, host_paths: list[str], write: bool, allow_insecure: bool, encrypted: bool | None = None
                       ) -> tuple[list[FtpRoot], list[FtpUnusable]]:
        """FTP roots for the folder that receives an upload (`write`: `host_paths` ends with it) or holds the
        sources of a download (`host_paths` are they): an FTPS one where the server offers TLS, and a plain one
        where unencrypted methods are allowed; with what cannot be used. None where the host runs no FTP service
        or this computer has no curl. `encrypted` True or False: only that one (a copy by one of the methods)."""
        found_here = await service_and_folder(self.session, host_paths, write, "ftp", "curl")
        if found_here is None:
            return [], []
        service, folder = found_here
        kinds = (([True] if service.tls and encrypted is not False else [])
                 + ([False] if allow_insecure and encrypted is not True else []))
        found: list[FtpRoot] = []
        unusable: list[FtpUnusable] = []
        for tls in kinds:
            result = await self._checked.get((folder, tls, write),
                                             lambda tls=tls: self._check(folder, service.port, tls, write))
            (found if isinstance(result, FtpRoot) else unusable).append(result)
        if encrypted is False and service.tls and any(u.why == "login" for u in unusable):
            # Refused in clear where FTPS takes the login: a server that takes logins only with TLS (530 either way).
            secured = await self._checked.get((folder, True, write),
                                              lambda: self._check(folder, service.port, True, write))
            if isinstance(secured, FtpRoot):
                unusable = [replace(u, why="encryption") if u.why == "login" else u for u in unusable]
        return found, unusable

    async def _check(self, folder: str, port: int, tls: bool, write: bool) -> FtpRoot | FtpUnusable:
        session = self.session
        user = session.host.user
        try:
            if not tls and (folder, True, write) in self._checked:
                secured = await self._checked.get((folder, True, write), _never)
                if isinstance(secured, FtpRoot):
                    return await _in_clear(secured)
            probe = FtpRoot(folder, folder, session.listen_address, port, user, tls)
            if not await self.passwords(user, probe.address, port) and not self.may_ask(user):
                return FtpUnusable(tls, "login", user)  # no password to try: nothing is looked at or written
            look = _found if write else _found_reading
            if not tls:
                return await look(session, probe)
            pin = await self._pin(port)
            result = pin and await look(session, _pinned(probe, pin))
            if pin and pin.kept and isinstance(result, FtpUnusable) and result.why == "pin":
                pin = await self._pin(port, anew=True)  # another key than the kept one: the host asked once more
                result = pin and await look(session, _pinned(probe, pin))
            if not pin or (isinstance(result, FtpUnusable) and result.why == "pin"):
                return FtpUnusable(tls, "certificate", user)
            return result
        except (TransferError, asyncssh.Error, OSError):
            return FtpUnusable(tls, "unreachable", user)

    async def _pin(self, port: int, anew: bool = False) -> Pin | None:
        """The FTPS server's pin (app.core.host.ftp_certificate.pin_for), looked for once a session; `anew`: the
        kept one was refused, so the host is asked (once), and later looks take its answer."""
        session = self.session
        if anew or "pin anew" in self._checked:
            return await self._checked.get("pin anew", lambda: pin_for(session, session.listen_address, port, True))
        return await self._checked.get("pin", lambda: pin_for(session, session.listen_address, port))

    def cancel_now(self) -> None:
        self._checked.cancel_now()

    async def cancel(self) -> None:
        await self._checked.cancel()


Look = Callable[[FtpRoot], Awaitable[tuple[str, int | None]]]


def _pinned(probe: FtpRoot, pin: Pin) -> FtpRoot:
    return replace(probe, pin=pin.pin, fingerprint=pin.fingerprint)


async def _never() -> None:
    raise AssertionError("looked at already")


async def _in_clear(secured: FtpRoot) -> FtpRoot | FtpUnusable:
    """The plain way to a folder that FTPS reaches already: the same server, login, FTP path and owner, so one login
    in clear (its folder listed, nothing written) is all there is to check, where the whole look would log in twice
    and write two probes again (1 s on a NAS with an eighth of a core). A server that takes the login only with TLS
    refuses it: "encryption"."""
    root = replace(secured, tls=False, pin="", fingerprint="")
    answer, _ = await _look(root, [root.ftp_folder + "/"])
    if answer:
        return FtpUnusable(False, "encryption" if answer == "login" else answer, root.user)
    return root


async def _login(session: "Session", root: FtpRoot, look: Look) -> tuple[str, str | None, int | None]:
    """Log in with each password there is to try (app.core.host.service_logins), `look` once each."""
    return await session.served.ftp.login(root.user, root.address, root.port,
                                   lambda password: look(replace(root, password=password)))


async def _found(session: "Session", root: FtpRoot) -> FtpRoot | FtpUnusable:
    """For an upload, in one login and no data connection: a probe folder is made in the folder through the control
    connection, and the server is asked to make a folder of its own in it under each FTP path the folder may have
    (MKD i, one command each; a data connection in TLS costs a weak NAS a tenth of a second and more). Only the
    path that names the folder shows the probe folder, so only that folder is made (nothing anywhere else), and
    whose it is tells whose the copy's files will be. Where none was made, a login that shows the folder but takes
    no writes is told apart from one that does not show it by a look for a probe file (a second login: rare)."""
    probe = file_owner.probe_name()
    here = join(root.folder, probe)
    await session.files.mkdirs([here])
    try:
        paths = candidates(root.folder, await _home(session))
        answer, taken, _ = await _login(session, root, lambda r: _make(r, [join(p, probe, str(i))
                                                                           for i, p in enumerate(paths)]))
        made = await session.files.names_in(here) if taken is not None and not answer else set()
        where = next((i for i in range(len(paths)) if str(i) in made), None)
        if taken is not None and not answer and where is None:
            return await _shown_unwritable(session, root, paths, here, probe)
        root = await _mapped(session, root, paths, answer, taken, where)
        if isinstance(root, FtpUnusable):
            return root
        mine = await file_owner.is_logins(session, join(here, str(where)))
    finally:
        await session.files.remove(here, timeout=CHECK_SECONDS)
    return replace(root, writable=True) if mine else FtpUnusable(root.tls, "owner", root.user)


SEEN = "seen"  # the probe file a second look asks for, where the server made no folder


async def _shown_unwritable(session: "Session", root: FtpRoot, paths: list[str], here: str,
                            probe: str) -> FtpRoot | FtpUnusable:
    """A login under which the server made no folder under any of the folder's FTP paths: the root, not writable,
    where it shows a probe file written through the control connection under one of them; else "folder"."""
    await session.files.write_file(join(here, SEEN), b"")
    found = await _login(session, root, lambda r: _look(r, [join(p, probe, SEEN) for p in paths]))
    return await _mapped(session, root, paths, *found)


COMPARED_NAMES = 50  # of the folder's names, those the FTP server must list where it shows the folder


async def _found_reading(session: "Session", root: FtpRoot) -> FtpRoot | FtpUnusable:
    """For a download (nothing written anywhere): log in and find the FTP path under which the server lists what
    the host lists in the sources' folder (its visible names that FTP can carry, up to COMPARED_NAMES)."""
    names = await session.files.names_in(root.folder)
    wanted = sorted(n for n in names if not n.startswith(".") and "\n" not in n and "\r" not in n)[:COMPARED_NAMES]
    if not wanted:
        return FtpUnusable(root.tls, "folder", root.user)
    paths = candidates(root.folder, await _home(session))
    return await _mapped(session, root, paths, *await _login(session, root, lambda r: _listed(r, paths, set(wanted))))


async def _mapped(session: "Session", root: FtpRoot, paths: list[str], answer: str, taken: str | None,
                  where: int | None) -> FtpRoot | FtpUnusable:
    """What a login's look found (see _login): the root with the FTP path that names its folder and the password
    the server took (kept in the keyring where it came from $FTP_PASSWORD and --remember-password asks), or why
    not."""
    if taken is None or answer:
        return FtpUnusable(root.tls, answer, root.user)
    if where is None:
        return FtpUnusable(root.tls, "folder", root.user)
    root = replace(root, ftp_folder=paths[where], password=taken)
    await session.served.ftp.kept(root.user, root.address, root.port, taken, typed=False)
    return root


_END = "--transfer-advisor-listed "


async def _listed(root: FtpRoot, ftp_folders: list[str], wanted: set[str]) -> tuple[str, int | None]:
    """List each folder (NLST, one login): ("", the first that lists every wanted name), as _look() answers."""
    lines = ["list-only", 'write-out = "\\n' + _END + '%{exitcode}\\n"']  # (curl's own escape for a line break)
    for folder in ftp_folders:
        lines.append(f"url = {config_value(url(root.address, root.port, folder.rstrip('/') + '/'))}")
    _code, out = await _curl_out(root, lines)
    chunks, names = [], []
    for line in out.split("\n"):
        if line.startswith(_END):
            code = line[len(_END):].strip()
            chunks.append((int(code) if code.isdigit() else -1, set(names)))
            names = []
        elif line.strip("\r"):
            names.append(line.rstrip("\r").rsplit("/", 1)[-1])
    answer, _ = _answer([c for c, _ in chunks])
    if answer:
        return answer, None
    return "", next((i for i, (c, listed) in enumerate(chunks) if c == 0 and wanted <= listed), None)


async def _home(session: "Session") -> str:
    try:
        return await session.files.home()
    except (TransferError, asyncssh.Error, OSError):
        return ""


async def _look(root: FtpRoot, ftp_paths: list[str]) -> tuple[str, int | None]:
    """Ask the server for each path (one login, SIZE on each): ("", the first that is there), ("", None) where
    none is, "login" where the password was refused, "unreachable" where the server did not answer."""
    lines = ["head", "write-out = \"%{exitcode}\\n\""]
    for path in ftp_paths:
        lines.append(f"url = {config_value(url(root.address, root.port, path))}")
        lines.append("output = /dev/null")
    _code, out = await _curl_out(root, lines)
    return _answer([int(c) for c in out.split() if c.isdigit()])


def _answer(codes: list[int]) -> tuple[str, int | None]:
    """What curl's exit codes, one per path asked for, say: "login" (CURLE_LOGIN_DENIED), "pin" (the server showed
    another key than the pinned one: refused before the password was sent), "unreachable" (no connection, no
    answer, TLS refused), else ("", the first path that succeeded, or None)."""
    if 67 in codes:
        return "login", None
    if PIN_REFUSED in codes:
        return "pin", None
    if not codes or all(c in UNREACHED for c in codes):
        return "unreachable", None
    return "", next((i for i, c in enumerate(codes) if c == 0), None)


PIN_REFUSED = 90  # CURLE_SSL_PINNEDPUBKEYNOTMATCH: the server showed another key than the pinned one
UNREACHED = (6, 7, 28, 35, 51, 60, 91)  # no connection, no answer, TLS refused


async def _make(root: FtpRoot, folders: list[str]) -> tuple[str, int | None]:
    """Log in and ask the server to make each folder (MKD; one that fails does not stop the rest), with no data
    connection: "login", "unreachable" or "" as _look() answers (which were made, the host's listing tells)."""
    lines = ["nobody", 'write-out = "%{exitcode}\\n"']
    lines += [f"quote = {config_value('*MKD ' + folder)}" for folder in folders]
    lines.append(f"url = {config_value(url(root.address, root.port, '/'))}")
    _code, out = await _curl_out(root, lines)
    return _answer([int(c) for c in out.split() if c.isdigit()])


async def _curl_out(root: FtpRoot, lines: list[str]) -> tuple[int, str]:
    """Run curl with these configuration lines after the login's (on stdin: the password is in no argv)."""
    from app.core.runner import run
    config = "\n".join([*login_config(root, root.password), *lines]) + "\n"
    try:
        code, out, _err = await run(CURL_BASE, config.encode("utf-8", "surrogateescape"), CHECK_SECONDS * 2,
                                    {"LC_ALL": "C"})
    except TransferError:  # (did not finish in time: ended)
        return 28, ""  # CURLE_OPERATION_TIMEDOUT
    return code, out.decode(errors="replace")


def account(user: str, address: str, port: int) -> str:
    """How the keyring names the FTP account."""
    return f"{FtpLogins.scheme}://{user}@{address}:{port}"
